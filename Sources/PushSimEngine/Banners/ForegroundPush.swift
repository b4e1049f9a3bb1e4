// A push as PushwooshForegroundPush reads it: the alert's title and body and the root attachment.

/// What the SDK's foreground banner shows of an APNs `userInfo` (`drawPush` in
/// `iOS_SDK/Pushwoosh/PushwooshForegroundPush/PushwooshForegroundPushImplementation.swift`, 7.1.3 and 7.2.6): the
/// title and body of `aps.alert` when it is a dictionary ("" when missing; a plain-string alert gives both empty),
/// and the root `attachment` string. Nothing else (subtitle, sound, badge, category, `u`, `l`) is read.
public struct ForegroundPush: Sendable, Equatable {
    public var title: String
    public var body: String
    /// The root `attachment`: the picture shown under the header, downloaded before the banner appears.
    public var attachment: String?
    /// The whole payload: what `didTapForegroundPush(_:)` is handed.
    public var userInfo: JSONValue

    public init(title: String = "", body: String = "", attachment: String? = nil, userInfo: JSONValue = .object([:])) {
        self.title = title
        self.body = body
        self.attachment = attachment
        self.userInfo = userInfo
    }

    /// The push from a payload, with a warning for each part the SDK reads differently from what it looks like;
    /// nil (and an error) when the payload is not a JSON object.
    public static func parse(_ payload: JSONValue, file: String = "push") -> (ForegroundPush?, [Diagnostic]) {
        guard let root = payload.objectValue else {
            return (nil, [Diagnostic(.error, path: file, "a push must be a JSON object (an APNs payload with aps), not \(payload.quoted)")])
        }
        var diagnostics: [Diagnostic] = []
        var push = ForegroundPush(userInfo: payload)
        let alert = root["aps"]?["alert"]
        if root["aps"]?.objectValue == nil {
            diagnostics.append(Diagnostic(path: "\(file):aps", "is missing: the banner shows no title and no body"))
        } else if let o = alert?.objectValue {
            push.title = o["title"]?.stringValue ?? ""
            push.body = o["body"]?.stringValue ?? ""
            if o["title"] != nil && o["title"]?.stringValue == nil {
                diagnostics.append(Diagnostic(path: "\(file):aps.alert.title", "is \(o["title"]!.quoted), not a string: the banner shows no title"))
            }
            if o["body"] != nil && o["body"]?.stringValue == nil {
                diagnostics.append(Diagnostic(path: "\(file):aps.alert.body", "is \(o["body"]!.quoted), not a string: the banner shows no body"))
            }
        } else if let s = alert?.stringValue {
            diagnostics.append(Diagnostic(path: "\(file):aps.alert", "is the string \(JSONValue.string(s).quoted): the foreground banner reads only a dictionary's title and body, so it shows neither"))
        } else {
            diagnostics.append(Diagnostic(path: "\(file):aps.alert", "is missing: the banner shows no title and no body"))
        }
        if let a = root["attachment"] {
            if let s = a.stringValue, !s.isEmpty { push.attachment = s }
            else { diagnostics.append(Diagnostic(path: "\(file):attachment", "is \(a.quoted), not a URL string: the banner shows no picture")) }
        }
        return (push, diagnostics)
    }
}
