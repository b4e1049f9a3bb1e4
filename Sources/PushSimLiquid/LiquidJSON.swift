// Reads JSON text into a LiquidValue keeping each object's key order (Foundation's JSONSerialization loses it).

extension LiquidValue {
    /// Parses JSON text (RFC 8259) into a value whose objects keep their keys in document order, as a Ruby hash
    /// parsed from JSON does. Integers stay ints, numbers with a fraction or exponent become floats. Throws for text
    /// that is not JSON or is nested deeper than `maxDepth`; the error's line and column point into the JSON.
    public init(jsonText: String, maxDepth: Int = 512) throws(LiquidError) {
        var reader = JSONReader(bytes: Array(jsonText.utf8), maxDepth: maxDepth)
        do {
            self = try reader.document()
        } catch {
            throw LiquidPosition.resolve(error, in: reader.bytes)
        }
    }
}

/// A small recursive-descent JSON reader; recursion is bounded by `maxDepth`.
struct JSONReader {
    let bytes: [UInt8]
    let maxDepth: Int
    var i = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func fail(_ m: String) -> LiquidError { LiquidErrorAt(offset: i, m) }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    mutating func document() throws(LiquidError) -> LiquidValue {
        let v = try value(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw fail("Unexpected text after the JSON value") }
        return v
    }

    mutating func literal(_ word: String, _ v: LiquidValue) throws(LiquidError) -> LiquidValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("Unexpected character in JSON") }
        i += w.count
        return v
    }

    mutating func value(depth: Int) throws(LiquidError) -> LiquidValue {
        skipSpace()
        guard depth < maxDepth else { throw fail("The JSON is nested more than \(maxDepth) deep") }
        guard i < bytes.count else { throw fail("The JSON ends before its value") }
        switch bytes[i] {
        case 123:
            i += 1
            var o = LiquidObject()
            skipSpace()
            if i < bytes.count, bytes[i] == 125 { i += 1; return .object(o) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 34 else { throw fail("Expected a string key in a JSON object") }
                let k = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == 58 else { throw fail("Expected ':' after a JSON object key") }
                i += 1
                o[k] = try value(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw fail("A JSON object was never closed") }
                if bytes[i] == 44 { i += 1; continue }
                if bytes[i] == 125 { i += 1; return .object(o) }
                throw fail("Expected ',' or '}' in a JSON object")
            }
        case 91:
            i += 1
            var a: [LiquidValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 93 { i += 1; return .array(a) }
            while true {
                a.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("A JSON array was never closed") }
                if bytes[i] == 44 { i += 1; continue }
                if bytes[i] == 93 { i += 1; return .array(a) }
                throw fail("Expected ',' or ']' in a JSON array")
            }
        case 34: return .string(try string())
        case 116: return try literal("true", .bool(true))
        case 102: return try literal("false", .bool(false))
        case 110: return try literal("null", .nil_)
        default: return try number()
        }
    }

    mutating func number() throws(LiquidError) -> LiquidValue {
        let start = i
        if i < bytes.count, bytes[i] == 45 { i += 1 }
        var isFloat = false
        var digits = 0
        while i < bytes.count {
            let c = bytes[i]
            if c >= 48 && c <= 57 { digits += 1 } else if c == 46 || c == 101 || c == 69 || ((c == 43 || c == 45) && i > start) { isFloat = true } else { break }
            i += 1
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard digits > 0 else { i = start; throw fail("Unexpected character in JSON") }
        if !isFloat, let n = Int(text) { return .int(n) }
        guard let d = Double(text) else { i = start; throw fail("'\(text)' is not a JSON number") }
        return .float(d)
    }

    mutating func hex4() throws(LiquidError) -> UInt32 {
        guard i + 4 <= bytes.count, let n = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw fail("A \\u escape needs four hex digits")
        }
        i += 4
        return n
    }

    mutating func string() throws(LiquidError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("A JSON string was never closed") }
            let c = bytes[i]
            i += 1
            if c == 34 { break }
            guard c == 92 else { out.append(c); continue }
            guard i < bytes.count else { throw fail("A JSON string was never closed") }
            let e = bytes[i]
            i += 1
            switch e {
            case 34, 92, 47: out.append(e)
            case 98: out.append(8)
            case 102: out.append(12)
            case 110: out.append(10)
            case 114: out.append(13)
            case 116: out.append(9)
            case 117:
                var u = try hex4()
                if (0xD800...0xDBFF).contains(u), i + 1 < bytes.count, bytes[i] == 92, bytes[i + 1] == 117 {
                    i += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) { u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00) }
                }
                out += Array(String(Unicode.Scalar(u).map(Character.init) ?? "\u{FFFD}").utf8)
            default: throw fail("Unknown escape in a JSON string")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
