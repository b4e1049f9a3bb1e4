// Serialises JSONValue deterministically (key order kept) for events, dumps and reports.

extension JSONValue {
    /// Compact JSON text. Integral numbers print without a fraction; non-finite numbers print as null.
    public func jsonText(sortedKeys: Bool = false) -> String {
        var out = ""
        write(into: &out, sortedKeys: sortedKeys)
        return out
    }

    func write(into out: inout String, sortedKeys: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += JSONValue.formatNumber(d)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let a):
            out += "["
            for (k, v) in a.enumerated() {
                if k > 0 { out += "," }
                v.write(into: &out, sortedKeys: sortedKeys)
            }
            out += "]"
        case .object(let o):
            out += "{"
            let members = sortedKeys ? o.sorted { $0.key < $1.key } : Array(o)
            for (k, m) in members.enumerated() {
                if k > 0 { out += "," }
                JSONValue.writeString(m.key, into: &out)
                out += ":"
                m.value.write(into: &out, sortedKeys: sortedKeys)
            }
            out += "}"
        }
    }

    public static func formatNumber(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F:
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
