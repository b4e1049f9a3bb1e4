// Inline buttons: where they come from, which items count, the action precedence, refused schemes (spec §3.6).

import Testing
@testable import PushSimEngine

@Suite struct InboxButtonTests {
    func buttons(_ ap: JSONObject) -> [InboxButton] { InboxButton.decode(InboxMessage(code: "c", actionParams: ap)) }

    // spec §3.6 "Where the list comes from"
    @Test func sourceOrder() {
        #expect(buttons(["buttons": [["title": "root"]], "u": ["buttons": [["title": "u"]]]]).map(\.title) == ["root"])
        #expect(buttons(["u": ["buttons": [["title": "u-dict"]]]]).map(\.title) == ["u-dict"])
        #expect(buttons(["u": #"{"buttons":[{"title":"u-string"}]}"#]).map(\.title) == ["u-string"])
        #expect(buttons(["userdata": ["buttons": [["title": "never"]]]]).isEmpty)
    }

    // spec §3.6 "Valid items": an object with a non-empty string title.
    @Test func onlyItemsWithANonEmptyTitle() {
        let b = buttons(["buttons": [["title": ""], ["title": 5], "x", ["url": "https://a"], ["title": "ok"]]])
        #expect(b.map(\.title) == ["ok"])
    }

    // spec §3.6 "Action precedence"
    @Test func actionPrecedence() {
        let b = buttons(["buttons": [
            ["title": "a", "action": "DISMISS", "url": "https://x"],
            ["title": "b", "action": "markRead"],
            ["title": "c", "action": "custom", "url": "myapp://x"],
            ["title": "d", "url": "no-scheme", "tag": "t"],
            ["title": "e", "tag": "t2", "action": "other"],
        ]])
        #expect(b.map(\.action) == [.dismiss, .markRead, .openURL("myapp://x"), .custom(["url": "no-scheme", "tag": "t"]), .custom(["tag": "t2"])])
        #expect(b.map(\.action.name) == ["dismiss", "markRead", "openURL", "custom", "custom"])
    }

    // spec §3.6: no maximum number of buttons.
    @Test func noMaximumCount() {
        let many = (1...7).map { JSONValue.object(["title": .string("B\($0)")]) }
        #expect(buttons(["buttons": .array(many)]).count == 7)
    }

    @Test func dumpForm() {
        #expect(InboxButton(title: "Go", action: .openURL("https://x")).dumpValue == ["title": "Go", "action": "openURL", "url": "https://x"])
        #expect(InboxButton(title: "C", action: .custom(["tag": "t"])).dumpValue == ["title": "C", "action": "custom", "payload": ["tag": "t"]])
        #expect(InboxButton(title: "D", action: .dismiss).dumpValue == ["title": "D", "action": "dismiss"])
    }

    // spec §3.6 "Refused schemes"
    @Test func unsafeSchemesAreRefused() {
        for u in ["file:///etc/passwd", "javascript:alert(1)", "DATA:text/html,x", "facetime:123", "facetime-audio:1"] {
            #expect(InboxURLPolicy.isRefused(u), "\(u)")
        }
        for u in ["https://a", "http://a", "mailto:a@b", "tel:1", "sms:1", "myapp://x"] {
            #expect(!InboxURLPolicy.isRefused(u), "\(u)")
        }
    }
}
