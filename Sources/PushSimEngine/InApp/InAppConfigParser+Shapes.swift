// The strict primitives (bool, number, string, colour, URL, text) and the shared shapes (action, button, buttons,
// cover, reward, surface) of PWInAppConfigParser, each failing with the SDK's KEY and one sentence.

import Foundation

extension InAppConfigParser {
    // MARK: sentences

    /// What was found, for a sentence: `it is missing`, `found null`, `found a string ("5")`, `found 0`.
    static func describe(_ v: JSONValue?) -> String {
        guard let v else { return "it is missing" }
        switch v {
        case .null: return "found null"
        case .bool(let b): return "found \(b)"
        case .number: return "found \(v.jsonText())"
        case .string(let s): return s.isEmpty ? "found an empty string" : "found a string (\(v.quoted))"
        case .array(let a): return a.isEmpty ? "found an empty array" : "found an array of \(a.count)"
        case .object: return "found an object"
        }
    }

    /// "`path` must be WANT; found …". With `elementsWant`, an array whose elements are the wrong kind names the first.
    static func expect(_ path: String, _ want: String, _ v: JSONValue?, elementsWant: String? = nil) -> String {
        if let elementsWant, case .array(let a)? = v, let bad = a.firstIndex(where: { elementsWant == "object" ? $0.objectValue == nil : $0.stringValue == nil }) {
            return "`\(path)` must be \(want); element \(bad) is \(a[bad].typeDescription)"
        }
        return "`\(path)` must be \(want); \(describe(v))"
    }

    /// A number for a sentence, without a needless `.0`.
    static func number(_ d: Double) -> String { JSONValue.number(d).jsonText() }
    static func percent(_ fraction: Double) -> String { "\(number((fraction * 1000).rounded() / 10)) %" }

    mutating func warn(_ path: String, _ message: String) { warnings.append(Diagnostic(path: path, message)) }

    /// Keys the SDK reads are case-sensitive: a key that matches one only in letter case is silently ignored there.
    mutating func checkSpelling(_ d: JSONObject, known: [String], path: String) {
        for key in d.keys where !known.contains(key) {
            if let meant = known.first(where: { $0.lowercased() == key.lowercased() }) {
                let at = path.isEmpty ? key : "\(path).\(key)"
                warn(at, "is not a key the SDK reads (keys are case-sensitive), so it is ignored; did you mean `\(meant)`?")
            }
        }
    }

    // MARK: primitives

    /// The SDK's `presentValue`: a key that is missing or JSON `null` is absent (for optional fields only).
    static func present(_ d: JSONObject, _ key: String) -> JSONValue? {
        guard let v = d[key], !v.isNull else { return nil }
        return v
    }

