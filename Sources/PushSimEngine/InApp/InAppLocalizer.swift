// Core's localisation of a campaign ZIP's native config before the in-app module sees it: every string value's
// `{{key|type|default}}` placeholders are filled from the ZIP's `pushwoosh.json` (reconstructed from Core's
// PWNativeInAppRouteTest; Core's own code is not public).

import Foundation

public enum InAppLocalizer {
    /// What the localiser did, and what a tester should know about it.
    public struct Result: Sendable, Equatable {
        public var config: JSONValue
        /// Placeholders whose key no language has (the default was used), colours without `#`, a missing language.
        public var warnings: [Diagnostic]
        /// The `localization` section used (`--language`, else `default_language`); nil when there is none.
        public var language: String?
    }

    public struct TooLarge: Error, Equatable, Sendable {
        public var limit: Int
    }

    /// The localised config may grow to at most this many bytes of string text (a placeholder repeated a million times
    /// with a long value would otherwise multiply memory).
    public static let maxOutputBytes = 64 * 1024 * 1024

    /// Fills the placeholders of every string value in `config` (keys are left alone). `pushwoosh` is the ZIP's
    /// `pushwoosh.json` (nil when the ZIP has none: every placeholder takes its default).
    public static func localize(_ config: JSONValue, pushwoosh: JSONValue?, language: String?) throws(TooLarge) -> Result {
        let sections = pushwoosh?["localization"]?.objectValue ?? JSONObject()
        let defaultLanguage = pushwoosh?["default_language"]?.stringValue
        var warnings: [Diagnostic] = []
        var chosen = language ?? defaultLanguage
        if let language, sections[language] == nil, pushwoosh != nil {
            let fallback = defaultLanguage.map { "its default_language \(JSONValue.string($0).quoted) is used" } ?? "placeholders take their defaults"
            warnings.append(Diagnostic(path: "", "pushwoosh.json has no \(JSONValue.string(language).quoted) localization; \(fallback)"))
            chosen = defaultLanguage
        }
        var state = State(primary: chosen.flatMap { sections[$0]?.objectValue },
                          fallback: defaultLanguage.flatMap { sections[$0]?.objectValue },
                          hasTable: pushwoosh != nil)
        let out = try state.walk(config, path: JSONPath())
        return Result(config: out, warnings: warnings + state.warnings, language: chosen)
    }

    struct State {
        var primary: JSONObject?
        var fallback: JSONObject?
        var hasTable: Bool
        var warnings: [Diagnostic] = []
        var budget = InAppLocalizer.maxOutputBytes

        mutating func walk(_ v: JSONValue, path: JSONPath) throws(TooLarge) -> JSONValue {
            switch v {
            case .string(let s):
                guard s.contains("{{") else { return v }
                let filled = fill(s, path: path.description)
                budget -= filled.utf8.count
                if budget < 0 { throw TooLarge(limit: InAppLocalizer.maxOutputBytes) }
                return .string(filled)
            case .array(let a):
                var out: [JSONValue] = []
                out.reserveCapacity(a.count)
                for (i, e) in a.enumerated() { out.append(try walk(e, path: path.index(i))) }
                return .array(out)
            case .object(let o):
                var out = JSONObject()
                out.reserveCapacity(o.count)
                for (k, e) in o { out[k] = try walk(e, path: path.key(k)) }
                return .object(out)
            default:
                return v
            }
        }

        /// Replaces each `{{key|type|default}}` (type and default optional) in `s`.
        mutating func fill(_ s: String, path: String) -> String {
            var out = ""
            var rest = Substring(s)
            while let open = rest.range(of: "{{") {
                guard let close = rest[open.upperBound...].range(of: "}}") else { break }
                out += rest[..<open.lowerBound]
                let inside = rest[open.upperBound..<close.lowerBound]
                out += resolve(Placeholder(inside), path: path)
                rest = rest[close.upperBound...]
            }
            out += rest
            return out
        }

