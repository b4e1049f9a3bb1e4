// `pushsim validate` for stories payloads: every finding with its file and JSON path, and the report formats.

import Foundation
import PushSimEngine

public enum StoriesValidation {
    public struct Finding: Equatable, Sendable {
        public var severity: Diagnostic.Severity
        public var file: String
        public var path: String
        public var message: String
    }

    public struct FileReport: Equatable, Sendable {
        public var file: String
        /// `createMessage request, 5 valid pages`, or why the file could not be checked.
        public var summary: String
        public var findings: [Finding]
        /// The file could not be read or is not JSON (exit status 2).
        public var unreadable: Bool
    }

    /// Check one file: read, recognise the shape, parse every notification, and look for local images.
    public static func check(_ path: String) -> FileReport {
        let name = InputFile.displayName(path)
        let doc: JSONValue
        do {
            doc = try InputFile.readJSON(path)
        } catch {
            let message = error.message.hasPrefix(name + ": ") ? String(error.message.dropFirst(name.count + 2)) : error.message
            return FileReport(file: name, summary: "unreadable", findings: [Finding(severity: .error, file: name, path: "", message: message)], unreadable: true)
        }
        let inputs: [StoriesInput]
        do {
            inputs = try StoriesInput.readAll(doc)
        } catch {
            return FileReport(file: name, summary: "not a stories payload", findings: [Finding(severity: .error, file: name, path: "", message: error.message)], unreadable: false)
        }
        var findings: [Finding] = []
        for input in inputs {
            findings += input.payload.diagnostics.map { Finding(severity: $0.severity, file: name, path: $0.path, message: $0.message) }
            if path != "-" { findings += missingLocalImages(input.payload, payloadPath: path, file: name) }
        }
        let pages = inputs.map { String($0.payload.pages.count) }.joined(separator: "+")
        let summary = "\(inputs[0].shape.rawValue)\(inputs.count > 1 ? " with \(inputs.count) notifications" : ""), \(pages) valid page\(pages == "1" ? "" : "s")"
        return FileReport(file: name, summary: summary, findings: findings, unreadable: false)
    }

    /// The local file a `file:` URL names: relative ones are resolved against the payload's folder.
    public static func localPath(of url: String, payloadPath: String) -> String? {
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
        let base = URL(fileURLWithPath: payloadPath).deletingLastPathComponent()
        return base.appendingPathComponent(rest).standardizedFileURL.path
    }

    static func missingLocalImages(_ payload: StoriesPayload, payloadPath: String, file: String) -> [Finding] {
        var out: [Finding] = []
        for (i, page) in payload.pages.enumerated() {
            guard let local = localPath(of: page.image, payloadPath: payloadPath), !FileManager.default.fileExists(atPath: local) else { continue }
            let imagePath = payload.pagePaths.indices.contains(i) ? payload.pagePaths[i] + ".image" : "page \(i + 1) image"
            out.append(Finding(severity: .warning, file: file, path: imagePath,
                               message: "\(JSONValue.string(page.image).quoted) points at \(local), which does not exist; the page will show the image placeholder"))
        }
        return out
    }

    public static func text(_ reports: [FileReport]) -> String {
        var out = ""
        for r in reports {
            if r.findings.isEmpty { out += "\(r.file): ok (\(r.summary))\n"; continue }
            for f in r.findings {
                out += "\(f.file): \(f.severity.rawValue): \(f.path.isEmpty ? "" : f.path + ": ")\(f.message)\n"
            }
        }
        let all = reports.flatMap(\.findings)
        let errors = all.filter { $0.severity == .error }.count
        func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }
        out += "\(plural(reports.count, "file")) checked: \(plural(errors, "error")), \(plural(all.count - errors, "warning"))\n"
        return out
    }

    public static func json(_ reports: [FileReport]) -> String {
        JSONValue.array(reports.flatMap(\.findings).map {
            .object(["severity": .string($0.severity.rawValue), "file": .string($0.file), "path": .string($0.path), "message": .string($0.message)])
        }).jsonText() + "\n"
    }

    public static func junit(_ reports: [FileReport]) -> String {
        func line(_ f: Finding) -> String { (f.path.isEmpty ? "" : f.path + ": ") + f.message }
        let failing = reports.filter { $0.findings.contains { $0.severity == .error } }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"pushsim validate\" tests=\"\(reports.count)\" failures=\"\(failing)\">\n"
        out += "  <testsuite name=\"stories payloads\" tests=\"\(reports.count)\" failures=\"\(failing)\">\n"
        for r in reports {
            out += "    <testcase classname=\"pushsim.validate\" name=\"\(XMLText.escape(r.file))\">\n"
            let errs = r.findings.filter { $0.severity == .error }
            if let first = errs.first {
                out += "      <failure message=\"\(XMLText.escape(line(first)))\">\(XMLText.escape(errs.map(line).joined(separator: "\n")))</failure>\n"
            }
            let warns = r.findings.filter { $0.severity == .warning }
            if !warns.isEmpty {
                out += "      <system-out>\(XMLText.escape(warns.map { "warning: " + line($0) }.joined(separator: "\n")))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// 2 when a file could not be read as JSON, 1 when any error was found, else 0.
    public static func exitStatus(_ reports: [FileReport]) -> Int32 {
        if reports.contains(where: \.unreadable) { return 2 }
        return reports.contains { $0.findings.contains { $0.severity == .error } } ? 1 : 0
    }
}
