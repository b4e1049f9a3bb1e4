// A feed message's action_params held as text: read on demand, the same as the parsed value, warned where malformed.
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseRulesTests.

import Foundation
import Testing
@testable import PushSimEngine

/// Issue 14: a feed message keeps its `action_params` as the JSON text and parses it when read (spec §3.10: the
/// SDK parses `action_params` from a JSON string). Whatever is read from it — parameters, `u`, the pin, the type,
/// buttons, rich cards, the card kind and image — is what the parsed value gives, and malformed parameters are
/// still reported where they are, with their JSON path, when the feed is read.
@Suite struct InboxLazyActionParamsTests {
    let parser = InboxFeedParser(now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!)

    func feed(_ params: [JSONValue]) -> String {
        let items = params.enumerated().map { i, p -> String in
            var o: JSONObject = ["inbox_id": .string("m\(i)"), "order": .string("\(i)"), "rt": 4_102_444_800, "text": "t",
                                 "action_type": 0, "status": 1, "title": i % 2 == 0 ? "T" : .null]
            o["action_params"] = p
            return JSONValue.object(o).jsonText()
        }
        return #"{"response":{"messages":["# + items.joined(separator: ",") + "]}}"
    }

    // spec §3.4 (displayType, image), §3.5–3.6 (buttons), §3.7 (pinned), §3.10 (type, attachment)
    @Test func parametersHeldAsTextReadAsTheParsedValue() throws {
        let texts = [
            #"{"u":"{\"displayType\":\"classic\"}","buttons":[{"title":"Open","url":"https://e.x/1"},{"title":"Later","action":"dismiss"}]}"#,
            #"{"u":"{\"displayType\":\"carousel\",\"pinned\":1}","carousel":[{"image":"https://c/a.jpg"},{"image":"https://c/b.jpg","url":"app://x"}]}"#,
            #"{"pinned":false,"u":{"pinned":true,"buttons":[{"title":"U","tag":"t"}]},"l":"https://link"}"#,
            #"{"displayType":"video","video":{"url":"https://v/1.mp4","poster":"p.jpg"},"h":"rich"}"#,
            #"{"u":"{\"wallet\":{\"pass\":\"https://w/p\"},\"displayType\":\"wallet\",\"image\":\"u.png\"}","attachment":"https://a/1.png"}"#,
            #"{"u":"not json","userdata":{"pinned":1,"displayType":"banner"},"image":"root.png","l":"myapp://deep"}"#,
            #"{"carousel":"not an array","u":"{\"carousel\":[{\"image\":\"\"}],\"displayType\":\"carousel\"}"}"#,
            #"{"u":"{\"displayType\":\"wallet\",\"wallet\":\"ftp://x\"}"}"#,
            #"{"displayType":"VIDEO","video":{"url":"ftp://v"},"buttons":"not an array"}"#,
            #"{"u":"{\"displayType\":\"Story\"}"}"#,
            #"{"displayType":"DEFAULT","u":"{\"pinned\":true}"}"#,
        ]
        let r = try InboxFeedReader.read(Array(feed(texts.map(JSONValue.string)).utf8), file: "f.json", parser: parser)
        #expect(r.diagnostics.isEmpty)
        #expect(r.messages.count == texts.count)
        for (m, text) in zip(r.messages, texts) {
            guard case .text(let t) = m.storage else {
                Issue.record("\(m.code): action_params was not kept as text")
                continue
            }
            #expect(t.text == text)
            let value = try #require(JSONParser.parse(text).objectValue)
            var held = m
            held.actionParams = value  // the same message with its parameters held as a value
            #expect(m.actionParams == value)
            #expect(m.userData == held.userData)
            #expect(m.params == held.params)
            #expect(m == held, "text and value of the same parameters are the same message")
            #expect(InboxCellResolver.isPinned(m) == InboxCellResolver.isPinned(held), "\(text)")
            #expect(m.type == held.type)
            #expect(InboxButton.decode(m) == InboxButton.decode(held))
            #expect(InboxCarouselSlide.decode(m) == InboxCarouselSlide.decode(held))
            #expect(InboxVideoContent.decode(m) == InboxVideoContent.decode(held))
            #expect(InboxWalletPass.decode(m) == InboxWalletPass.decode(held))
            #expect(InboxCellResolver.resolvedImageURL(m) == InboxCellResolver.resolvedImageURL(held))
            #expect(InboxCellResolver.resolve(m, sdk: .v7_1_3) == InboxCellResolver.resolve(held, sdk: .v7_1_3))
            for force in [nil, InboxCellKind.banner] {
                #expect(InboxRow(m, forceCellKind: force, sdk: .v7_1_3) == InboxRow(held, forceCellKind: force, sdk: .v7_1_3))
            }
        }
        // Read back, not assumed: the pins, kinds and buttons the texts above ask for.
        #expect(r.messages.map(InboxCellResolver.isPinned) == [false, true, false, false, false, true, false, false, false, false, true])
        #expect(r.messages.map { InboxCellResolver.resolve($0, sdk: .v7_1_3).kind } == [.classic, .carousel, .classic, .video, .wallet, .banner, .classic, .classic, .classic, .classic, .classic])
        #expect(r.messages.map { InboxCellResolver.resolve($0, sdk: .v7_1_3).displayType } == ["classic", "carousel", nil, "video", "wallet", "banner", "carousel", "wallet", "video", "story", "default"])
        #expect(r.messages.map { InboxCellResolver.resolve($0, sdk: .v7_1_3).degrade?.reason } == [nil, nil, nil, nil, nil, nil, "no decodable carousel slides",
                                                                                 "no valid wallet pass URL (http or https)", "no valid video descriptor (video.url must be http or https)", nil, nil])
        // Rows of parameters without buttons or an image are built from what the parser read, the others parse
        // again: both ways are compared with the parsed value above.
        #expect(r.messages.map { m -> Bool? in
            if case .text(let t) = m.storage { return t.summary.rowNeedsParams } else { return nil }
        } == [true, false, true, false, true, true, false, false, true, true, false])
        #expect(InboxButton.decode(r.messages[0]).map(\.title) == ["Open", "Later"])
        #expect(InboxButton.decode(r.messages[2]).map(\.title) == ["U"], "u as a dictionary")
        #expect(r.messages[4].attachmentUrl == "https://a/1.png")
        #expect(r.messages.map(\.type) == [.plain, .plain, .url, .richmedia, .plain, .deeplink, .plain, .plain, .plain, .plain, .plain])
    }

    // spec §3.10: action_params must be a JSON object encoded as a string; anything else leaves actionParams nil
    // with a warning at its path, read by several cores or by one.
    @Test func malformedParametersAreWarnedAtTheirPathAndHeldAsNothing() throws {
        let bad: [JSONValue] = [.string("{broken"), .string("[1,2]"), ["l": "https://x"], 7, .string(""), .null]
        let n = InboxFeedReader.minimumChunk * 2 + bad.count
        let params = (0..<n).map { i in i < n - bad.count ? JSONValue.string(#"{"pinned":true}"#) : bad[i - (n - bad.count)] }
        let text = feed(params)
        let r = try InboxFeedReader.read(Array(text.utf8), file: "f.json", parser: parser)
        #expect(r == (try parser.parse(JSONParser.parse(text), file: "f.json")), "read by several cores = the whole document")
        let first = n - bad.count
        #expect(r.diagnostics.map(\.path) == (first..<first + 4).map { "f.json:response.messages[\($0)].action_params" })
        #expect(r.diagnostics[0].message.hasPrefix("is not a JSON object encoded as a string"))
        #expect(r.diagnostics[1].message.hasPrefix("is not a JSON object encoded as a string"))
        #expect(r.diagnostics[2].message.hasPrefix("is an object, but the iOS SDK parses action_params only from a JSON string"))
        #expect(r.diagnostics[3].message == "is a number, not a JSON string; actionParams is nil")
        for m in r.messages[first...] {
            guard case .none = m.storage else { Issue.record("\(m.code) holds parameters"); continue }
            #expect(m.actionParams == nil && m.userData == nil && !InboxCellResolver.isPinned(m))
        }
        #expect(r.messages[..<first].allSatisfy(InboxCellResolver.isPinned))
    }

    // The parse hands every item's bytes to `release` once, in order, so a mapped file's pages can go back.
    @Test func parsedBytesAreReleasedOnceInOrder() throws {
        let n = InboxFeedReader.minimumChunk * 3 + 5
        let text = feed((0..<n).map { _ in .string(#"{"u":"{\"displayType\":\"banner\"}"}"#) })
        let bytes = Array(text.utf8)
        final class Ranges: @unchecked Sendable {
            let lock = NSLock()
            var all: [Range<Int>] = []
        }
        let got = Ranges()
        let r = try bytes.withUnsafeBufferPointer { buffer in
            try InboxFeedReader.read(buffer: buffer, file: "f.json", parser: parser,
                                     release: { range in got.lock.lock(); got.all.append(range); got.lock.unlock() })
        }
        #expect(r == (try InboxFeedReader.read(bytes, file: "f.json", parser: parser)))
        let ranges = got.all.sorted { $0.lowerBound < $1.lowerBound }
        #expect(ranges.count >= min(ChunkedWork.cores, 3), "one piece per chunk at least")
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound <= b.lowerBound, "no byte released twice") }
        // Every item's bytes are inside a released range.
        let first = try #require(text.utf8.firstIndex(of: UInt8(ascii: "[")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) })
        #expect(ranges.first?.lowerBound == first + 1)
        #expect(ranges.last?.upperBound == bytes.count - 3, "up to the last item's closing brace")
    }
}
