// Checks URL strings the way the SDK does (a scheme is required, any scheme) and explains what is wrong.

public enum URLText {
    /// The scheme (`https`, `file`, `myapp`) of `s` per RFC 3986 (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`),
    /// or nil when there is none.
    public static func scheme(of s: String) -> String? {
        guard let colon = s.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let head = s.utf8[s.utf8.startIndex..<colon]
        guard let first = head.first, isAlpha(first) else { return nil }
        for b in head.dropFirst() where !(isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")) {
            return nil
        }
        return String(decoding: head, as: UTF8.self).lowercased()
    }

    /// Characters that iOS 16 and earlier refuse in `URL(string:)` (iOS 17 percent-encodes them instead).
    public static func strictlyInvalidCharacter(in s: String) -> Character? {
        for ch in s {
            guard let u = ch.unicodeScalars.first else { continue }
            if u.value <= 0x20 || u.value == 0x7F || "<>\"{}|\\^`".unicodeScalars.contains(u) { return ch }
        }
        return nil
    }

    /// A hint for a scheme-less string: a local path gets `file:`, a host name gets `https://`.
    public static func suggestion(forSchemeless s: String) -> String? {
        let lower = s.lowercased()
        let imageExtensions = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".heic"]
        let looksLikePath = s.hasPrefix("./") || s.hasPrefix("../") || s.hasPrefix("/") || s.hasPrefix("~")
            || (!s.contains(" ") && imageExtensions.contains { lower.hasSuffix($0) } && !lower.hasPrefix("www.") && !s.hasPrefix("//"))
        if s.hasPrefix("//") { return "write https:\(s) for a web image" }
        if lower.hasPrefix("www.") { return "write https://\(s) for a web image" }
        if looksLikePath {
            if s.hasPrefix("/") { return "a local file needs a file: URL, such as file://\(s)" }
            return "a local file needs a file: URL relative to the payload, such as file:\(s)"
        }
        return nil
    }

    private static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
