// `pushsim render`: what one device receives from a file, as one JSON object (the filled userInfo or native config).

import Foundation
import PushSimEngine

public enum RenderOutput {
    public enum Result: Sendable, Equatable {
        /// The JSON to print, the warnings and the `personalized` events.
        case rendered(JSONValue, warnings: [Diagnostic], events: [Event])
        /// `{"not_sent":{"reason":"untagged","tag":…}}`.
        case notSent(JSONValue, event: Event)
        /// The field, line and column of Liquid the server refuses, as one sentence.
        case templateError(String, event: Event)
    }

    /// What `device` receives from the file's bytes: a createMessage request (its first notification) or one
    /// notification → the userInfo after the server filled it; a delivered userInfo → itself, with a warning per
    /// leftover placeholder; a native config or a campaign ZIP → the config after the device filled it.
    public static func render(bytes: [UInt8], path: String, device: PersonalizationDevice, raw: Bool = false) throws(UserError) -> Result {
        let name = InputFile.displayName(path)
        if InAppSource.isZIP(bytes) {
            let loaded = try InAppSource.load(bytes: bytes, path: path, language: device.language, tags: device.nativeTags, raw: raw)
            return .rendered(loaded.config, warnings: loaded.warnings, events: loaded.events)
        }
        let doc: JSONValue
        do { doc = try JSONParser.parse(bytes: bytes) } catch {
            throw UserError("\(name): not valid JSON: \(error.description)", exitCode: 2)
        }
        var notification: PushRequest.Notification?
        var warnings: [Diagnostic] = []
        if let request = PushRequest(doc) {
            guard let first = request.notifications.first else {
                throw UserError("\(name): request.notifications holds no notification object", exitCode: 1)
            }
            if request.notifications.count > 1 {
                warnings.append(Diagnostic(path: first.path.description, "the request has \(request.notifications.count) notifications; pushsim renders the first"))
            }
            notification = first
            warnings += request.diagnostics
        } else if let o = doc.objectValue, PushRequest.isNotification(o) {
            notification = PushRequest.Notification(fields: o, path: JSONPath())
        }
        if let notification {
            switch ServerPersonalizer.personalize(notification, device: device, raw: raw) {
            case .notSent(let e):
                return .notSent(.object(["not_sent": .object(e.fields)]), event: e)
            case .templateError(let e):
                let field = e["path"]?.stringValue ?? ""
                let line = e["line"].map { $0.jsonText() } ?? "?", column = e["column"].map { $0.jsonText() } ?? "?"
                return .templateError("\(name): \(field.isEmpty ? "the template" : field): Liquid the server refuses at line \(line), column \(column): \(e["message"]?.stringValue ?? "")", event: e)
            case .sent(let fields, let events, let w):
                let (info, diags) = PushRequest.deviceUserInfo(fields, path: notification.path, language: device.language)
                return .rendered(.object(info), warnings: warnings + w + diags, events: events)
            }
        }
        if doc.objectValue == nil || doc["aps"] != nil || doc["response"] != nil || doc["pw_inbox"] != nil {
            // A delivered userInfo, a getInboxMessages response or a list of messages: filled when the server sent them.
            let w = PlaceholderScan.leftovers(in: doc, path: JSONPath(), why: "an already-delivered payload is not filled again (the server fills placeholders when it sends)")
            return .rendered(doc, warnings: w, events: [])
        }
        // A native in-app config: the device's passes with no pushwoosh.json.
        if raw {
            let r = InAppLocalizer.asWritten(doc, why: "shown as written (--raw-placeholders)")
            return .rendered(doc, warnings: r.warnings, events: r.events)
        }
        do {
            let r = try InAppLocalizer.localize(doc, pushwoosh: nil, language: device.language, tags: device.nativeTags)
            return .rendered(r.config, warnings: r.warnings, events: r.events)
        } catch {
            throw UserError("\(name): filling its placeholders makes it larger than \(error.limit / 1_048_576) MB; pushsim stops there", exitCode: 2)
        }
    }
}
