// `pushsim validate` on inbox feeds: skipped items, notifications that never reach the inbox, expiry against
// --now, degraded cards, bad displayType, refused and scheme-less links, and the empty/all-skipped rules.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine

@Suite struct InboxValidationTests {
    func check(_ text: String, now: Date = validationNow) throws -> PayloadValidation.FileReport {
        PayloadValidation.check(try validationTemp(text), options: PayloadValidation.Options(now: now, timeZone: TimeZone(identifier: "UTC")!))
    }

    /// A getInboxMessages item; `params` is action_params as the server sends it, a JSON string.
    func item(_ id: String, params: String? = nil, rt: Double = 4102444800, extra: String = "") -> String {
        let ap = params.map { ",\"action_params\":" + JSONValue.string($0).jsonText() } ?? ""
        return #"{"inbox_id":"\#(id)","order":"1","rt":\#(Int(rt)),"title":"T","text":"Body","action_type":0,"status":1\#(ap)\#(extra)}"#
    }

    func feed(_ items: [String]) -> String { #"{"response":{"messages":[\#(items.joined(separator: ","))]}}"# }

    @Test func aCleanFeedIsOK() throws {
        let r = try check(feed([item("a"), item("b", params: #"{"buttons":[{"title":"Open","url":"https://x"}]}"#)]))
        #expect(r.findings.isEmpty)
        #expect(r.kinds == [.inbox])
        #expect(r.summary == "inbox feed (getInboxMessages response), 2 messages")
    }

    @Test func skippedMessagesNameTheirIndexAndMissingKeys() throws {
        // spec §3.10: the SDK keeps a message only with all required keys.
        let r = try check(feed([item("a"), #"{"inbox_id":"b","text":"x"}"#]))
        #expect(r.findings.count == 1)
        #expect(r.findings[0].path == "response.messages[1]")
        #expect(r.findings[0].message.hasPrefix("skipped: missing order, rt, action_type, status"))
        #expect(r.summary == "inbox feed (getInboxMessages response), 2 messages, 1 skipped")
        #expect(PayloadValidation.exitStatus([r]) == 0)
    }

    @Test func everyMessageSkippedIsAnErrorButAnEmptyFeedIsAWarning() throws {
        let skipped = try check(#"[{"inbox_id":"b"},{"text":"x"}]"#)
        #expect(skipped.findings.last == PayloadValidation.Finding(severity: .error, file: skipped.file, path: "",
                                                                    message: "every message was skipped, so the inbox shows nothing from this file", kind: .inbox))
        #expect(PayloadValidation.exitStatus([skipped]) == 1)
        let empty = try check(#"{"response":{"messages":[]}}"#)
        #expect(empty.findings.map(\.severity) == [.warning])
        #expect(empty.findings[0].message == "the feed holds no messages; InboxKit shows its empty state")
        #expect(PayloadValidation.exitStatus([empty]) == 0)
    }

    @Test func requestNotificationsThatNeverReachTheInbox() throws {
        // spec §3.10: only notifications with inbox_image, inbox_date or inbox_days become inbox messages.
        let some = try check(#"{"request":{"notifications":[{"content":"a","inbox_days":3},{"content":"plain"}]}}"#)
        #expect(some.findings.map(\.path) == ["request.notifications[1]"])
        #expect(some.findings[0].message.contains("never reaches the inbox"))
        #expect(some.summary == "inbox feed (createMessage request), 2 notifications, 1 not for the inbox")
        let none = try check(#"{"request":{"notifications":[{"content":"plain","inbox_days":"x"}]}}"#, now: validationNow)
        #expect(none.findings.allSatisfy { $0.severity == .warning })
    }

    @Test func expiredMessagesAreWarningsRelativeToNow() throws {
        let rt = validationNow.timeIntervalSince1970 - 3600
        let r = try check(feed([item("old", rt: rt), item("new")]))
        #expect(r.findings.map(\.path) == ["response.messages[0].rt"])
        #expect(r.findings[0].severity == .warning)
        #expect(r.findings[0].message.hasPrefix("the message expired at 2026-11-23T08:30:00Z, before now (2026-11-23T09:30:00Z); the SDK drops it"))
        // Issue 13 item 11: with a --now given, the finding does not suggest passing --now.
        #expect(!r.findings[0].message.contains("pass --now"))
        #expect(InboxValidation.expiry(InboxMessage(code: "x"), item: .init(path: JSONPath(), origin: .server, json: nil), now: validationNow).message.hasSuffix("(pass --now to check another moment)"))
        #expect(r.summary.hasSuffix("2 messages, 1 expired"))
        // The same feed checked an hour earlier has nothing expired.
        #expect(try check(feed([item("old", rt: rt), item("new")]), now: validationNow.addingTimeInterval(-7200)).findings.isEmpty)
        // A push expires at local midnight of inbox_params.rt.
        let push = try check(#"{"aps":{"alert":"x"},"pw_inbox":"p","inbox_params":{"rt":"2026-11-01"}}"#)
        #expect(push.findings.map(\.path) == ["inbox_params.rt"])
    }

    @Test func degradedCardsSayWhatTheyAreShownAs() throws {
        // spec §3.4: banner without an image degrades to classic.
        let r = try check(feed([item("a", params: #"{"displayType":"banner"}"#), item("b", params: #"{"u":"{\"displayType\":\"wallet\"}"}"#)]))
        #expect(r.findings.map(\.path) == ["response.messages[0].action_params.displayType", "response.messages[1].action_params.u.displayType"])
        #expect(r.findings[0].message == "shown as classic instead of banner because the message has no image")
        #expect(r.findings[1].message == "shown as classic instead of wallet because the message has no valid wallet pass URL (http or https)")
    }

    @Test func anUnknownDisplayTypeIsReported() throws {
        let r = try check(feed([item("a", params: #"{"displayType":"Fancy"}"#, extra: #","image":"https://x/a.jpg""#)]))
        #expect(r.findings.count == 1)
        #expect(r.findings[0].path == "response.messages[0].action_params.displayType")
        #expect(r.findings[0].message == #""fancy" is not a card kind (banner, captioned, classic, carousel, video, wallet); shown as captioned, chosen from the image and title"#)
    }

    @Test func refusedAndSchemelessLinks() throws {
        // spec §3.6: file, javascript, data and facetime URLs are refused; a url without a scheme is a custom action.
        let params = #"{"l":"javascript:alert(1)","buttons":[{"title":"Run","url":"JavaScript:x()"},{"url":"https://x"},{"title":"Shop","url":"shop.example/sale"},{"title":"Ok","url":"https://ok"}]}"#
        let r = try check(feed([item("a", params: params)]))
        #expect(r.findings.map(\.path) == [
            "response.messages[0].action_params.buttons[0].url",
            "response.messages[0].action_params.buttons[1]",
            "response.messages[0].action_params.buttons[2].url",
            "response.messages[0].action_params.l",
            "response.messages[0]",
        ])
        #expect(r.findings[0].message.contains("uses a scheme the SDK refuses to open (data, facetime, facetime-audio, file, javascript)"))
        #expect(r.findings[1].message == "skipped: a button needs a non-empty string title")
        #expect(r.findings[2].message == #""shop.example/sale" has no scheme, so the button "Shop" sends a custom action to the delegate instead of opening it"#)
        #expect(r.findings[3].message.hasSuffix("tapping the message only marks it read"))
    }

    @Test func buttonsOnCardsThatHaveNone() throws {
        // spec §3.5: only captioned and classic cells render inline buttons.
        let r = try check(#"[{"aps":{"alert":"x"},"pw_inbox":"p","inbox_params":{"rt":"2027-01-31","image":"https://x/a.jpg"},"u":{"displayType":"banner","buttons":[{"title":"A","url":"https://a"}]}}]"#)
        #expect(r.findings.map(\.path) == ["[0].u.buttons"])
        #expect(r.findings[0].message == "1 button not shown: a banner card has no inline buttons (only captioned and classic cards do)")
    }

    @Test func repeatedCodesPointAtTheLaterCopy() throws {
        let r = try check(feed([item("a"), item("a")]))
        #expect(r.findings.map(\.path) == ["response.messages[1]"])
        #expect(r.findings[0].message.contains("appears again"))
    }

    @Test func bundledFeedsHaveOnlyTheirDeliberateWarnings() {
        let res = Resources.locate()
        let opts = PayloadValidation.Options(now: validationNow, timeZone: TimeZone(identifier: "UTC")!)
        let mixed = PayloadValidation.check(res.path("inbox/mixed.json"), options: opts)
        #expect(mixed.findings.map(\.message) == [
            #"the message's own action (l "acme://orders/4217") owns every tap on SDK 7.2.9: tapping "Help" (URL button) runs it instead of their own destination (SDK 7.1.3 opens that)"#,
            "shown as classic instead of banner because the message has no image",
        ])
        let requests = PayloadValidation.check(res.path("inbox/requests.json"), options: opts)
        #expect(requests.findings.map(\.path) == ["request.notifications[0]", "request.notifications[3].inbox_days", "request.notifications[4]"])
        let pushes = PayloadValidation.check(res.path("inbox/pushes.json"), options: opts)
        #expect(pushes.summary == "inbox feed (array of APNs inbox pushes), 3 messages, 1 skipped")
        #expect(PayloadValidation.exitStatus([mixed, requests, pushes]) == 0)
    }
}

@Suite struct InboxValidationImageTests {
    @Test func missingLocalImagesResolveBesideTheFeed() throws {
        let text = #"[{"aps":{"alert":"x"},"pw_inbox":"p","inbox_params":{"rt":"2027-01-31","image":"images/gone.png"}},{"aps":{"alert":"y"},"pw_inbox":"q","inbox_params":{"rt":"2027-01-31","image":"images/here.jpg"}}]"#
        let r = PayloadValidation.check(try validationTemp(text), options: PayloadValidation.Options(now: validationNow))
        #expect(r.findings.map(\.path) == ["[0].inbox_params.image"])
        #expect(r.findings[0].message.hasSuffix("which does not exist; the card shows the load failure in its image area"))
    }
}

@Suite struct InboxValidationOrderTests {
    @Test func findingsFollowTheFileOrder() throws {
        // The parser reports message 1 (skipped) before the per-message checks find message 0 degraded.
        let text = #"[{"inbox_id":"a","order":"1","rt":4102444800,"text":"x","action_type":0,"status":1,"action_params":"{\"displayType\":\"banner\"}"},{"inbox_id":"b"}]"#
        let r = PayloadValidation.check(try validationTemp(text), options: PayloadValidation.Options(now: validationNow))
        #expect(r.findings.map(\.path) == ["[0].action_params.displayType", "[1]"])
    }

    /// Every rule that reads a message's parameters, in each of the three places they live (a server message's
    /// action_params string with `u` as a string, a dictionary and `userdata`; a push's root; a request's
    /// ios_root_params and data): each finding once, at the path it had before validate stopped parsing a
    /// message's parameters a second time for its warnings.
    @Test func everyParameterFindingOnceAtItsPath() throws {
        // spec §3.4 (displayType, image), §3.5–3.6 (buttons, refused and scheme-less URLs), §3.10 (action_params)
        let feedText = #"[{"inbox_id": "a", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"u\": \"{\\\"displayType\\\": \\\"Story\\\", \\\"buttons\\\": [{\\\"title\\\": \\\"\\\"}, {\\\"title\\\": \\\"Run\\\", \\\"url\\\": \\\"javascript:alert(1)\\\"}, {\\\"title\\\": \\\"Shop\\\", \\\"url\\\": \\\"shop/sale\\\"}]}\", \"l\": \"file:///etc/passwd\"}"}, {"inbox_id": "b", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"displayType\": \"banner\", \"buttons\": [{\"title\": \"Open\", \"url\": \"https://x\"}], \"image\": \"missing.png\"}"}, {"inbox_id": "c", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"u\": {\"displayType\": \"carousel\"}}"}, {"inbox_id": "d", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"userdata\": {\"displayType\": \"nope\"}, \"image\": \"gone.jpg\"}"}, {"pw_inbox": "p1", "aps": {"alert": {"title": "P", "body": "B"}}, "inbox_params": {"rt": "4102444800"}, "displayType": "video", "buttons": [{"title": "X", "url": "data:text/plain,hi"}], "l": "javascript:void(0)"}]"#
        let requestText = #"{"request": {"notifications": [{"content": "c", "inbox_days": 3, "ios_root_params": {"displayType": "wallet", "buttons": [{"title": ""}], "l": "facetime:123"}, "data": {"image": "nope.png"}}]}}"#
        let feedPath = try validationTemp(feedText), requestPath = try validationTemp(requestText)
        let options = PayloadValidation.Options(now: validationNow, timeZone: TimeZone(identifier: "UTC")!)
        func found(_ path: String) -> [String] {
            let dir = (path as NSString).deletingLastPathComponent + "/"
            return PayloadValidation.check(path, options: options).findings
                .map { "\($0.path): \($0.message)".replacingOccurrences(of: dir, with: "DIR/") }
        }
        let feed = found(feedPath), request = found(requestPath)
        #expect(feed == [
            "[0].action_params.u.displayType: \"story\" is not a card kind (banner, captioned, classic, carousel, video, wallet); shown as classic, chosen from the image and title",
            "[0].action_params.u.buttons[0]: skipped: a button needs a non-empty string title",
            "[0].action_params.u.buttons[1].url: \"javascript:alert(1)\" uses a scheme the SDK refuses to open (data, facetime, facetime-audio, file, javascript); the button \"Run\" only marks the message read",
            "[0].action_params.u.buttons[2].url: \"shop/sale\" has no scheme, so the button \"Shop\" sends a custom action to the delegate instead of opening it",
            "[0].action_params.l: \"file:///etc/passwd\" uses a scheme the SDK refuses to open (data, facetime, facetime-audio, file, javascript); tapping the message only marks it read",
            "[0]: the message's own action (l \"file:///etc/passwd\") owns every tap on SDK 7.2.9: tapping \"Run\" (URL button) runs it instead of their own destination (SDK 7.1.3 opens that)",
            "[1].action_params.image: \"missing.png\" points at DIR/missing.png, which does not exist; the card shows the load failure in its image area",
            "[1].action_params.buttons: 1 button not shown: a banner card has no inline buttons (only captioned and classic cards do)",
            "[2].action_params.u.displayType: shown as classic instead of carousel because the message has no decodable carousel slides",
            "[3].action_params.image: \"gone.jpg\" points at DIR/gone.jpg, which does not exist; the card shows the load failure in its image area",
            "[3].action_params.userdata.displayType: \"nope\" is not a card kind (banner, captioned, classic, carousel, video, wallet); shown as captioned, chosen from the image and title",
            "[4].inbox_params.rt: \"4102444800\" is not yyyy-MM-dd; the SDK gives the message no expiry date, so it never expires locally",
            "[4].displayType: shown as classic instead of video because the message has no valid video descriptor (video.url must be http or https)",
            "[4].buttons[0].url: \"data:text/plain,hi\" uses a scheme the SDK refuses to open (data, facetime, facetime-audio, file, javascript); the button \"X\" only marks the message read",
            "[4].l: \"javascript:void(0)\" uses a scheme the SDK refuses to open (data, facetime, facetime-audio, file, javascript); tapping the message only marks it read",
            "[4]: the message's own action (l \"javascript:void(0)\") owns every tap on SDK 7.2.9: tapping \"X\" (URL button) runs it instead of their own destination (SDK 7.1.3 opens that)",
        ])
        #expect(request == [
            "request.notifications[0].data.image: \"nope.png\" points at DIR/nope.png, which does not exist; the card shows the load failure in its image area",
            "request.notifications[0].ios_root_params.displayType: shown as classic instead of wallet because the message has no valid wallet pass URL (http or https)",
            "request.notifications[0].ios_root_params.buttons[0]: skipped: a button needs a non-empty string title",
            "request.notifications[0].ios_root_params.l: \"facetime:123\" uses a scheme the SDK refuses to open (data, facetime, facetime-audio, file, javascript); tapping the message only marks it read",
        ])
        #expect(Set(feed).count == feed.count && Set(request).count == request.count, "a finding reported twice")
    }

    /// validate's parser keeps each message's checked parameters as the tree it parsed (not as text parsed again
    /// at every read), the same value the inbox's own parser gives when read.
    @Test func validationKeepsTheParsedParameters() throws {
        let doc = try JSONParser.parse(#"[{"inbox_id": "a", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"u\": \"{\\\"displayType\\\": \\\"Story\\\", \\\"buttons\\\": [{\\\"title\\\": \\\"\\\"}, {\\\"title\\\": \\\"Run\\\", \\\"url\\\": \\\"javascript:alert(1)\\\"}, {\\\"title\\\": \\\"Shop\\\", \\\"url\\\": \\\"shop/sale\\\"}]}\", \"l\": \"file:///etc/passwd\"}"}, {"inbox_id": "b", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"displayType\": \"banner\", \"buttons\": [{\"title\": \"Open\", \"url\": \"https://x\"}], \"image\": \"missing.png\"}"}, {"inbox_id": "c", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"u\": {\"displayType\": \"carousel\"}}"}, {"inbox_id": "d", "order": "1", "rt": 4102444800, "title": "T", "text": "Body", "action_type": 0, "status": 1, "action_params": "{\"userdata\": {\"displayType\": \"nope\"}, \"image\": \"gone.jpg\"}"}, {"pw_inbox": "p1", "aps": {"alert": {"title": "P", "body": "B"}}, "inbox_params": {"rt": "4102444800"}, "displayType": "video", "buttons": [{"title": "X", "url": "data:text/plain,hi"}], "l": "javascript:void(0)"}]"#)
        let kept = try InboxFeedParser(now: validationNow, timeZone: TimeZone(identifier: "UTC")!, keepsParsedParams: true).parse(doc, file: "f.json")
        let text = try InboxFeedParser(now: validationNow, timeZone: TimeZone(identifier: "UTC")!).parse(doc, file: "f.json")
        #expect(kept == text)
        for m in kept.messages {
            guard case .object = m.storage else {
                Issue.record("\(m.code): action_params kept as text, parsed again at every read")
                continue
            }
        }
    }
}
