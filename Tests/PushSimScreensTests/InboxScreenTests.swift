// Golden frames of the inbox feed: each card kind, states, highlight, swipe and refresh; the date label (spec §3.3, §3.5).

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InboxScreenTests: InboxScreenFixture {
    func model(_ ms: [InboxMessage], _ a: InboxAttributes = InboxAttributes(sdk: .v7_1_3)) -> InboxScreenModel {
        var f = InboxFeed(attributes: a)
        _ = f.load(ms, now: now)
        let ctx = InboxCardContext(theme: .for(dark: true), attributes: a, dates: InboxDateFormatter(now: now, timeZone: utc), appName: "Acme")
        return InboxScreenModel(feed: f, context: ctx)
    }

    func frame(_ m: InboxScreenModel, _ w: Int = 60, _ h: Int = 16) -> String {
        InboxScreen.render(m, size: Size(width: w, height: h)).plainText
    }

    /// Issue 26 item 8: at 200 columns the feed keeps a phone's proportions in the middle (PhoneFrame) instead of
    /// stretching its cards edge to edge; the layout the mouse reads is where the cards are drawn.
    @Test func aWideTerminalKeepsThePhonesColumn() {
        let m = model([message("a", title: "Summer sale", body: "Everything 30 % off until Sunday, in every store and online."),
                       message("b", title: "Your order has shipped", body: "It arrives on Thursday.", hoursAgo: 20),
                       message("c", title: "Rate your purchase", body: nil, image: "https://cdn/banner-sale.jpg", hoursAgo: 72)])
        let (canvas, layout) = InboxScreen.renderWithLayout(m, size: Size(width: 200, height: 60))
        assertSnapshot(of: canvas.plainText, as: .lines, named: "wide-200x60")
        #expect(layout.list == Rect(x: 60, y: 1, width: 80, height: 57))
        #expect(layout.cards.count == 3)
        #expect(layout.cards.allSatisfy { $0.rect.x == 61 && $0.rect.width == 78 }, "\(layout.cards.map(\.rect))")
        #expect(layout.card(at: 100, layout.cards[1].rect.y)?.row == 1)
        #expect(layout.card(at: 20, layout.cards[1].rect.y) == nil, "the margin is no card")
        // Nothing is drawn in the margins.
        let rows = canvas.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.allSatisfy { $0.prefix(60).allSatisfy { $0 == " " } })
        // The column's frame is the 80-column frame, moved.
        #expect(InboxScreen.render(m, size: Size(width: 80, height: 60)).plainText.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { String($0) } == rows.map { String($0.dropFirst(60)) })
    }

    // spec §3.3 default date formatter
    @Test func dateLabel() {
        let f = InboxDateFormatter(now: now, timeZone: utc)
        #expect(f.string(now.addingTimeInterval(-3 * 3600)) == "09:00")
        #expect(f.string(now.addingTimeInterval(-20 * 3600)) == "Yesterday")
        #expect(f.string(now.addingTimeInterval(-3 * 86_400)) == "Nov 20")
        #expect(f.string(nil) == "12:00", "a nil date shows as now")
    }

    // spec §3.5 banner: image only, unread dot, pin chip; no text, no buttons.
    @Test func bannerCard() {
        let m = model([message("b", title: nil, image: "https://cdn/banner-sale.jpg",
                               ap: ["pinned": true, "buttons": [["title": "Never shown"]]])])
        assertSnapshot(of: frame(m), as: .lines, named: "banner")
    }

    // spec §3.5 captioned: image, title with the date, body up to 3 lines, buttons.
    @Test func captionedCard() {
        let body = "A long body that wraps over several lines so that the three line limit of the captioned card is reached and cut."
        let m = model([message("c", title: "New arrivals are in", body: body, image: "../images/banner-sale.jpg",
                               ap: ["buttons": [["title": "Shop now", "url": "https://a"], ["title": "Later", "action": "dismiss"]]])])
        assertSnapshot(of: frame(m, 60, 18), as: .lines, named: "captioned")
    }

    // spec §3.5 classic: avatar initial, title (or body when no title), date, body ≤2, pin glyph, buttons.
    @Test func classicCards() {
        let m = model([
            message("t", title: "Order shipped", body: "It arrives Thursday. Tap to track it. This line is long enough to wrap twice and be cut.",
                    ap: ["pinned": true, "buttons": [["title": "Track", "tag": "t"]]], hoursAgo: 30),
            message("n", title: nil, body: "No title: the body is the title too", hoursAgo: 80, status: .read),
        ])
        assertSnapshot(of: frame(m), as: .lines, named: "classic")
    }

    @Test func carouselVideoAndWalletCards() {
        let m = model([
            message("car", title: "Lookbook", ap: ["displayType": "carousel", "carousel": [["image": "https://i/one.jpg", "title": "Look 1"], ["image": "https://i/two.jpg"]]], hoursAgo: 1),
            message("vid", title: "Scarf guide", ap: ["displayType": "video", "video": ["url": "https://v/a.mp4", "poster": "https://i/poster.jpg"]], hoursAgo: 2),
            message("pass", title: "Member card", ap: ["displayType": "wallet", "wallet": "https://acme.example/m.pkpass"], hoursAgo: 3),
        ])
        assertSnapshot(of: frame(m, 60, 34), as: .lines, named: "carousel-video-wallet")
    }

    // spec §3.2 forceCellKind: a forced banner with no image shows the "No image" placeholder.
    @Test func forcedBannerWithoutImage() {
        var a = InboxAttributes(sdk: .v7_1_3)
        a.forceCellKind = .banner
        assertSnapshot(of: frame(model([message("x")], a), 60, 12), as: .lines, named: "forced-banner-no-image")
    }

    // spec §3.8 screen states
    @Test func emptyAndErrorStates() {
        var m = model([])
        assertSnapshot(of: frame(m, 50, 10), as: .lines, named: "empty")
        m.feed.loadFailed("boom")
        assertSnapshot(of: frame(m, 50, 10), as: .lines, named: "error")
    }

    @Test func swipeToDeleteAndRefreshSpinner() {
        var m = model([message("a"), message("b", hoursAgo: 2)])
        m.deleting = (0, 1)
        m.refreshFrame = 0
        m.status = "Deleting a"
        assertSnapshot(of: frame(m, 60, 14), as: .lines, named: "swipe-and-refresh")
    }

    // spec §3.7: the pin indicator hides with pinIndicatorVisible = false; the row still sorts first.
    @Test func hiddenPinIndicator() {
        var a = InboxAttributes(sdk: .v7_1_3)
        a.pinIndicatorVisible = false
        let text = frame(model([message("a", hoursAgo: 1), message("p", title: "Pinned", ap: ["pinned": true], hoursAgo: 5)], a))
        #expect(!text.contains("📌"))
        #expect(text.components(separatedBy: "\n")[2].contains("Pinned"))
    }

    @Test func scrollingKeepsTheHighlightVisible() {
        var m = model((0..<20).map { message("m\($0)", hoursAgo: Double($0)) })
        let size = Size(width: 60, height: 16)
        m.highlighted = 10
        InboxScreen.reveal(&m, size: size)
        let layout = InboxScreen.renderWithLayout(m, size: size).layout
        let card = layout.cards.first { $0.row == 10 }
        #expect(card != nil)
        #expect(card!.rect.maxY <= layout.list.maxY)
        #expect(InboxScreen.visibleRows(m, size: size).contains(10))
        m.highlighted = 0
        InboxScreen.reveal(&m, size: size)
        #expect(m.top == 0 && m.topOffset == 0)
        InboxScreen.scroll(&m, by: 4, size: size)
        #expect(m.top == 0 && m.topOffset == 4)
        InboxScreen.scroll(&m, by: 1, size: size)
        #expect(m.top == 1 && m.topOffset == 0, "a classic card is 5 lines")
        InboxScreen.scroll(&m, by: -1, size: size)
        #expect(m.top == 0 && m.topOffset == 4)
    }

    @Test func tooSmallTerminalSaysSo() {
        #expect(frame(model([message("a")]), 20, 6).contains("30×10"))
    }

    @Test func wideAndControlTextIsMeasuredAndSanitised() {
        let text = frame(model([message("cjk", title: "日本語のタイトル\u{1B}[31m", body: "絵文字 😀 と\tタブ")]))
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("日本語のタイトル"))
    }
}
