// Which kind of payload a document is, told from its shape alone (the rules are listed in docs/validate.md).

import PushSimEngine

extension PayloadValidation {
    /// Why a document's kind cannot be told: one sentence naming what was expected.
    public struct DetectionError: Error, Equatable, Sendable {
        public var message: String
    }

    static let expected = "expected a stories payload (pw_stories anywhere, or a pw_stories block with pages), an inbox feed (response.messages, an array of messages, an APNs push with pw_inbox, or a createMessage request with inbox_image, inbox_date or inbox_days), a primer config (builder setter names such as style, position, acceptButton), an in-app banner (title or body with link, duration or id) or a native in-app config (displayType)"

    /// Keys only a getInboxMessages item or an APNs inbox push has.
    static let inboxItemKeys: Set<String> = ["inbox_id", "pw_inbox", "inbox_params", "aps", "rt", "action_type", "action_params", "order"]
    /// createMessage notification keys that send it to the inbox (spec §3.10).
    static let inboxRequestKeys = ["inbox_image", "inbox_date", "inbox_days"]
    /// Banner fields a primer config never has.
    static let bannerOnlyKeys: Set<String> = ["id", "body", "link", "duration"]
    /// Setter names a banner never has (`title` and `image` are shared).
    static let primerOnlyKeys: Set<String> = Set(PrimerConfigKey.allCases.map(\.rawValue)).subtracting(BannerParser.knownKeys)

    /// The kinds `doc` holds, stories before inbox; a createMessage request may be both.
    public static func detect(_ doc: JSONValue) -> Result<[PayloadKind], DetectionError> {
        switch doc {
        case .array(let items):
            return detectArray(items)
        case .object(let o):
            // A getInboxMessages response is an inbox feed even when a message's action_params mention pw_stories.
            if o["response"]?["messages"]?.arrayValue != nil || o["messages"]?.arrayValue != nil { return .success([.inbox]) }
            if isNativeInApp(o) { return .success([.inapp]) }
            var kinds: [PayloadKind] = []
            if mentionsStories(doc, depth: 0) || o["pages"]?.arrayValue != nil { kinds.append(.stories) }
            if isInboxObject(o) { kinds.append(.inbox) }
            // An APNs payload with a category and a `u` that does not parse: a stories push whose custom data broke.
            if kinds.isEmpty, o["aps"]?["category"]?.stringValue != nil, let u = o["u"]?.stringValue, (try? JSONParser.parse(u)) == nil {
                kinds.append(.stories)
            }
            if !kinds.isEmpty { return .success(kinds) }
            if let request = PushRequest(doc) {
                return .failure(DetectionError(message: "cannot tell what to check: the createMessage request has \(plural(request.notifications.count, "notification")) and none carries pw_stories (stories) or inbox_image, inbox_date or inbox_days (inbox); pass --kind stories or --kind inbox to check it anyway"))
            }
            let keys = Set(o.keys)
            let primer = keys.intersection(primerOnlyKeys), banner = keys.intersection(bannerOnlyKeys)
            if !primer.isEmpty && banner.isEmpty { return .success([.primer]) }
            if !banner.isEmpty && primer.isEmpty { return .success([.banner]) }
            if !primer.isEmpty {
                return .failure(DetectionError(message: "cannot tell what to check: the object has primer setter names (\(list(primer))) and in-app banner fields (\(list(banner))); pass --kind primer or --kind banner"))
            }
            if !keys.isEmpty && keys.isSubset(of: ["title", "image"]) {
                return .failure(DetectionError(message: "cannot tell what to check: an object with only \(list(keys)) may be a primer config or an in-app banner; pass --kind primer or --kind banner"))
            }
            let shown = o.keys.prefix(5).map { JSONValue.string($0).jsonText() }.joined(separator: ", ")
            return .failure(DetectionError(message: "cannot tell what to check: \(expected), but the object has \(o.isEmpty ? "no keys" : "keys \(shown)\(o.count > 5 ? ", …" : "")"); pass --kind to choose"))
        default:
            return .failure(DetectionError(message: "cannot tell what to check: the document is \(doc.typeDescription); \(expected), each an object or an array"))
        }
    }

    static func detectArray(_ items: [JSONValue]) -> Result<[PayloadKind], DetectionError> {
        // An empty array is an empty inbox feed: the one kind for which "nothing" is a normal state.
        if items.isEmpty { return .success([.inbox]) }
        let objects = items.compactMap(\.objectValue)
        if objects.contains(where: { !inboxItemKeys.isDisjoint(with: $0.keys) || $0["text"] != nil }) { return .success([.inbox]) }
        if objects.contains(where: { !bannerOnlyKeys.isDisjoint(with: $0.keys) || $0["title"] != nil }) { return .success([.banner]) }
        return .failure(DetectionError(message: "cannot tell what to check: an array of \(plural(items.count, "item")) that are neither inbox messages (inbox_id, pw_inbox, rt, text, …) nor in-app banners (title, body, link, …); pass --kind inbox or --kind banner"))
    }

    /// A native in-app config: `displayType`, or a template block beside the in-app envelope's `inAppId`.
    static func isNativeInApp(_ o: JSONObject) -> Bool {
        if o["displayType"] != nil { return true }
        return o["inAppId"] != nil && InAppLayout.allCases.contains { o[$0.rawValue]?.objectValue != nil }
    }

    /// A getInboxMessages response, an APNs inbox push, or a createMessage request with an inbox notification.
    static func isInboxObject(_ o: JSONObject) -> Bool {
        if o["response"]?["messages"]?.arrayValue != nil || o["messages"]?.arrayValue != nil { return true }
        if o["pw_inbox"] != nil || o["inbox_params"] != nil { return true }
        if let request = PushRequest(.object(o)) {
            return request.notifications.contains { n in inboxRequestKeys.contains { n.fields[$0] != nil } }
        }
        return false
    }

    /// True when a `pw_stories` key appears anywhere, including inside `u`/`userdata` written as JSON strings.
    static func mentionsStories(_ v: JSONValue, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        switch v {
        case .object(let o):
            for (k, child) in o {
                if k == "pw_stories" { return true }
                if mentionsStories(child, depth: depth + 1) { return true }
            }
            return false
        case .array(let a):
            return a.contains { mentionsStories($0, depth: depth + 1) }
        case .string(let s):
            guard s.contains("pw_stories"), let inner = try? JSONParser.parse(s) else { return false }
            return mentionsStories(inner, depth: depth + 1)
        default:
            return false
        }
    }

    static func list(_ keys: Set<String>) -> String {
        keys.sorted().map { JSONValue.string($0).jsonText() }.joined(separator: ", ")
    }
}
