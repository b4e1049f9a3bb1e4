// `pushsim validate FILE...`: lint stories payloads and report every finding with its file and JSON path.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check stories payloads; exit 1 when any has an error, 2 when a file cannot be read as JSON.",
        discussion: """
        A payload with no valid page is an error (the device shows the plain notification instead); a dropped \
        page, a clamped duration or a hidden button is a warning.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit
    }

    @Argument(help: ArgumentHelp("Payload files ('-' = standard input).", valueName: "file"))
    var files: [String]

    @Option(help: "Output format: text, json or junit.")
    var format: Format = .text

    struct Finding {
        var severity: Diagnostic.Severity
        var file: String
        var path: String
        var message: String
    }

    struct FileReport {
        var file: String
        var summary: String
        var findings: [Finding]
    }

    func run() throws {
        var reports: [FileReport] = []
        var unreadable = false
        for file in files {
            let name = InputFile.displayName(file)
            let doc: JSONValue
            do {
                doc = try InputFile.readJSON(file)
            } catch {
                unreadable = true
                let message = error.message.hasPrefix(name + ": ") ? String(error.message.dropFirst(name.count + 2)) : error.message
                reports.append(FileReport(file: name, summary: "unreadable", findings: [Finding(severity: .error, file: name, path: "", message: message)]))
                continue
            }
            do {
                let inputs = try StoriesInput.readAll(doc)
                let findings = inputs.flatMap { $0.payload.diagnostics }.map {
                    Finding(severity: $0.severity, file: name, path: $0.path, message: $0.message)
                }
                let pages = inputs.map { String($0.payload.pages.count) }.joined(separator: "+")
                let summary = "\(inputs[0].shape.rawValue)\(inputs.count > 1 ? " with \(inputs.count) notifications" : ""), \(pages) valid page\(pages == "1" ? "" : "s")"
                reports.append(FileReport(file: name, summary: summary, findings: findings))
            } catch {
                reports.append(FileReport(file: name, summary: "not a stories payload", findings: [Finding(severity: .error, file: name, path: "", message: error.message)]))
            }
        }
        let all = reports.flatMap(\.findings)
        let errors = all.filter { $0.severity == .error }.count
        let warnings = all.count - errors
        switch format {
        case .text: print(text(reports, errors: errors, warnings: warnings), terminator: "")
        case .json: print(json(all))
        case .junit: print(junit(reports, errors: errors), terminator: "")
        }
        if unreadable { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
    }

    func text(_ reports: [FileReport], errors: Int, warnings: Int) -> String {
        var out = ""
        for r in reports {
            if r.findings.isEmpty { out += "\(r.file): ok (\(r.summary))\n"; continue }
            for f in r.findings {
                out += "\(f.file): \(f.severity.rawValue): \(f.path.isEmpty ? "" : f.path + ": ")\(f.message)\n"
            }
        }
        func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }
        out += "\(plural(reports.count, "file")) checked: \(plural(errors, "error")), \(plural(warnings, "warning"))\n"
        return out
    }

    func json(_ findings: [Finding]) -> String {
        JSONValue.array(findings.map {
            .object(["severity": .string($0.severity.rawValue), "file": .string($0.file), "path": .string($0.path), "message": .string($0.message)])
        }).jsonText()
    }

    func junit(_ reports: [FileReport], errors: Int) -> String {
        func esc(_ s: String) -> String {
            var o = ""
            for u in s.unicodeScalars {
                switch u {
                case "&": o += "&amp;"
                case "<": o += "&lt;"
                case ">": o += "&gt;"
                case "\"": o += "&quot;"
                case _ where u.value < 0x20 && u != "\n" && u != "\t": o += " "
                default: o.unicodeScalars.append(u)
                }
            }
            return o
        }
        let failing = reports.filter { $0.findings.contains { $0.severity == .error } }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"pushsim validate\" tests=\"\(reports.count)\" failures=\"\(failing)\">\n"
        out += "  <testsuite name=\"stories payloads\" tests=\"\(reports.count)\" failures=\"\(failing)\">\n"
        for r in reports {
            out += "    <testcase classname=\"pushsim.validate\" name=\"\(esc(r.file))\">\n"
            let errs = r.findings.filter { $0.severity == .error }
            if !errs.isEmpty {
                let msg = errs.map { ($0.path.isEmpty ? "" : $0.path + ": ") + $0.message }
                out += "      <failure message=\"\(esc(msg[0]))\">\(esc(msg.joined(separator: "\n")))</failure>\n"
            }
            let warns = r.findings.filter { $0.severity == .warning }
            if !warns.isEmpty {
                out += "      <system-out>\(esc(warns.map { "warning: " + ($0.path.isEmpty ? "" : $0.path + ": ") + $0.message }.joined(separator: "\n")))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
