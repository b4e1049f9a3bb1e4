// How Liquid (Ruby) prints, compares and tests values: `to_s`, `inspect`, `==`, `<`, `contains`, `blank?`, `empty?`.

import Foundation

extension LiquidValue {
    /// Only nil and false are falsy (https://shopify.github.io/liquid/basics/truthy-and-falsy/).
    var isTruthy: Bool {
        switch self {
        case .nil_, .bool(false): return false
        default: return true
        }
    }

    /// What `{{ value }}` prints: Ruby's `to_s`, with an array's elements joined with nothing, nil as "".
    var liquidString: String {
        switch self {
        case .nil_, .empty, .blank: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .float(let d): return LiquidValue.rubyFloat(d)
        case .string(let s): return s
        case .array(let a):
            var out = ""
            for v in a { out += v.liquidString }
            return out
        case .object: return inspect
        case .range(let a, let b): return "\(a)..\(b)"
        }
    }

    /// Ruby's `inspect` (Ruby 3.4's form for a hash: `{"a" => 1}`).
    var inspect: String {
        switch self {
        case .nil_, .empty, .blank: return "nil"
        case .string(let s):
            var out = "\""
            for c in s.unicodeScalars {
                switch c {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default: out.unicodeScalars.append(c)
                }
            }
            return out + "\""
        case .array(let a): return "[" + a.map(\.inspect).joined(separator: ", ") + "]"
        case .object(let o):
            return "{" + o.pairs.map { "\(LiquidValue.string($0.key).inspect) => \($0.value.inspect)" }.joined(separator: ", ") + "}"
        default: return liquidString
        }
    }

    /// Ruby's `Float#to_s`: the shortest digits that round-trip, fixed notation for 1e-4 <= |x| < 1e16, else
    /// `1.0e+20`; always a fractional part ("2.0").
    static func rubyFloat(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == 0 { return d.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description gives the shortest round-tripping digits; take them and the decimal exponent.
        var text = "\(abs(d))"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let intPart = String(parts[0])
        let fracPart = parts.count > 1 ? String(parts[1]) : ""
        var digits = intPart + fracPart
        var decpt = intPart.count + exponent // position of the point after the first digit of `digits`
        while digits.hasPrefix("0") && digits.count > 1 { digits.removeFirst(); decpt -= 1 }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        let sign = d < 0 ? "-" : ""
        if decpt > 0 && decpt <= 16 {
            if digits.count <= decpt {
                return sign + digits + String(repeating: "0", count: decpt - digits.count) + ".0"
            }
            let i = digits.index(digits.startIndex, offsetBy: decpt)
            return sign + digits[..<i] + "." + digits[i...]
        }
        if decpt <= 0 && decpt > -4 {
            return sign + "0." + String(repeating: "0", count: -decpt) + digits
        }
        let first = digits.prefix(1)
        let rest = digits.count > 1 ? String(digits.dropFirst()) : "0"
        let e = decpt - 1
        let eText = e < 0 ? "-" + (abs(e) < 10 ? "0" : "") + String(abs(e)) : "+" + (e < 10 ? "0" : "") + String(e)
        return sign + first + "." + rest + "e" + eText
    }

    /// Liquid's `blank?` (Condition#liquid_blank?): nil, false, whitespace-only strings, empty arrays and hashes.
    var isLiquidBlank: Bool {
        switch self {
        case .nil_, .bool(false): return true
        case .string(let s): return s.unicodeScalars.allSatisfy { $0 == " " || ("\t"..."\r").contains($0) }
        case .array(let a): return a.isEmpty
        case .object(let o): return o.isEmpty
        case .range(let a, let b): return b < a
        default: return false
        }
    }

    /// Liquid's `empty?` (Condition#liquid_empty?): "", [] and {}; nil is not empty.
    var isLiquidEmpty: Bool {
        switch self {
        case .string(let s): return s.isEmpty
        case .array(let a): return a.isEmpty
        case .object(let o): return o.isEmpty
        case .range(let a, let b): return b < a
        default: return false
        }
    }

    var isNumber: Bool {
        switch self {
        case .int, .float: return true
        default: return false
        }
    }

    var doubleValue: Double {
        switch self {
        case .int(let n): return Double(n)
        case .float(let d): return d
        default: return 0
        }
    }

    /// Ruby's `==` between Liquid values, with `empty` and `blank` as Liquid's method literals.
    static func liquidEquals(_ a: LiquidValue, _ b: LiquidValue) -> Bool {
        switch (a, b) {
        case (.empty, .empty), (.blank, .blank), (.empty, .blank), (.blank, .empty): return false
        case (.empty, let v), (let v, .empty): return v.isLiquidEmpty
        case (.blank, let v), (let v, .blank): return v.isLiquidBlank
        case (.int(let x), .int(let y)): return x == y
        case (.int, .float), (.float, .int), (.float, .float): return a.doubleValue == b.doubleValue
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { liquidEquals($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.pairs.allSatisfy { p in y[p.key].map { liquidEquals(p.value, $0) } ?? false }
        default: return a == b
        }
    }

    /// Ruby's `<=>` for sorting: nil when the two cannot be compared.
    static func compare(_ a: LiquidValue, _ b: LiquidValue) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.int, .float), (.float, .int), (.float, .float):
            let x = a.doubleValue, y = b.doubleValue
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)): return byteCompare(x, y)
        case (.array(let x), .array(let y)):
            for (p, q) in zip(x, y) {
                guard let c = compare(p, q) else { return nil }
                if c != 0 { return c }
            }
            return x.count < y.count ? -1 : (x.count > y.count ? 1 : 0)
        case (.bool(let x), .bool(let y)) where x == y: return 0
        case (.nil_, .nil_): return 0
        default: return nil
        }
    }

    /// Ruby compares strings byte by byte.
    static func byteCompare(_ x: String, _ y: String) -> Int {
        var i = x.utf8.makeIterator(), j = y.utf8.makeIterator()
        while true {
            switch (i.next(), j.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let p?, let q?): if p != q { return p < q ? -1 : 1 }
            }
        }
    }
}
