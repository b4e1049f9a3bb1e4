// Liquid's number rules: Ruby's integer arithmetic, and floats computed as BigDecimal so 0.1 + 0.2 is 0.3.

import Foundation

enum LiquidMath {
    /// Liquid's `Utils.to_number`: numbers as they are, "1.5" a float, other strings Ruby's `to_i`, anything else 0.
    static func number(_ v: LiquidValue) -> LiquidValue {
        switch v {
        case .int, .float: return v
        case .string(let s):
            let t = LiquidText.strip(s, leading: true, trailing: true)
            if isDecimal(t), let d = Double(t) { return .float(d) }
            return .int(rubyToI(s))
        default: return .int(0)
        }
    }

    /// `\A-?\d+\.\d+\z`
    static func isDecimal(_ t: String) -> Bool {
        var u = Substring(t).utf8[...]
        if u.first == 45 { u = u.dropFirst() }
        guard let dot = u.firstIndex(of: 46) else { return false }
        let a = u[..<dot], b = u[u.index(after: dot)...]
        return !a.isEmpty && !b.isEmpty && a.allSatisfy { $0 >= 48 && $0 <= 57 } && b.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// Ruby's `String#to_i`: leading whitespace, a sign, digits (underscores between them); 0 when none.
    static func rubyToI(_ s: String) -> Int {
        var u = Substring(s).utf8[...]
        while let c = u.first, c == 32 || (c >= 9 && c <= 13) { u = u.dropFirst() }
        var negative = false
        if u.first == 45 || u.first == 43 { negative = u.first == 45; u = u.dropFirst() }
        var n = 0
        var last: UInt8 = 0
        for c in u {
            if c >= 48 && c <= 57 {
                let (m, o1) = n.multipliedReportingOverflow(by: 10)
                let (r, o2) = m.addingReportingOverflow(Int(c - 48))
                if o1 || o2 { return negative ? Int.min : Int.max }
                n = r
            } else if c == 95 && last >= 48 && last <= 57 {
            } else {
                break
            }
            last = c
        }
        return negative ? -n : n
    }

    static func decimal(_ d: Double) -> Decimal? {
        guard d.isFinite else { return nil }
        return Decimal(string: "\(d)", locale: Locale(identifier: "en_US_POSIX"))
    }

    static func double(_ d: Decimal) -> Double {
        Double(NSDecimalNumber(decimal: d).stringValue) ?? NSDecimalNumber(decimal: d).doubleValue
    }

    /// plus, minus, times, divided_by, modulo (https://shopify.github.io/liquid/filters/plus/ and siblings).
    static func arithmetic(_ op: String, _ a: LiquidValue, _ b: LiquidValue, offset: Int) throws(LiquidError) -> LiquidValue {
        if case .int(let x) = a, case .int(let y) = b {
            switch op {
            case "plus": let (r, o) = x.addingReportingOverflow(y); return o ? .float(Double(x) + Double(y)) : .int(r)
            case "minus": let (r, o) = x.subtractingReportingOverflow(y); return o ? .float(Double(x) - Double(y)) : .int(r)
            case "times": let (r, o) = x.multipliedReportingOverflow(by: y); return o ? .float(Double(x) * Double(y)) : .int(r)
            default:
                guard y != 0 else { throw LiquidErrorAt(offset: offset, "The '\(op)' filter divided by 0") }
                if x == Int.min && y == -1 { return .float(-Double(x)) }
                // Ruby's integer division and modulo round toward negative infinity.
                var q = x / y, r = x % y
                if r != 0 && (r < 0) != (y < 0) { q -= 1; r += y }
                return .int(op == "divided_by" ? q : r)
            }
        }
        let x = a.doubleValue, y = b.doubleValue
        if (op == "divided_by" || op == "modulo") && y == 0 {
            throw LiquidErrorAt(offset: offset, "The '\(op)' filter divided by 0")
        }
        if op == "modulo" {
            // BigDecimal's modulo: x - y * floor(x / y), in decimal so 10.1 % 7.0 is 3.1.
            if let p = decimal(x), let q = decimal(y) {
                var quotient = p / q, floored = Decimal()
                NSDecimalRound(&floored, &quotient, 0, .down)
                let r = p - q * floored
                if !r.isNaN { return .float(double(r)) }
            }
            var r = fmod(x, y)
            if r != 0 && (r < 0) != (y < 0) { r += y }
            return .float(r)
        }
        if let p = decimal(x), let q = decimal(y) {
            var r: Decimal
            switch op {
            case "plus": r = p + q
            case "minus": r = p - q
            case "times": r = p * q
            default: r = p / q
            }
            if !r.isNaN { return .float(double(r)) }
        }
        switch op {
        case "plus": return .float(x + y)
        case "minus": return .float(x - y)
        case "times": return .float(x * y)
        default: return .float(x / y)
        }
    }

    /// BigDecimal's ROUND_HALF_UP to `digits` places (negative digits round to tens, hundreds, …).
    static func roundHalfUp(_ d: Double, _ digits: Int) -> Double {
        guard var dec = decimal(d), abs(digits) < 300 else { return d }
        var r = Decimal()
        NSDecimalRound(&r, &dec, digits, .plain)
        return double(r)
    }

    static func decimalRounded(_ d: Double, _ rule: FloatingPointRoundingRule) -> Double {
        d.rounded(rule)
    }

    /// A whole float as an int; one too large for an int stays a float (Ruby would make a Bignum).
    static func toInt(_ d: Double, _ name: String, offset: Int) throws(LiquidError) -> LiquidValue {
        guard d.isFinite else { throw LiquidErrorAt(offset: offset, "The '\(name)' filter cannot make an integer of \(LiquidValue.rubyFloat(d))") }
        guard abs(d) < 9.2e18 else { return .float(d) }
        return .int(Int(d))
    }
}
