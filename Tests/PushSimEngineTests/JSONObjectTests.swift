// JSONObject: key order, repeated keys, removal and equality, below and above the size where it builds an index.

import Testing
@testable import PushSimEngine

@Suite struct JSONObjectTests {
    /// Sizes on both sides of the index threshold, so the scanned and the indexed lookups are both exercised.
    static let sizes = [0, 1, JSONObject.indexThreshold, JSONObject.indexThreshold + 1, 40]

    static func object(_ n: Int) -> JSONObject {
        var o = JSONObject()
        for i in 0..<n { o["k\(i)"] = .number(Double(i)) }
        return o
    }

    @Test(arguments: sizes) func keepsInsertionOrderAndFindsEveryKey(n: Int) {
        let o = JSONObjectTests.object(n)
        #expect(o.count == n)
        #expect(o.isEmpty == (n == 0))
        #expect(o.keys == (0..<n).map { "k\($0)" })
        for i in 0..<n { #expect(o["k\(i)"] == .number(Double(i))) }
        #expect(o["missing"] == nil)
        #expect(Array(o).map(\.key) == o.keys)
        #expect(Array(o).map(\.value) == (0..<n).map { .number(Double($0)) })
    }

    @Test(arguments: sizes) func aRepeatedKeyKeepsItsPlaceAndTakesTheLastValue(n: Int) {
        var o = JSONObjectTests.object(n)
        o["first"] = "a"
        if n > 0 { o["k0"] = "new" }
        o["first"] = "b"
        #expect(o.count == n + 1)
        #expect(o.keys.last == "first")
        #expect(o["first"] == "b")
        if n > 0 {
            #expect(o.keys.first == "k0")
            #expect(o["k0"] == "new")
        }
    }

    @Test(arguments: sizes) func removingAKeyKeepsTheOthersFindable(n: Int) {
        var o = JSONObjectTests.object(n)
        o["nothing"] = nil
        #expect(o.count == n)
        guard n > 1 else { return }
        o["k0"] = nil
        #expect(o["k0"] == nil)
        #expect(o.keys == (1..<n).map { "k\($0)" })
        for i in 1..<n { #expect(o["k\(i)"] == .number(Double(i))) }
        o["k0"] = true
        #expect(o.keys.last == "k0")
        #expect(o["k0"] == true)
    }

    @Test func equalityComparesMembersInOrder() {
        let ab: JSONObject = ["a": 1, "b": 2]
        #expect(ab == ["a": 1, "b": 2])
        #expect(ab != ["b": 2, "a": 1])
        #expect(ab != ["a": 1, "b": 3])
        // An object that grew past the threshold and shrank again equals one built small.
        var big = JSONObjectTests.object(JSONObject.indexThreshold + 3)
        for i in 2..<(JSONObject.indexThreshold + 3) { big["k\(i)"] = nil }
        #expect(big == ["k0": 0, "k1": 1])
    }

    @Test func parsedObjectsOfEverySizeWriteBackInOrder() throws {
        for n in JSONObjectTests.sizes {
            let text = "{" + (0..<n).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
            let v = try JSONParser.parse(text)
            #expect(v.objectValue == JSONObjectTests.object(n))
            #expect(v.jsonText() == text)
        }
        #expect(try JSONParser.parse(#"{"b":1,"a":2}"#).jsonText(sortedKeys: true) == #"{"a":2,"b":1}"#)
    }
}

@Suite struct JSONParserFastPathTests {
    @Test func integersMatchTheTextConversion() throws {
        for text in ["0", "-0", "7", "-12", "123456789012345", "-123456789012345", "1234567890123456", "99999999999999999999",
                     "1.5", "1e2", "-2.5E-3", "4102444800"] {
            let v = try JSONParser.parse(text)
            let expected = Double(text)!
            #expect(v == .number(expected), "\(text)")
            #expect(v.numberValue?.sign == expected.sign, "\(text) keeps its sign")
        }
    }

    @Test func escapedStringsDecodeIntoTheirOwnStorage() throws {
        #expect(try JSONParser.parse(#""{\"u\":\"{\\\"displayType\\\":\\\"classic\\\"}\"}""#)
            == .string(#"{"u":"{\"displayType\":\"classic\"}"}"#))
        #expect(try JSONParser.parse(#""plain then \n é \u00e9 \ud83d\ude00 end""#) == .string("plain then \n é é 😀 end"))
        #expect(try JSONParser.parse(#""\u0041""#) == .string("A"))
    }

    @Test func brokenEscapedStringsNameTheSamePlaces() {
        #expect(throws: JSONSyntaxError(line: 1, column: 1, reason: "a string is never closed")) {
            try JSONParser.parse(#""abc\"def"#)
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 6, reason: "unexpected end of file after '\\'")) {
            try JSONParser.parse("\"abc\\")
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 4, reason: "unknown escape '\\q'")) {
            try JSONParser.parse(#""ab\qc""#)
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 7, reason: "\\u must be followed by four hex digits")) {
            try JSONParser.parse(#""a\"\u"xyz""#)
        }
    }

    @Test func repeatedKeysInLargeObjectsKeepTheirPlaceAndTakeTheLastValue() throws {
        let n = JSONObject.indexThreshold * 3
        let text = "{" + (0..<n).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k1\":\"again\",\"k\(n - 1)\":null}"
        let o = try #require(JSONParser.parse(text).objectValue)
        #expect(o.count == n)
        #expect(o.keys == (0..<n).map { "k\($0)" })
        #expect(o["k1"] == "again")
        #expect(o["k\(n - 1)"] == .null)
        #expect(o["k2"] == 2)
    }

    @Test func nestedObjectsDoNotShareMembers() throws {
        let v = try JSONParser.parse(#"{"a":{"x":1,"y":{"z":2}},"b":{"x":3},"a":{"x":4}}"#)
        #expect(v.jsonText() == #"{"a":{"x":4},"b":{"x":3}}"#)
        let w = try JSONParser.parse(#"[{"p":1},{"q":2,"p":3}]"#)
        #expect(w.jsonText() == #"[{"p":1},{"q":2,"p":3}]"#)
    }
}
