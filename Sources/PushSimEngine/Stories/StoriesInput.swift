// Recognises which shape a stories file has and turns it into the userInfo a device receives, with paths kept.

/// Why a document cannot be read as a stories payload at all (one sentence; the caller names the file).
public struct StoriesInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A stories file as the device would see it: the shape it had, the userInfo, and the parsed payload whose
/// diagnostic paths point into the original file (`request.notifications[0].data.pw_stories.pages[3].image`).
public struct StoriesInput: Sendable, Equatable {
    public enum Shape: String, Sendable, Equatable {
        case createMessage = "createMessage request"
        case notification = "createMessage notification"
        case userInfo = "APNs userInfo"
        case storiesBlock = "pw_stories block"
    }

    public var shape: Shape
    public var userInfo: JSONObject
    public var payload: StoriesPayload
    /// How many notifications the request holds (1 for other shapes).
    public var notificationCount: Int
    /// Where the notification sits in the file (`request.notifications[0]`; empty for the other shapes), for paths.
    public var sourcePrefix = ""
    /// The notification's request fields (createMessage shapes only), to name where a device key was written.
    public var requestFields: JSONObject?
    /// The language dictionary key the texts were read in (`de`); nil when no text was a dictionary.
    public var language: String?
    /// The personalisation stage's `personalized` events for this push (emitted when it arrives).
    public var personalized: [Event] = []
    /// The stage's `not_sent` or `template_error`: the server sends this device nothing.
    public var notSent: Event?

    /// Reads `doc`; for a request, uses notification `notification` (0-based, the first by default).
    /// `language` is the device's (`--language`) for a request's language dictionaries; nil is English.
    public static func read(_ doc: JSONValue, notification: Int? = nil, language: String? = nil) throws(StoriesInputError) -> StoriesInput {
        let all = try readAll(doc, only: notification ?? 0, language: language)
        return all[0]
    }

    /// Every notification of a request (one input for the other shapes); `validate` checks them all.
    public static func readAll(_ doc: JSONValue, language: String? = nil) throws(StoriesInputError) -> [StoriesInput] {
        try readAll(doc, only: nil, language: language)
    }

    static func readAll(_ doc: JSONValue, only: Int?, language: String? = nil) throws(StoriesInputError) -> [StoriesInput] {
        let device = language ?? LanguagePick.defaultLanguage
        guard let root = doc.objectValue else {
            throw StoriesInputError("not a stories payload: the document is \(doc.typeDescription), but a createMessage request, a notification, an APNs userInfo or a pw_stories block is an object")
        }
        if let request = PushRequest(doc) {
            let list = request.notifications
            if list.isEmpty {
                throw StoriesInputError("the createMessage request has no notification objects in \(doc["request"] != nil ? "request." : "")notifications")
            }
            let chosen: [PushRequest.Notification]
            if let only {
                guard list.indices.contains(only) else {
                    throw StoriesInputError("--notification \(only) is out of range: the request has \(list.count) notification\(list.count == 1 ? "" : "s") (0\(list.count > 1 ? "–\(list.count - 1)" : ""))")
                }
                chosen = [list[only]]
            } else {
                chosen = list
            }
            return chosen.map { n in
                let (info, diags) = n.deviceUserInfo(language: device)
                var input = make(.createMessage, info, prefix: n.path.description, extra: request.diagnostics + diags)
                input.notificationCount = list.count
                input.requestFields = n.fields
                input.language = LanguagePick.used(in: n.fields, device: device)
                return input
            }
        }
        let deviceKeys = ["aps", "pw_stories", "u", "userdata"]
        if deviceKeys.contains(where: { root[$0] != nil }) {
            return [make(.userInfo, root, prefix: nil, extra: [])]
        }
        if PushRequest.isNotification(root) {
            let (info, diags) = PushRequest.deviceUserInfo(root, language: device)
            var input = make(.notification, info, prefix: "", extra: diags)
            input.requestFields = root
            input.language = LanguagePick.used(in: root, device: device)
            return [input]
        }
        if root["pages"] != nil {
            return [make(.storiesBlock, ["pw_stories": doc], prefix: nil, extra: [])]
        }
        let keys = root.keys.prefix(5).map { JSONValue.string($0).jsonText() }.joined(separator: ", ")
        throw StoriesInputError("not a stories payload: expected a createMessage request, a notification, an APNs userInfo (aps, pw_stories, u or userdata) or a pw_stories block (pages), but the object has \(root.isEmpty ? "no keys" : "keys \(keys)\(root.count > 5 ? ", …" : "")")")
    }

    /// Parse and move each diagnostic's path from the device userInfo back to where it was written.
    static func make(_ shape: Shape, _ info: JSONObject, prefix: String?, extra: [Diagnostic]) -> StoriesInput {
        var payload = StoriesPayloadParser.parse(info)
        var found = payload.diagnostics
        if shape != .storiesBlock && !payload.pages.isEmpty && info["aps"]?["category"]?.stringValue == nil {
            // Not an SDK drop, but the commonest reason a valid payload never shows as stories on a device.
            found.append(Diagnostic(path: "aps.category", "is not set; iOS opens the stories content extension only for the category in its UNNotificationExtensionCategory (PW_STORIES in the SDK's guide)"))
        }
        payload.pagePaths = payload.pagePaths.map { sourcePath($0, shape: shape, prefix: prefix ?? "") }
        payload.diagnostics = extra + found.map { d in
            var d = d
            d.path = sourcePath(d.path, shape: shape, prefix: prefix ?? "")
            return d
        }
        var input = StoriesInput(shape: shape, userInfo: info, payload: payload, notificationCount: 1)
        input.sourcePrefix = prefix ?? ""
        return input
    }

    /// A userInfo path as written in the original file.
    public static func sourcePath(_ path: String, shape: Shape, prefix: String) -> String {
        switch shape {
        case .userInfo:
            return path
        case .storiesBlock:
            return replacing("pw_stories", with: "", in: path)
        case .createMessage, .notification:
            let p = prefix
            func join(_ s: String) -> String { p.isEmpty ? s : p + "." + s }
            if path == "aps.category" { return join("ios_category_custom") }
            for (device, request) in [("u", join("data")), ("pw_stories", join("ios_root_params.pw_stories")),
                                      ("userdata", join("ios_root_params.userdata")), ("aps", join("ios_root_params.aps"))] {
                if let r = replacingIfPrefixed(device, with: request, in: path) { return r }
            }
            return path.isEmpty ? p : join(path)
        }
    }

    static func replacing(_ head: String, with new: String, in path: String) -> String {
        replacingIfPrefixed(head, with: new, in: path) ?? path
    }

    static func replacingIfPrefixed(_ head: String, with new: String, in path: String) -> String? {
        if path == head { return new }
        if path.hasPrefix(head + ".") {
            let rest = path.dropFirst(head.count + 1)
            return new.isEmpty ? String(rest) : new + "." + rest
        }
        if path.hasPrefix(head + "[") {
            return new + path.dropFirst(head.count)
        }
        return nil
    }
}
