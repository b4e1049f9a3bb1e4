// The path a stories push takes before the SDK sees it — APNs, the service extension, the category routing, App
// Transport Security and the attachment — worked out from the payload alone, with findings at source paths.

/// What happens to one stories input between the sender and the content extension (`spec`: Apple's
/// `UNNotificationServiceExtension`, `UNNotificationContentExtension`, `NSAppTransportSecurity` and
/// `UNNotificationAttachment` documentation; Pushwoosh's `PWNotificationServiceProcessor.m` for the attachment).
public struct DeliveryCheck: Sendable, Equatable {
    public enum Route: Sendable, Equatable {
        /// A content extension claims `aps.category`: the stories controller gets the notification.
        case contentExtension
        /// No content extension claims it: iOS expands the notification itself and the story never plays.
        case defaultExpanded(reason: String, path: String)
    }

    /// The alert as iOS reads it from `aps.alert`: a string is the body; `*-loc-key` replaces a text with the app's
    /// localised string, which a simulator without the app shows as the key itself.
    public struct Alert: Sendable, Equatable {
        public var title: String?
        public var subtitle: String?
        public var body: String
        /// Fields whose text is a localisation key (`title`, `subtitle`, `body`), shown as the key.
        public var localisationKeys: [String: String] = [:]
    }

    /// An image URL App Transport Security refuses, with where the payload wrote it.
    public struct Blocked: Sendable, Equatable {
        public var url: String
        public var path: String
    }

    /// False for a file with no `aps` at all (the bare `pw_stories` block, or a userInfo written without it): pushsim
    /// plays that as the stories part of a push and skips the delivery path, saying so once.
    public var applies: Bool
    public var bytes: Int
    /// The payload is the userInfo built from a createMessage request (the server adds keys: a lower bound).
    public var lowerBound: Bool
    public var rejection: APNsPayload.Rejection?
    public var serviceExtensionRan: Bool
    public var serviceExtensionReason: String
    public var route: Route
    public var alert: Alert
    /// The page images App Transport Security refuses, each URL once (the first page's path).
    public var blockedImages: [Blocked]
    /// The root `attachment` (the service extension's download) and where it was written.
    public var attachment: (url: String, path: String)?
    /// The createMessage language dictionary key the texts were read in.
    public var language: String?
    /// Findings for `validate` and the run's `warning` events, at source paths.
    public var diagnostics: [Diagnostic]

    public static func == (a: DeliveryCheck, b: DeliveryCheck) -> Bool {
        a.applies == b.applies && a.bytes == b.bytes && a.rejection == b.rejection && a.route == b.route && a.alert == b.alert
            && a.blockedImages == b.blockedImages && a.attachment?.url == b.attachment?.url && a.diagnostics == b.diagnostics
            && a.serviceExtensionRan == b.serviceExtensionRan
    }

    /// True when the story plays (APNs accepted it and a content extension claims it).
    public var playsStory: Bool { rejection == nil && route == .contentExtension }

