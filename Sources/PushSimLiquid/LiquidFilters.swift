// Liquid's standard filters (https://shopify.github.io/liquid/filters/), with Ruby's argument and type rules.

import Foundation

extension LiquidRenderer {
    /// Positional arguments each filter takes (min, max), as Liquid's StandardFilters methods declare them.
    static let arity: [String: (Int, Int)] = [
        "abs": (0, 0), "append": (1, 1), "at_least": (1, 1), "at_most": (1, 1),
        "base64_decode": (0, 0), "base64_encode": (0, 0), "base64_url_safe_decode": (0, 0), "base64_url_safe_encode": (0, 0),
        "capitalize": (0, 0), "ceil": (0, 0), "compact": (0, 1), "concat": (1, 1), "date": (1, 1), "default": (0, 1),
        "divided_by": (1, 1), "downcase": (0, 0), "escape": (0, 0), "h": (0, 0), "escape_once": (0, 0), "first": (0, 0),
        "floor": (0, 0), "join": (0, 1), "last": (0, 0), "lstrip": (0, 0), "map": (1, 1), "minus": (1, 1),
        "modulo": (1, 1), "newline_to_br": (0, 0), "plus": (1, 1), "prepend": (1, 1), "remove": (1, 1),
        "remove_first": (1, 1), "remove_last": (1, 1), "replace": (1, 2), "replace_first": (1, 2),
        "replace_last": (2, 2), "reverse": (0, 0), "round": (0, 1), "rstrip": (0, 0), "size": (0, 0),
        "slice": (1, 2), "sort": (0, 1), "sort_natural": (0, 1), "split": (1, 1), "strip": (0, 0),
        "strip_html": (0, 0), "strip_newlines": (0, 0), "sum": (0, 1), "times": (1, 1), "truncate": (0, 2),
        "truncatewords": (0, 2), "uniq": (0, 1), "upcase": (0, 0), "url_decode": (0, 0), "url_encode": (0, 0),
        "where": (1, 2), "reject": (1, 2), "find": (1, 2), "find_index": (1, 2), "has": (1, 2),
    ]

