// The JSON parser: values, key order, positions in errors, and hostile input.

import Testing
@testable import PushSimEngine

@Suite struct JSONParserTests {
    @Test func parsesAllValueKindsAndKeepsKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b":1,"a":[true,false,null,"x",-1.5e2],"c":{}}"#)
        #expect(v.objectValue?.keys == ["b", "a", "c"])
        #expect(v["a"] == [true, false, nil, "x", -150])
        #expect(v.jsonText() == #"{"b":1,"a":[true,false,null,"x",-150],"c":{}}"#)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let v = try JSONParser.parse(#""a\n\"\u00e9\ud83d\ude00\ud800""#)
        #expect(v == .string("a\n\"é😀\u{FFFD}"))
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(throws: JSONSyntaxError(line: 2, column: 8, reason: "unexpected '}'; expected a value")) {
            try JSONParser.parse("{\n  \"a\": }")
        }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[1,]") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{\"a\":1} x") }
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
        let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONParser.parse(ok)) != nil)
    }

    @Test func hugeNumbersBecomeInfinite() throws {
        #expect(try JSONParser.parse("1e999") == .number(.infinity))
        #expect(try JSONParser.parse("-1e999") == .number(-.infinity))
    }

    @Test func invalidUTF8IsAnErrorWithAPosition() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes: [0x22, 0xFF, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22]) }
    }

    // Issue 12 item 10: a stray byte is named as itself, wherever it is.
    @Test func invalidBytesAreNamedAsThemselves() {
        #expect(throws: JSONSyntaxError(line: 1, column: 2, reason: "invalid UTF-8 (byte 0xFF)")) { try JSONParser.parse(bytes: [0x22, 0xFF, 0x22]) }
        #expect(throws: JSONSyntaxError(line: 1, column: 1, reason: "unexpected byte 0xFF; expected a value")) { try JSONParser.parse(bytes: [0xFF]) }
        #expect(throws: JSONSyntaxError(line: 1, column: 3, reason: "invalid UTF-8 (byte 0xFF)")) { try JSONParser.parse(bytes: [0x22, 0xC3, 0xFF, 0x22]) }
    }

    // Issue 12 item 10: repeated keys keep the last value (as before) and are listed, with the key's path and both
    // positions, when asked for; the plain parse is unchanged.
    @Test func repeatedKeysAreListedWithPathsAndPositions() throws {
        let text = "{\"a\": [{\"k\": 1, \"k\": 2}],\n \"a\": [0, {\"x\": {\"y\": 1, \"y\": 2}}]}"
        var found: [JSONDuplicateKey] = []
        var count = 0
        let v = try JSONParser.parse(bytes: Array(text.utf8), duplicates: &found, duplicateCount: &count)
        #expect(v == (try JSONParser.parse(text)))
        #expect(v["a"]?.arrayValue?[1]["x"]?["y"] == 2)
        #expect(found == [
            JSONDuplicateKey(path: "a[0].k", firstLine: 1, firstColumn: 9, line: 1, column: 17),
            JSONDuplicateKey(path: "a[1].x.y", firstLine: 2, firstColumn: 18, line: 2, column: 26),
            JSONDuplicateKey(path: "a", firstLine: 1, firstColumn: 2, line: 2, column: 2),
        ])
        #expect(count == 3)
        // Large objects find repeats through their index: the positions still point at both keys.
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        _ = try JSONParser.parse(bytes: Array("{\(many), \"k3\": 0}".utf8), duplicates: &found, duplicateCount: &count)
        #expect(found.map(\.path) == ["k3"] && count == 1)
        #expect(found[0].firstColumn == 29 && found[0].column == 422)
        // Each call starts from an empty list.
        _ = try JSONParser.parse(bytes: Array("[{}, {}]".utf8), duplicates: &found, duplicateCount: &count)
        #expect(found.isEmpty && count == 0)
    }

    @Test func eventsPrintTimeFirstWithMillisecondPrecision() {
        let e = TimedEvent(t: 5.0004, event: Event("show", ["index": 1]))
        #expect(e.jsonLine == #"{"t":5,"event":"show","index":1}"#)
        let w = TimedEvent(t: 0.25, event: .warning(Diagnostic(path: "pages[3].image", "\"x\" has no scheme; page skipped")))
        #expect(w.jsonLine == #"{"t":0.25,"event":"warning","path":"pages[3].image","message":"\"x\" has no scheme; page skipped"}"#)
    }

    @Test func pathsPrintLikeJavaScript() {
        #expect(JSONPath("pw_stories").key("pages").index(3).key("image").description == "pw_stories.pages[3].image")
        #expect(JSONPath().key("a b").description == #"["a b"]"#)
    }

    // Issue 14: the byte writer escapes exactly as before and copies everything else, multi-byte UTF-8 included,
    // and what it writes parses back to the same string.
    @Test func writerEscapesQuotesBackslashesAndControls() throws {
        let s = "a\"b\\c\nd\re\tf\u{01}g\u{1F}h\u{7F}i é 春 👍🏽 \u{200D}"
        let text = JSONValue.string(s).jsonText()
        #expect(text == #""a\"b\\c\nd\re\tf\u0001g\u001fh\u007fi é 春 👍🏽 \#u{200D}""#)
        #expect(try JSONParser.parse(text) == .string(s))
        #expect(JSONValue.string("").jsonText() == #""""#)
        #expect(JSONValue.array([.string("\\"), .null, .bool(true), .number(1.5)]).jsonText() == #"["\\",null,true,1.5]"#)
    }

    // The writer finds what to escape eight bytes at a time: every ASCII character and a few multi-byte ones, at
    // every offset of a word and across two, are written as the byte-at-a-time rule writes them, and read back.
    @Test func writerEscapesEveryCharacterAtEveryOffset() throws {
        func reference(_ s: String) -> String {
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where u.value < 0x20 || u.value == 0x7F:
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(u)
                }
            }
            return out + "\""
        }
        let odd: [Unicode.Scalar] = ["é", "\u{80}", "\u{FF}", "春", "\u{2028}", "👍"]
        for u in (0..<0x80).compactMap(Unicode.Scalar.init) + odd {
            for offset in 0..<17 {
                var s = String(repeating: "a", count: offset)
                s.unicodeScalars.append(u)
                s += String(repeating: "b", count: 17 - offset)
                let text = JSONValue.string(s).jsonText()
                #expect(text == reference(s), "U+\(String(u.value, radix: 16)) at \(offset)")
                // The --dump's pointer buffer gets the same bytes (from a tiny capacity, so it grows on the way).
                var buffer = ByteBuffer(capacity: 1)
                JSONValue.writeString(s, into: &buffer)
                #expect(buffer.bytes == Array(text.utf8), "U+\(String(u.value, radix: 16)) at \(offset)")
                buffer.deallocate()
                #expect(try JSONParser.parse(text) == .string(s))
            }
        }
    }

    // The eight-bytes-at-a-time scans find the first byte they look for exactly, wherever it is in its word and
    // whatever follows it (a second special byte just above the first can be marked wrongly by the word tests).
    @Test func scannersFindTheFirstSpecialByteAtEveryOffset() {
        let specials: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF]
        func plain(_ b: UInt8) -> Bool { b != 0x22 && b != 0x5C && b >= 0x20 && b < 0x80 }
        var wrong: [String] = []
        for length in 0..<20 {
            for p in 0..<max(1, length) {
                for first in specials {
                    for second in [UInt8(ascii: "a"), 0x00, 0x22, 0x5C, 0x80, 0x01] {
                        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                        if p < length { bytes[p] = first }
                        if p + 1 < length { bytes[p + 1] = second }
                        bytes.withUnsafeBufferPointer { b in
                            for start in 0...length {
                                let run = (start..<length).first { !plain(bytes[$0]) } ?? length
                                let quote = (start..<length).first { bytes[$0] == 0x22 || bytes[$0] == 0x5C } ?? length
                                if JSONScanner.plainRun(b, from: start) != run || JSONScanner.quoteOrBackslash(b, from: start) != quote {
                                    wrong.append("\(bytes) from \(start)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first: \(wrong.first ?? "")")
    }
    // Strings with escapes are decoded in runs between the bytes that need a look: every escape and character at
    // every offset around plain runs of every length decodes to what it spells.
    @Test func escapedStringsDecodeAtEveryOffset() throws {
        let pieces: [(raw: String, decoded: String)] = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\n"#, "\n"), (#"\t"#, "\t"), (#"\u00e9"#, "é"),
            (#"\ud83d\ude00"#, "😀"), (#"\ud83d"#, "\u{FFFD}"), ("é", "é"), ("春", "春"), ("👍", "👍"),
        ]
        for a in pieces {
            for b in pieces {
                for before in 0..<10 {
                    for between in [0, 1, 7, 8, 9, 17] {
                        let x = String(repeating: "x", count: before), y = String(repeating: "y", count: between)
                        let raw = "\"" + x + a.raw + y + b.raw + "z\""
                        #expect(try JSONParser.parse(raw) == .string(x + a.decoded + y + b.decoded + "z"), "\(raw)")
                    }
                }
            }
        }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse("\"abc\\q \\\"") }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse("\"abcdefghij\\\"klmnopq") }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse("\"abcdefghij\\\"klm\u{1}nopq\"") }
    }
}
