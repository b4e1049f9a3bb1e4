// Golden frames of the inbox cards whose look changed after 7.1.3: the captioned card's hero from the attachment,
// its round icon and the unread dot on the hero (pushwoosh-ios-sdk PushwooshInboxCaptionedCell.swift, 7.2.5
// `5741657`), and rows read on display whose dot is still drawn (7.2.7 `b1518f7`).

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InboxReleaseScreenTests: InboxScreenFixture {
    func model(_ ms: [InboxMessage], sdk: SDKVersion) -> InboxScreenModel {
        let a = InboxAttributes(sdk: sdk)
        var f = InboxFeed(attributes: a)
        _ = f.load(ms, now: now)
        let ctx = InboxCardContext(theme: .for(dark: true), attributes: a, dates: InboxDateFormatter(now: now, timeZone: utc), appName: "Acme")
        return InboxScreenModel(feed: f, context: ctx)
    }

    static let ap: JSONObject = ["attachment": "https://cdn/hero.jpg"]

    @Test func captionedWithAnIconFrom725() {
        let m = message("c", title: "New arrivals are in", body: "Fresh styles for the weekend.", image: "https://cdn/icon.png", ap: Self.ap)
        let new = InboxScreen.render(model([m], sdk: .newest), size: Size(width: 60, height: 14))
        assertSnapshot(of: new.plainText, as: .lines, named: "captioned-7.2.9")
        // The dot sits on the hero's top-left corner; the text block starts after the 4-cell icon.
        let heroRow = new.plainText.split(separator: "\n").first { $0.contains("●") }
        #expect(heroRow != nil && !(heroRow!.contains("New arrivals")), "the dot is not on the title row")
        let titleRow = new.plainText.split(separator: "\n").first { $0.contains("New arrivals") }!
        #expect(titleRow.contains("     New arrivals"), "the title moved right of the icon")
        let old = InboxScreen.render(model([m], sdk: .v7_1_3), size: Size(width: 60, height: 14))
        assertSnapshot(of: old.plainText, as: .lines, named: "captioned-7.1.3")
        #expect(old.plainText.contains("● New arrivals"), "7.1.3: the dot leads the title")
    }

    @Test func aRowReadOnDisplayKeepsItsDotUntilRedrawn() {
        var m = model([message("a", title: "Hello", body: "World")], sdk: .newest)
        _ = m.feed.markRead(rows: [0])
        #expect(!InboxScreen.render(m, size: Size(width: 60, height: 10)).plainText.contains("●"))
        m.context.drawnUnread = ["a"]
        #expect(InboxScreen.render(m, size: Size(width: 60, height: 10)).plainText.contains("●"))
    }
}
