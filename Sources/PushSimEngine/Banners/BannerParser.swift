// Turns a banner's JSON into a `Banner`, keeping what it can and saying what it dropped (a JSON path + a sentence).

import Foundation

public enum BannerParser {
    public static let knownKeys: Set<String> = ["id", "title", "body", "link", "duration", "image"]

    /// The banner and its diagnostics; nil (with an error diagnostic) when `json` cannot be a banner at all.
    /// - Parameter defaultID: the id used when the JSON has none (the presenter numbers them `b1`, `b2`, …).
    public static func parse(_ json: JSONValue, defaultID: String) -> (banner: Banner?, diagnostics: [Diagnostic]) {
        var diags: [Diagnostic] = []
        guard let o = json.objectValue else {
            return (nil, [Diagnostic(.error, path: "", "a banner must be a JSON object such as {\"title\":\"Hi\",\"body\":\"There\"}, not \(json.typeDescription)")])
        }
        func string(_ key: String) -> String? {
            guard let v = o[key], !v.isNull else { return nil }
            if let s = v.stringValue { return s }
            if case .number(let n) = v, key == "id" { return JSONValue.formatNumber(n) }
            diags.append(Diagnostic(path: JSONPath().key(key).description, "expected a string, got \(v.typeDescription); ignored"))
            return nil
        }
        var b = Banner(id: defaultID)
        if let id = string("id") {
            if id.trimmingCharacters(in: .whitespaces).isEmpty {
                diags.append(Diagnostic(path: "id", "an empty id was replaced by \(defaultID)"))
            } else {
                b.id = id
            }
        }
        b.title = string("title") ?? ""
        b.body = string("body") ?? ""
        if let link = string("link"), !link.isEmpty {
            if URLText.scheme(of: link) != nil {
                b.link = link
            } else {
                let hint = URLText.suggestion(forSchemeless: link).map { " (\($0))" } ?? " (write it with a scheme, such as https://\(link))"
                diags.append(Diagnostic(path: "link", "\(JSONValue.string(link).quoted) has no scheme, so a tap opens nothing; dropped\(hint)"))
            }
        }
        if let d = o["duration"], !d.isNull {
            if let n = d.numberValue, case .number = d, n.isFinite, n > 0 {
                b.duration = n
            } else {
                diags.append(Diagnostic(path: "duration", "expected a number of seconds above 0, got \(d.quoted); using \(JSONValue.formatNumber(Banner.defaultDuration))"))
            }
        }
        if let img = string("image"), !img.isEmpty { b.image = img }
        for key in o.keys where !knownKeys.contains(key) {
            diags.append(Diagnostic(path: JSONPath().key(key).description, "not a banner field (id, title, body, link, duration, image); ignored"))
        }
        if b.title.isEmpty && b.body.isEmpty {
            diags.append(Diagnostic(.error, path: "", "a banner needs a title or a body"))
            return (nil, diags)
        }
        return (b, diags)
    }

    /// Parse banner JSON text; a syntax error becomes one error diagnostic naming line and column.
    public static func parse(text: String, defaultID: String) -> (banner: Banner?, diagnostics: [Diagnostic]) {
        do {
            return parse(try JSONParser.parse(text), defaultID: defaultID)
        } catch {
            return (nil, [Diagnostic(.error, path: "", "the banner is not JSON (\(error.description))")])
        }
    }
}