        mutating func resolve(_ p: Placeholder, path: String) -> String {
            let found = primary?[p.key] ?? fallback?[p.key]
            let raw: String
            switch found {
            case .string(let s)?: raw = InAppLocalizer.collapseSingleBraces(s)
            case .number(let d)?: raw = JSONValue.number(d).jsonText()
            case .bool(let b)?: raw = b ? "true" : "false"
            default:
                raw = p.fallback
                if hasTable {
                    warnings.append(Diagnostic(path: path, "pushwoosh.json has no \(JSONValue.string(p.key).quoted) in the language used or the default language; the placeholder's default \(JSONValue.string(p.fallback).quoted) is used"))
                }
            }
            let value = InAppLocalizer.format(raw, as: p.type)
            if p.type == "color", !value.hasPrefix("#") {
                warnings.append(Diagnostic(path: path, "the colour placeholder {{\(p.key)|color|…}} gives \(JSONValue.string(value).quoted) without a leading #, and the in-app parser accepts only \"#RRGGBB\" colours: the phone drops the message here"))
            }
            return value
        }
    }

    /// `key|type|default`: the type defaults to `text`, the default to empty; a default may itself hold `|`.
    struct Placeholder {
        var key: String
        var type: String
        var fallback: String
        init(_ inside: Substring) {
            let parts = inside.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
            key = String(parts[0])
            type = parts.count > 1 ? String(parts[1]).lowercased() : "text"
            fallback = parts.count > 2 ? String(parts[2]) : ""
        }
    }

    /// Inside a localised value, `{tag|type|default}` (a tag placeholder; the tag map is empty here) becomes its
    /// default, formatted by its type.
    static func collapseSingleBraces(_ s: String) -> String {
        guard s.contains("{") else { return s }
        var out = ""
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let inside = rest[rest.index(after: open)..<close]
            out += rest[..<open]
            if inside.filter({ $0 == "|" }).count >= 2, !inside.contains("{") {
                let p = Placeholder(inside)
                out += format(p.fallback, as: p.type)
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// The modifiers: `text` and `color` as given, `dollar` as US currency with grouping (`1000` → `$1,000`), `m-d-y`
    /// as the date of Unix seconds in GMT (`0` → `01-01-70`). A value that is not a number stays as it is; an unknown
    /// modifier changes nothing.
    public static func format(_ value: String, as type: String) -> String {
        switch type {
        case "dollar":
            guard let d = Double(value.trimmingCharacters(in: .whitespaces)), d.isFinite else { return value }
            return dollars(d)
        case "m-d-y":
            guard let d = Double(value.trimmingCharacters(in: .whitespaces)), d.isFinite, abs(d) < 1e14 else { return value }
            return monthDayYear(d)
        default:
            return value
        }
    }

    static func dollars(_ d: Double) -> String {
        let cents = (abs(d) * 100).rounded()
        guard cents < 1e17 else { return (d < 0 ? "-$" : "$") + JSONValue.number(abs(d)).jsonText() }
        let whole = UInt64(cents / 100), fraction = UInt64(cents.truncatingRemainder(dividingBy: 100))
        var digits = Array(String(whole))
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + String(digits.suffix(3)) + grouped
            digits.removeLast(3)
        }
        grouped = String(digits) + grouped
        let tail = fraction == 0 ? "" : "." + (fraction < 10 ? "0" : "") + String(fraction)
        return (d < 0 && cents > 0 ? "-$" : "$") + grouped + tail
    }

    /// MM-dd-yy of Unix seconds in GMT, on the Gregorian calendar.
    static func monthDayYear(_ seconds: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
        func two(_ n: Int?) -> String { let m = (((n ?? 0) % 100) + 100) % 100; return (m < 10 ? "0" : "") + String(m) }
        return "\(two(c.month))-\(two(c.day))-\(two(c.year))"
    }
}
