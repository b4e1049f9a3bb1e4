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
}
