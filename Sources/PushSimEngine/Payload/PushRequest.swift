// A Messages API `createMessage` request and how the server turns one of its notifications into a device userInfo.

/// A `createMessage` request: `{"request":{"notifications":[…]}}` (the `request` wrapper is optional).
///
/// The mapping to the APNs `userInfo` a device receives is what the Pushwoosh server does for iOS:
///
/// | request field | device userInfo |
/// |---|---|
/// | `data` (an object) | `u`, as a JSON **string** |
/// | `ios_root_params` (an object) | merged at the root; its `aps` merged into `aps` |
/// | `ios_title` (string or language dictionary) | `aps.alert.title` |
/// | `ios_subtitle` (string or language dictionary) | `aps.alert.subtitle` |
/// | `content` (string or language dictionary) | `aps.alert.body` (`aps.alert` is a plain string when there is no title or subtitle) |
/// | `ios_attachment` (a URL string) | `attachment` at the root (the SDK's service extension downloads it) |
/// | `ios_category_custom` | `aps.category` |
/// | `ios_sound` | `aps.sound` |
/// | `ios_badges` (a number) | `aps.badge` |
///
/// A language dictionary (`{"en": "…", "de": "…"}`) gives the device language's text, else `"default"`, else `"en"`,
/// else its first (`LanguagePick`, the order Pushwoosh documents for picking a locale).
public struct PushRequest: Sendable, Equatable {
    /// One notification of the request with the JSON path it came from (`request.notifications[2]`).
    public struct Notification: Sendable, Equatable {
        public var fields: JSONObject
        public var path: JSONPath
        public init(fields: JSONObject, path: JSONPath) {
            self.fields = fields
            self.path = path
        }

        /// The userInfo a device receives for this notification, and what of it was ignored or ill-typed.
        /// - Parameter language: the device's language (`--language`); nil is pushsim's English device.
        public func deviceUserInfo(language: String? = nil) -> (userInfo: JSONObject, diagnostics: [Diagnostic]) {
            PushRequest.deviceUserInfo(fields, path: path, language: language)
        }
    }

    public var notifications: [Notification]
    /// Entries of `notifications` that are not objects (skipped), as diagnostics.
    public var diagnostics: [Diagnostic]

    /// Reads a request document; nil when `doc` is not shaped like a `createMessage` request
    /// (an object with `notifications`, optionally under `request`).
    public init?(_ doc: JSONValue) {
        guard let root = doc.objectValue else { return nil }
        var base = JSONPath()
        var body = root
        if let req = root["request"]?.objectValue {
            body = req
            base = JSONPath("request")
        } else if root["request"] != nil || root["notifications"] == nil {
            return nil
        }
        guard let list = body["notifications"]?.arrayValue else { return nil }
        notifications = []
        diagnostics = []
        let listPath = base.key("notifications")
        for (i, v) in list.enumerated() {
            if let o = v.objectValue {
                notifications.append(Notification(fields: o, path: listPath.index(i)))
            } else {
                diagnostics.append(Diagnostic(path: listPath.index(i).description, "is \(v.typeDescription), not a notification object; skipped"))
            }
        }
    }

    /// Keys that only a `createMessage` notification has: an object with one of these (and no `aps`) is a notification.
    public static let notificationKeys: Set<String> = [
        "content", "data", "ios_root_params", "ios_title", "ios_subtitle", "ios_category_custom", "send_date",
        "platforms", "devices", "ios_sound", "ios_badges", "ios_ttl", "link", "minimize_link", "preset",
        "campaign", "inbox_image", "inbox_date", "inbox_days", "users", "filter", "conditions", "ignore_user_timezone",
        "timezone", "ios_attachment", "ios_thread_id", "ios_trim_content", "ios_silent", "ios_title_loc_key",
        "ios_subtitle_loc_key", "ios_category_id", "ios_interruption_level", "ios_relevance_score", "ios_badges_increment",
        "android_root_params", "android_header", "android_icon", "android_banner", "android_sound", "android_custom_icon",
        "page_id", "rich_media", "remote_page", "dynamic_content_placeholders", "capping_days", "capping_count",
        "transactionId", "users_list", "devices_list", "message_id", "inbox_params", "send_rate", "template_bindings",
        "conditions_operator", "frequency_capping", "chrome_title", "safari_title", "ios_live_activity", "voip_push",
    ]

    /// Notification fields pushsim maps into the device payload.
    static let mappedKeys: Set<String> = ["content", "data", "ios_root_params", "ios_title", "ios_subtitle", "ios_category_custom",
                                          "ios_sound", "ios_badges", "ios_attachment"]