    /// Every filter name this engine knows.
    static var filterNames: [String] { arity.keys.sorted() }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    mutating func applyFilter(_ name: String, _ input: LiquidValue, _ args: [LiquidValue],
                              _ keywords: [(String, LiquidValue)], offset: Int) throws(LiquidError) -> LiquidValue {
        guard let (minArgs, maxArgs) = LiquidRenderer.arity[name] else {
            throw LiquidErrorAt(offset: offset, "Unknown filter '\(name)'")
        }
        // Ruby passes keyword arguments as one trailing hash; only `default` takes one (allow_false).
        let given = args.count + (keywords.isEmpty || name == "default" ? 0 : 1)
        guard given >= minArgs, given <= maxArgs else {
            let wanted = minArgs == maxArgs ? "\(minArgs)" : "\(minArgs) to \(maxArgs)"
            throw LiquidErrorAt(offset: offset, "The '\(name)' filter takes \(wanted) argument\(maxArgs == 1 ? "" : "s"), not \(given)")
        }
        func arg(_ i: Int) -> LiquidValue { i < args.count ? args[i] : .nil_ }
        func str(_ v: LiquidValue) -> String { v.liquidString }
        let s = input.liquidString
        func bounded(_ r: String) throws(LiquidError) -> LiquidValue {
            guard r.utf8.count <= limits.maxOutputBytes else {
                throw LiquidErrorAt(offset: offset, "The '\(name)' filter makes a string longer than the limit of \(limits.maxOutputBytes) bytes")
            }
            return .string(r)
        }
        switch name {
        // https://shopify.github.io/liquid/filters/ — string filters
        case "append": return try bounded(s + str(arg(0)))
        case "prepend": return try bounded(str(arg(0)) + s)
        case "capitalize":
            guard let f = s.first else { return .string("") }
            return .string(String(f).uppercased() + s.dropFirst().lowercased())
        case "downcase": return .string(s.lowercased())
        case "upcase": return .string(s.uppercased())
        case "escape", "h":
            if input == .nil_ { return .nil_ }
            return try bounded(LiquidText.escapeHTML(s))
        case "escape_once": return try bounded(LiquidText.escapeOnce(s))
        case "lstrip": return .string(LiquidText.strip(s, leading: true, trailing: false))
        case "rstrip": return .string(LiquidText.strip(s, leading: false, trailing: true))
        case "strip": return .string(LiquidText.strip(s, leading: true, trailing: true))
        case "newline_to_br": return try bounded(LiquidText.replacingNewlines(s, with: "<br />\n"))
        case "strip_newlines": return .string(LiquidText.replacingNewlines(s, with: ""))
        case "strip_html": return .string(LiquidText.stripHTML(s))
        case "remove": return .string(LiquidText.replaceAll(s, str(arg(0)), ""))
        case "remove_first": return .string(LiquidText.replaceFirst(s, str(arg(0)), ""))
        case "remove_last": return .string(LiquidText.replaceLast(s, str(arg(0)), ""))
        case "replace": return try bounded(LiquidText.replaceAll(s, str(arg(0)), str(arg(1)), limit: limits.maxOutputBytes))
        case "replace_first": return try bounded(LiquidText.replaceFirst(s, str(arg(0)), str(arg(1))))
        case "replace_last": return try bounded(LiquidText.replaceLast(s, str(arg(0)), str(arg(1))))
        case "split":
            let parts = LiquidText.split(s, str(arg(0)))
            guard parts.count <= limits.maxArrayLength else { throw tooLong(name, offset) }
            return .array(parts.map { .string($0) })
        case "truncate":
            if input == .nil_ { return .nil_ }
            let length = args.count > 0 ? try strictInteger(arg(0), name, offset) : 50
            let ellipsis = args.count > 1 ? str(arg(1)) : "..."
            let chars = Array(s)
            guard chars.count > length else { return .string(s) }
            let keep = max(0, length - ellipsis.count)
            return .string(String(chars.prefix(keep)) + ellipsis)
        case "truncatewords":
            if input == .nil_ { return .nil_ }
            var words = args.count > 0 ? try strictInteger(arg(0), name, offset) : 15
            if words <= 0 { words = 1 }
            let ellipsis = args.count > 1 ? str(arg(1)) : "..."
            let list = LiquidText.whitespaceWords(s, limit: words + 1)
            guard list.count > words else { return .string(s) }
            return .string(list.prefix(words).joined(separator: " ") + ellipsis)
        case "url_encode":
            if input == .nil_ { return .nil_ }
            return try bounded(LiquidText.urlEncode(s))
        case "url_decode":
            if input == .nil_ { return .nil_ }
            guard let d = LiquidText.urlDecode(s) else {
                throw LiquidErrorAt(offset: offset, "The 'url_decode' filter's input does not decode to UTF-8 text")
            }
            return .string(d)
        case "base64_encode": return try bounded(Data(s.utf8).base64EncodedString())
        case "base64_url_safe_encode":
            return try bounded(Data(s.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
        case "base64_decode", "base64_url_safe_decode":
            let urlSafe = name == "base64_url_safe_decode"
            guard let d = LiquidText.base64Decode(s, urlSafe: urlSafe) else {
                throw LiquidErrorAt(offset: offset, "The '\(name)' filter was given invalid base64")
            }
            return .string(String(decoding: d, as: UTF8.self))
        case "slice":
            let start = try strictInteger(arg(0), name, offset)
            let length = args.count > 1 && arg(1) != .nil_ ? try strictInteger(arg(1), name, offset) : 1
            if case .array(let a) = input {
                guard let r = LiquidText.sliceRange(count: a.count, start: start, length: length) else { return .array([]) }
                return .array(Array(a[r]))
            }
            let chars = Array(s)
            guard let r = LiquidText.sliceRange(count: chars.count, start: start, length: length) else { return .string("") }
            return .string(String(chars[r]))
        case "size":
            switch input {
            case .string(let t): return .int(t.count)
            case .array(let a): return .int(a.count)
            case .object(let o): return .int(o.count)
            case .range(let a, let b): return .int(b < a ? 0 : b &- a &+ 1)
            case .int: return .int(8) // Ruby's Integer#size: bytes in a machine word
            default: return .int(0)
            }
        case "date":
            return LiquidDate.filter(input, format: str(arg(0)), now: now)
        case "default":
            var allowFalse = false
            for (k, v) in keywords where k == "allow_false" { allowFalse = v.isTruthy }
            let fallback = args.first ?? .string("")
            let missing = allowFalse ? input == .nil_ : !input.isTruthy
            if missing || input.isLiquidEmpty || input == .empty { return fallback }
            return input

        // https://shopify.github.io/liquid/filters/ — math filters
        case "plus", "minus", "times", "divided_by", "modulo":
            return try LiquidMath.arithmetic(name, LiquidMath.number(input), LiquidMath.number(arg(0)), offset: offset)
        case "abs":
            switch LiquidMath.number(input) {
            case .int(let n): return n == Int.min ? .float(-Double(n)) : .int(abs(n))
            case let v: return .float(abs(v.doubleValue))
            }
        case "ceil", "floor":
            switch LiquidMath.number(input) {
            case .int(let n): return .int(n)
            case let v:
                let d = LiquidMath.decimalRounded(v.doubleValue, name == "ceil" ? .up : .down)
                return try LiquidMath.toInt(d, name, offset: offset)
            }
        case "round":
            let n = LiquidMath.number(input)
            let digits = args.isEmpty ? 0 : (try? integer(LiquidMath.number(arg(0)), name, offset)) ?? 0
            switch n {
            case .int(let i):
                return digits >= 0 ? .int(i) : .int(Int(LiquidMath.roundHalfUp(Double(i), digits)))
            default:
                let d = n.doubleValue
                guard d.isFinite else {
                    if digits <= 0 { throw LiquidErrorAt(offset: offset, "The 'round' filter cannot round \(LiquidValue.rubyFloat(d))") }
                    return .float(d)
                }
                let r = LiquidMath.roundHalfUp(d, digits)
                // Liquid's round: `result.to_i if n == 0`, with n as to_number made it (so 'foo' and nil are 0).
                if digits <= 0 { return try LiquidMath.toInt(r, name, offset: offset) }
                return .float(r)
            }
        case "at_least", "at_most":
            let a = LiquidMath.number(input), b = LiquidMath.number(arg(0))
            let c = LiquidValue.compare(b, a) ?? 0
            return name == "at_least" ? (c > 0 ? b : a) : (c < 0 ? b : a)

        // https://shopify.github.io/liquid/filters/ — array filters
        case "first", "last":
            switch input {
            case .array(let a): return (name == "first" ? a.first : a.last) ?? .nil_
            case .range(let a, let b): return b < a ? .nil_ : .int(name == "first" ? a : b)
            case .object(let o) where name == "first":
                guard let p = o.pairs.first else { return .nil_ }
                return .array([.string(p.key), p.value])
            case .string(let t):
                return .string((name == "first" ? t.first : t.last).map(String.init) ?? "")
            default: return .nil_
            }
        case "join":
            let items = try iterate(input, name, offset)
            let glue = args.isEmpty ? " " : str(arg(0))
            var out = ""
            for (i, v) in items.enumerated() {
                if i > 0 { out += glue }
                out += v.liquidString
                guard out.utf8.count <= limits.maxOutputBytes else { throw tooLong(name, offset) }
            }
            return .string(out)
        case "reverse": return .array(try iterate(input, name, offset).reversed())
        case "concat":
            guard case .array(let more) = arg(0) else {
                throw LiquidErrorAt(offset: offset, "The 'concat' filter needs an array argument")
            }
            let all = try iterate(input, name, offset) + more
            guard all.count <= limits.maxArrayLength else { throw tooLong(name, offset) }
            return .array(all)
        case "compact":
            let items = try iterate(input, name, offset)
            if args.isEmpty || arg(0) == .nil_ { return .array(items.filter { $0 != .nil_ }) }
            var kept: [LiquidValue] = []
            for v in items where try itemProperty(v, arg(0), name, offset) != .nil_ { kept.append(v) }
            return .array(kept)
        case "map":
            var mapped: [LiquidValue] = []
            for v in try iterate(input, name, offset) { mapped.append(try itemProperty(v, arg(0), name, offset)) }
            return .array(mapped)
        case "uniq":
            var seen: [LiquidValue] = []
            var keys: [LiquidValue] = []
            for v in try iterate(input, name, offset) {
                let k = arg(0) == .nil_ ? v : try itemProperty(v, arg(0), name, offset)
                if !keys.contains(where: { $0 == k }) { keys.append(k); seen.append(v) }
            }
            return .array(seen)
        case "sort", "sort_natural":
            let items = try iterate(input, name, offset)
            let natural = name == "sort_natural"
            var keyed: [(LiquidValue, LiquidValue)] = []
            for v in items { keyed.append((arg(0) == .nil_ ? v : try itemProperty(v, arg(0), name, offset), v)) }
            var failed = false
            let sorted = keyed.enumerated().sorted { x, y in
                let a = x.element.0, b = y.element.0
                let c: Int
                if natural {
                    if a == .nil_ || b == .nil_ { c = a == .nil_ ? (b == .nil_ ? 0 : 1) : -1 } else {
                        let p = a.liquidString.lowercased(), q = b.liquidString.lowercased()
                        c = LiquidValue.byteCompare(p, q)
                    }
                } else if let r = LiquidValue.compare(a, b) {
                    c = r
                } else if a == .nil_ || b == .nil_ {
                    c = a == .nil_ ? (b == .nil_ ? 0 : 1) : -1
                } else {
                    failed = true
                    c = 0
                }
                return c != 0 ? c < 0 : x.offset < y.offset
            }
            if failed { throw LiquidErrorAt(offset: offset, "The '\(name)' filter cannot compare values of different types") }
            return .array(sorted.map { $0.element.1 })
        case "sum":
            var total: LiquidValue = .int(0)
            for v in try iterate(input, name, offset) {
                let item: LiquidValue
                if args.isEmpty { item = v } else {
                    switch v {
                    case .object, .nil_: item = try itemProperty(v, arg(0), name, offset)
                    case .string: item = .int(0)
                    default: throw LiquidErrorAt(offset: offset, "The 'sum' filter cannot read property \(arg(0).inspect) of \(v.inspect)")
                    }
                }
                total = try LiquidMath.arithmetic("plus", total, LiquidMath.number(item), offset: offset)
            }
            return total
        case "where", "reject", "find", "find_index", "has":
            return try select(name, input, args, offset)
        default:
            throw LiquidErrorAt(offset: offset, "Unknown filter '\(name)'")
        }
    }

    func tooLong(_ name: String, _ offset: Int) -> LiquidError {
        LiquidErrorAt(offset: offset, "The '\(name)' filter makes a value larger than the limits allow")
    }

    /// Liquid's `Utils.to_integer`: integers, floats (truncated) and numeric strings.
    func integer(_ v: LiquidValue, _ name: String, _ offset: Int) throws(LiquidError) -> Int {
        switch v {
        case .int(let n): return n
        case .float(let d) where d.isFinite && abs(d) < 9e18: return Int(d)
        case .string(let s):
            if let n = Int(s.trimmingCharacters(in: .whitespaces)) { return n }
            if let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite, abs(d) < 9e18 { return Int(d) }
        case .nil_: return 0
        default: break
        }
        throw LiquidErrorAt(offset: offset, "The '\(name)' filter needs an integer, not \(v.inspect)")
    }

    /// Liquid's `Utils.to_integer`: an integer or a string of one; anything else ("2.2", 2.2, nil) is an error.
    func strictInteger(_ v: LiquidValue, _ name: String, _ offset: Int) throws(LiquidError) -> Int {
        switch v {
        case .int(let n): return n
        case .string(let s):
            if let n = Int(s.trimmingCharacters(in: .whitespaces)) { return n }
        default: break
        }
        throw LiquidErrorAt(offset: offset, "The '\(name)' filter needs an integer, not \(v.inspect)")
    }

    /// Liquid's `InputIterator`: an array flattened, a hash as one item, a range's numbers, nil as nothing, any other
    /// value as one item.
    func iterate(_ v: LiquidValue, _ name: String, _ offset: Int) throws(LiquidError) -> [LiquidValue] {
        switch v {
        case .array(let a):
            guard a.contains(where: { if case .array = $0 { return true } else { return false } }) else { return a }
            var out: [LiquidValue] = []
            var stack: [ArraySlice<LiquidValue>] = [a[...]]
            while var top = stack.popLast() {
                guard let first = top.popFirst() else { continue }
                stack.append(top)
                if case .array(let inner) = first { stack.append(inner[...]) } else { out.append(first) }
                guard out.count <= limits.maxArrayLength else { throw tooLong(name, offset) }
            }
            return out
        case .range(let a, let b):
            guard b >= a else { return [] }
            let (n, overflow) = b.subtractingReportingOverflow(a)
            guard !overflow, n < limits.maxArrayLength else { throw tooLong(name, offset) }
            return (a...b).map { .int($0) }
        case .nil_: return []
        default: return [v]
        }
    }

    /// `item[property]` as the array filters read it (Ruby's `[]`): a hash's key, a string's substring, nil for nil.
    func itemProperty(_ item: LiquidValue, _ property: LiquidValue, _ name: String, _ offset: Int) throws(LiquidError) -> LiquidValue {
        switch (item, property) {
        case (.object(let o), .string(let k)): return o[k] ?? .nil_
        case (.object, _): return .nil_
        case (.nil_, _): return .nil_
        case (.string(let s), .string(let k)): return s.contains(k) ? .string(k) : .nil_
        case (.array(let a), .int(let i)): return LiquidRenderer.property(.array(a), .int(i), command: false)
        case (.int(let n), .int(let bit)):
            // Ruby's Integer#[]: the bit at that position.
            return .int(bit < 0 ? 0 : (bit >= 63 ? (n < 0 ? 1 : 0) : (n >> bit) & 1))
        case (.bool, _), (.float, _), (.range, _), (.empty, _), (.blank, _): return .nil_
        default:
            throw LiquidErrorAt(offset: offset, "The '\(name)' filter cannot read property \(property.inspect) of \(item.inspect)")
        }
    }

    /// where, reject, find, find_index and has (Liquid's `filter_array`).
    func select(_ name: String, _ input: LiquidValue, _ args: [LiquidValue], _ offset: Int) throws(LiquidError) -> LiquidValue {
        let items = try iterate(input, name, offset)
        let property = args[0]
        let target = args.count > 1 ? args[1] : .nil_
        if items.isEmpty {
            switch name {
            case "has": return .bool(false)
            case "find", "find_index": return .nil_
            default: return .array([])
            }
        }
        /// nil when the item cannot be indexed (nil, true, false, a float): Liquid's filter_array then returns nil.
        func matches(_ item: LiquidValue) throws(LiquidError) -> Bool? {
            switch (item, property) {
            case (.nil_, _), (.bool, _), (.float, _), (.string, .nil_): return nil
            default: break
            }
            let v = try itemProperty(item, property, name, offset)
            return target == .nil_ ? v.isTruthy : LiquidValue.liquidEquals(v, target)
        }
        switch name {
        case "where", "reject":
            var kept: [LiquidValue] = []
            for v in items {
                guard let m = try matches(v) else { return .nil_ }
                if m == (name == "where") { kept.append(v) }
            }
            return .array(kept)
        case "has":
            for v in items {
                guard let m = try matches(v) else { return .nil_ }
                if m { return .bool(true) }
            }
            return .bool(false)
        case "find":
            for v in items {
                guard let m = try matches(v) else { return .nil_ }
                if m { return v }
            }
            return .nil_
        default:
            for (i, v) in items.enumerated() {
                guard let m = try matches(v) else { return .nil_ }
                if m { return .int(i) }
            }
            return .nil_
        }
    }
}
