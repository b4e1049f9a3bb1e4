// Reading getInboxMessages items straight from their bytes gives what the tree parser gives: the same messages, the
// same summaries of action_params, the same warnings with the same JSON paths, the same errors (spec §3.4, §3.10).

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxItemReaderTests {
    let direct = InboxFeedParser(now: Date(timeIntervalSince1970: 1_795_435_200), timeZone: TimeZone(identifier: "UTC")!)
    var tree: InboxFeedParser {
        var p = direct
        p.readsItemsDirectly = false
        return p
    }

    /// Messages equal as values and in what was read from their parameters (`==` compares only the text).
    static func identical(_ a: InboxMessage, _ b: InboxMessage) -> Bool {
        guard a == b else { return false }
        switch (a.storage, b.storage) {
        case (.none, .none): return true
        case (.text(let s), .text(let t)): return s.text == t.text && s.summary.asReadFromObjects == t.summary.asReadFromObjects
        case (.object(let o), .object(let p)): return o == p
        default: return false
        }
    }

    /// Both ways over one document: equal results (messages, summaries, warnings in order) or the same error.
    func expectSame(_ text: String, _ comment: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let a = Result { try InboxFeedReader.read(bytes, file: "f.json", parser: direct) }
        let b = Result { try InboxFeedReader.read(bytes, file: "f.json", parser: tree) }
        switch (a, b) {
        case (.success(let x), .success(let y)):
            #expect(x.diagnostics == y.diagnostics, "\(comment()) \(text)", sourceLocation: sourceLocation)
            #expect(x.messages.count == y.messages.count, "\(comment()) \(text)", sourceLocation: sourceLocation)
            for (m, n) in zip(x.messages, y.messages) {
                #expect(Self.identical(m, n), "\(comment()) \(text)", sourceLocation: sourceLocation)
            }
        case (.failure(let x), .failure(let y)):
            #expect(String(describing: x) == String(describing: y), "\(text)", sourceLocation: sourceLocation)
        default:
            Issue.record("one way failed, the other did not: \(a) / \(b) for \(text)", sourceLocation: sourceLocation)
        }
    }

    /// An item in a getInboxMessages response and in a bare array (where push-looking items go to the tree).
    func expectSameItem(_ item: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSame(#"{"response":{"messages":[\#(item)]}}"#, sourceLocation: sourceLocation)
        expectSame("[\(item), \(item)]", sourceLocation: sourceLocation)
    }

    static let base = #""inbox_id":"m1","order":"5","rt":4102444800,"text":"Body","action_type":0,"status":1"#

    /// A complete item with `action_params` set to the JSON string holding `params`.
    static func withParams(_ params: String) -> String {
        #"{\#(base),"action_params":\#(JSONValue.string(params).jsonText())}"#
    }

    @Test func theBundledSamplesReadTheSame() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/inbox")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 4)
        for f in files {
            expectSame(try String(contentsOf: folder.appendingPathComponent(f), encoding: .utf8), f)
        }
    }

    // The benchmark's items (bench/inbox.sh): every kind, buttons, a carousel, a pin; and they are read directly.
    @Test func theBenchmarksItemsReadTheSameAndDirectly() throws {
        let kinds = ["classic", "captioned", "banner", "carousel"]
        var items: [String] = []
        for i in 0..<20 {
            var ap: JSONObject = ["u": .string(#"{"displayType": "\#(kinds[i % 4])"}"#)]
            if i % 4 == 3 { ap["carousel"] = [.object(["image": .string("https://cdn.example/\(i)-a.jpg")]), .object(["image": .string("https://cdn.example/\(i)-b.jpg")])] }
            if i % 5 == 0 { ap["buttons"] = [.object(["title": "Open", "url": .string("https://example.com/\(i)")]), .object(["title": "Later", "action": "dismiss"])] }
            if i % 7 == 0 { ap["pinned"] = true }
            var item = #"{"inbox_id":"m\#(i)","order":"\#(i)","rt":4102444800,"send_date":\#(1_795_000_000 + i * 7),"title":"Message \#(i)","text":"Body \#(i)","action_type":0,"status":\#(i % 3 == 0 ? 2 : 1),"hash":"h\#(i)","action_params":\#(JSONValue.string(JSONValue.object(ap).jsonText()).jsonText())"#
            if i % 4 == 1 || i % 4 == 2 { item += #","image":"https://cdn.example/\#(i).jpg""# }
            items.append(item + "}")
            let bytes = Array(items[i].utf8)
            #expect(try bytes.withUnsafeBufferPointer { try InboxItemReader.fields($0, bare: false) } != nil)
            #expect(InboxItemReader.summary(JSONValue.object(ap).jsonText()) != nil)
        }
        expectSame(#"{"response":{"messages":[\#(items.joined(separator: ","))]}}"#)
        expectSame("[\(items.joined(separator: ","))]")
    }

    // spec §3.10 "Validity" and "Field mapping": every required key missing, every field of every type.
    @Test func missingAndMistypedFieldsWarnTheSame() {
        let fields = ["inbox_id": #""m1""#, "order": #""5""#, "rt": "4102444800", "text": #""Body""#, "action_type": "0", "status": "1"]
        for key in fields.keys {
            expectSameItem("{" + fields.filter { $0.key != key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}")
        }
        expectSameItem("{}")
        expectSameItem(#"{"title":"only"}"#)
        let values = ["1", "-0", "2.5", "1e3", "1E400", "-1e400", #""2""#, #"" 3 ""#, #""x""#, #""""#, "true", "false", "null",
                      "[]", "[1,\"a\"]", "{}", #"{"a":1}"#, #""\u0031""#, "4", "5", "6", "-1", "99999999999", #""1795000000""#,
                      #""1e11""#, "1e11", "99999999999.5", #""é日本😀""#, #""\ud83d\ude00""#, #""\ud800""#, #""a\"b\\c\/\n\t""#]
        for key in ["inbox_id", "order", "rt", "text", "status", "title", "image", "send_date", "hash", "action_params", "action_type"] {
            for v in values {
                var f = fields
                f[key] = v
                expectSameItem("{" + f.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}")
            }
        }
    }

    // spec §3.10: status 4 is dropped by the full-list request; 5 is kept; the expiry is `rt` in Unix seconds.
    @Test func statusesAndDatesDecideTheSame() {
        for status in ["0", "1", "2", "3", "4", "5", #""4""#, #""5""#] {
            for rt in ["0", "1795435199", "1795435201", #""1795435201""#, "null"] {
                expectSameItem(#"{"inbox_id":"a","order":1,"rt":\#(rt),"text":"t","action_type":0,"status":\#(status),"send_date":1795000000}"#)
            }
        }
    }

    // A repeated key keeps its last value, in the item and in action_params; a key may be written with escapes.
    @Test func repeatedAndEscapedKeysReadTheSame() {
        expectSameItem(#"{\#(Self.base),"status":4}"#)
        expectSameItem(#"{"status":4,\#(Self.base)}"#)
        expectSameItem(#"{\#(Self.base),"inbox_id":"second","inbox_id":"third"}"#)
        expectSameItem(#"{\#(Self.base),"action_params":"{}","action_params":7}"#)
        expectSameItem(#"{\#(Self.base),"title":"a","title":null}"#)
        expectSameItem(#"{"inbox\u005fid":"m1","order":"5","rt":4102444800,"text":"Body","action_type":0,"st\u0061tus":1}"#)
        expectSameItem(Self.withParams(#"{"pinned":true,"pinned":false}"#))
        expectSameItem(Self.withParams(#"{"displayType":"banner","u":"{}","displayType":"carousel","carousel":[{"image":"x"}]}"#))
        expectSameItem(Self.withParams(#"{"u":"{\"displayType\":\"video\"}","u":{"displayType":"wallet","wallet":"https://w.example/p"}}"#))
        expectSameItem(Self.withParams(#"{"display\u0054ype":"Captioned","im\u0061ge":"https://i.example/x.png"}"#))
        expectSameItem(Self.withParams(#"{"u":"{\"pinned\":1,\"pinned\":0}"}"#))
    }

    /// `keysDistinct` (validate then skips the item's repeated-key bookkeeping) only where no key repeats: every member
    /// one the reader reads, each once, none an object or array.
    @Test func anItemRepeatsNoKeyOnlyWhenItsMembersShowIt() throws {
        func distinct(_ text: String) throws -> Bool {
            let bytes = Array(text.utf8)
            let f = try bytes.withUnsafeBufferPointer { try InboxItemReader.fields($0, bare: false, checksKeys: true) }
            // Not asked, not found: loading leaves it false.
            #expect(try bytes.withUnsafeBufferPointer { try InboxItemReader.fields($0, bare: false) }?.keysDistinct != true)
            let repeats = try bytes.withUnsafeBufferPointer { try JSONParser.repeatedKeys(in: $0, at: JSONPath()) }
            #expect(bytes.withUnsafeBufferPointer(InboxFeedReader.distinctKeysAgree))
            if f?.keysDistinct == true { #expect(repeats.count == 0) }
            return f?.keysDistinct ?? false
        }
        #expect(try distinct(#"{\#(Self.base)}"#))
        #expect(try distinct(#"{\#(Self.base),"title":"T","image":"https://x","send_date":1,"hash":"h"}"#))
        #expect(try distinct(Self.withParams(#"{"pinned":true,"pinned":false}"#)))  // inside the text: not the item's
        #expect(try !distinct(#"{\#(Self.base),"status":4}"#))
        #expect(try !distinct(#"{"inbox_id":"m1","inbox_id":"m2","order":"5","rt":1,"text":"B","action_type":0,"status":1}"#))
        #expect(try !distinct(#"{\#(Self.base),"extra":1}"#))  // a member the reader does not read: looked at as before
        #expect(try !distinct(#"{\#(Self.base),"hash":{"k":1,"k":2}}"#))
        #expect(try !distinct(#"{\#(Self.base),"title":[{"a":1,"a":2}]}"#))
        #expect(try !distinct(#"{\#(Self.base),"aps":{}}"#))
    }

    // spec §3.4: where displayType, the pin, the image, buttons and the rich cards are read from, and their types.
    @Test func actionParamsReadTheSame() {
        let params = [
            "{}", "[]", "[1]", "5", "\"s\"", "null", "not json", "{} x", "{\"a\":}", "\u{FEFF}{\"pinned\":true}", " { } ",
            #"{"displayType":"Carousel","carousel":[{"image":"https://a/1.jpg","url":"app://x"},{"image":""}]}"#,
            #"{"displayType":"carousel","carousel":[{"title":"no image"}]}"#,
            #"{"displayType":"carousel","carousel":{"image":"x"},"u":"{\"carousel\":[{\"image\":\"y\"}]}"}"#,
            #"{"displayType":"fancy","image":"https://i/x.png"}"#,
            #"{"displayType":7,"u":{"displayType":"BANNER"}}"#,
            #"{"u":"{\"displayType\":\"video\",\"video\":{\"url\":\"https://v/x.mp4\",\"poster\":\"p\"}}"}"#,
            #"{"displayType":"video","video":{"url":"ftp://v/x.mp4"},"u":{"video":{"url":"https://v/y.mp4"}}}"#,
            #"{"displayType":"video","video":"https://v/x.mp4","u":"{\"video\":{\"url\":\"https://v/y.mp4\"}}"}"#,
            #"{"displayType":"wallet","wallet":{"pass":"https://w/p"}}"#,
            #"{"displayType":"wallet","wallet":"mailto:x","u":"{\"wallet\":\"https://w/q\"}"}"#,
            #"{"displayType":"wallet","wallet":{"pass":"http:"}}"#,
            #"{"userdata":{"displayType":"captioned","pinned":1},"image":"https://i/x.png"}"#,
            #"{"userdata":"{\"displayType\":\"captioned\"}","u":"{\"image\":\"https://i/u.png\"}"}"#,
            #"{"pinned":"true","u":"{\"pinned\":0}","userdata":{"pinned":true}}"#,
            #"{"pinned":null,"u":{"pinned":false},"userdata":{"pinned":1}}"#,
            #"{"pinned":0.0}"#, #"{"pinned":-3}"#, #"{"pinned":[]}"#,
            #"{"buttons":"not an array"}"#, #"{"buttons":[]}"#, #"{"u":"{\"buttons\":[{\"title\":\"Go\",\"url\":\"x://y\"}]}"}"#,
            #"{"u":"{\"buttons\":7}"}"#, #"{"u":"[1]"}"#, #"{"u":"{bad"}"#, #"{"u":"\"{}\""}"#, #"{"u":7}"#,
            #"{"image":""}"#, #"{"image":7,"u":{"image":"https://i/u.png"}}"#, #"{"u":"{\"image\":\"\"}"}"#,
            #"{"attachment":"https://cdn/a.png"}"#, #"{"attachment":"http://cdn/a.png"}"#, #"{"attachment":"ftp://a"}"#,
            #"{"attachment":5}"#, #"{"l":"https://x.y","h":"rich","rm":1,"r":"x"}"#,
            #"{"other":{"deep":[1,2,{"x":[true,false,null,"\u00e9\ud83d\ude00"]}]},"pinned":1}"#,
            "{\"x\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
            "{\"x\":" + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + ",\"pinned\":true}",
            #"{"x":"\ud800 lone","y":"\u00"}"#, "{\"x\":\"tab\u{9}inside\"}", #"{"x":1.}"#, #"{"x":01}"#, #"{"x":-}"#, #"{"x":tru}"#,
        ]
        for p in params { expectSameItem(Self.withParams(p)) }
    }

    // Unicode: escapes, surrogate pairs (a lone one becomes U+FFFD), raw UTF-8 and bad UTF-8 in every field.
    @Test func unicodeReadsTheSame() {
        for s in [#""\u00e9\u65e5\ud83d\ude00""#, #""\ud83d""#, #""\udc00\ud83d x""#, "\"é日本😀 \u{1F469}\u{200D}\u{1F4BB}\"", #""\u0000""#] {
            expectSameItem(#"{\#(Self.base),"title":\#(s),"image":\#(s),"hash":\#(s)}"#)
            expectSameItem(#"{"inbox_id":\#(s),"order":\#(s),"rt":4102444800,"text":\#(s),"action_type":0,"status":1}"#)
        }
        // Bytes that are not UTF-8 inside a string: a syntax error, the same way.
        var bytes = Array(#"{"response":{"messages":[{\#(Self.base),"title":""#.utf8)
        bytes += [0xC3, 0x28] + Array(#""}]}}"#.utf8)
        let a = Result { try InboxFeedReader.read(bytes, file: "f.json", parser: direct) }
        let b = Result { try InboxFeedReader.read(bytes, file: "f.json", parser: tree) }
        #expect(String(describing: a) == String(describing: b))
        #expect(throws: JSONSyntaxError.self) { try a.get() }
    }

    // Items that are not getInboxMessages items, and items that are not JSON: the tree reads and reports them.
    @Test func malformedItemsWarnAndFailTheSame() {
        for item in ["1", "\"s\"", "null", "true", "[]", "[{\"inbox_id\":\"x\"}]", "{\"a\":{}}"] {
            expectSameItem(item)
        }
        for item in [#"{"inbox_id":}"#, #"{"inbox_id":"a",}"#, #"{"inbox_id" "a"}"#, #"{inbox_id:1}"#, #"{"a":1 "b":2}"#,
                     #"{"text":"unterminated}"#, #"{"text":"\x"}"#, #"{"text":"\u12G4"}"#, "{\"text\":\"raw\ncontrol\"}",
                     #"{"a":[1,2}"#, #"{"a":{"b":1]}"#, #"{"a":nul}"#, #"{"a":+1}"#, #"{"a":.5}"#, #"{"a":1e}"#] {
            expectSame(#"{"response":{"messages":[\#(Self.withParams("{}")),\#(item)]}}"#)
            expectSame("[\(item)]")
        }
        // Nesting past the parser's limit inside an item's unknown member.
        let deep = String(repeating: "[", count: 520) + String(repeating: "]", count: 520)
        expectSame(#"{"response":{"messages":[{\#(Self.base),"x":\#(deep)}]}}"#)
    }

    // In a bare array an item with a push's keys is a push (spec §3.10 "Parsing a push message"), by the tree.
    @Test func pushesInABareArrayReadTheSame() {
        for push in [#"{"aps":{"alert":"hi"},"pw_inbox":"p","inbox_params":{"rt":"2026-01-01"}}"#,
                     #"{\#(Self.base),"pw_inbox":"p"}"#, #"{\#(Self.base),"pw\u005finbox":"p"}"#, #"{\#(Self.base),"aps":{}}"#,
                     #"{\#(Self.base),"inbox_params":{"rt":"2026-01-01"}}"#, #"{"aps":{"alert":{"title":"T"}},"pw_inbox":"q","inbox_params":{"rt":1}}"#] {
            expectSame("[\(push), \(Self.withParams("{}"))]")
            expectSame(#"{"messages":[\#(push)]}"#)
        }
    }

    // The summary read from the members it needs is the one read from the whole tree, attachment included.
    @Test func summaryFromTheMembersItNeedsIsTheSummaryOfTheTree() {
        let texts = [#"{"u":"{\"displayType\": \"carousel\"}","carousel":[{"image":"https://cdn.example/3-a.jpg"}]}"#,
                     #"{"buttons":[{"title":"Open","url":"https://example.com/0"}],"pinned":true,"attachment":"https://a/b"}"#,
                     #"{"u":{"buttons":[],"pinned":2,"displayType":"Wallet","wallet":{"pass":"https://w/p"}}}"#,
                     #"{"userdata":{"pinned":0},"u":"{\"image\":\"https://i/u.png\",\"video\":{}}"}"#, "[]", "{", ""]
        for text in texts {
            let tree = InboxMessage.parseObject(text)
            let read = InboxItemReader.summary(text)
            #expect((read == nil) == (tree == nil), "\(text)")
            guard let tree, let read else { continue }
            #expect(read.0 == InboxMessage.Summary(InboxMessage.Params(tree)), "\(text)")
            #expect(read.attachment == tree["attachment"], "\(text)")
        }
    }

    /// The quick reading either declines (nil) or gives the tree's summary, with no attachment; and both are the
    /// summary of the whole parsed object (spec §3.4 displayType, pin, carousel; §3.10 action_params).
    func expectQuickIsTree(_ text: String, taken: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        var utf8 = text
        utf8.withUTF8 { bytes in
            let quick = InboxItemReader.quickSummary(bytes)
            let tree = InboxItemReader.treeSummary(bytes)
            if let taken { #expect((quick != nil) == taken, "\(text)", sourceLocation: sourceLocation) }
            guard let quick else { return }
            #expect(tree?.0 == quick.asReadFromObjects, "\(text)", sourceLocation: sourceLocation)
            #expect(tree?.attachment == nil, "\(text)", sourceLocation: sourceLocation)
            #expect(InboxMessage.parseObject(text).map { InboxMessage.Summary(InboxMessage.Params($0)) } == quick.asReadFromObjects,
                    "\(text)", sourceLocation: sourceLocation)
            // A row reading only the root's buttons makes the row the whole parameters make (spec §3.5 buttons).
            let message = InboxMessage(code: "m", title: "T", message: "B", imageUrl: nil, sendDate: nil, expirationDate: nil,
                                       sortOrder: "1", inboxHash: nil, actionParamsText: text, summary: quick,
                                       attachmentUrl: nil, status: .delivered, source: nil)
            var parsed = message
            parsed.actionParams = message.actionParams
            #expect(InboxRow(message, forceCellKind: nil) == InboxRow(parsed, forceCellKind: nil), "\(text)", sourceLocation: sourceLocation)
        }
    }

    // The bench's and the samples' common shapes are read without objects, and give the tree's summary.
    @Test func commonShapesAreReadQuicklyAsTheTreeReadsThem() {
        for kind in ["classic", "captioned", "banner", "carousel", "video", "wallet", "default", "Carousel", "BANNER", "nothing", ""] {
            let u = JSONValue.string(#"{"displayType":"\#(kind)"}"#).jsonText()
            expectQuickIsTree(#"{"u":\#(u)}"#, taken: true)
            expectQuickIsTree(#"{"u":\#(u),"carousel":[{"image":"https://cdn.example/1-a.jpg"},{"image":"https://cdn.example/1-b.jpg"}]}"#, taken: true)
            expectQuickIsTree(#"{"u":\#(u),"buttons":[{"title":"Open","url":"https://example.com/0"},{"title":"Later","action":"dismiss"}],"pinned":true}"#, taken: true)
            expectQuickIsTree(#"{"pinned":false,"l":"https://x","u":\#(u),"carousel":[]}"#, taken: true)
        }
        expectQuickIsTree("{}", taken: true)
        expectQuickIsTree(#"{"buttons":[{"title":"","url":"https://x"},{"title":"Go","url":"noscheme","extra":[1]},{"title":"M","action":"MarkRead"},5],"u":"{\"displayType\":\"classic\"}"}"#, taken: true)
        expectQuickIsTree(#"{"buttons":[{"title":"First"}],"buttons":[{"title":"Last","url":"app://x"}],"buttons":7}"#, taken: true)
        expectQuickIsTree(#"{"buttons":{"title":"not a list"},"u":"{\"displayType\":\"captioned\"}"}"#, taken: true)
        expectQuickIsTree(#"{"u":"{}","h":"abc","rm":{"x":[1,2]}}"#, taken: true)
        expectQuickIsTree(#" { "u" : " { \"displayType\" : \"Carousel\" , \"title\":1 } " , "carousel" : [ 1 , { "image" : "" } , { "image" : "x" , "image" : "" } , { "url" : "u" , "image" : "\u0078" } ] } "#, taken: true)
    }

    // The commonest `u` is recognised in its escaped form (`displayTypeOnly`), not decoded; every near miss is read
    // the decoded way, and both give the tree's summary.
    @Test func theUsualUserDataIsReadWithoutDecodingIt() {
        // Each is the raw text of `u`'s JSON string, between its quotes.
        let taken = [#"{\"displayType\": \"classic\"}"#, #"{\"displayType\":\"Carousel\"}"#, #"  {  \"displayType\"  :  \"BANNER\"  }  "#,
                     #"{\"displayType\": \"poster\"}"#, #"{\"displayType\": \"x\"}"#]
        let declined = [#"{\"displayType\": \"\"}"#, #"{\"displayType\": \"clas sic\"}"#, #"{\"displayType\": \"classic2\"}"#,
                        #"{\"displayType\": \"cl\u0061ssic\"}"#, #"{\"displayType\"\n: \"classic\"}"#, #"{\"displaytype\": \"classic\"}"#,
                        #"{\"displayType\": \"classic\", \"x\": 1}"#, #"{\"displayType\": \"classic\"} x"#,
                        #"{\\\"displayType\": \"classic\"}"#, #"{\"displayType\": \"cl\u00e4ssic\"}"#, #"\t{\"displayType\": \"classic\"}"#,
                        #"{\"displayType\": \"clässic\"}"#, #"[\"displayType\", \"classic\"]"#]
        for raw in taken + declined {
            let bytes = Array((raw + "\"").utf8)
            let read = bytes.withUnsafeBufferPointer { InboxItemReader.displayTypeOnly($0) }
            #expect((read != nil) == taken.contains(raw), "\(raw)")
            if let read { #expect(read.1 == bytes.count, "\(raw)") }
            expectQuickIsTree(#"{"u":"\#(raw)","pinned":true}"#)
            expectQuickIsTree(#"{"buttons":[],"u":"\#(raw)"}"#)
        }
        #expect(Array(#"{\"displayType\": \"Carousel\"}""#.utf8).withUnsafeBufferPointer { InboxItemReader.displayTypeOnly($0)?.0.kind } == .carousel)
        #expect(Array(#"{\"displayType\": \"poster\"}""#.utf8).withUnsafeBufferPointer { InboxItemReader.displayTypeOnly($0)?.0.named } == true)
    }

    // What the quick reading leaves to the tree: members it does not read, repeats, other types, bad JSON.
    @Test func unusualShapesAreLeftToTheTree() {
        let declined = [#"{"u":{"displayType":"classic"}}"#, #"{"u":"{\"displayType\":\"a\"}","u":"{}"}"#,
                        #"{"u":"{\"displayType\":1}"}"#, #"{"u":"{\"displayType\":\"a\",\"displayType\":\"b\"}"}"#,
                        #"{"u":"{\"image\":\"https://i\"}"}"#, #"{"u":"{\"pinned\":true}"}"#, #"{"u":"{\"buttons\":[]}"}"#,
                        #"{"u":"{\"carousel\":[]}"}"#, #"{"u":"{\"video\":{}}"}"#, #"{"u":"{\"wallet\":\"https://w\"}"}"#,
                        #"{"u":"[]"}"#, #"{"u":"{"}"#, #"{"u":"5"}"#, #"{"u":7}"#, #"{"pinned":1}"#, #"{"pinned":"true"}"#,
                        #"{"pinned":null}"#, #"{"pinned":true,"pinned":false}"#, #"{"carousel":{}}"#, #"{"carousel":[],"carousel":[]}"#,
                        #"{"image":"https://i"}"#, #"{"video":{"url":"https://v"}}"#, #"{"wallet":"https://w"}"#,
                        #"{"userdata":{"pinned":1}}"#, #"{"attachment":"https://a"}"#, #"{"displayType":"wallet"}"#,
                        #"{"\u0075":"{}","u":"{}"}"#, "[]", "{", "", "null", #"{"u":"{}"} x"#, #"{"carousel":[{"image":"\ud800"}],}"#]
        for text in declined { expectQuickIsTree(text, taken: false) }
    }

    // Every combination of up to three members, repeats and escaped keys included: declined or the tree's summary.
    @Test func quickReadingAgreesWithTheTreeOnCombinedMembers() {
        let u = ["classic", "Carousel", "İ", "x", ""].map { #""u":\#(JSONValue.string(#"{"displayType":"\#($0)","title":[1]}"#).jsonText())"# }
        let members = u + [#""u":"{}""#, #""\u0075":"{\"displayType\":\"carousel\"}""#, #""pinned":true"#, #""pinned":false"#,
                           #""buttons":null"#, #""butt\u006fns":[]"#, #""carousel":[{"image":"a"}]"#, #""carousel":[{"image":""},2]"#,
                           #""carousel":[{"image":"a","image":null}]"#, #""carousel":[[{"image":"a"}]]"#, #""image":"""#,
                           #""userdata":{}"#, #""l":"https://x""#, #""attachment":"ftp://a""#]
        for a in members {
            expectQuickIsTree("{\(a)}")
            for b in members {
                expectQuickIsTree("{\(a),\(b)}")
                for c in members.prefix(9) { expectQuickIsTree("{\(a),\(b),\(c)}") }
            }
        }
    }

    /// `quickRootButtons` declines `text` or gives what the tree gives; `taken`: it must not decline.
    func expectQuickButtonsAreTree(_ text: String, taken: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        Array(text.utf8).withUnsafeBufferPointer { b in
            let quick = InboxItemReader.quickRootButtons(b), tree = InboxItemReader.treeRootButtons(b)
            if let quick { #expect(quick == tree, "\(text)", sourceLocation: sourceLocation) }
            if let taken { #expect((quick != nil) == taken, "\(text) taken: \(quick != nil)", sourceLocation: sourceLocation) }
        }
    }

    // Rows with buttons (spec §3.6, `PushwooshInboxButton.swift`): the bench's shapes and the usual ones are read
    // from the bytes as the objects read them; custom actions, repeats, other members, non-strings, non-ASCII actions
    // and broken JSON are left to the tree; every pair of items from a varied list is declined or the tree's.
    @Test func buttonsAreReadFromTheBytesAsTheTreeReadsThem() {
        let taken = [#"{"buttons":[{"title":"Open","url":"https://example.com/0"},{"title":"Later","action":"dismiss"}]}"#,
                     #"{"u":"{\"displayType\": \"classic\"}","buttons":[{"title":"Open","url":"https://example.com/5"},{"title":"Later","action":"dismiss"}],"pinned":true}"#,
                     #"{"buttons":[]}"#, #"{"pinned":true}"#, #"{}"#, #"{"buttons":[{"title":"","url":"https://a"},{"url":"https://b"}]}"#,
                     #"{"buttons":[{"title":"R","action":"MarkRead"},{"title":"D","action":"DISMISS","url":"x"}]}"#,
                     #"{ "buttons" : [ { "title" : "\u00c9t\u00e9", "url" : "app://x" } ] , "x":[1,{"y":null}] }"#,
                     #"{"buttons":[{"title":"Go","action":"open","url":"https://a"}]}"#,
                     #"{"butt\u006fns":[{"title":"T","action":"dismiss"}]}"#]  // an escaped key is decoded
        for text in taken { expectQuickButtonsAreTree(text, taken: true) }
        let declined = [#"{"buttons":[{"title":"T","tag":"x"}]}"#, #"{"buttons":[{"title":"T","url":"noscheme"}]}"#,
                        #"{"buttons":[{"title":"T"}]}"#, #"{"buttons":[{"title":"T","url":"https://a","url":"https://b"}]}"#,
                        #"{"buttons":[],"buttons":[{"title":"T","action":"dismiss"}]}"#, #"{"buttons":{}}"#, #"{"buttons":null}"#,
                        #"{"buttons":[1]}"#, #"{"buttons":[{"title":1,"action":"dismiss"}]}"#,
                        #"{"buttons":[{"title":"T","action":"\u212Aey"}]}"#, #"{"buttons":[{"title":"T","action":"mar\u212Aread"}]}"#,
                        #"{"buttons":[{"title":"T","action":"dismiss"}],}"#, #"{"buttons":[{"title":"T","action":"dismiss"}]} x"#,
                        "[]", "", "{", "null"]
        for text in declined { expectQuickButtonsAreTree(text, taken: false) }
        let items = [#"{"title":"O","url":"https://e/1"}"#, #"{"title":"L","action":"dismiss"}"#, #"{"title":"M","action":"markread"}"#,
                     #"{"title":"","action":"dismiss"}"#, #"{"action":"dismiss"}"#, #"{"title":"C","url":"a b:c"}"#,
                     #"{"title":"X","url":"javascript:alert(1)"}"#, #"{"title":"K","action":"Dismiss","url":"https://k"}"#,
                     #"{"title":"T","action":"other"}"#, #"{"title":"\ud83d\ude00","url":"tel:1"}"#, #"{}"#, #"[]"#]
        for a in items {
            for b in items { expectQuickButtonsAreTree(#"{"buttons":[\#(a),\#(b)],"pinned":false}"#) }
        }
    }

    // The kind a displayType names, read from its bytes: what `lowercased` and the raw value give, for every kind in
    // any case, near misses, and non-ASCII (the Kelvin sign and dotted capital I lowercase to other letters).
    @Test func theKindIsReadFromTheBytesAsLowercasedNamesIt() {
        var names = ["", "x", "classi", "classicc", "c1assic", "Carousel ", "\u{212A}", "\u{130}", "CAROUSEL\u{301}", "vidéo", "ｖｉｄｅｏ"]
        for kind in InboxCellKind.allCases {
            names += [kind.rawValue, kind.rawValue.uppercased(), kind.rawValue.capitalized, String(kind.rawValue.dropLast()) + "@"]
        }
        for name in names {
            var utf8 = name
            #expect(utf8.withUTF8(InboxItemReader.kind(lowercased:)) == InboxCellKind(rawValue: name.lowercased()), "\(name)")
        }
    }
}
