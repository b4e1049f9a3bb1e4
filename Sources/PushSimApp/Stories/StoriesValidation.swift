// `pushsim validate` for stories payloads: every notification's diagnostics with their source paths, and local
// images that do not exist. Also the stories-only entry points kept from before validate knew other kinds.

import Foundation
import PushSimEngine

public enum StoriesValidation {
    public typealias Finding = PayloadValidation.Finding
    public typealias FileReport = PayloadValidation.FileReport

    /// Check one file as a stories payload, whatever its shape.
    public static func check(_ path: String) -> FileReport {
        PayloadValidation.check(path, options: PayloadValidation.Options(kind: .stories))
    }

    /// Recognise the stories shape, parse every notification, and look for local images.
    /// - Parameter onlyStoriesNotifications: check only the notifications that carry `pw_stories` (when the same
    ///   request is also checked as an inbox feed, its other notifications are inbox messages, not broken stories).
    /// - Parameter delivery: the phone and app the push goes to: APNs' size and shape, the category routing, the
    ///   service extension, App Transport Security, the attachment and the cut text are checked too.
    static func lint(_ doc: JSONValue, source: PayloadValidation.Source, onlyStoriesNotifications: Bool = false,
                     delivery: DeliveryOptions? = nil) -> PayloadValidation.Lint {
        var inputs: [StoriesInput]
        do {
            inputs = try StoriesInput.readAll(doc, language: delivery?.language)
        } catch {
            return PayloadValidation.Lint(summary: "not a stories payload", diagnostics: [Diagnostic(.error, path: "", error.message)])
        }
        let total = inputs.count
        if onlyStoriesNotifications {
            inputs = inputs.filter { PayloadValidation.mentionsStories(.object($0.userInfo), depth: 0) }
        }
        var diagnostics: [Diagnostic] = []
        for input in inputs {
            if let delivery {
                let arrival = StoriesDelivery.arrive(input, options: delivery, folder: source.folder,
                                                     network: false)
                diagnostics += StoriesDelivery.payloadWarnings(input, arrival.check) + arrival.diagnostics
            } else {
                diagnostics += input.payload.diagnostics
            }
            diagnostics += riskyLinks(input.payload)
            // Standard input's relative `file:` pages resolve against the current directory, where `stories -` loads
            // them from (issue 26: one rule for both).
            diagnostics += localImageProblems(input.payload, payloadPath: source.path)
        }
        guard let first = inputs.first else {
            return PayloadValidation.Lint(summary: "stories payload, no notification with pw_stories", diagnostics: diagnostics)
        }
        let pages = inputs.map { String($0.payload.pages.count) }.joined(separator: "+")
        let count = inputs.count == total ? (total > 1 ? " with \(total) notifications" : "") : " with \(inputs.count) of \(total) notifications carrying pw_stories"
        let summary = "stories payload (\(first.shape.rawValue)\(count)), \(pages) valid page\(pages == "1" ? "" : "s")"
        return PayloadValidation.Lint(summary: summary, diagnostics: diagnostics)
    }

    /// The local file a `file:` URL names: relative ones are resolved against the payload's folder.
    public static func localPath(of url: String, payloadPath: String) -> String? {
        localPath(of: url, folder: InputFile.imageFolder(of: payloadPath))
    }

    /// The same, with the folder relative URLs resolve against.
    static func localPath(of url: String, folder: String) -> String? {
        guard url.lowercased().hasPrefix("file:") else { return nil }
        var rest = String(url.dropFirst(5))
        if rest.hasPrefix("//") {
            rest.removeFirst(2)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let host = rest[..<slash]
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = String(rest[slash...])
        }
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = String(rest[..<cut]) }
        rest = rest.removingPercentEncoding ?? rest
        if rest.hasPrefix("/") { return rest }
        return URL(fileURLWithPath: folder).appendingPathComponent(rest).standardizedFileURL.path
    }

    /// Schemes a stories `link` is warned about. The SDK opens a page's link with any scheme (spec §1.3), so pushsim
    /// keeps and plays them; but these either run or embed content instead of naming a place (javascript, vbscript,
    /// data, blob, about), reach the device's files (file), or start a call (facetime) — the same list the SDK's own
    /// inbox refuses to open (spec §3.6) plus the other script and content schemes. http(s), mailto, tel, sms and an
    /// app's own deep-link scheme are what a button is for and pass quietly.
    public static let riskyLinkSchemes: Set<String> = InboxURLPolicy.refusedSchemes.union(["vbscript", "blob", "about"])

    /// A warning per page whose link has one of `riskyLinkSchemes`.
    static func riskyLinks(_ payload: StoriesPayload) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (i, page) in payload.pages.enumerated() {
            guard let link = page.link, let scheme = URLText.scheme(of: link), riskyLinkSchemes.contains(scheme) else { continue }
            let linkPath = payload.pagePaths.indices.contains(i) ? payload.pagePaths[i] + ".link" : "page \(i + 1) link"
            out.append(Diagnostic(path: linkPath,
                                  "\(JSONValue.string(link).quoted) uses the \(scheme): scheme, which the SDK's inbox refuses as unsafe; "
                                    + "stories still open it, but a button should link to an https:// page or an app deep link"))
        }
        return out
    }

    static func localImageProblems(_ payload: StoriesPayload, payloadPath: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (i, page) in payload.pages.enumerated() {
            guard let local = localPath(of: page.image, payloadPath: payloadPath) else { continue }
            let imagePath = payload.pagePaths.indices.contains(i) ? payload.pagePaths[i] + ".image" : "page \(i + 1) image"
            if let d = PayloadValidation.localImageProblem(page.image, local: local, path: imagePath,
                                                           what: "the page will show the image placeholder") {
                out.append(d)
            }
        }
        return out
    }

    public static func text(_ reports: [FileReport]) -> String { PayloadValidation.text(reports) }
    public static func json(_ reports: [FileReport]) -> String { PayloadValidation.json(reports) }
    public static func junit(_ reports: [FileReport]) -> String { PayloadValidation.junit(reports) }
    public static func exitStatus(_ reports: [FileReport]) -> Int32 { PayloadValidation.exitStatus(reports) }
}
