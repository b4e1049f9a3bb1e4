// The `liquid` fuzz target: any bytes as a Liquid template (and as JSON data), parsed and rendered within limits.

import Foundation
import PushSimLiquid

extension FuzzTarget {
    /// A scope with every kind of value, so lookups, loops and filters reach every case. Built for each input: a
    /// global made during the first input would look like a leak to libFuzzer's per-input leak check.
    static var liquidScope: LiquidObject { [
        "s": "Hello, World", "n": 3, "f": -2.5, "t": true, "z": nil, "e": "", "a": [1, "two", 3.0, nil, ["x"]],
        "h": .object(["k": "v", "n": 1, "a": [.object(["t": "x", "p": 2])]]),
        "users": [.object(["name": "Ann", "age": 30]), .object(["name": "Bo", "vip": true])],
    ] }

    /// Small limits keep each input quick; the engine must stop within them with an error, never crash or hang.
    static let liquidLimits = LiquidLimits(maxTemplateBytes: 65_536, maxNestingDepth: 64, maxOutputBytes: 65_536,
                                           maxLoopIterations: 10_000, maxFilterCalls: 10_000, maxArrayLength: 10_000)

    func liquid(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        liquidRound(text, FuzzTarget.liquidScope)
        // The first half as the template, the second as JSON data (when it reads as JSON).
        let half = bytes.count / 2
        let template = String(decoding: bytes[..<half], as: UTF8.self)
        if case .object(let data)? = try? LiquidValue(jsonText: String(decoding: bytes[half...], as: UTF8.self)) {
            liquidRound(template, data)
        }
    }

    func liquidRound(_ text: String, _ scope: LiquidObject) {
        let limits = FuzzTarget.liquidLimits
        let first = liquidResult(text, scope, limits)
        guard first == liquidResult(text, scope, limits) else { fatalError("not deterministic") }
        switch first {
        case .success(let out):
            guard out.utf8.count <= limits.maxOutputBytes else { fatalError("output over the limit") }
        case .failure(let e):
            // Lines end at "\n" bytes (a "\r\n" is one Swift Character, so Characters would undercount).
            let lines = text.utf8.filter { $0 == 10 }.count + 1
            guard !e.message.isEmpty, !e.message.contains("\n"), e.line >= 1, e.column >= 1, e.line <= lines else {
                fatalError("error \(e)")
            }
        }
    }

    func liquidResult(_ text: String, _ scope: LiquidObject, _ limits: LiquidLimits) -> Result<String, LiquidError> {
        do {
            let t = try LiquidTemplate(parsing: text, limits: limits)
            _ = t.referencedVariables
            return .success(try t.render(scope, limits: limits, now: FuzzTarget.now))
        } catch {
            return .failure(error)
        }
    }
}
