// LiquidValue from JSON, LiquidObject's order, and the template's referenced variables.

import Foundation
import PushSimLiquid
import Testing

@Suite struct LiquidValueTests {
    /// JSONSerialization's NSNumber: a JSON true is a bool, 1 an int, 1.5 a float.
    @Test func fromJSONSerialization() throws {
        let data = Data(#"{"b": true, "i": 1, "f": 1.5, "s": "x", "n": null, "a": [false, 0], "o": {"k": 2}}"#.utf8)
        let v = LiquidValue(jsonObject: try JSONSerialization.jsonObject(with: data))
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o["b"] == .bool(true))
        #expect(o["i"] == .int(1))
        #expect(o["f"] == .float(1.5))
        #expect(o["s"] == .string("x"))
        #expect(o["n"] == .nil_)
        #expect(o["a"] == .array([.bool(false), .int(0)]))
        #expect(o["o"] == .object(["k": 2]))
        #expect(LiquidValue(jsonObject: nil) == .nil_)
    }

    /// The JSON text reader keeps key order, so a hash iterates as written (as a Ruby hash does).
    @Test func fromJSONTextKeepsOrder() throws {
        let v = try LiquidValue(jsonText: #"{"z": 1, "a": [1.0, -2, "\u00e9\n"], "m": {"y": null, "b": false}}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.keys == ["z", "a", "m"])
        #expect(o["a"] == .array([.float(1.0), .int(-2), .string("é\n")]))
        #expect(try liquid("{% for p in m %}{{ p[0] }}{% endfor %}", o) == "yb")
        #expect(throws: LiquidError.self) { try LiquidValue(jsonText: "{\"a\": }") }
        #expect(throws: LiquidError.self) { try LiquidValue(jsonText: String(repeating: "[", count: 10_000)) }
    }

    @Test func objectKeepsInsertionOrderAndRemoves() {
        var o = LiquidObject()
        o["b"] = 1
        o["a"] = 2
        o["b"] = 3
        #expect(o.keys == ["b", "a"])
        o["b"] = nil
        #expect(o.keys == ["a"])
        #expect(o.count == 1)
        let xy: LiquidObject = ["x": 1, "y": 2], yx: LiquidObject = ["y": 2, "x": 1]
        #expect(xy == yx)
    }

    @Test func referencedVariables() throws {
        let t = try LiquidTemplate(parsing: """
        Hi {{ user.name | default: fallback }}{% assign n = count %}{{ n }}
        {% for item in items %}{{ item.title }}{{ forloop.index }}{% endfor %}{% if vip and tier > 2 %}{{ user.tier }}{% endif %}
        {{ map[key] }}
        """)
        #expect(t.referencedVariables == ["user", "fallback", "count", "items", "vip", "tier", "map", "key"])
    }

    // Each output as written and what it printed, in render order (a loop's output once per pass), bounded.
    @Test func recordsEachOutputAsWritten() throws {
        let t = try LiquidTemplate(parsing: "Hi {{ name | upcase }}!{% for i in (1..3) %} {{i}}{% endfor %} {{- 'x' -}}")
        let r = try t.renderRecordingOutputs(["name": "anna"])
        #expect(r.text == "Hi ANNA! 1 2 3x")
        #expect(r.outputs.map(\.expression) == ["{{ name | upcase }}", "{{i}}", "{{i}}", "{{i}}", "{{- 'x' -}}"])
        #expect(r.outputs.map(\.value) == ["ANNA", "1", "2", "3", "x"])
        #expect(r.outputs.first?.variables == ["name"])
        #expect(r.outputs.last?.variables == [])
        #expect(try t.renderRecordingOutputs(["name": "anna"], maxOutputs: 2).outputs.count == 2)
        #expect(try t.render(["name": "anna"]) == r.text)
    }
}
