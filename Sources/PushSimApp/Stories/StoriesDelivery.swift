// A stories push's arrival on the simulated phone, shared by the run and `validate`: the engine's delivery check,
// the attachment iOS accepts or refuses, and the collapsed notification's text cut at the device's width.

import Foundation
import PushSimEngine
import PushSimScreens

public struct StoriesDelivery {
    public var check: DeliveryCheck
    /// The collapsed notification's text on the device; nil when APNs refused the push or the file has no aps.
    public var text: NotificationText?
    /// The attachment the notification shows (its URL), when the service extension ran and iOS accepted it.
    public var thumbnail: String?
    /// The check's findings, the attachment's and the cut text's, at source paths.
    public var diagnostics: [Diagnostic]

    /// - Parameters:
    ///   - folder: where relative `file:` attachments resolve (the payload's folder).
    ///   - network: download an http(s) attachment to check it (a run does; `validate` stays offline).
    public static func arrive(_ input: StoriesInput, options: DeliveryOptions, folder: String, network: Bool) -> StoriesDelivery {
        let check = DeliveryCheck.evaluate(input, options: options)
        var out = StoriesDelivery(check: check, text: nil, thumbnail: nil, diagnostics: check.diagnostics)
        guard check.applies, check.rejection == nil else { return out }
        if check.serviceExtensionRan, let a = check.attachment, URLText.scheme(of: a.url) != nil,
           !DeliveryImages.isRefused(a.url, allowHTTP: options.allowHTTP) {
            if let why = AttachmentCheck.problem(a.url, folder: folder, allowHTTP: options.allowHTTP, network: network) {
                if why.hasPrefix(AttachmentCheck.unreachable) {
                    // Offline here: the phone attaches it if it downloads and is a type iOS takes.
                    out.thumbnail = a.url
                    out.diagnostics.append(Diagnostic(path: a.path, "\(JSONValue.string(a.url).quoted): \(why); the phone attaches it if the download works and it is a JPEG, GIF or PNG of at most 10 MB (or audio or video within Apple's limits)"))
                } else {
                    out.diagnostics.append(Diagnostic(path: a.path, "\(JSONValue.string(a.url).quoted) cannot be attached: \(why); the notification shows no picture"))
                }
            } else {
                out.thumbnail = a.url
            }
        }
        let alert = check.alert
        let text = NotificationText.layout(title: alert.title, subtitle: alert.subtitle, body: alert.body,
                                           deviceWidth: options.deviceWidth, thumbnail: out.thumbnail != nil)
        out.text = text
        let paths = DeliveryCheck.SourcePaths(input: input)
        let alertIsString = input.userInfo["aps"]?["alert"]?.stringValue != nil
        for field in [text.title, text.subtitle, text.body].compactMap({ $0 }) where field.cut {
            let device = alertIsString ? "aps.alert" : "aps.alert.\(field.name)"
            let lines = NotificationLines.on(.lockScreen).phrase(for: field.name)
            out.diagnostics.append(Diagnostic(path: paths.source(device),
                "is cut on \(options.deviceName) (\(Int(options.deviceWidth)) pt wide): \(lines) \(field.shownCharacters) of its \(field.totalCharacters) characters, then \"…\""))
        }
        return out
    }

    /// The payload's own warnings without the parser's "aps.category is not set", which the delivery check reports
    /// as an error of its own when it decides the routing.
    public static func payloadWarnings(_ input: StoriesInput, _ check: DeliveryCheck) -> [Diagnostic] {
        guard check.applies, check.rejection == nil else { return input.payload.diagnostics }
        return input.payload.diagnostics.filter { !($0.message.hasPrefix("is not set; iOS opens the stories content extension")) }
    }

    /// The `notification` event: the texts as displayed, which fields were cut, the thumbnail and the language used.
    public var notificationEvent: Event? {
        guard let text else { return nil }
        var f = JSONObject()
        f["title"] = text.title.map { .string($0.displayed) } ?? .null
        f["subtitle"] = text.subtitle.map { .string($0.displayed) } ?? .null
        f["body"] = .string(text.body.displayed)
        f["truncated"] = .array(text.truncated.map { .string($0) })
        f["thumbnail"] = thumbnail.map { .string($0) } ?? .null
        f["language"] = check.language.map { .string($0) } ?? .null
        return Event("notification", f)
    }

    /// What the hint line of the collapsed notification adds: the language used and localisation keys shown.
    public var note: String? {
        var parts: [String] = []
        if let l = check.language { parts.append("language: \(l)") }
        if !check.alert.localisationKeys.isEmpty { parts.append("localisation keys: the app's strings replace them") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