    public static func evaluate(_ input: StoriesInput, options: DeliveryOptions) -> DeliveryCheck {
        let info = input.userInfo
        let lowerBound = input.shape == .createMessage || input.shape == .notification
        let bytes = APNsPayload.bytes(.object(info))
        let alert = readAlert(info["aps"]?["alert"])
        var check = DeliveryCheck(applies: true, bytes: bytes, lowerBound: lowerBound, rejection: nil, serviceExtensionRan: false,
                                  serviceExtensionReason: "", route: .contentExtension, alert: alert, blockedImages: [],
                                  attachment: nil, language: input.language, diagnostics: [])
        let paths = SourcePaths(input: input)
        if info["aps"] == nil {
            check.applies = false
            return check
        }
        var diags: [Diagnostic] = []
        if let r = APNsPayload.check(.object(info), lowerBound: lowerBound) {
            var r = r
            r.path = r.path.isEmpty ? paths.source("") : paths.source(r.path)
            check.rejection = r
            diags.append(Diagnostic(.error, path: r.path, r.reason))
            check.diagnostics = diags
            return check
        }
        let aps = info["aps"]?.objectValue ?? [:]

        // The service extension: Apple runs it only for `mutable-content: 1` with an alert to show.
        let mutable = aps["mutable-content"]
        let mutableOn = mutable?.numberValue == 1  // a JSON true bridges to 1 as an NSNumber does
        let mutablePath = paths.source(JSONPath("aps").key("mutable-content").description)
        if !options.hasServiceExtension {
            check.serviceExtensionReason = "the app has no Notification Service Extension (--no-service-extension): no image is pre-cached and the attachment is not added"
        } else if !mutableOn {
            let what = mutable.map { "is \($0.jsonText()), not 1" } ?? "is not set"
            check.serviceExtensionReason = "aps.mutable-content \(what), so iOS does not run the Notification Service Extension: no image is pre-cached and the attachment is not added"
            diags.append(Diagnostic(path: mutablePath, "\(what), so iOS does not run the Notification Service Extension: no story image is pre-cached (each page's image starts loading when the story opens, while its timer runs) and no attachment is added; set it to 1"))
        } else if aps["alert"] == nil {
            check.serviceExtensionReason = "the push has no alert, so iOS does not run the Notification Service Extension"
        } else {
            check.serviceExtensionRan = true
            check.serviceExtensionReason = "aps.mutable-content is 1: the Notification Service Extension runs and pre-caches the story images (and adds the attachment, if there is one)"
        }

        // Routing: only a content extension whose UNNotificationExtensionCategory matches gets the notification.
        let categoryPath = paths.source("aps.category")
        let claimed = "the content extension claims only \(options.categoryList)"
        switch aps["category"] {
        case .none:
            let reason = "aps.category is not set and \(claimed), so iOS shows its own expanded notification (title, body, attachment): the story never plays"
            check.route = .defaultExpanded(reason: reason, path: categoryPath)
            diags.append(Diagnostic(.error, path: categoryPath, "is not set, and \(claimed); iOS shows its own expanded notification (title, body, attachment) and the story never plays"))
        case .string(let c) where options.extensionCategories.contains(c):
            break
        case .string(let c):
            let near = options.extensionCategories.first { $0.lowercased() == c.lowercased() }.map { " (categories are case-sensitive: \($0) was meant?)" } ?? ""
            let reason = "aps.category \(JSONValue.string(c).quoted) matches no content extension (\(claimed))\(near), so iOS shows its own expanded notification: the story never plays"
            check.route = .defaultExpanded(reason: reason, path: categoryPath)
            diags.append(Diagnostic(.error, path: categoryPath, "\(JSONValue.string(c).quoted) matches no content extension category (\(options.categoryList))\(near); iOS shows its own expanded notification (title, body, attachment) and the story never plays"))
        case .some(let v):
            let reason = "aps.category is \(v.typeDescription), not a string, so no content extension claims the notification and iOS shows its own expanded notification: the story never plays"
            check.route = .defaultExpanded(reason: reason, path: categoryPath)
            diags.append(Diagnostic(.error, path: categoryPath, "is \(v.typeDescription), not a string; no content extension claims the notification, so iOS shows its own expanded notification and the story never plays"))
        }

        // App Transport Security: an http: image is refused unless the app allows arbitrary loads.
        if !options.allowHTTP {
            var seen = Set<String>()
            let pages = input.payload.pages
            var blockedPages = 0
            for (i, page) in pages.enumerated() where URLText.scheme(of: page.image) == "http" {
                blockedPages += 1
                let path = input.payload.pagePaths.indices.contains(i) ? input.payload.pagePaths[i] + ".image" : "page \(i + 1) image"
                if seen.insert(page.image).inserted { check.blockedImages.append(Blocked(url: page.image, path: path)) }
                let all = blockedPages == pages.count && i == pages.count - 1
                let whole = pages.count == 1 ? "the only page" : "every page"
                diags.append(Diagnostic(all && check.route == .contentExtension ? .error : .warning, path: path,
                                        "\(JSONValue.string(page.image).quoted) is refused by App Transport Security (http: needs NSAllowsArbitraryLoads in the app's Info.plist, --allow-http); the page shows the SDK's failed image (black, no spinner)\(all ? ", and that is \(whole)" : "")"))
            }
        }

        // The attachment the service extension downloads (root `attachment`, a string URL).
        if let a = info["attachment"] {
            let path = paths.source("attachment")
            if let url = a.stringValue, !url.isEmpty {
                check.attachment = (url, path)
                if URLText.scheme(of: url) == nil {
                    diags.append(Diagnostic(path: path, "\(a.quoted) has no scheme; the service extension cannot download it, so the notification has no attachment"))
                } else if URLText.scheme(of: url) == "http" && !options.allowHTTP {
                    diags.append(Diagnostic(path: path, "\(a.quoted) is refused by App Transport Security (http: needs --allow-http); the notification has no attachment"))
                }
            } else {
                diags.append(Diagnostic(path: path, "is \(a.typeDescription), not a URL string; the SDK's service extension ignores it"))
            }
        }

        for (field, key) in alert.localisationKeys.sorted(by: { $0.key < $1.key }) {
            let locPath = paths.source(JSONPath("aps").key("alert").key(field == "body" ? "loc-key" : "\(field)-loc-key").description)
            diags.append(Diagnostic(path: locPath, "\(JSONValue.string(key).quoted) is a localisation key: the phone shows the app's Localizable.strings text for it (or the key itself when the app has none); pushsim shows the key"))
        }
        check.diagnostics = diags
        return check
    }

