// The personalisation stage: between reading a push document and an experience's parser, the document as one device
// receives it. The same for stories, inbox and notify; no scene learns about tags.

/// What the stage did to one document.
public struct PersonalizedDocument: Sendable, Equatable {
    /// The document with every notification filled for the device (shapes kept: a request stays a request).
    public var doc: JSONValue
    /// One `personalized` event per placeholder, in order.
    public var events: [Event]
    public var warnings: [Diagnostic]
    /// Per notification of a request (index 0 for a single notification): the `not_sent` or `template_error` that
    /// stops it. A notification listed here is not delivered.
    public var stopped: [Int: Event]

    /// The stop of the notification a single-push experience shows (`index`), if it was stopped.
    public func stop(for index: Int = 0) -> Event? { stopped[index] }
}

public enum PersonalizationStage {
    /// Fills a push document for `device`: a `createMessage` request (each notification) or one notification as the
    /// server does (ServerPersonalizer); an already-delivered userInfo or a `getInboxMessages` response is left as
    /// it is, with a warning per placeholder left in it (the server fills placeholders when it sends, once).
    public static func apply(_ doc: JSONValue, device: PersonalizationDevice, raw: Bool = false) -> PersonalizedDocument {
        var out = PersonalizedDocument(doc: doc, events: [], warnings: [], stopped: [:])
        guard let root = doc.objectValue else { return out }
        if let request = PushRequest(doc) {
            var list = (root["request"]?["notifications"] ?? root["notifications"])?.arrayValue ?? []
            var at = 0
            for (i, v) in list.enumerated() where v.objectValue != nil {
                defer { at += 1 }
                guard at < request.notifications.count else { break }
                let n = request.notifications[at]
                switch ServerPersonalizer.personalize(n, device: device, raw: raw) {
                case .sent(let fields, let events, let warnings):
                    list[i] = .object(fields)
                    out.events += events
                    out.warnings += warnings
                case .notSent(let e), .templateError(let e):
                    out.stopped[i] = e
                }
            }
            if var req = root["request"]?.objectValue {
                req["notifications"] = .array(list)
                var r = root
                r["request"] = .object(req)
                out.doc = .object(r)
            } else {
                var r = root
                r["notifications"] = .array(list)
                out.doc = .object(r)
            }
            return out
        }
        if PushRequest.isNotification(root) {
            switch ServerPersonalizer.personalize(PushRequest.Notification(fields: root, path: JSONPath()), device: device, raw: raw) {
            case .sent(let fields, let events, let warnings):
                out.doc = .object(fields)
                out.events = events
                out.warnings = warnings
            case .notSent(let e), .templateError(let e):
                out.stopped[0] = e
            }
            return out
        }
        let delivered = root["aps"] != nil || root["pw_stories"] != nil || root["u"] != nil || root["pw_inbox"] != nil
        let why = delivered
            ? "an already-delivered userInfo is not filled again (Pushwoosh's server fills placeholders when it sends)"
            : "the server filled this text when it sent the message; a placeholder left here shows on the phone as written"
        out.warnings = PlaceholderScan.leftovers(in: doc, path: JSONPath(), why: why)
        return out
    }
}
