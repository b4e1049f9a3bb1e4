// Serialises JSONValue deterministically (key order kept) for events, dumps and reports.

extension JSONValue {
    /// Compact JSON text. Integral numbers print without a fraction; non-finite numbers print as null.
    public func jsonText(sortedKeys: Bool = false) -> String {
        var out = [UInt8]()
        write(into: &out, sortedKeys: sortedKeys)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of the compact JSON text: bytes, not String appends, since a 100,000-row --dump spent
    /// most of its time appending strings one scalar at a time (issue 14).
    func write(into out: inout [UInt8], sortedKeys: Bool) {
        switch self {
        case .null: out += JSONValue.nullBytes
        case .bool(let b): out += b ? JSONValue.trueBytes : JSONValue.falseBytes
        case .number(let d): out += JSONValue.formatNumber(d).utf8
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (k, v) in a.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                v.write(into: &out, sortedKeys: sortedKeys)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            let members = sortedKeys ? o.sorted { $0.key < $1.key } : Array(o)
            for (k, m) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(m.key, into: &out)
                out.append(UInt8(ascii: ":"))
                m.value.write(into: &out, sortedKeys: sortedKeys)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// How many bytes `write(into:sortedKeys:)` appends, counted without writing them (APNs' size of every inbox push
    /// of a feed: writing each one cost a third of a 50,000-push load).
    public var compactByteCount: Int {
        switch self {
        case .null: return 4
        case .bool(let b): return b ? 4 : 5
        case .number(let d): return JSONValue.formatNumber(d).utf8.count
        case .string(let s): return JSONValue.stringByteCount(s)
        case .array(let a): return a.reduce(max(2, a.count + 1)) { $0 + $1.compactByteCount }
        case .object(let o):
            var n = 2 + max(0, o.count - 1)
            for m in o { n += JSONValue.stringByteCount(m.key) + 1 + m.value.compactByteCount }
            return n
        }
    }

    /// The bytes `writeString` appends for `s`: its UTF-8, the quotes, and what each escape adds.
    static func stringByteCount(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { bytes in
            var n = bytes.count + 2, i = 0
            while true {
                i = unescapedRun(bytes, from: i)
                guard i < bytes.count else { return n }
                switch bytes[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: n += 1
                default: n += 5  // \u00XX for one byte
                }
                i += 1
            }
        }
    }

    private static let nullBytes = Array("null".utf8), trueBytes = Array("true".utf8), falseBytes = Array("false".utf8)

    public static func formatNumber(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// Quotes and escapes `s`: `"` and `\` escaped, \n \r \t by name, other control characters (and DEL) as
    /// \u00XX; everything else, multi-byte UTF-8 included, is copied as it is, in runs.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0, i = 0
            while true {
                // Bytes that are copied as they are, found eight at a time (a byte at a time was most of a --dump
                // row's writing).
                i = unescapedRun(bytes, from: i)
                guard i < bytes.count else { break }
                let b = bytes[i]
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                switch b {
                case UInt8(ascii: "\""): out += [0x5C, 0x22]
                case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                default:  // the other control characters and DEL
                    let hex = Array("0123456789abcdef".utf8)
                    out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
                }
                i += 1
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The offset of the first byte at or after `k` that `writeString` escapes — a quote, a backslash, a control
    /// character or DEL — or `bytes.count`; eight bytes at a time (the classic "has a zero/lesser byte" word tests,
    /// exact about whether the word holds one; the byte loop finds which).
    static func unescapedRun(_ bytes: UnsafeBufferPointer<UInt8>, from k: Int) -> Int {
        var k = k
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        while k + 8 <= bytes.count {
            let x = UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self)
            let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C), del = x ^ (ones &* 0x7F)
            let special = (((x &- ones &* 0x20) & ~x) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((del &- ones) & ~del)) & high
            if special != 0 { break }
            k += 8
        }
        while k < bytes.count {
            let b = bytes[k]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b == 0x7F { break }
            k += 1
        }
        return k
    }
}