    /// `aps.alert` as iOS reads it.
    static func readAlert(_ v: JSONValue?) -> Alert {
        guard let v else { return Alert(title: nil, subtitle: nil, body: "") }
        if let s = v.stringValue { return Alert(title: nil, subtitle: nil, body: s) }
        guard let o = v.objectValue else { return Alert(title: nil, subtitle: nil, body: "") }
        var alert = Alert(title: nonEmpty(o["title"]), subtitle: nonEmpty(o["subtitle"]), body: o["body"]?.stringValue ?? "")
        for (field, key) in [("title", "title-loc-key"), ("subtitle", "subtitle-loc-key"), ("body", "loc-key")] {
            guard let k = o[key]?.stringValue, !k.isEmpty else { continue }
            alert.localisationKeys[field] = k
            switch field {
            case "title": alert.title = k
            case "subtitle": alert.subtitle = k
            default: alert.body = k
            }
        }
        return alert
    }

    static func nonEmpty(_ v: JSONValue?) -> String? {
        guard let s = v?.stringValue, !s.isEmpty else { return nil }
        return s
    }

    /// Device userInfo paths as written in the file: a request's `ios_title`, `content.de`, `ios_category_custom`.
    public struct SourcePaths: Sendable {
        var input: StoriesInput

        public init(input: StoriesInput) { self.input = input }

        public func source(_ device: String) -> String {
            guard let fields = input.requestFields else { return device }
            let prefix = input.sourcePrefix
            func join(_ s: String) -> String { prefix.isEmpty ? s : prefix + "." + s }
            func field(_ key: String) -> String {
                // A language dictionary: name the entry that was used.
                if let o = fields[key]?.objectValue, let lang = input.language, o[lang] != nil {
                    return JSONPath(prefix).key(key).key(lang).description
                }
                return join(key)
            }
            switch device {
            case "": return prefix
            case "aps.category" where fields["ios_category_custom"] != nil: return join("ios_category_custom")
            case "aps.alert.title" where fields["ios_title"] != nil: return field("ios_title")
            case "aps.alert.subtitle" where fields["ios_subtitle"] != nil: return field("ios_subtitle")
            case "aps.alert.body", "aps.alert":
                if fields["content"] != nil { return field("content") }
            case "attachment" where fields["ios_attachment"] != nil: return join("ios_attachment")
            default: break
            }
            if device == "aps" || device.hasPrefix("aps.") || device.hasPrefix("aps[") {
                return JSONPath(prefix).key("ios_root_params").description + "." + device
            }
            if device == "attachment" { return JSONPath(prefix).key("ios_root_params").key("attachment").description }
            return StoriesInput.sourcePath(device, shape: input.shape, prefix: prefix)
        }
    }
}