    mutating func bool(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> Bool {
        guard case .bool(let b)? = d[key] else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, "true or false (a JSON boolean)", d[key]))
        }
        return b
    }

    mutating func number(_ d: JSONObject, _ key: String, _ label: String, want: String) throws(InAppDrop) -> Double {
        guard case .number(let n)? = d[key] else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, want + " (a JSON number)", d[key]))
        }
        return n
    }

    mutating func string(_ d: JSONObject, _ key: String, _ label: String, want: String) throws(InAppDrop) -> String {
        guard case .string(let s)? = d[key] else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, want, d[key]))
        }
        return s
    }

    static let colorWant = "a colour \"#RGB\", \"#RGBA\", \"#RRGGBB\" or \"#RRGGBBAA\" (with the #)"

    /// The SDK's `colorValue`: a string starting with `#` (before trimming), then `UIColor.pw_fromHex`.
    static func colorValue(_ raw: JSONValue?) -> InAppColor? {
        guard case .string(let s)? = raw, s.hasPrefix("#") else { return nil }
        return hexColor(s)
    }

    /// `UIColor.pw_fromHex`: trims white space, drops one leading `#`, reads the rest as hexadecimal with the standard
    /// library's `UInt64(_:radix:)` (as the SDK does, so its quirks are the same) and picks the form by length.
    public static func hexColor(_ raw: String) -> InAppColor? {
        let padded = raw.first?.isWhitespace == true || raw.last?.isWhitespace == true
        var s = padded ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw
        guard !s.isEmpty else { return nil }
        if s.hasPrefix("#") { s.removeFirst() }
        guard let v = UInt64(s, radix: 16) else { return nil }
        func c(_ shift: UInt64, _ mask: UInt64, _ scale: Double) -> Double { Double((v >> shift) & mask) / scale }
        // `UInt64(_:radix:)` took every character, so they are ASCII: bytes count them without grapheme breaking.
        switch s.utf8.count {
        case 3: return InAppColor(red: c(8, 0xF, 15), green: c(4, 0xF, 15), blue: c(0, 0xF, 15))
        case 4: return InAppColor(red: c(12, 0xF, 15), green: c(8, 0xF, 15), blue: c(4, 0xF, 15), alpha: c(0, 0xF, 15))
        case 6: return InAppColor(red: c(16, 0xFF, 255), green: c(8, 0xFF, 255), blue: c(0, 0xFF, 255))
        case 8: return InAppColor(red: c(24, 0xFF, 255), green: c(16, 0xFF, 255), blue: c(8, 0xFF, 255), alpha: c(0, 0xFF, 255))
        default: return nil
        }
    }

    mutating func color(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> InAppColor {
        try colorAt(d[key], label)
    }

    func colorAt(_ raw: JSONValue?, _ label: String) throws(InAppDrop) -> InAppColor {
        guard let c = InAppConfigParser.colorValue(raw) else {
            var sentence = InAppConfigParser.expect(label, InAppConfigParser.colorWant, raw)
            if case .string(let s)? = raw, !s.hasPrefix("#"), InAppConfigParser.hexColor(s) != nil {
                sentence += "; it lacks the leading #"
            }
            throw InAppDrop(key: label, path: label, sentence: sentence)
        }
        return c
    }

    mutating func optionalColor(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> InAppColor? {
        guard InAppConfigParser.present(d, key) != nil else { return nil }
        return try color(d, key, label)
    }

    /// The SDK's `optionalURL`: absent or null is none; a non-string or `""` drops; a string the URL rules refuse is
    /// silently none (a warning here).
    mutating func optionalURL(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> String? {
        guard let raw = InAppConfigParser.present(d, key) else { return nil }
        guard case .string(let s) = raw, !s.isEmpty else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, "a non-empty link string", raw))
        }
        guard let resolved = InAppURL.resolve(s, retry: sdk.inAppRetriesRefusedLink) else {
            warn(label, "\(raw.quoted) is not a link the SDK can parse, so it is left out (nothing is shown there)")
            return nil
        }
        return resolved
    }

    /// The SDK's `url` (video and pip sources): required, and a string that does not resolve drops too.
    mutating func url(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> String {
        let before = warnings.count
        guard let u = try optionalURL(d, key, label) else {
            warnings.removeSubrange(before...)
            let sentence = d[key]?.stringValue != nil
                ? "`\(label)` must be a link the SDK can parse; \(d[key]!.quoted) is not one"
                : InAppConfigParser.expect(label, "a non-empty link string", d[key])
            throw InAppDrop(key: label, path: label, sentence: sentence)
        }
        return u
    }

    /// A text object `{text, color}`: a non-object or a missing/empty `text` drops at `LABEL.text`, the colour at
    /// `LABEL.color`.
    mutating func text(_ raw: JSONValue?, _ label: String) throws(InAppDrop) -> InAppText {
        guard let d = raw?.objectValue else {
            let sentence = raw == nil
                ? "`\(label)` must be an object {text, color}; it is missing"
                : "`\(label)` must be an object {text, color}; found \(raw!.typeDescription)"
            throw InAppDrop(key: "\(label).text", path: label, sentence: sentence)
        }
        checkSpelling(d, known: ["text", "color"], path: label)
        guard case .string(let s)? = d["text"], !s.isEmpty else {
            throw InAppDrop(key: "\(label).text", path: "\(label).text", sentence: InAppConfigParser.expect("\(label).text", "a non-empty string", d["text"]))
        }
        return InAppText(text: s, color: try colorAt(d["color"], "\(label).color"))
    }

    mutating func optionalText(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> InAppText? {
        guard let raw = InAppConfigParser.present(d, key) else { return nil }
        return try text(raw, label)
    }

    // MARK: shapes

    /// `{type: "close"}` or `{type: "url", url}`, `type` in any letter case.
    mutating func action(_ raw: JSONValue?, _ label: String) throws(InAppDrop) -> InAppAction {
        let want = "\"close\" or \"url\" (any letter case)"
        guard let d = raw?.objectValue else {
            let found = raw == nil ? "it is missing" : "found \(raw!.typeDescription)"
            throw InAppDrop(key: "\(label).type", path: label, sentence: "`\(label)` must be an object {type: \"close\"} or {type: \"url\", url}; \(found)")
        }
        checkSpelling(d, known: ["type", "url"], path: label)
        guard case .string(let type)? = d["type"] else {
            throw InAppDrop(key: "\(label).type", path: "\(label).type", sentence: InAppConfigParser.expect("\(label).type", want, d["type"]))
        }
        switch type.lowercased() {
        case "close":
            return .close
        case "url":
            guard case .string(let s)? = d["url"], !s.isEmpty else {
                throw InAppDrop(key: "\(label).url", path: "\(label).url", sentence: InAppConfigParser.expect("\(label).url", "a non-empty link string", d["url"]))
            }
            guard let u = InAppURL.resolve(s, retry: sdk.inAppRetriesRefusedLink) else {
                throw InAppDrop(key: "\(label).url", path: "\(label).url", sentence: "`\(label).url` must be a link the SDK can parse; \(JSONValue.string(s).quoted) is not one")
            }
            return .url(u)
        default:
            throw InAppDrop(key: "\(label).type", path: "\(label).type", sentence: InAppConfigParser.expect("\(label).type", want, d["type"]))
        }
    }

    mutating func optionalAction(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> InAppAction? {
        guard let raw = InAppConfigParser.present(d, key) else { return nil }
        return try action(raw, label)
    }

    /// A contract button, every key required. Action-less buttons (the hub, the reveal button) ignore `action`.
    mutating func button(_ raw: JSONValue?, _ label: String, requiresAction: Bool) throws(InAppDrop) -> InAppButton {
        guard let d = raw?.objectValue else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, "a button object {text, background, border, action}", raw))
        }
        checkSpelling(d, known: ["text", "background", "border", "action"], path: label)
        let text = try self.text(d["text"], "\(label).text")
        let background = try colorAt(d["background"], "\(label).background")
        guard let border = d["border"]?.objectValue else {
            throw InAppDrop(key: "\(label).border", path: "\(label).border", sentence: InAppConfigParser.expect("\(label).border", "an object {color, radius}", d["border"]))
        }
        checkSpelling(border, known: ["color", "radius"], path: "\(label).border")
        let borderColor = try colorAt(border["color"], "\(label).border.color")
        guard case .number(let radius)? = border["radius"], radius.isFinite, radius >= 0 else {
            throw InAppDrop(key: "\(label).border.radius", path: "\(label).border.radius",
                            sentence: InAppConfigParser.expect("\(label).border.radius", "a number of points, 0 or more", border["radius"]))
        }
        var action = InAppAction.close
        if requiresAction {
            action = try self.action(d["action"], "\(label).action")
        } else if let ignored = InAppConfigParser.present(d, "action") {
            _ = ignored
            let does = label.hasSuffix("spinButton") ? "spins the wheel" : "reveals the prize"
            warn("\(label).action", "ignored: this button \(does) and never runs an action")
        }
        return InAppButton(text: text, background: background, borderColor: borderColor, borderRadius: radius, action: action)
    }

    /// `buttons`: an array (may be empty) of full buttons.
    mutating func buttons(_ d: JSONObject, _ label: String) throws(InAppDrop) -> [InAppButton] {
        guard case .array(let list)? = d["buttons"] else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, "an array of buttons (it may be empty, [])", d["buttons"]))
        }
        var out: [InAppButton] = []
        for (i, element) in list.enumerated() { out.append(try button(element, "\(label)[\(i)]", requiresAction: true)) }
        return out
    }

    mutating func actionlessButton(_ raw: JSONValue?, _ label: String) throws(InAppDrop) -> InAppButton {
        try button(raw, label, requiresAction: false)
    }

    mutating func optionalActionlessButton(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> InAppButton? {
        guard let raw = InAppConfigParser.present(d, key) else { return nil }
        return try actionlessButton(raw, label)
    }

    /// A required array whose elements are all objects and that is not empty (`carousel.items`, `stories.items`).
    mutating func objectArray(_ d: JSONObject, _ key: String, _ label: String, what: String) throws(InAppDrop) -> [JSONObject] {
        guard case .array(let list)? = d[key], !list.isEmpty else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, what, d[key]))
        }
        var out: [JSONObject] = []
        out.reserveCapacity(list.count)
        for element in list {
            guard let o = element.objectValue else {
                throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, what, d[key], elementsWant: "object"))
            }
            out.append(o)
        }
        return out
    }

    /// `cover`: `{background, image?}`.
    mutating func cover(_ raw: JSONValue?, _ label: String) throws(InAppDrop) -> InAppCover {
        guard let d = raw?.objectValue else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, "an object {background, image}", raw))
        }
        checkSpelling(d, known: ["background", "image"], path: label)
        let background = try colorAt(d["background"], "\(label).background")
        return InAppCover(background: background, image: try optionalURL(d, "image", "\(label).image"))
    }

    /// A prize: `title`, then `code`, then at least one of them, then `button` (with a real action), then `message`.
    mutating func reward(_ raw: JSONValue?, _ label: String) throws(InAppDrop) -> InAppReward {
        guard let d = raw?.objectValue else {
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, "a reward object {title, code, message, button}", raw))
        }
        checkSpelling(d, known: ["title", "code", "message", "button"], path: label)
        let title = try optionalText(d, "title", "\(label).title")
        var code: String?
        if let rawCode = InAppConfigParser.present(d, "code") {
            guard case .string(let s) = rawCode else {
                throw InAppDrop(key: "\(label).code", path: "\(label).code", sentence: InAppConfigParser.expect("\(label).code", "a promo code string", rawCode))
            }
            code = s.isEmpty ? nil : s
        }
        guard title != nil || code != nil else {
            throw InAppDrop(key: "\(label) (title|code)", path: label,
                            sentence: "`\(label)` must have a `title` or a non-empty `code`; it has neither")
        }
        var button: InAppButton?
        if let rawButton = InAppConfigParser.present(d, "button") {
            button = try self.button(rawButton, "\(label).button", requiresAction: true)
        }
        return InAppReward(title: title, code: code, button: button, message: try optionalText(d, "message", "\(label).message"))
    }

    mutating func optionalReward(_ d: JSONObject, _ key: String, _ label: String) throws(InAppDrop) -> InAppReward? {
        guard let raw = InAppConfigParser.present(d, key) else { return nil }
        return try reward(raw, label)
    }

    /// The scratch card's and spin wheel's `background`: a colour, or a non-empty array of colour strings.
    mutating func surface(_ d: JSONObject, _ label: String) throws(InAppDrop) -> InAppSurface {
        let raw = d["background"]
        let want = "a colour \"#RRGGBB\" or a non-empty array of colour strings (a gradient)"
        switch raw {
        case .string(let s)?:
            guard let c = InAppConfigParser.colorValue(.string(s)) else {
                throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, want, raw))
            }
            return .solid(c)
        case .array(let list)? where !list.isEmpty && list.allSatisfy({ $0.stringValue != nil }):
            var stops: [InAppColor] = []
            for (i, element) in list.enumerated() { stops.append(try colorAt(element, "\(label)[\(i)]")) }
            return stops.count >= 2 ? .gradient(stops) : .solid(stops[0])
        default:
            throw InAppDrop(key: label, path: label, sentence: InAppConfigParser.expect(label, want, raw, elementsWant: "string"))
        }
    }
}
