// The feed pipeline and user actions: core order, default transform, row tap, buttons, delete, bulk ops, merge
// (spec §3.6–3.10).
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseRulesTests.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxFeedTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func m(_ code: String, _ date: Double?, order: String? = nil, status: InboxStatus = .delivered, ap: JSONObject? = nil,
           title: String? = "T", expires: Double? = nil) -> InboxMessage {
        InboxMessage(code: code, title: title, message: "body", sendDate: date.map { Date(timeIntervalSince1970: $0) },
                     expirationDate: expires.map { Date(timeIntervalSince1970: $0) }, sortOrder: order, actionParams: ap, status: status)
    }

    func loaded(_ ms: [InboxMessage], _ a: InboxAttributes = InboxAttributes(sdk: .v7_1_3)) -> InboxFeed {
        var f = InboxFeed(attributes: a)
        _ = f.load(ms, now: now)
        return f
    }

    // spec §3.7 "Core order": sendDate desc, then sortOrder (string) desc, then code desc.
    @Test func coreOrder() {
        let ms = [m("a", 10, order: "9"), m("b", 20), m("c", 10, order: "10"), m("d", 10, order: "10"), m("e", nil)]
        #expect(InboxFeed.coreOrder(ms).map(\.code) == ["b", "a", "d", "c", "e"], "\"9\" > \"10\" as strings; nil date last")
    }

    // spec §3.7 defaultTransform: pinned first (with pinning), unread before read, sendDate desc, stable.
    @Test func defaultTransform() {
        let ms = [m("read-new", 30, status: .read), m("unread-old", 10), m("pinned-read", 5, status: .read, ap: ["pinned": true]),
                  m("unread-new", 20), m("tie-1", nil), m("tie-2", nil)]
        #expect(InboxFeed.transform(ms, pinningEnabled: true).map(\.code) == ["pinned-read", "unread-new", "unread-old", "tie-1", "tie-2", "read-new"])
        #expect(InboxFeed.transform(ms, pinningEnabled: false).map(\.code) == ["unread-new", "unread-old", "tie-1", "tie-2", "read-new", "pinned-read"])
    }

    // spec §3.7/§3.10: deleted (4) and expired messages are filtered; DeletedService (5) is not.
    @Test func loadFiltersDeletedAndExpired() {
        let f = loaded([m("ok", 1), m("del", 2, status: .deleted), m("svc", 3, status: .deletedService), m("old", 4, expires: 999_999)])
        #expect(f.rows.map(\.code) == ["ok", "svc"])
    }

    @Test func loadReportsCountAndDegrades() {
        var f = InboxFeed()
        let events = f.load([m("a", 1, ap: ["displayType": "banner"]), m("b", 2)], now: now)
        #expect(events.map(\.name) == ["load", "degrade"])
        #expect(events[0]["count"] == 2)
        #expect(events[1].fields == ["code": "a", "from": "banner", "to": "classic", "reason": "no image"])
    }

    // spec §3.8 screen states
    @Test func screenStates() {
        var f = InboxFeed()
        #expect(f.screenState == .empty)
        f.loadFailed("x")
        #expect(f.screenState == .error)
        _ = f.load([m("a", 1)], now: now)
        f.loadFailed("y")
        #expect(f.screenState == .list, "a failed refresh never blanks an existing list")
    }

    // spec §3.9 row tap: performAction (Action status, counts as read), then the link opens.
    @Test func rowTapPerformsTheActionThenOpensTheLink() {
        var f = loaded([m("a", 1, ap: ["l": "https://x.y/z"])])
        let out = f.tap("a")
        #expect(out.events.map(\.name) == ["select", "read", "open_url"])
        #expect(out.events[1]["codes"] == ["a"])
        #expect(out.events[2]["url"] == "https://x.y/z")
        #expect(f.rows[0].message.status == .action)
        #expect(out.persist == ["a": .action])
        let again = f.tap("a")
        #expect(again.events.map(\.name) == ["select", "open_url"], "already read: no read event, no status change")
        #expect(again.persist.isEmpty)
    }

    @Test func rowTapOnDeepLinkRichMediaAndPlain() {
        var f = loaded([m("d", 3, ap: ["l": "myapp://x"]), m("r", 2, ap: ["h": "abc"]), m("p", 1), m("bad", 0, ap: ["l": "javascript:alert(1)"])])
        #expect(f.tap("d").events.last == Event("open_url", ["url": "myapp://x"]))
        #expect(f.tap("r").events.last?.name == "rich_media")
        #expect(f.tap("p").events.map(\.name) == ["select", "read"])
        #expect(f.tap("bad").events.last == Event("refused_url", ["url": "javascript:alert(1)"]))
    }

    // spec §3.6 tap handling: openURL then mark read; dismiss deletes; markRead; custom marks read.
    @Test func buttonActions() {
        let ap: JSONObject = ["buttons": [["title": "Go", "url": "https://go"], ["title": "X", "action": "dismiss"],
                                          ["title": "R", "action": "markread"], ["title": "C", "tag": "t"], ["title": "F", "url": "file:///x"]]]
        var f = loaded([m("a", 1, ap: ap)])
        var out = f.tapButton("a", index: 1)
        #expect(out.events.map(\.name) == ["button", "open_url", "read"])
        #expect(out.events[0].fields == ["code": "a", "index": 1, "action": "openURL"])
        #expect(f.rows[0].message.status == .read)

        f = loaded([m("a", 1, ap: ap)])
        out = f.tapButton("a", index: 3)
        #expect(out.events.map(\.name) == ["button", "read"])
        f = loaded([m("a", 1, ap: ap)])
        out = f.tapButton("a", index: 4)
        #expect(out.events.map(\.name) == ["button", "read"], "custom marks the message read (spec §5.4)")
        f = loaded([m("a", 1, ap: ap)])
        out = f.tapButton("a", index: 5)
        #expect(out.events.map(\.name) == ["button", "refused_url", "read"])
        f = loaded([m("a", 1, ap: ap)])
        out = f.tapButton("a", index: 2)
        #expect(out.events.map(\.name) == ["button", "delete"])
        #expect(f.rows.isEmpty)
        #expect(out.persist == ["a": .deleted])
        f = loaded([m("a", 1, ap: ap)])
        #expect(f.tapButton("a", index: 9).events.isEmpty)
    }

    // spec §3.5: only captioned and classic render buttons; inlineButtonsEnabled switches them off.
    @Test func buttonsOnlyOnCaptionedAndClassicAndWhenEnabled() {
        let ap: JSONObject = ["buttons": [["title": "Go", "url": "https://go"]], "image": "https://i"]
        var f = loaded([m("banner", 1, ap: ap, title: nil), m("captioned", 2, ap: ap)])
        #expect(f.rows.map(\.kind) == [.captioned, .banner])
        #expect(f.visibleButtons(f.rows[0]).count == 1)
        #expect(f.visibleButtons(f.rows[1]).isEmpty)
        #expect(f.tapButton("banner", index: 1).events.isEmpty)
        var a = InboxAttributes(sdk: .v7_1_3)
        a.inlineButtonsEnabled = false
        f = loaded([m("captioned", 2, ap: ap)], a)
        #expect(f.visibleButtons(f.rows[0]).isEmpty)
    }

    // spec §3.7 pin indicator: pinningEnabled && isPinned && pinIndicatorVisible.
    @Test func pinIndicatorRules() {
        var a = InboxAttributes(sdk: .v7_1_3)
        #expect(a.showsPin(true))
        a.pinIndicatorVisible = false
        #expect(!a.showsPin(true))
        let f = loaded([m("x", 1), m("p", 0, ap: ["pinned": true])], a)
        #expect(f.rows.first?.code == "p", "hiding the indicator keeps pinned-first sorting")
        a = InboxAttributes(sdk: .v7_1_3)
        a.pinningEnabled = false
        #expect(!a.showsPin(true))
    }

    // spec §3.9 swipe to delete
    @Test func deleteRemovesTheRow() {
        var f = loaded([m("a", 2), m("b", 1)])
        let out = f.delete("a")
        #expect(out.events == [Event("delete", ["code": "a"])])
        #expect(f.rows.map(\.code) == ["b"])
    }

    // spec §3.9 markRead(messages:) skips read ones; markAllAsRead; clearReadMessages.
    @Test func bulkOperations() {
        var f = loaded([m("u1", 3), m("r1", 2, status: .read), m("u2", 1), m("a1", 0, status: .action)])
        var out = f.markRead(["r1", "u1"])
        #expect(out.events == [Event("read", ["codes": ["u1"]])])
        out = f.markAllRead()
        #expect(out.events == [Event("read", ["codes": ["u2"]])])
        #expect(out.persistAllRead && f.unreadCount == 0)
        out = f.markAllRead()
        #expect(out.events.isEmpty && !out.persistAllRead && out.status == "Nothing unread", "nothing to write")
        _ = f.load(f.rows.map(\.message) + [m("u3", 5)], now: now)
        out = f.clearRead()
        #expect(out.events.map(\.name) == ["delete", "delete", "delete", "delete"])
        #expect(f.rows.map(\.code) == ["u3"])
        #expect(out.persist.values.allSatisfy { $0 == .deleted })
    }

    // spec §3.8: the debounced merge reload re-runs the transform (a read message drops below unread ones).
    @Test func reorderAfterReadMovesTheRowDown() {
        var f = loaded([m("a", 3), m("b", 2), m("c", 1)])
        _ = f.tap("a")
        #expect(f.rows.map(\.code) == ["a", "b", "c"], "the row is reloaded in place")
        f.reorder()
        #expect(f.rows.map(\.code) == ["b", "c", "a"])
    }

    // spec §3.10 merge: local ahead wins, feed ahead wins, missing dropped.
    @Test func mergeRules() {
        #expect(InboxMerge.winner(stored: .read, feed: .delivered) == .read)
        #expect(InboxMerge.winner(stored: .deleted, feed: .read) == .deleted)
        #expect(InboxMerge.winner(stored: .action, feed: .read) == .action)
        #expect(InboxMerge.winner(stored: .delivered, feed: .read) == .read)
        #expect(InboxMerge.winner(stored: .read, feed: .action) == .action)
        #expect(InboxMerge.winner(stored: .created, feed: .delivered) == .delivered)
        #expect(InboxMerge.winner(stored: .deletedService, feed: .read) == .read, "neither can move: the server copy replaces it")
        let r = InboxMerge.merge(feed: [m("a", 1), m("b", 1, status: .action), m("new", 1)],
                                 stored: ["a": .read, "b": .read, "gone": .read])
        #expect(r.messages.map(\.status) == [.read, .action, .delivered])
        #expect(r.keptLocal == ["a"])
        #expect(r.writes.map(\.code) == ["b", "new"])
        #expect(r.dropped == ["gone"])
    }

    // spec §3.10: a caller that knows the codes are unique (combine checked) gets the same merge by counting.
    @Test func mergeOfUniqueCodesByCountingMatchesTheSetMerge() {
        let stores: [[String: InboxStatus]] = [[:], ["a": .read], ["a": .read, "b": .deleted], ["a": .read, "gone": .read],
                                               ["a": .delivered, "b": .action, "c": .read, "x": .read, "y": .created]]
        let feeds: [[InboxMessage]] = [[], [m("a", 1)], [m("a", 1), m("b", 2, status: .read), m("c", 3)]]
        for stored in stores {
            for f in feeds {
                var byCount = f, bySet = f
                let counted = InboxMerge.merge(&byCount, stored: stored, uniqueCodes: true)
                let set = InboxMerge.merge(&bySet, stored: stored)
                #expect(byCount == bySet)
                #expect(counted == set, "\(stored) \(f.map(\.code))")
                #expect(!counted.repeatedCodes)
            }
        }
        var repeated = [m("a", 1), m("a", 2)]
        #expect(InboxMerge.merge(&repeated, stored: ["a": .read, "b": .read]).dropped == ["b"], "a repeated code is not counted twice")
    }

    // The contract's --dump fields.
    @Test func dumpFields() {
        let ap: JSONObject = ["pinned": true, "buttons": [["title": "Go", "url": "https://go"], ["title": "C", "tag": "t"]]]
        var a = InboxAttributes(sdk: .v7_1_3)
        let f = loaded([m("a", 0, ap: ap)], a)
        let d = f.dump()
        #expect(d.jsonText() == #"[{"code":"a","kind":"classic","pinned":true,"read":false,"title":"T","message":"body","image":null,"date":"1970-01-01T00:00:00Z","buttons":[{"title":"Go","action":"openURL","url":"https://go"},{"title":"C","action":"custom","payload":{"tag":"t"}}]}]"#)
        a.pinningEnabled = false
        let noPin = loaded([m("a", nil, ap: ap)], a).dump().arrayValue?.first
        #expect(noPin?["pinned"] == false)
        #expect(noPin?["date"] == .null)
    }

    // Issue 14: --dump streams its text in pieces; joined, they are exactly the one-string form, at any piece size.
    @Test func writeDumpIsTheDumpInPieces() {
        let ap: JSONObject = ["pinned": true, "buttons": [["title": "Go \"now\"", "url": "https://go"], ["title": "C", "tag": "t"]]]
        var messages: [InboxMessage] = []
        for i in 0..<50 {
            let date: Double? = i % 7 == 0 ? nil : Double(i) * 86_400 * 37
            let status: InboxStatus = i % 2 == 0 ? .read : .delivered
            messages.append(m("c\(i)", date, status: status, ap: i % 3 == 0 ? ap : [:], title: i % 5 == 0 ? nil : "T \(i)"))
        }
        let f = loaded(messages)
        for size in [1, 100, 1 << 16] {
            var pieces: [[UInt8]] = []
            f.writeDump(chunkSize: size) { pieces.append($0) }
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == f.dump().jsonText())
            #expect(size > 1000 || pieces.count > 1)
        }
        var empty: [[UInt8]] = []
        InboxFeed().writeDump { empty.append($0) }
        #expect(String(decoding: empty.joined(), as: UTF8.self) == "[]")
    }

    // Issue 27: the --dump writes rows through a pointer buffer and its buttons without making their values: escapes,
    // non-ASCII text, every button action (a custom payload with nested values) and a row longer than a piece (the
    // buffer grows) are still exactly the one-string form.
    @Test func writeDumpOfEscapesButtonsAndLongRowsIsTheDump() {
        let buttons: JSONValue = [["title": "Go \"now\"\u{01}", "url": "https://go/é"], ["title": "D", "action": "dismiss"],
                                  ["title": "R", "action": "markRead"],
                                  ["title": "C\\", "tag": "t\n", "url": "no-scheme", "extra": ["n": 1.5, "a": [true, .null]]]]
        let ap: JSONObject = ["buttons": buttons]  // a classic card: its buttons render
        let long = String(repeating: "春\u{7F}a\"", count: 40_000)
        var messages = [m("a\u{1F}", 86_400, ap: ap, title: "T\t春 👍🏽"), m("b", nil, ap: ap, title: long)]
        messages[1].message = long
        messages[0].imageUrl = "https://i/\\x.jpg"
        let f = loaded(messages)
        for size in [1, 1 << 16] {
            var pieces: [[UInt8]] = []
            f.writeDump(chunkSize: size) { pieces.append($0) }
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == f.dump().jsonText())
        }
        #expect(f.dump().jsonText().contains(#""payload":{"#))
    }

    // Issue 14: a large feed's --dump is written by every core, a block of rows each per round; the pieces, joined,
    // are still the one-string form in display order, buttons (only where the card renders them) and pins included.
    @Test func aDumpWrittenByEveryCoreIsTheDumpInOrder() {
        let ap: JSONObject = ["pinned": true, "buttons": [["title": "Go", "url": "https://go"]], "u": #"{"displayType":"banner"}"#]
        // Small blocks, so five rounds of every core take 443 rows, not 82,043 (the debug build's minutes; issue 39).
        let block = 64
        let n = block * 5 + 123
        var messages: [InboxMessage] = []
        for i in 0..<n {
            var msg = m("c\(i)", Double(i) * 60, status: i % 3 == 0 ? .read : .delivered, ap: i % 4 == 0 ? ap : ["buttons": [["title": .string("B\(i)"), "action": "dismiss"]]])
            if i % 8 == 0 { msg.imageUrl = "https://i/\(i).jpg" }
            messages.append(msg)
        }
        var plain = InboxAttributes(sdk: .v7_1_3)
        plain.pinningEnabled = false
        plain.inlineButtonsEnabled = false
        for attributes in [InboxAttributes(sdk: .v7_1_3), plain] {
            let f = loaded(messages, attributes)
            for size in [1 << 10, 1 << 16] {
                var pieces: [[UInt8]] = []
                f.writeDump(chunkSize: size, blockRows: block) { pieces.append($0) }
                #expect(String(decoding: pieces.joined(), as: UTF8.self) == f.dump().jsonText())
                #expect(pieces.count > 2)
            }
        }
    }

    // Issue 14: the dump's dates by arithmetic are what ISO8601DateFormatter's internet date-time gives (UTC,
    // seconds rounded down), across leap years, centuries, before 1970 and far ahead.
    @Test func iso8601MatchesTheFormatter() {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        var t = -2_208_988_800.0  // 1900-01-01
        while t < 4_102_444_800 * 2 {
            for d in [t, t + 0.999, t - 0.25, t + 86_399] {
                let date = Date(timeIntervalSince1970: d)
                #expect(InboxFeed.iso8601(date) == f.string(from: date), "\(d)")
            }
            t += 86_400 * 97 + 3_671
        }
        #expect(InboxFeed.iso8601(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }
}
