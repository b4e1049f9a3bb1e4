// The Pushwoosh server's Dynamic Content placeholders in a push's text: `{Tag|Modifier|Default}`, `{Tag|Modifier}`
// and `{Tag|Modifier|}`, found and filled.

/// docs.pushwoosh.com/developer/guides/personalization/dynamic-content: `{T|M|D}` prints the tag's value formatted by
/// M, or D as written; `{T|M}` ("ignore non-tagged") sends a device without T nothing at all; `{T|M|}` with T absent
/// is sent with the placeholder as written. Values come from the device's tags, overridden key by key by the
/// request's `dynamic_content_placeholders`.
public enum DynamicContent {
    /// A placeholder in a text: where it is (UTF-8 offsets), what it says.
    public struct Placeholder: Sendable, Equatable {
        public var range: Range<Int>
        public var text: String
        public var tag: String
        public var modifier: String
        /// nil for `{T|M}`; "" for `{T|M|}`.
        public var fallback: String?
    }

    /// A `{…|…}` that is not one of the three forms (more than two pipes, an empty tag or modifier), for `validate`.
    public struct Malformed: Sendable, Equatable {
        public var text: String
        public var reason: String
    }

    /// At most this many placeholders are read from one text (a text of 10,000 pipes is not 10,000 placeholders).
    public static let maxPlaceholders = 1_000

    /// The placeholders and the malformed ones of `s`: a `{`, then text without `{` or `}`, then `}`, holding at least
    /// one `|`. One pass over the bytes.
    public static func scan(_ s: String) -> (placeholders: [Placeholder], malformed: [Malformed]) {
        var found: [Placeholder] = []
        var bad: [Malformed] = []
        guard s.utf8.contains(UInt8(ascii: "{")) else { return ([], []) }
        let u = Array(s.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), pipe = UInt8(ascii: "|")
        var i = 0
        while i < u.count, found.count + bad.count < maxPlaceholders {
            guard u[i] == open else { i += 1; continue }
            var j = i + 1
            var pipes: [Int] = []
            while j < u.count, u[j] != open, u[j] != close {
                if u[j] == pipe { pipes.append(j) }
                j += 1
            }
            guard j < u.count, u[j] == close, !pipes.isEmpty else { i = j < u.count && u[j] == open ? j : j + 1; continue }
            let text = String(decoding: u[i...j], as: UTF8.self)
            func part(_ a: Int, _ b: Int) -> String { String(decoding: u[a..<b], as: UTF8.self) }
            if pipes.count > 2 {
                bad.append(Malformed(text: text, reason: "has \(pipes.count) pipes; a placeholder is {Tag|Modifier|Default} (two at most)"))
            } else {
                let tag = part(i + 1, pipes[0])
                let modifier = part(pipes[0] + 1, pipes.count > 1 ? pipes[1] : j)
                if tag.isEmpty || modifier.isEmpty {
                    bad.append(Malformed(text: text, reason: tag.isEmpty ? "has no tag name before the first pipe" : "has no modifier between the pipes"))
                } else {
                    found.append(Placeholder(range: i..<(j + 1), text: text, tag: tag, modifier: modifier,
                                             fallback: pipes.count > 1 ? part(pipes[1] + 1, j) : nil))
                }
            }
            i = j + 1
        }
        return (found, bad)
    }

    /// How the server prints a tag value (pushsim's choice: the server's print is not documented): strings as they
    /// are, numbers as JSON writes them, booleans "true"/"false", a list joined with ", ".
    public static func serverText(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return s
        case .number, .bool: return v.jsonText()
        case .null: return ""
        case .array(let a): return a.map(serverText).joined(separator: ", ")
        case .object: return v.jsonText()
        }
    }

    /// What one filling of a text gave.
    public enum Filled: Sendable, Equatable {
        case text(String, [Fill])
        /// `{T|M}` and the device lacks T: the server sends it nothing.
        case notSent(tag: String)
    }

    public struct Fill: Sendable, Equatable {
        public var placeholder: String
        public var value: String
        /// `tag`, `placeholders` (from `dynamic_content_placeholders`), `default` or `raw`.
        public var source: String
    }

    /// Fills the placeholders of `s` from `placeholders` (the request's) over `tags` (the device's).
    public static func fill(_ s: String, tags: JSONObject, placeholders: JSONObject) -> Filled {
        let (list, _) = scan(s)
        guard !list.isEmpty else { return .text(s, []) }
        let u = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(u.count)
        var fills: [Fill] = []
        var at = 0
        for p in list {
            out += u[at..<p.range.lowerBound]
            at = p.range.upperBound
            let value: String, source: String
            if let v = placeholders[p.tag] {
                value = PlaceholderModifier.apply(p.modifier, to: serverText(v), found: true, profile: .server)
                source = "placeholders"
            } else if let v = tags[p.tag] {
                value = PlaceholderModifier.apply(p.modifier, to: serverText(v), found: true, profile: .server)
                source = "tag"
            } else if let d = p.fallback, !d.isEmpty {
                value = d
                source = "default"
            } else if p.fallback != nil {
                value = p.text
                source = "raw"
            } else {
                return .notSent(tag: p.tag)
            }
            out += value.utf8
            fills.append(Fill(placeholder: p.text, value: value, source: source))
        }
        out += u[at...]
        return .text(String(decoding: out, as: UTF8.self), fills)
    }
}
