// The device's own filling of a native in-app config's strings (and a campaign page): the SDK's four placeholder
// passes, localisation first, then the device's tags.

import Foundation

/// Pushwoosh iOS SDK `iOS_SDK/Pushwoosh/PushwooshCore/InAppMessages/PWResource.m` (7.2.x, newest stored version:
/// `pw_localizeString:tags:` and `postProcessPageUsingParameters:regex:`). Each pass finds all its matches, then
/// replaces every occurrence of each matched text:
///
/// 1. `{{key|type|default}}` from the ZIP's `pushwoosh.json` localisation; absent → the default (may be empty)
/// 2. `{{key|type}}` the same; absent → the key's name
/// 3. `{tag|modifier|}` from the tags; absent → ""
/// 4. `{tag|modifier|default}` the same; absent → the default
///
/// A part may hold no `|` and no `}`. `{tag|modifier}` and `{{Name}}` match no pass and stay on the screen as written.
public enum DeviceFill {
    /// One pass's pattern: double or single braces, and whether it has a third (default) part.
    enum Pass: CaseIterable {
        case localizedWithDefault, localizedNoDefault, tagEmptyDefault, tagWithDefault
        var double: Bool { self == .localizedWithDefault || self == .localizedNoDefault }
        var localization: Bool { double }
    }

    /// A placeholder one pass matched: the text, its parts, and what it became.
    public struct Fill: Sendable, Equatable {
        public var placeholder: String
        public var key: String
        public var modifier: String
        public var value: String
        /// `tag` (a tag or a localised string was found) or `default`.
        public var source: String
        /// Filled from `pushwoosh.json` (passes 1 and 2), not from the tags.
        public var localization: Bool
    }

    /// Fills `s`. `localized`: the key → value table of the language used (nil when the ZIP has no table);
    /// `tags`: the device's tag dictionary (§ the native path's: the cache, converted, with the device tags).
    public static func fill(_ s: String, localized: (String) -> JSONValue?, tags: JSONObject,
                            locale: Locale = Locale(identifier: "en_US_POSIX")) -> (text: String, fills: [Fill]) {
        guard s.contains("{") else { return (s, []) }
        var text = s
        var fills: [Fill] = []
        for pass in Pass.allCases {
            let matches = scan(text, pass)
            guard !matches.isEmpty else { continue }
            var order: [String] = []
            var replacement: [String: String] = [:]
            for m in matches {
                let found: JSONValue? = pass.localization ? localized(m.key) : tags[m.key]
                let fallback = pass == .localizedNoDefault ? m.key : (m.fallback ?? "")
                let value: String
                if let found {
                    // A found value that is not a string prints as its description with no modifier (pw_applyModifier:).
                    if case .string(let str) = found {
                        value = PlaceholderModifier.apply(m.modifier, to: str, found: true, locale: locale)
                    } else {
                        value = description(of: found)
                    }
                } else {
                    value = PlaceholderModifier.apply(m.modifier, to: fallback, found: false, locale: locale)
                }
                if replacement[m.text] == nil { order.append(m.text) }
                replacement[m.text] = value
                fills.append(Fill(placeholder: m.text, key: m.key, modifier: m.modifier, value: value,
                                  source: found == nil ? "default" : "tag", localization: pass.localization))
            }
            for placement in order { text = text.replacingOccurrences(of: placement, with: replacement[placement] ?? "") }
        }
        return (text, fills)
    }

    struct Match {
        var text: String
        var key: String
        var modifier: String
        var fallback: String?
    }

    /// The leftmost, non-overlapping matches of one pass's pattern (the regex's classes `[^|}]` need no backtracking:
    /// each part runs to the first `|` or `}`).
    static func scan(_ s: String, _ pass: Pass) -> [Match] {
        let u = Array(s.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), pipe = UInt8(ascii: "|")
        var out: [Match] = []
        var i = 0
        func part(_ from: Int) -> Int {
            var j = from
            while j < u.count, u[j] != pipe, u[j] != close { j += 1 }
            return j
        }
        func text(_ a: Int, _ b: Int) -> String { String(decoding: u[a..<b], as: UTF8.self) }
        while i < u.count {
            guard u[i] == open, !pass.double || (i + 1 < u.count && u[i + 1] == open) else { i += 1; continue }
            let k0 = i + (pass.double ? 2 : 1)
            let k1 = part(k0)
            guard k1 > k0, k1 < u.count, u[k1] == pipe else { i += 1; continue }
            let m0 = k1 + 1, m1 = part(m0)
            guard m1 > m0, m1 < u.count else { i += 1; continue }
            var fallback: String?
            var end: Int
            switch pass {
            case .localizedNoDefault:
                guard u[m1] == close, m1 + 1 < u.count, u[m1 + 1] == close else { i += 1; continue }
                end = m1 + 2
            case .tagEmptyDefault:
                guard u[m1] == pipe, m1 + 1 < u.count, u[m1 + 1] == close else { i += 1; continue }
                fallback = ""
                end = m1 + 2
            case .localizedWithDefault, .tagWithDefault:
                guard u[m1] == pipe else { i += 1; continue }
                let d0 = m1 + 1, d1 = part(d0)
                guard d1 < u.count, u[d1] == close else { i += 1; continue }
                if pass.double { guard d1 + 1 < u.count, u[d1 + 1] == close else { i += 1; continue } }
                fallback = text(d0, d1)
                end = d1 + (pass.double ? 2 : 1)
            }
            out.append(Match(text: text(i, end), key: text(k0, k1), modifier: text(m0, m1), fallback: fallback))
            i = end
        }
        return out
    }

    /// How Foundation's `%@` prints a tag value that is not a string: `NSNumber`'s description (booleans as 1/0),
    /// an array as its multi-line property-list form.
    public static func description(of v: JSONValue, indent: String = "") -> String {
        switch v {
        case .string(let s): return s
        case .bool(let b): return b ? "1" : "0"
        case .number(let d): return JSONValue.formatNumber(d)
        case .null: return "<null>"
        case .array(let a):
            guard !a.isEmpty else { return "(\n" + indent + ")" }
            let inner = indent + "    "
            return "(\n" + a.map { inner + plistAtom($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + ")"
        case .object(let o):
            let inner = indent + "    "
            return "{\n" + o.map { inner + plistAtom(.string($0.key), indent: inner) + " = " + plistAtom($0.value, indent: inner) + ";" }.joined(separator: "\n") + "\n" + indent + "}"
        }
    }

    /// A string inside a printed array is quoted unless it is plain letters, digits and `_`.
    static func plistAtom(_ v: JSONValue, indent: String) -> String {
        guard case .string(let s) = v else { return description(of: v, indent: indent) }
        if !s.isEmpty, s.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }) { return s }
        return JSONValue.string(s).jsonText()
    }
}
