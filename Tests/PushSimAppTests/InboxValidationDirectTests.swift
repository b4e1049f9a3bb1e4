// `pushsim validate` reads a getInboxMessages response message by message (as `pushsim inbox` does), not as one
// tree: its report must be the tree's, finding for finding, on feeds full of errors, warnings and repeated keys.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine

@Suite struct InboxValidationDirectTests {
    let utc = TimeZone(identifier: "UTC")!

    /// The report both ways: read directly (the default) and through the whole tree.
    func bothWays(_ text: String, sdk: SDKVersion = .newest) throws -> (direct: PayloadValidation.FileReport, tree: PayloadValidation.FileReport) {
        let path = try validationTemp(text)
        var options = PayloadValidation.Options(now: validationNow, timeZone: utc, sdk: sdk)
        let direct = PayloadValidation.check(path, options: options)
        options.readsFeedsDirectly = false
        return (direct, PayloadValidation.check(path, options: options))
    }

    /// Whether the direct reading took the file (nil: it left it to the tree).
    func readDirectly(_ text: String) throws -> Bool {
        let path = try validationTemp(text)
        let source = PayloadValidation.Source(path: path, name: path)
        return InboxValidation.checkDirectly(Array(text.utf8), source: source,
                                             options: PayloadValidation.Options(now: validationNow, timeZone: utc)) != nil
    }

    func item(_ id: String, params: String? = nil, rt: Int = 4102444800, title: String = #""T""#, extra: String = "") -> String {
        let ap = params.map { ",\"action_params\":" + JSONValue.string($0).jsonText() } ?? ""
        return #"{"inbox_id":"\#(id)","order":"1","rt":\#(rt),"title":\#(title),"text":"Body","action_type":0,"status":1\#(ap)\#(extra)}"#
    }

