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
            var run = 0
            for (i, b) in bytes.enumerated() {
                let escape: [UInt8]?
                switch b {
                case UInt8(ascii: "\""): escape = [0x5C, 0x22]
                case UInt8(ascii: "\\"): escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, UInt8(ascii: "n")]
                case 0x0D: escape = [0x5C, UInt8(ascii: "r")]
                case 0x09: escape = [0x5C, UInt8(ascii: "t")]
                case 0..<0x20, 0x7F:
                    let hex = Array("0123456789abcdef".utf8)
                    escape = Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
                default: escape = nil
                }
                guard let escape else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                out += escape
                run = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
