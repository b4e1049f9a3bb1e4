// pushsim's JSON values as Liquid values, and one field rendered as the Pushwoosh server renders its template.

import PushSimLiquid

extension JSONValue {
    /// The Liquid value of a JSON value: a whole number that fits an `Int` is an integer (JSON does not tell `1` from
    /// `1.0`, and tag values and bindings are integers far more often), any other number a float.
    public var liquidValue: LiquidValue {
        switch self {
        case .null: return .nil_
        case .bool(let b): return .bool(b)
        case .number(let d):
            if d.isFinite, d.rounded() == d, abs(d) < 9.2e18 { return .int(Int(d)) }
            return .float(d)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.liquidValue))
        case .object(let o):
            var out = LiquidObject()
            for (k, v) in o { out[k] = v.liquidValue }
            return .object(out)
        }
    }
}

/// Liquid on one text field (docs.pushwoosh.com/platform-docs/api-reference/template-engine: "based on Liquid by
/// Shopify"), with the device's tags by name and the request's `template_bindings` on top.
enum ServerLiquid {
    /// Text with no `{{` and no `{%` holds no Liquid and is left alone (and costs nothing).
    static func hasMarkup(_ s: String) -> Bool { s.contains("{{") || s.contains("{%") }

    enum Outcome {
        /// The text, and each output as written with what it printed (`{{ offer | upcase }}` → "AUTUMN").
        case rendered(String, outputs: [LiquidTemplate.Output])
        case failed(line: Int, column: Int, message: String)
    }

    static func render(_ s: String, scope: LiquidObject) -> Outcome {
        do {
            let t = try LiquidTemplate(parsing: s)
            let r = try t.renderRecordingOutputs(scope, maxOutputs: DynamicContent.maxPlaceholders)
            return .rendered(r.text, outputs: r.outputs)
        } catch {
            return .failed(line: error.line, column: error.column, message: error.message)
        }
    }

    static func scope(tags: JSONObject, bindings: JSONObject) -> LiquidObject {
        var out = LiquidObject()
        for (k, v) in tags { out[k] = v.liquidValue }
        for (k, v) in bindings { out[k] = v.liquidValue }
        return out
    }
}
