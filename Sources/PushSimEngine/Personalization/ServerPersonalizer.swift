// The Pushwoosh server's personalisation of one createMessage notification for one device, before the notification
// becomes the device's userInfo (PushRequest.deviceUserInfo).

/// The order (pushsim's, from docs.pushwoosh.com): pick the device's language of each language dictionary
/// (developer/guides/personalization multi-language: an unmatched language falls back to the default), render Liquid
/// (platform-docs/api-reference/template-engine, `template_bindings`), then Dynamic Content
/// (developer/guides/personalization/dynamic-content, `dynamic_content_placeholders`). Liquid comes first because its
/// own `{{ x | f: "y" | g }}` would otherwise read as a Dynamic Content placeholder.
public enum ServerPersonalizer {
    /// Fields whose text the server fills (platform-docs/personalization/dynamic-content: "text, titles, subtitles,
    /// root params"; template-engine: "image"). `ios_root_params` is walked to its string leaves.
    public static let personalizedFields: [String] = ["content", "title", "ios_title", "subtitle", "ios_subtitle", "ios_attachment", "ios_root_params"]
    /// Fields that may carry a language dictionary.
    static let languageFields: Set<String> = ["content", "title", "ios_title", "subtitle", "ios_subtitle"]
    /// Fields the server is not documented to fill: a placeholder found there is warned about and left as written.
    public static let unpersonalizedFields: [String] = ["data", "link", "minimize_link", "inbox_image", "inbox_params", "rich_media",
                                                        "remote_page", "ios_category_custom", "ios_sound", "preset", "android_root_params"]

    public enum Outcome: Sendable, Equatable {
        /// The notification as the server fills it (in a language dictionary, the device's entry), with one
        /// `personalized` event per placeholder and the warnings.
        case sent(fields: JSONObject, events: [Event], warnings: [Diagnostic])
        /// The server sends this device nothing (`not_sent`).
        case notSent(Event)
        /// The template does not parse or render (`template_error`): nothing is sent.
        case templateError(Event)

        public var events: [Event] {
            switch self {
            case .sent(_, let e, _): return e
            case .notSent(let e), .templateError(let e): return [e]
            }
        }
    }

