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
