// `pushsim notify --inbox FILE --tags T`: the inbox push filled for one device before it is sent, as Pushwoosh's
// server fills a createMessage request's notifications when it sends them; a notification the server does not send
// that device is left out.

import Foundation
import PushSimEngine

extension InboxPush {
    /// What the sender has after filling a file for one device.
    public enum Filled: Sendable, Equatable {
        /// The push to send (its payload filled, marked so the receiving inbox does not fill it again), the warnings
        /// and the `personalized` events (then any `not_sent` of a notification left out).
        case push(InboxPush, warnings: [Diagnostic], events: [Event])
        /// No notification reaches the device: the `not_sent` or `template_error` of the first.
        case stopped(Event)
    }

    /// Reads `path` ('-' = standard input) and fills it for `device` (`raw`: `--raw-placeholders`, as written with a
    /// warning per placeholder). A file with no inbox message left is a one-line error, as `read` says it.
    public static func read(_ path: String, for device: PersonalizationDevice, raw: Bool = false, now: Date = Date(),
                            timeZone: TimeZone = .current) throws(UserError) -> Filled {
        let shown = InputFile.displayName(path)
        let doc = try InputFile.readJSON(path)
        let stage = PersonalizationStage.apply(doc, device: device, raw: raw)
        var filled = stage.doc
        if !stage.stopped.isEmpty {
            guard let kept = dropping(Set(stage.stopped.keys), from: filled) else {
                // A single notification, or a request of which none is sent.
                return .stopped(stage.stopped.sorted { $0.key < $1.key }[0].value)
            }
            filled = kept
        }
        // The receiving inbox does not know this device's language: each language dictionary the server filled one
        // entry of becomes that entry.
        filled = picked(filled, language: device.language ?? LanguagePick.defaultLanguage)
        let parsed: InboxFeedParser.Result
        do { parsed = try InboxFeedParser(now: now, timeZone: timeZone).parse(filled, file: shown) } catch {
            throw UserError(error.description)
        }
        guard !parsed.messages.isEmpty else { throw noMessage(shown, parsed.diagnostics) }
        let push = InboxPush(file: path == "-" ? shown : absolute(path), payload: filled, personalized: true)
        return .push(push, warnings: stage.warnings + parsed.diagnostics,
                     events: stage.events + stage.stopped.sorted { $0.key < $1.key }.map(\.value))
    }

    /// Every notification's `content`/`title`/`ios_title`/`subtitle`/`ios_subtitle` language dictionary replaced by the
    /// entry `language` picks (docs.pushwoosh.com/ru/product/personalization/multi-language).
    static func picked(_ doc: JSONValue, language: String) -> JSONValue {
        func notification(_ v: JSONValue) -> JSONValue {
            guard var o = v.objectValue else { return v }
            for key in ["content", "title", "ios_title", "subtitle", "ios_subtitle"] {
                if let dict = o[key]?.objectValue, let p = LanguagePick.pick(dict, device: language) { o[key] = .string(p.text) }
            }
            return .object(o)
        }
        guard var root = doc.objectValue else { return doc }
        if var request = root["request"]?.objectValue, let list = request["notifications"]?.arrayValue {
            request["notifications"] = .array(list.map(notification))
            root["request"] = .object(request)
            return .object(root)
        }
        if let list = root["notifications"]?.arrayValue {
            root["notifications"] = .array(list.map(notification))
            return .object(root)
        }
        return notification(doc)
    }

    /// The request without the notifications at `indexes` (of `request.notifications` or `notifications`); nil when
    /// none would be left, or the document is not a request.
    static func dropping(_ indexes: Set<Int>, from doc: JSONValue) -> JSONValue? {
        guard var root = doc.objectValue else { return nil }
        func keep(_ list: [JSONValue]) -> [JSONValue]? {
            let kept = list.enumerated().filter { !indexes.contains($0.offset) }.map(\.element)
            return kept.contains { $0.objectValue != nil } ? kept : nil
        }
        if var request = root["request"]?.objectValue, let list = request["notifications"]?.arrayValue {
            guard let kept = keep(list) else { return nil }
            request["notifications"] = .array(kept)
            root["request"] = .object(request)
            return .object(root)
        }
        if let list = root["notifications"]?.arrayValue {
            guard let kept = keep(list) else { return nil }
            root["notifications"] = .array(kept)
            return .object(root)
        }
        return nil
    }
}