    /// True when `obj` looks like one notification of a request rather than a device userInfo.
    public static func isNotification(_ obj: JSONObject) -> Bool {
        if obj["aps"] != nil { return false }
        return obj.keys.contains { notificationKeys.contains($0) }
    }

    /// The text of a string or language dictionary for a device in `language` (nil: English), by `LanguagePick`.
    public static func localized(_ v: JSONValue) -> String? { localized(v, language: nil) }

    public static func localized(_ v: JSONValue, language: String?) -> String? {
        if let s = v.stringValue { return s }
        guard let o = v.objectValue else { return nil }
        return LanguagePick.pick(o, device: language ?? LanguagePick.defaultLanguage)?.text
    }

    /// The device userInfo for one notification's fields. `path` prefixes the diagnostics' paths.
    public static func deviceUserInfo(_ n: JSONObject, path: JSONPath = JSONPath(), language: String? = nil) -> (userInfo: JSONObject, diagnostics: [Diagnostic]) {
        var diags: [Diagnostic] = []
        for key in n.keys where !notificationKeys.contains(key) {
            diags.append(Diagnostic(path: path.key(key).description, "is not a createMessage notification field; ignored"))
        }
        var info = JSONObject()
        var aps = JSONObject()

        var title: String?
        if let t = n["ios_title"] {
            title = localized(t, language: language)
            if title == nil { diags.append(Diagnostic(path: path.key("ios_title").description, "is \(t.typeDescription), not a string or language dictionary; ignored")) }
        }
        var body: String?
        var subtitle: String?
        if let t = n["ios_subtitle"] {
            subtitle = localized(t, language: language)
            if subtitle == nil { diags.append(Diagnostic(path: path.key("ios_subtitle").description, "is \(t.typeDescription), not a string or language dictionary; ignored")) }
        }
        if let c = n["content"] {
            body = localized(c, language: language)
            if body == nil { diags.append(Diagnostic(path: path.key("content").description, "is \(c.typeDescription), not a string or language dictionary; ignored")) }
        }
        if title != nil || subtitle != nil {
            var alert = JSONObject()
            if let title { alert["title"] = .string(title) }
            if let subtitle { alert["subtitle"] = .string(subtitle) }
            if let body { alert["body"] = .string(body) }
            aps["alert"] = .object(alert)
        } else if let body {
            aps["alert"] = .string(body)
        }
        if let c = n["ios_category_custom"] {
            if let s = c.stringValue { aps["category"] = .string(s) }
            else { diags.append(Diagnostic(path: path.key("ios_category_custom").description, "is \(c.typeDescription), not a string; ignored")) }
        }
        if let s = n["ios_sound"] {
            if let v = s.stringValue { aps["sound"] = .string(v) }
            else { diags.append(Diagnostic(path: path.key("ios_sound").description, "is \(s.typeDescription), not a string; ignored")) }
        }
        if let b = n["ios_badges"] {
            if case .number(let v) = b, v.isFinite { aps["badge"] = .number(v) }
            else { diags.append(Diagnostic(path: path.key("ios_badges").description, "is \(b.typeDescription), not a number; ignored")) }
        }

        if let rp = n["ios_root_params"] {
            if let root = rp.objectValue {
                for (k, v) in root {
                    if k == "aps" {
                        if let extra = v.objectValue {
                            for (ak, av) in extra { aps[ak] = av }
                        } else {
                            diags.append(Diagnostic(path: path.key("ios_root_params").key("aps").description, "is \(v.typeDescription), not an object; ignored"))
                        }
                    } else {
                        info[k] = v
                    }
                }
            } else {
                diags.append(Diagnostic(path: path.key("ios_root_params").description, "is \(rp.typeDescription), not an object; ignored"))
            }
        }

        if let a = n["ios_attachment"] {
            // Root `attachment`: what the SDK's service extension reads (PWNotificationServiceProcessor.m).
            if let s = a.stringValue { info["attachment"] = .string(s) }
            else { diags.append(Diagnostic(path: path.key("ios_attachment").description, "is \(a.typeDescription), not a URL string; ignored")) }
        }

        if let d = n["data"] {
            switch d {
            case .object:
                info["u"] = .string(d.jsonText())
            case .string(let s):
                // The server passes a string through as the custom data text.
                info["u"] = .string(s)
            default:
                diags.append(Diagnostic(path: path.key("data").description, "is \(d.typeDescription), not an object; ignored"))
            }
        }

        var out = JSONObject()
        out["aps"] = .object(aps)
        for (k, v) in info where k != "aps" { out[k] = v }
        return (out, diags)
    }
}
