// `validate`'s personalisation findings: placeholders that are malformed, use a modifier that does nothing or does not
// fit, Liquid the server refuses, placeholders some device fills with nothing, and placeholders nobody fills.

import PushSimLiquid

public enum PersonalizationLint {
    /// At most this many findings per document (a feed of a million placeholders is one problem said a few times).
    public static let maxFindings = 200

    /// The findings for a push document (a createMessage request, a notification, a userInfo or a getInboxMessages
    /// response) or, `native`, a native in-app config. `devices`: the `--tags` devices; empty checks without tags.
    public static func findings(_ doc: JSONValue, native: Bool = false, devices: [PersonalizationDevice] = []) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func add(_ d: Diagnostic) { if out.count < maxFindings { out.append(d) } }
        guard let root = doc.objectValue else { return [] }
        if native {
            walkStrings(doc, JSONPath()) { s, path in
                for p in DynamicContent.scan(s).placeholders where p.fallback == nil {
                    add(Diagnostic(path: path, "\(JSONValue.string(p.text).quoted) has no default part: no pass of the SDK's matches {Tag|Modifier}, so the phone shows it as written; write {\(p.tag)|\(p.modifier)|default}"))
                }
                for m in pipelessDoubleBraces(s) {
                    add(Diagnostic(path: path, "\(JSONValue.string(m).quoted) has no pipe: the device fills only {{key|type|default}} and {{key|type}}, so the phone shows it as written"))
                }
                modifierFindings(s, path: path, devices: devices.map { ($0.name, $0.nativeTags) }, add: add)
            }
            return out
        }
        var notifications: [PushRequest.Notification] = []
        if let request = PushRequest(doc) { notifications = request.notifications }
        else if PushRequest.isNotification(root) { notifications = [PushRequest.Notification(fields: root, path: JSONPath())] }
        if notifications.isEmpty {
            let delivered = root["aps"] != nil || root["pw_stories"] != nil || root["pw_inbox"] != nil
            let why = delivered ? "nobody fills it: the server filled this userInfo when it sent it, and the SDK does not fill pushes"
                                : "nobody fills it: the server filled these messages when it sent them"
            for d in PlaceholderScan.leftovers(in: doc, path: JSONPath(), why: why) { add(d) }
            return out
        }
        for n in notifications {
            for key in ServerPersonalizer.personalizedFields {
                guard let v = n.fields[key] else { continue }
                walkStrings(v, n.path.key(key)) { s, path in
                    if ServerLiquid.hasMarkup(s) {
                        do throws(LiquidError) { _ = try LiquidTemplate(parsing: s) } catch {
                            add(Diagnostic(.error, path: path, "Liquid the server refuses at line \(error.line), column \(error.column): \(error.message); nothing is sent"))
                        }
                    }
                    let scan = DynamicContent.scan(s)
                    for m in scan.malformed { add(Diagnostic(path: path, "\(JSONValue.string(m.text).quoted) is a malformed placeholder: it \(m.reason); it is sent as written")) }
                    let placeholders = n.fields["dynamic_content_placeholders"]?.objectValue ?? JSONObject()
                    for p in scan.placeholders where placeholders[p.tag] == nil {
                        let lacking = devices.filter { $0.serverTags[p.tag] == nil }.map(\.name)
                        if p.fallback == nil {
                            let who = devices.isEmpty ? "a device without the \(JSONValue.string(p.tag).jsonText()) tag" : "device \(lacking.joined(separator: ", "))"
                            if devices.isEmpty || !lacking.isEmpty {
                                add(Diagnostic(path: path, "\(JSONValue.string(p.text).quoted) has no default: \(who) is sent nothing at all (Dynamic Content's \"ignore non-tagged\")"))
                            }
                        } else if p.fallback == "" {
                            let who = devices.isEmpty ? "a device without the tag" : "device \(lacking.joined(separator: ", "))"
                            if devices.isEmpty || !lacking.isEmpty {
                                add(Diagnostic(path: path, "\(JSONValue.string(p.text).quoted) has an empty default: \(who) gets the placeholder as written"))
                            }
                        }
                    }
                    modifierFindings(s, path: path, devices: devices.map { ($0.name, $0.serverTags) }, add: add)
                }
            }
            for key in ServerPersonalizer.unpersonalizedFields {
                guard let v = n.fields[key] else { continue }
                for d in PlaceholderScan.leftovers(in: v, path: n.path.key(key), why: "nobody fills it: the server is not documented to fill \(key), and the SDK does not") { add(d) }
            }
        }
        return out
    }

    /// Unknown modifiers, and value modifiers whose device value does not fit (a currency on text, a date on a
    /// value that is not whole Unix seconds).
    static func modifierFindings(_ s: String, path: String, devices: [(String, JSONObject)], add: (Diagnostic) -> Void) {
        for p in DynamicContent.scan(s).placeholders {
            let m = p.modifier
            if !PlaceholderModifier.known.contains(m), !PlaceholderModifier.typeNames.contains(m) {
                let near = PlaceholderModifier.known.first { $0.lowercased() == m.lowercased() }
                add(Diagnostic(path: path, "\(JSONValue.string(p.text).quoted) uses the modifier \(JSONValue.string(m).jsonText()), which changes nothing\(near.map { "; modifiers match case-sensitively: did you mean \($0)?" } ?? "")"))
                continue
            }
            guard PlaceholderModifier.isNumeric(m) else { continue }
            for (name, tags) in devices {
                guard let v = tags[p.tag] else { continue }
                let text = DeviceFill.description(of: v)
                let fits = PlaceholderModifier.dateFormats[m] != nil ? PlaceholderModifier.unixSeconds(text) != nil
                                                                   : text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
                if !fits {
                    add(Diagnostic(path: path, "\(JSONValue.string(p.text).quoted): device \(name)'s \(JSONValue.string(p.tag).jsonText()) is \(v.quoted), which \(m) does not fit (\(PlaceholderModifier.dateFormats[m] != nil ? "it formats whole Unix seconds" : "it groups digits"))"))
                }
            }
        }
    }

    /// `{{Name}}` (no pipe, not Liquid markup with spaces around a filter) in a native config's text.
    static func pipelessDoubleBraces(_ s: String) -> [String] {
        var out: [String] = []
        var rest = Substring(s)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let inside = rest[open.upperBound..<close.lowerBound]
            if !inside.contains("|"), !inside.contains("{") { out.append("{{" + inside + "}}") }
            rest = rest[close.upperBound...]
            if out.count >= 20 { break }
        }
        return out
    }

    static func walkStrings(_ v: JSONValue, _ path: JSONPath, _ body: (String, String) -> Void) {
        switch v {
        case .string(let s): if s.contains("{") { body(s, path.description) }
        case .array(let a): for (i, e) in a.enumerated() { walkStrings(e, path.index(i), body) }
        case .object(let o): for (k, e) in o { walkStrings(e, path.key(k), body) }
        default: break
        }
    }
}