    /// Fills `n` for `device`. `raw`: `--raw-placeholders`, the text as written with a warning per placeholder.
    public static func personalize(_ n: PushRequest.Notification, device: PersonalizationDevice, raw: Bool = false) -> Outcome {
        var fields = n.fields
        var events: [Event] = []
        var warnings: [Diagnostic] = []
        // A language dictionary keeps its shape: only the entry the device's language picks is filled, so the
        // mapping to the userInfo picks the same entry (and still knows which language it read).
        let language = device.language ?? LanguagePick.defaultLanguage
        var picked: [String: String] = [:]
        for key in languageFields {
            if let o = fields[key]?.objectValue, let p = LanguagePick.pick(o, device: language) { picked[key] = p.key }
        }
        let placeholders = fields["dynamic_content_placeholders"]?.objectValue ?? JSONObject()
        if let p = fields["dynamic_content_placeholders"], p.objectValue == nil {
            warnings.append(Diagnostic(path: n.path.key("dynamic_content_placeholders").description, "is \(p.typeDescription), not an object of tag name → value; ignored"))
        }
        let bindings = fields["template_bindings"]?.objectValue ?? JSONObject()
        if let b = fields["template_bindings"], b.objectValue == nil {
            warnings.append(Diagnostic(path: n.path.key("template_bindings").description, "is \(b.typeDescription), not an object of name → value; ignored"))
        }
        let tags = device.serverTags
        let scope = ServerLiquid.scope(tags: tags, bindings: bindings)

        var failure: Outcome?
        func text(_ s: String, path: JSONPath) -> String {
            if failure != nil { return s }
            if raw {
                for p in PlaceholderScan.all(in: s) {
                    warnings.append(Diagnostic(path: path.description, "\(p) is shown as written (--raw-placeholders); the server fills it for each device"))
                    events.append(Event("personalized", ["path": .string(path.description), "placeholder": .string(p), "value": .string(p), "source": "raw"]))
                }
                return s
            }
            var s = s
            if ServerLiquid.hasMarkup(s) {
                switch ServerLiquid.render(s, scope: scope) {
                case .failed(let line, let column, let message):
                    failure = .templateError(Event("template_error", ["path": .string(path.description), "line": .number(Double(line)),
                                                                      "column": .number(Double(column)), "message": .string(message)]))
                    return s
                case .rendered(let out, let outputs):
                    // One event per output as written (`{{ offer | upcase }}`) with what it printed; its source is where
                    // the first variable it reads comes from (a binding over a tag), else `default` (a literal, an
                    // unknown name, a loop's own variable).
                    for o in outputs {
                        let source = o.variables.lazy.compactMap { (v: String) -> String? in bindings[v] != nil ? "bindings" : tags[v] != nil ? "tag" : nil }.first ?? "default"
                        events.append(Event("personalized", ["path": .string(path.description), "placeholder": .string(o.expression),
                                                             "value": .string(o.value), "source": .string(source)]))
                    }
                    s = out
                }
            }
            switch DynamicContent.fill(s, tags: tags, placeholders: placeholders) {
            case .notSent(let tag):
                failure = .notSent(Event("not_sent", ["reason": "untagged", "tag": .string(tag)]))
                return s
            case .text(let out, let fills):
                for f in fills {
                    events.append(Event("personalized", ["path": .string(path.description), "placeholder": .string(f.placeholder),
                                                         "value": .string(f.value), "source": .string(f.source)]))
                }
                return out
            }
        }
        func walk(_ v: JSONValue, path: JSONPath) -> JSONValue {
            switch v {
            case .string(let s): return .string(text(s, path: path))
            case .array(let a): return .array(a.enumerated().map { walk($0.element, path: path.index($0.offset)) })
            case .object(let o):
                var out = JSONObject()
                for (k, e) in o { out[k] = walk(e, path: path.key(k)) }
                return .object(out)
            default: return v
            }
        }
        for key in personalizedFields {
            guard let v = fields[key] else { continue }
            if let entry = picked[key], var dict = v.objectValue, let text = dict[entry] {
                dict[entry] = walk(text, path: n.path.key(key).key(entry))
                fields[key] = .object(dict)
            } else if picked[key] == nil, languageFields.contains(key), v.objectValue != nil {
                continue
            } else {
                fields[key] = walk(v, path: n.path.key(key))
            }
            if let failure { return failure }
        }
        for key in unpersonalizedFields {
            guard let v = fields[key] else { continue }
            warnings += PlaceholderScan.leftovers(in: v, path: n.path.key(key),
                                                  why: "the server is not documented to fill placeholders in \(key); the device gets it as written")
        }
        return .sent(fields: fields, events: events, warnings: warnings)
    }
}

/// Placeholders of any kind in a text that nobody fills: for warnings on delivered payloads and unfilled fields.
public enum PlaceholderScan {
    /// At most this many warnings from one value.
    public static let maxWarnings = 20

    /// Each Liquid tag or output (`{{…}}`, `{%…%}`) and each Dynamic Content placeholder, as written, in order.
    public static func all(in s: String) -> [String] {
        guard s.contains("{") else { return [] }
        var out: [String] = []
        var rest = Substring(s)
        // Liquid markup first (its text is not scanned again for Dynamic Content).
        var plain = ""
        while let open = rest.range(of: "{{") ?? rest.range(of: "{%") {
            let a = rest.range(of: "{{"), b = rest.range(of: "{%")
            let first = [a, b].compactMap { $0 }.min { $0.lowerBound < $1.lowerBound } ?? open
            let closer = rest[first.lowerBound...].hasPrefix("{{") ? "}}" : "%}"
            plain += rest[..<first.lowerBound]
            guard let close = rest[first.upperBound...].range(of: closer) else { plain += rest[first.lowerBound...]; rest = ""; break }
            out.append(String(rest[first.lowerBound..<close.upperBound]))
            rest = rest[close.upperBound...]
            if out.count >= DynamicContent.maxPlaceholders { break }
        }
        plain += rest
        out += DynamicContent.scan(plain).placeholders.map(\.text)
        return out
    }

    /// A warning per placeholder left in every string leaf of `v` (at most `maxWarnings`).
    public static func leftovers(in v: JSONValue, path: JSONPath, why: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func walk(_ v: JSONValue, _ p: JSONPath) {
            guard out.count < maxWarnings else { return }
            switch v {
            case .string(let s):
                for ph in all(in: s) where out.count < maxWarnings {
                    out.append(Diagnostic(path: p.description, "holds the placeholder \(JSONValue.string(ph).quoted): \(why)"))
                }
            case .array(let a): for (i, e) in a.enumerated() { walk(e, p.index(i)) }
            case .object(let o): for (k, e) in o { walk(e, p.key(k)) }
            default: break
            }
        }
        walk(v, path)
        return out
    }
}
