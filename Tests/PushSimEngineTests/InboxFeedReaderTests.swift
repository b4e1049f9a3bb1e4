// Reading feeds message by message gives the same result as parsing the whole document, and the same errors.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxFeedReaderTests {
    let parser = InboxFeedParser(now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!)
    let item = #"{"inbox_id":"a","order":"1","rt":4102444800,"text":"x \"q\" ]}","action_type":0,"status":1,"action_params":"{\"u\":\"{\\\"pinned\\\":true}\"}"}"#

    func both(_ text: String) throws -> (InboxFeedParser.Result, InboxFeedParser.Result) {
        let bytes = Array(text.utf8)
        return (try InboxFeedReader.read(bytes, file: "f.json", parser: parser),
                try parser.parse(JSONParser.parse(bytes: bytes), file: "f.json"))
    }

    @Test func everyShapeMatchesTheWholeDocumentParse() throws {
        let push = #"{"aps":{"alert":"hi"},"pw_inbox":"p","inbox_params":{"rt":"2026-01-01"}}"#
        for text in [
            #"{"status_code":200,"response":{"other":[1,{"a":"]"}],"messages":[\#(item),{"inbox_id":"b"}]},"tail":null}"#,
            #"{"messages":[\#(item)]}"#,
            " [\(item), \(push)] ",
            #"{"request":{"notifications":[{"content":"c","inbox_days":2}]}}"#,
            push,
        ] {
            let (streamed, whole) = try both(text)
            #expect(streamed == whole, "\(text)")
        }
        let (r, _) = try both(#"{"response":{"messages":[\#(item)]}}"#)
        #expect(r.messages.first.map(InboxCellResolver.isPinned) == true)
        #expect(r.messages.first?.message == #"x "q" ]}"#)
    }

    @Test func syntaxErrorsStillNameTheFileLineAndColumn() {
        let text = "{\"response\":{\"messages\":[\n{\"inbox_id\": }]}}"
        #expect(throws: JSONSyntaxError(line: 2, column: 14, reason: "unexpected '}'; expected a value")) {
            _ = try InboxFeedReader.read(Array(text.utf8), file: "f.json", parser: parser)
        }
        #expect(throws: JSONSyntaxError.self) { _ = try InboxFeedReader.read(Array("[1,".utf8), file: "f.json", parser: parser) }
    }

    // Found by `make fuzz` (inbox target, docs/reliability.md): the splitter skipped the wrapper's other members by
    // their brackets only, so `{"status_message": \xA2OK", "response": {…}}` was read as a feed although it is not
    // JSON; and of two message arrays it kept the first where the full parse keeps the last.
    @Test func brokenWrappersAndRepeatedArraysGoThroughTheFullParser() throws {
        let broken: [UInt8] = Array(#"{"status_message": "#.utf8) + [0xA2] + Array(#"OK", "response": {"messages": []}}"#.utf8)
        #expect(throws: JSONSyntaxError(line: 1, column: 20, reason: "unexpected byte 0xA2; expected a value")) {
            _ = try InboxFeedReader.read(broken, file: "f.json", parser: parser)
        }
        for text in [#"{"response": {"x": [1, }, "messages": []}}"#, #"{"code": [}], "messages": []}"#] {
            #expect(throws: JSONSyntaxError.self, "\(text)") { _ = try InboxFeedReader.read(Array(text.utf8), file: "f.json", parser: parser) }
        }
        for text in [
            #"{"messages": [{"inbox_id": "first"}], "messages": [\#(item)]}"#,
            #"{"response": {"messages": [\#(item)]}, "response": {"other": 1}, "messages": []}"#,
            #"{"messages": [\#(item)], "response": {"messages": [{"inbox_id": "b"}]}}"#,
            #"{"response": {"messages": [{"inbox_id": "b"}], "messages": [\#(item)]}}"#,
        ] {
            let (streamed, whole) = try both(text)
            #expect(streamed == whole, "\(text)")
        }
    }

    /// A feed large enough to be read by several cores (more than `minimumChunk` items per core), with skipped
    /// items, pushes and warnings spread over every chunk.
    func largeFeed(_ n: Int, brokenAt: Int? = nil) -> String {
        var parts: [String] = []
        for i in 0..<n {
            if i == brokenAt { parts.append(#"{"inbox_id": }"#); continue }
            switch i % 7 {
            case 3: parts.append(#"{"inbox_id":"s\#(i)"}"#)  // skipped: missing keys
            case 5: parts.append(#"{"aps":{"alert":"p\#(i)"},"pw_inbox":"p\#(i)","inbox_params":{"rt":"bad"}}"#)  // a push with a warning
            default: parts.append(#"{"inbox_id":"m\#(i)","order":"\#(i)","rt":"x","text":"t\#(i)","action_type":0,"status":\#(i % 4 == 0 ? 2 : 1)}"#)
            }
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    @Test func aFeedReadByEveryCoreKeepsFileOrderForMessagesAndWarnings() throws {
        let n = InboxFeedReader.minimumChunk * 3 + 17
        let (streamed, whole) = try both(largeFeed(n))
        #expect(streamed == whole)
        #expect(streamed.messages.count == n - (n + 3) / 7)  // every item but the skipped ones (i % 7 == 3)
        let lastServer = (0..<n).last { $0 % 7 != 3 && $0 % 7 != 5 }!
        #expect(streamed.messages.first?.code == "m0" && streamed.messages.last?.code == "m\(lastServer)")
        #expect(streamed.diagnostics.first?.path == "f.json:[0].rt")
    }

    @Test func aSyntaxErrorInAnyChunkIsReportedWhereItIs() {
        let n = InboxFeedReader.minimumChunk * 3
        for broken in [0, n / 2, n - 1] {
            let text = largeFeed(n, brokenAt: broken)
            let expected = #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(bytes: Array(text.utf8)) }
            let got = #expect(throws: JSONSyntaxError.self) { _ = try InboxFeedReader.read(Array(text.utf8), file: "f.json", parser: parser) }
            #expect(got == expected, "item \(broken)")
        }
    }
}
