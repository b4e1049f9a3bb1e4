// Feed intake: getInboxMessages items, APNs inbox pushes and createMessage requests (spec §3.10), with warnings.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxFeedParserTests {
    let now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z
    var parser: InboxFeedParser { InboxFeedParser(now: now, timeZone: TimeZone(identifier: "UTC")!) }

    func item(_ extra: JSONObject = [:]) -> JSONObject {
        var o: JSONObject = ["inbox_id": "m1", "order": "5", "rt": 4_102_444_800, "text": "Body", "action_type": 0, "status": 1]
        for (k, v) in extra { o[k] = v }
        return o
    }

    func parse(_ doc: JSONValue) throws -> InboxFeedParser.Result { try parser.parse(doc, file: "f.json") }

    // spec §3.10 "Validity": all of inbox_id, order, rt, text, action_type, status.
    @Test func serverItemNeedsAllSixKeysAndTheWarningListsTheMissingOnes() throws {
        var bad = item()
        bad["rt"] = nil
        bad["status"] = nil
        let r = try parse(["response": ["messages": [.object(item()), .object(bad)]]])
        #expect(r.messages.map(\.code) == ["m1"])
        #expect(r.diagnostics.count == 1)
        #expect(r.diagnostics[0].path == "f.json:response.messages[1]")
        #expect(r.diagnostics[0].message.contains("missing rt, status"))
    }

    @Test func acceptsTheResponseWithOrWithoutWrapperAndABareArray() throws {
        #expect(try parse(["response": ["messages": [.object(item())]]]).messages.count == 1)
        #expect(try parse(["messages": [.object(item())]]).messages.count == 1)
        #expect(try parse([.object(item())]).messages.count == 1)
    }

    // spec §3.10 field mapping
    @Test func serverFieldMapping() throws {
        let ap = #"{"l":"https://x.y","attachment":"https://cdn/a.png"}"#
        let r = try parse([.object(item(["title": "T", "hash": "h1", "send_date": "1700000000", "image": "https://i/x.jpg",
                                         "action_params": .string(ap), "order": 42]))])
        let m = try #require(r.messages.first)
        #expect(m.code == "m1")
        #expect(m.sortOrder == "42", "a numeric order becomes a string")
        #expect(m.title == "T")
        #expect(m.message == "Body")
        #expect(m.inboxHash == "h1")
        #expect(m.sendDate == Date(timeIntervalSince1970: 1_700_000_000), "send_date may be a string")
        #expect(m.expirationDate == Date(timeIntervalSince1970: 4_102_444_800))
        #expect(m.imageUrl == "https://i/x.jpg")
        #expect(m.actionParams?["l"] == "https://x.y")
        #expect(m.attachmentUrl == "https://cdn/a.png")
        #expect(m.status == .delivered)
        #expect(!m.isFromNotification)
        #expect(m.type == .url)
    }

    // spec §3.10: title, text and image are read as strings and send_date as Unix seconds; anything else is dropped
    // (the message keeps showing) and each drop is reported with its path.
    @Test func wrongTypedOptionalFieldsAreDroppedWithAWarning() throws {
        let r = try parse([.object(item(["title": 7, "text": ["x"], "image": false, "send_date": "yesterday"])),
                           .object(item(["title": .null, "send_date": .null]))])
        #expect(r.messages.count == 2)
        let m = r.messages[0]
        #expect(m.title == nil && m.message == nil && m.imageUrl == nil && m.sendDate == nil)
        #expect(r.diagnostics.map(\.path) == ["f.json:[0].title", "f.json:[0].text", "f.json:[0].image", "f.json:[0].send_date"])
        #expect(r.diagnostics[0].message == "is a number, not a string; the message has no title")
        #expect(r.diagnostics[3].message.hasPrefix(#""yesterday" is not Unix seconds; the message has no send date"#))
        #expect(r.messages[1].title == nil && r.messages[1].sendDate == nil, "null is simply absent: no warning")
    }

    // spec §3.10: attachmentUrl only when it starts with http:// or https://
    @Test func attachmentMustBeHTTP() throws {
        let r = try parse([.object(item(["action_params": #"{"attachment":"ftp://x/a.png"}"#]))])
        #expect(r.messages[0].attachmentUrl == nil)
    }

    // spec §3.10 / §5.8: action_params must be a JSON string; an object gives nil actionParams.
    @Test func actionParamsAsAnObjectGivesNilAndAWarning() throws {
        let r = try parse([.object(item(["action_params": ["pinned": true]]))])
        #expect(r.messages[0].actionParams == nil)
        #expect(r.diagnostics.map(\.path) == ["f.json:[0].action_params"])
        #expect(r.diagnostics[0].message.contains("JSON string"))
    }

    // spec §3.10 "Filtering": status 4 dropped.
    @Test func deletedStatusIsDropped() throws {
        let r = try parse([.object(item(["status": 4])), .object(item(["inbox_id": "m2", "status": "2"]))])
        #expect(r.messages.map(\.code) == ["m2"])
        #expect(r.messages[0].status == .read, "status may be a numeric string")
        #expect(r.diagnostics[0].message.contains("status 4"))
    }

    @Test func nonStringInboxIdIsSkipped() throws {
        let r = try parse([.object(item(["inbox_id": 7]))])
        #expect(r.messages.isEmpty)
        #expect(r.diagnostics[0].message.contains("inbox_id"))
    }

    // spec §3.10 "Parsing a push message"
    @Test func inboxPushFieldMapping() throws {
        let push: JSONValue = ["aps": ["alert": ["title": "Hi", "body": "There"]], "pw_inbox": "p1",
                               "inbox_params": ["rt": "2026-12-01", "image": "https://i/p.png"], "u": #"{"a":1}"#]
        let r = try parse(push)
        let m = try #require(r.messages.first)
        #expect(m.code == "p1")
        #expect(m.title == "Hi")
        #expect(m.message == "There")
        #expect(m.sendDate == now, "the device receive time")
        let midnight = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z
        #expect(m.expirationDate == midnight, "yyyy-MM-dd at local midnight")
        #expect(m.imageUrl == "https://i/p.png")
        #expect(m.actionParams == push.objectValue, "the whole userInfo")
        #expect(m.isFromNotification)
        #expect(m.attachmentUrl == nil)
        #expect(r.diagnostics.isEmpty)
    }

    @Test func pushRTIsLocalMidnightInTheDeviceTimeZone() throws {
        let p = InboxFeedParser(now: now, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let d = try #require(p.localMidnight("2026-12-01"))
        #expect(d == Date(timeIntervalSince1970: 1_796_083_200 - 3600))
    }

    @Test func stringAlertIsTheMessageWithNoTitle() throws {
        let r = try parse(["aps": ["alert": "Plain"], "pw_inbox": "p2", "inbox_params": ["rt": "2026-12-01"]])
        #expect(r.messages[0].title == nil)
        #expect(r.messages[0].message == "Plain")
    }

    // spec §3.10 "Expiry": a push rt that is not yyyy-MM-dd never expires locally.
    @Test func unparseablePushRTNeverExpires() throws {
        let r = try parse(["aps": ["alert": "x"], "pw_inbox": "p3", "inbox_params": ["rt": "1700000000"]])
        #expect(r.messages[0].expirationDate == nil)
        #expect(!r.messages[0].isExpired(at: .distantFuture))
        #expect(r.diagnostics[0].message.contains("never expires"))
        #expect(parser.localMidnight("2026-02-30") == nil)
        #expect(parser.localMidnight("2026-2-3") == nil)
    }

    // spec §3.10: recognised only when pw_inbox is a string, inbox_params a dictionary, inbox_params.rt a string.
    @Test func otherPushesAreSkippedWithAReason() throws {
        let r = try parse([
            ["aps": ["alert": "x"], "p": "1"],
            ["aps": ["alert": "x"], "pw_inbox": 5, "inbox_params": ["rt": "2026-12-01"]],
            ["aps": ["alert": "x"], "pw_inbox": "a", "inbox_params": "x"],
            ["aps": ["alert": "x"], "pw_inbox": "a", "inbox_params": ["rt": 1_800_000_000]],
        ])
        #expect(r.messages.isEmpty)
        #expect(r.diagnostics.map(\.path) == ["f.json:[0]", "f.json:[1]", "f.json:[2]", "f.json:[3]"])
        #expect(r.diagnostics[0].message.contains("no pw_inbox, no inbox_params"))
        #expect(r.diagnostics[1].message.contains("pw_inbox is not a string"))
        #expect(r.diagnostics[2].message.contains("inbox_params is not an object"))
        #expect(r.diagnostics[3].message.contains("inbox_params.rt is not a string"))
    }

    // spec §3.10 "inbox_days / inbox_date are server-side /createMessage parameters"
    @Test func createMessageNotificationsBecomeInboxMessages() throws {
        let req: JSONValue = ["request": ["notifications": [
            ["content": "A", "ios_title": ["en": "Title", "de": "Titel"], "inbox_image": "https://i/a.jpg", "inbox_days": 3,
             "send_date": "2026-11-20 10:00", "ios_root_params": ["pinned": true], "data": ["displayType": "captioned"],
             "link": "https://x.y"],
            ["content": "No inbox"],
            ["content": "C", "inbox_days": 45],
            ["content": "D", "inbox_date": "2026-12-31"],
        ]]]
        let r = try parse(req)
        #expect(r.messages.map(\.code) == ["f.json#1", "f.json#3", "f.json#4"])
        let a = r.messages[0]
        #expect(a.title == "Title")
        #expect(a.message == "A")
        #expect(a.imageUrl == "https://i/a.jpg")
        let sent = Date(timeIntervalSince1970: 1_795_168_800)  // 2026-11-20T10:00:00Z
        #expect(a.sendDate == sent)
        #expect(a.expirationDate == sent.addingTimeInterval(3 * 86_400))
        #expect(a.actionParams?["pinned"] == true, "ios_root_params at the root")
        #expect(a.actionParams?["u"] == .string(#"{"displayType":"captioned"}"#), "data under u as a JSON string")
        #expect(a.actionParams?["l"] == "https://x.y")
        #expect(InboxCellResolver.resolve(a).kind == .captioned)
        #expect(r.messages[1].expirationDate == now.addingTimeInterval(30 * 86_400), "inbox_days clamped to 30")
        #expect(r.messages[2].expirationDate == Date(timeIntervalSince1970: 1_798_675_200))
        #expect(r.diagnostics.map(\.path) == ["f.json:request.notifications[1]", "f.json:request.notifications[2].inbox_days"])
        #expect(r.diagnostics[0].message.contains("is sent as a regular push and never reaches the inbox"))
        #expect(r.diagnostics[1].message.contains("clamped to 30"))
    }

    @Test func unknownShapesAreRefusedWithTheAcceptedOnes() {
        #expect(throws: InboxFeedParser.ShapeError.self) { try parse(["hello": 1]) }
        #expect(throws: InboxFeedParser.ShapeError.self) { try parse("text") }
    }

    // Several files are merged; the server copy wins over a push copy of the same code.
    @Test func combiningFilesPrefersTheServerCopy() {
        let server = InboxMessage(code: "c", title: "server", source: "a.json")
        let push = InboxMessage(code: "c", title: "push", isFromNotification: true, source: "b.json")
        let later = InboxMessage(code: "c", title: "later", source: "c.json")
        var r = InboxFeedParser.combine([.init(messages: [server]), .init(messages: [push])])
        #expect(r.messages.map(\.title) == ["server"])
        #expect(r.diagnostics.count == 1)
        r = InboxFeedParser.combine([.init(messages: [server]), .init(messages: [later])])
        #expect(r.messages.map(\.title) == ["later"])
        #expect(r.uniqueCodes)
    }

    // One file with a repeated code goes through the same de-duplication; one without is marked unique.
    @Test func combiningOneFileChecksItsCodes() {
        let a = InboxMessage(code: "a", title: "first"), b = InboxMessage(code: "b"), again = InboxMessage(code: "a", title: "again")
        let plain = InboxFeedParser.combine([.init(messages: [a, b])])
        #expect(plain.uniqueCodes && plain.messages.map(\.code) == ["a", "b"])
        let repeated = InboxFeedParser.combine([.init(messages: [a, b, again])])
        #expect(repeated.uniqueCodes && repeated.messages.map(\.title) == ["again", nil])
        #expect(repeated.diagnostics.count == 1)
        #expect(!InboxFeedParser.Result(messages: [a]).uniqueCodes, "unchecked until combined")
    }
}

// combine's check for repeated codes (a hash table over the codes' bytes) answers as a Set<String> does.
@Suite struct InboxCodeCheckTests {
    func messages(_ codes: [String]) -> [InboxMessage] { codes.map { InboxMessage(code: $0) } }

    @Test func repeatsAreFoundWhereverTheyAre() {
        var codes = (0..<5_000).map { "m\($0)" }
        #expect(!InboxCodeCheck.hasRepeats(messages(codes)))
        for (a, b) in [(0, 4_999), (4_998, 4_999), (17, 3_000)] {
            var repeated = codes
            repeated[b] = repeated[a]
            #expect(InboxCodeCheck.hasRepeats(messages(repeated)), "\(a) and \(b)")
        }
        // Long codes (hashed eight bytes at a time) that differ only in their last byte, or only in their length.
        codes = (0..<300).map { String(repeating: "x", count: 20 + $0 % 5) + "\($0 % 60)" }
        #expect(InboxCodeCheck.hasRepeats(messages(codes)) == (Set(codes).count != codes.count))
        #expect(!InboxCodeCheck.hasRepeats(messages(["abcdefgh", "abcdefgh\u{0}", "", "a"])))
        #expect(InboxCodeCheck.hasRepeats(messages(["", "b", ""])))
    }

    // String equality is canonical equivalence: a Kelvin sign equals "K" and a decomposed "é" the composed one,
    // so non-ASCII codes are checked by the set, as before.
    @Test func nonASCIICodesCompareAsStrings() {
        #expect(InboxCodeCheck.hasRepeats(messages(["a", "\u{212A}", "K"])))
        #expect(InboxCodeCheck.hasRepeats(messages(["caf\u{E9}", "cafe\u{301}"])))
        #expect(!InboxCodeCheck.hasRepeats(messages(["caf\u{E9}", "cafe"])))
        #expect(InboxCodeCheck.asciiHash("\u{212A}", seed: 1) == nil)
        #expect(InboxCodeCheck.asciiHash("abcdefgh\u{E9}", seed: 1) == nil)
    }

    // A table whose probes run long gives the answer to the set (no quadratic time for codes that collide).
    @Test func longProbesFallBackToTheSet() {
        let codes = (0..<200).map { "c\($0)" }
        #expect(InboxCodeCheck.tableCheck(messages(codes), maxProbes: 0) == nil || !InboxCodeCheck.hasRepeats(messages(codes)))
        #expect(!InboxCodeCheck.hasRepeats(messages(codes), maxProbes: 0))
        #expect(InboxCodeCheck.hasRepeats(messages(codes + ["c7"]), maxProbes: 0))
        #expect(InboxCodeCheck.tableCheck(messages(codes + ["c7"]), maxProbes: 1_000) == true)
    }
}
