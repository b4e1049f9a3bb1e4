// Core's localisation of a campaign ZIP's native config before the in-app module sees it: every string value's
// `{{key|type|default}}` placeholders are filled from the ZIP's `pushwoosh.json`, then its `{tag|modifier|default}`
// from the device's tags (Pushwoosh iOS SDK PushwooshCore/InAppMessages/PWResource.m `localizeConfig:`).

import Foundation

public enum InAppLocalizer {
    /// What the localiser did, and what a tester should know about it.
    public struct Result: Sendable, Equatable {
        public var config: JSONValue
        /// Placeholders whose key no language has (the default was used), colours without `#`, a missing language.
        public var warnings: [Diagnostic]
        /// The `localization` section used (`--language`, else `default_language`); nil when there is none.
        public var language: String?
        /// One `personalized` event per placeholder filled.
        public var events: [Event] = []
    }

    public struct TooLarge: Error, Equatable, Sendable {
        public var limit: Int
    }

    /// The localised config may grow to at most this many bytes of string text (a placeholder repeated a million times
    /// with a long value would otherwise multiply memory).
    public static let maxOutputBytes = 64 * 1024 * 1024

    /// Fills the placeholders of every string value in `config` (keys are left alone). `pushwoosh` is the ZIP's
    /// `pushwoosh.json` (nil when the ZIP has none: every localisation placeholder takes its default). `tags` is the
    /// device's tag dictionary as the native path builds it (`PersonalizationDevice.nativeTags`); nil is a device
    /// without tags and without the two device tags.
    public static func localize(_ config: JSONValue, pushwoosh: JSONValue?, language: String?, tags: JSONObject? = nil) throws(TooLarge) -> Result {
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
                          hasTable: pushwoosh != nil, tags: tags ?? JSONObject())
        let out = try state.walk(config, path: JSONPath())
        var result = Result(config: out, warnings: warnings + state.warnings, language: chosen)
        result.events = state.events
        return result
    }

    struct State {
        var primary: JSONObject?
        var fallback: JSONObject?
        var hasTable: Bool
        var tags: JSONObject
        var warnings: [Diagnostic] = []
        var events: [Event] = []
        var budget = InAppLocalizer.maxOutputBytes

        mutating func walk(_ v: JSONValue, path: JSONPath) throws(TooLarge) -> JSONValue {
            switch v {
            case .string(let s):
                guard s.contains("{") else { return v }
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

        /// The SDK's four passes over `s` (DeviceFill), with this ZIP's table and the device's tags.
        mutating func fill(_ s: String, path: String) -> String {
            let primary = primary, fallback = fallback
            let (text, fills) = DeviceFill.fill(s, localized: { primary?[$0] ?? fallback?[$0] }, tags: tags)
            for f in fills {
                events.append(Event("personalized", ["path": .string(path), "placeholder": .string(f.placeholder),
                                                     "value": .string(f.value), "source": .string(f.source)]))
                if f.localization, f.source == "default", hasTable {
                    warnings.append(Diagnostic(path: path, "pushwoosh.json has no \(JSONValue.string(f.key).quoted) in the language used or the default language; the placeholder's default \(JSONValue.string(f.value).quoted) is used"))
                }
                if f.modifier == "color", !f.value.hasPrefix("#") {
                    warnings.append(Diagnostic(path: path, "the colour placeholder {{\(f.key)|color|…}} gives \(JSONValue.string(f.value).quoted) without a leading #, and the in-app parser accepts only \"#RRGGBB\" colours: the phone drops the message here"))
                }
            }
            return text
        }
    }

    /// The modifiers (PWResource.m `pw_applyModifier:`), for a value that was found.
    public static func format(_ value: String, as type: String) -> String {
        PlaceholderModifier.apply(type, to: value, found: true)
    }
}
