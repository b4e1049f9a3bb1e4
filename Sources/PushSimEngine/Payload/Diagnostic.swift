// A finding about a payload: where (a JSON path) and what was done about it (one sentence).

public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Equatable { case error, warning }

    public var severity: Severity
    /// A JSON path such as `pw_stories.pages[3].image`; empty for the whole document.
    public var path: String
    public var message: String
    /// On the warning that says APNs refused a push an inbox file holds: the refusal, for the `apns_rejected` event.
    public var rejection: APNsPayload.Rejection? = nil

    public init(_ severity: Severity = .warning, path: String, _ message: String) {
        self.severity = severity
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Builds JSON paths the way diagnostics print them: `a.b[3].c`.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public private(set) var description: String
    public init(_ root: String = "") { description = root }
    public func key(_ k: String) -> JSONPath {
        let simple = !k.isEmpty && JSONPath.isSimpleKey(k)
        let part = simple ? k : "[\(JSONValue.string(k).jsonText())]"
        if description.isEmpty { return JSONPath(simple ? k : part) }
        return JSONPath(description + (simple ? "." + k : part))
    }
    public func index(_ i: Int) -> JSONPath { JSONPath(description + "[\(i)]") }

    /// Letters (Unicode's Alphabetic), digits and `_`: a key written after a dot. ASCII is decided from its bytes:
    /// the scalar property lookup was a quarter of `validate`'s time on a large feed, where every key of every
    /// message gets a path.
    static func isSimpleKey(_ k: String) -> Bool {
        var k = k
        if let ascii = k.withUTF8({ b -> Bool? in
            for c in b {
                if c >= 0x80 { return nil }
                guard (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || c == UInt8(ascii: "_")
                        || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) else { return false }
            }
            return true
        }) { return ascii }
        return k.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }
    }
}

extension JSONValue {
    /// A short quotation of a value for diagnostics: strings quoted and cut at 40 characters.
    public var quoted: String {
        switch self {
        case .string(let s):
            let cut = s.count > 40 ? String(s.prefix(39)) + "…" : s
            return JSONValue.string(cut).jsonText()
        case .array: return "an array"
        case .object: return "an object"
        default: return jsonText()
        }
    }
}
