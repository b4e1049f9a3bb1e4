// The fidelity audit of the inbox drawing rules (spec §3.3 Style defaults, §3.5 built-in cells, §3.6 button row,
// §3.8 state labels): colours and attributes read off the canvas, not from a snapshot.

import Foundation
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct SpecAuditInboxScreenTests: InboxScreenFixture {
    func model(_ ms: [InboxMessage], _ a: InboxAttributes = InboxAttributes(sdk: .v7_1_3), dark: Bool = true, appName: String = "Acme") -> InboxScreenModel {
        var f = InboxFeed(attributes: a)
        _ = f.load(ms, now: now)
        let ctx = InboxCardContext(theme: .for(dark: dark), attributes: a, dates: InboxDateFormatter(now: now, timeZone: utc), appName: appName)
        return InboxScreenModel(feed: f, context: ctx)
    }

    func canvas(_ m: InboxScreenModel, _ w: Int = 60, _ h: Int = 16) -> Canvas {
        InboxScreen.render(m, size: Size(width: w, height: h))
    }

    /// Every cell whose grapheme is `g`, top to bottom.
    func find(_ cv: Canvas, _ g: String) -> [(x: Int, y: Int, cell: Cell)] {
        var out: [(Int, Int, Cell)] = []
        for y in 0..<cv.height { for x in 0..<cv.width where cv[x, y].grapheme == g { out.append((x, y, cv[x, y])) } }
        return out
    }

    /// The first cell of the first occurrence of `text` on a row.
    func cell(of text: String, in cv: Canvas) -> Cell? {
        for y in 0..<cv.height {
            let line = cv.row(y)
            guard let r = line.range(of: text) else { continue }
            // Columns and characters agree here: the texts searched for are ASCII after ASCII.
            let x = line.distance(from: line.startIndex, to: r.lowerBound)
            return cv[x, y]
        }
        return nil
    }

    // MARK: §3.3 Style.default

    // spec §3.3: title unread/read = label/secondaryLabel, body unread/read = secondaryLabel/tertiaryLabel, date =
    // secondaryLabel, unreadBadgeColor = button text = pinIndicatorColor = systemBlue, button background systemBlue at
    // 0.16 (dark) / 0.12 (light), page systemGroupedBackground, card secondarySystemGroupedBackground.
    @Test(arguments: [true, false]) func styleDefaultRoles(dark: Bool) {
        let t = InboxTheme.for(dark: dark)
        #expect(t.titleRead == t.bodyUnread, "both secondaryLabel")
        #expect(t.date == t.titleRead, "secondaryLabel")
        #expect(t.bodyRead != t.bodyUnread && t.titleRead != t.titleUnread)
        #expect(t.accent == t.buttonText && t.pin == t.accent, "systemBlue everywhere")
        let blue: Color = dark ? .rgb(10, 132, 255) : .rgb(0, 122, 255)
        #expect(t.accent == blue)
        #expect(t.buttonBackground == blue.mixed(with: t.card, dark ? 0.84 : 0.88), "blue at \(dark ? 0.16 : 0.12) over the card")
        #expect(t.page == (dark ? .black : .rgb(242, 242, 247)), "systemGroupedBackground")
        #expect(t.card == (dark ? .rgb(28, 28, 30) : .white), "secondarySystemGroupedBackground")
        #expect(t.avatarRead == .rgb(142, 142, 147), "systemGray")
    }

    // spec §3.2 enableDarkTheme: "When false, forces … light": the page is drawn in the light colours.
    @Test func lightThemePaintsTheLightPage() {
        let cv = canvas(model([message("a")], dark: false))
        #expect(cv.cells.contains { $0.bg == .rgb(242, 242, 247) }, "systemGroupedBackground, light")
        #expect(!cv.cells.contains { $0.bg == .rgb(28, 28, 30) }, "no dark card surface")
    }

    // MARK: §3.5 cells

    // spec §3.5 classic title: "1 line, … semibold when unread, regular when read"; colours titleColorUnread/Read;
    // body colours bodyColorUnread/Read.
    @Test func classicTitleWeightAndColoursFollowReadState() {
        let t = InboxTheme.for(dark: true)
        let cv = canvas(model([message("u", title: "Unread one", body: "Fresh body", hoursAgo: 1),
                               message("r", title: "Read one", body: "Old body", hoursAgo: 2, status: .read)]), 60, 20)
        let u = cell(of: "Unread one", in: cv), r = cell(of: "Read one", in: cv)
        #expect(u?.attrs.contains(.bold) == true && u?.fg == t.titleUnread)
        #expect(r?.attrs.contains(.bold) == false && r?.fg == t.titleRead)
        #expect(cell(of: "Fresh body", in: cv)?.fg == t.bodyUnread)
        #expect(cell(of: "Old body", in: cv)?.fg == t.bodyRead)
    }

    // spec §3.5 "Unread indicator: shown exactly when !message.isRead" — for every status, on the three built-in cells.
    @Test func unreadDotExactlyWhenUnread() {
        for status in InboxStatus.allCases where status != .deleted {
            for (title, image) in [("Classic", nil), ("Captioned", "https://i/c.jpg"), (nil, "https://i/b.jpg")] as [(String?, String?)] {
                let cv = canvas(model([message("m", title: title, image: image, status: status)]), 60, 16)
                let dots = find(cv, "●")
                #expect(dots.count == (status.isRead ? 0 : 1), "\(status) \(title ?? "banner")")
                if let d = dots.first { #expect(d.cell.fg == InboxTheme.for(dark: true).accent, "unreadBadgeColor") }
            }
        }
    }

    // spec §3.5 classic avatar: "the first letter of the app display name (or ·) on a circle coloured
    // unreadBadgeColor when unread, systemGray when read".
    @Test func classicAvatarLetterAndColour() {
        let t = InboxTheme.for(dark: true)
        var cv = canvas(model([message("a")], appName: "acme"))
        let a = find(cv, "A").first { $0.cell.attrs.contains(.bold) }
        #expect(a?.cell.bg == t.accent)
        cv = canvas(model([message("a", status: .read)], appName: "acme"))
        #expect(find(cv, "A").first { $0.cell.attrs.contains(.bold) }?.cell.bg == t.avatarRead)
        cv = canvas(model([message("a")], appName: "  "))
        #expect(find(cv, "·").first { $0.cell.attrs.contains(.bold) }?.cell.bg == t.accent, "no app name: ·")
    }

    // spec §3.5 classic: "Pin glyph … after the title, tinted pinIndicatorColor"; "Date: right-aligned on the title row".
    @Test func classicPinGlyphAfterTitleAndDateRightAligned() {
        let cv = canvas(model([message("p", title: "Pinned news", ap: ["pinned": true], hoursAgo: 3)]))
        let line = (0..<cv.height).map(cv.row).first { $0.contains("Pinned news") } ?? ""
        let title = line.range(of: "Pinned news")
        let pin = line.range(of: "📌")
        #expect(pin != nil && title != nil && pin!.lowerBound > title!.upperBound)
        #expect(find(cv, "📌").first?.cell.fg == InboxTheme.for(dark: true).pin)
        #expect(line.trimmingCharacters(in: .whitespaces).dropLast().hasSuffix("09:00 "), "the date ends the title row, before the border")
    }

    // spec §3.5 "Which cells render inline buttons: only captioned and classic. Banner, carousel, video and wallet
    // never do" — no button rects are laid out for them even with buttons in the payload.
    @Test func onlyCaptionedAndClassicLayOutButtons() {
        let b: JSONValue = [["title": "Go", "url": "https://go"]]
        let ms = [
            message("banner", title: nil, image: "https://i/b.jpg", ap: ["buttons": b], hoursAgo: 1),
            message("captioned", image: "https://i/c.jpg", ap: ["buttons": b], hoursAgo: 2),
            message("classic", ap: ["buttons": b], hoursAgo: 3),
            message("carousel", ap: ["buttons": b, "displayType": "carousel", "carousel": [["image": "a.jpg"]]], hoursAgo: 4),
            message("video", ap: ["buttons": b, "displayType": "video", "video": ["url": "https://v/a.mp4"]], hoursAgo: 5),
            message("wallet", ap: ["buttons": b, "displayType": "wallet", "wallet": "https://w/p.pkpass"], hoursAgo: 6),
        ]
        let m = model(ms)
        let layout = InboxScreen.renderWithLayout(m, size: Size(width: 60, height: 120)).layout
        let withButtons = layout.cards.filter { !$0.buttons.isEmpty }.map { m.feed.rows[$0.row].code }
        #expect(layout.cards.count == 6)
        #expect(withButtons == ["captioned", "classic"])
    }

    // spec §3.6 "All parsed buttons are rendered in one horizontal row: fillEqually … With many buttons they simply
    // get narrower."
    @Test func manyButtonsShareOneRowEqually() {
        let many = JSONValue.array((1...6).map { JSONValue.object(["title": .string("B\($0)")]) })
        let m = model([message("a", ap: ["buttons": many])])
        let layout = InboxScreen.renderWithLayout(m, size: Size(width: 60, height: 16)).layout
        let rects = layout.cards[0].buttons
        #expect(rects.count == 6)
        #expect(Set(rects.map(\.y)).count == 1, "one row")
        let widths = rects.dropLast().map(\.width)
        #expect(Set(widths).count == 1, "equal widths (the last takes the remainder)")
        #expect(rects.last!.width >= widths[0])
        let few = InboxScreen.renderWithLayout(model([message("a", ap: ["buttons": [["title": "B1"], ["title": "B2"]]])]),
                                               size: Size(width: 60, height: 16)).layout.cards[0].buttons
        #expect(few[0].width > rects[0].width, "more buttons, narrower buttons")
    }

    // spec §3.5 captioned: "Image on top, then the title … with the date on the right, then the body"; banner: "No text".
    @Test func captionedOrderAndBannerHasNoText() {
        let cv = canvas(model([message("c", title: "Caption title", body: "Caption body", image: "https://i/pic.jpg")]), 60, 16)
        let rows = (0..<cv.height).map(cv.row)
        let img = rows.firstIndex { $0.contains("pic.jpg") }, title = rows.firstIndex { $0.contains("Caption title") }
        let body = rows.firstIndex { $0.contains("Caption body") }
        #expect(img != nil && title != nil && body != nil)
        #expect(img! < title! && title! < body!)
        #expect(rows[title!].contains("11:00"), "the date shares the title row")
        let banner = canvas(model([message("b", title: nil, body: "Hidden body", image: "https://i/ban.jpg")]), 60, 16).plainText
        #expect(!banner.contains("Hidden body") && !banner.contains("11:00"))
    }

    // MARK: §3.8 state labels

    // spec §3.8: "Both labels use titleColorRead and are centred"; the texts are emptyMessage and errorMessage.
    @Test func stateLabelsUseTitleColorReadAndAreCentred() {
        var a = InboxAttributes(sdk: .v7_1_3)
        a.emptyMessage = "Nothing here"
        a.errorMessage = "Offline now"
        var m = model([], a)
        var cv = canvas(m, 50, 10)
        let t = InboxTheme.for(dark: true)
        #expect(cell(of: "Nothing here", in: cv)?.fg == t.titleRead)
        let line = (0..<cv.height).map(cv.row).first { $0.contains("Nothing here") }!
        let left = line.prefix { $0 == " " }.count
        let right = line.reversed().prefix { $0 == " " }.count
        #expect(abs(left - right) <= 1, "centred")
        m.feed.loadFailed("boom")
        cv = canvas(m, 50, 10)
        #expect(cell(of: "Offline now", in: cv)?.fg == t.titleRead)
        #expect(!cv.plainText.contains("Nothing here"))
    }
}