    /// Every kind of finding an inbox feed can have, repeated `rounds` times so the feed is read by several cores.
    func troubledItems(rounds: Int) -> [String] {
        var items: [String] = []
        for r in 0..<rounds {
            let p = "r\(r)-"
            items += [
                item(p + "ok", params: #"{"u":"{\"displayType\": \"classic\"}","pinned":true}"#),
                #"{"inbox_id":"\#(p)missing","text":"x"}"#,
                item(p + "deleted", extra: #","status":4"#),
                #"{"inbox_id":7,"order":"1","rt":1,"text":"x","action_type":0,"status":1}"#,
                item(p + "badrt", rt: 0, extra: #","rt":"soon""#),
                item(p + "object", extra: #","action_params":{"l":"https://x"}"#),
                item(p + "notjson", params: "not json"),
                item(p + "title", title: "5"),
                item(p + "kind", params: #"{"u":"{\"displayType\": \"poster\"}"}"#),
                item(p + "link", params: #"{"l":"javascript:alert(1)"}"#),
                item(p + "buttons", params: #"{"buttons":[{"url":"https://x"},{"title":"Go","url":"example.com"},{"title":"Bad","url":"javascript:x"}]}"#),
                item(p + "pin", params: #"{"pinned":"true","u":{"pinned":"yes"}}"#),
                item(p + "attach", params: #"{"attachment":"ftp://x/a.jpg","b":5,"tabId":2}"#),
                item(p + "hero", params: #"{"attachment":"https://x/a.jpg","image":"https://x/icon.png"}"#),
                item(p + "own", params: #"{"l":"https://own","buttons":[{"title":"Open","url":"https://x"}]}"#),
                item(p + "carousel", params: #"{"u":"{\"displayType\":\"carousel\"}","carousel":[{"image":"https://x/1.jpg","url":"https://y"}],"buttons":[{"title":"A","url":"https://a"}]}"#),
                item(p + "expired", rt: 1_000_000_000),
                item(p + "image", extra: #","image":"pictures/none-\#(r).png""#),
                item(p + "dup", extra: #","title":"again","status":1"#),
                item(p + "nested", extra: #","extra":{"a":1,"b":{"c":1,"c":2},"a":3}"#),
                item(p + "escaped", extra: #","ti\u0074le":"escaped key""#),
                // A key the reader reads, whose value repeats a key inside it.
                item(p + "nestedknown", extra: #","hash":{"k":1,"k":2}"#),
                item(p + "degrade", params: #"{"u":"{\"displayType\":\"video\"}"}"#),
                "[1,2]",
                "\"text\"",
            ]
        }
        return items
    }

    @Test func aFeedFullOfFindingsGivesTheTreesReport() throws {
        for rounds in [1, 200] {
            let text = #"{"status_code":200,"status_code":201,"response":{"next":{"x":1,"x":2},"messages":[\#(troubledItems(rounds: rounds).joined(separator: ",\n"))],"count":3,"count":4}}"#
            #expect(try readDirectly(text))
            for sdk in [SDKVersion.newest, .v7_1_3] {
                let (direct, tree) = try bothWays(text, sdk: sdk)
                #expect(direct == tree)
                #expect(direct.findings.count > 20 * rounds)
                // Repeated keys are listed up to the parser's cap, and all counted.
                #expect(direct.findings.filter { $0.message.contains("appears twice in one object") }.count == min(100, 3 + 8 * rounds))
            }
        }
    }

    @Test func theBenchmarksShapesGiveTheTreesReport() throws {
        // The messages `bench/inbox.sh` generates: kinds, buttons on carousels (not shown), pins, images.
        var items: [String] = []
        for i in 0..<3_000 {
            let kinds = ["classic", "captioned", "banner", "carousel"]
            var ap = #"{"u":"{\"displayType\": \"\#(kinds[i % 4])\"}""#
            if i % 4 == 3 { ap += #","carousel":[{"image":"https://cdn.example/\#(i)-a.jpg"}]"# }
            if i % 5 == 0 { ap += #","buttons":[{"title":"Open","url":"https://example.com/\#(i)"},{"title":"Later","action":"dismiss"}]"# }
            if i % 997 == 0 { ap += #","pinned":true"# }
            ap += "}"
            items.append(item(String(format: "m%06d", i), params: ap, extra: i % 4 == 1 ? #","image":"https://cdn.example/\#(i).jpg""# : ""))
        }
        let text = #"{"messages":[\#(items.joined(separator: ","))]}"#
        #expect(try readDirectly(text))
        let (direct, tree) = try bothWays(text)
        #expect(direct == tree)
        #expect(direct.summary == "inbox feed (getInboxMessages response without its response wrapper), 3000 messages")
        // The banners have no image here (750 shown as classic cards) and 150 carousels have buttons they do not show.
        #expect(direct.findings.filter { $0.message.hasPrefix("shown as classic instead of banner") }.count == 750)
        #expect(direct.findings.filter { $0.message.hasPrefix("2 buttons not shown: a carousel card") }.count == 150)
        #expect(direct.findings.count == 900)
    }

    @Test func whatTheDirectReadingLeavesToTheTreeStillGivesItsReport() throws {
        let cases = [
            // A code two items share (kept twice, or kept once and skipped once).
            #"{"response":{"messages":[\#(item("a")),\#(item("a", title: "\"B\""))]}}"#,
            #"{"response":{"messages":[\#(item("a")),\#(item("a", extra: #","status":4"#))]}}"#,
            // Not JSON, other shapes.
            #"{"response":{"messages":[\#(item("a")),]}}"#,
            #"[\#(item("a"))]"#,
            #"{"request":{"notifications":[{"content":"a","inbox_days":3}]}}"#,
            #"{"response":{"messages":[]},"response":{"messages":[\#(item("a"))]}}"#,
        ]
        for text in cases {
            let (direct, tree) = try bothWays(text)
            #expect(direct == tree)
        }
        #expect(try !readDirectly(cases[0]))
        #expect(try !readDirectly(cases[1]))
        #expect(try !readDirectly(cases[2]))
    }

    @Test func emptyAndAllSkippedFeeds() throws {
        for text in [#"{"response":{"messages":[]}}"#, #"{"messages":[{"inbox_id":"x"},3]}"#] {
            #expect(try readDirectly(text))
            let (direct, tree) = try bothWays(text)
            #expect(direct == tree)
        }
    }

    @Test func aKeyRepeatedBeforeTheMessagesIsListedFirst() throws {
        // The wrapper's repeats before and after the array, and the items' in between, in the parse's order.
        let text = #"{"a":1,"a":2,"response":{"messages":[\#(item("x", extra: #","title":"y""#))],"b":1,"b":2}}"#
        let (direct, tree) = try bothWays(text)
        #expect(direct == tree)
        #expect(direct.findings.filter { $0.message.contains("appears twice") }.map(\.path) == ["a", "response.messages[0].title", "response.b"])
    }
}
