// `pushsim validate --format github|sarif`: findings where CI shows them on a pull request's lines — GitHub Actions
// workflow commands and a SARIF 2.1.0 log (code scanning) — and the rule ids both give each finding.

import Foundation
import PushSimEngine

extension PayloadValidation {
    /// A finding's rule: stable for as long as the JSON path it is at keeps its name, the same in every file and run.
    /// `KIND/PATH` with every array index left out (`stories/pw_stories.pages[].image`); `KIND/(document)` for the
    /// whole document; `json/duplicate-key` for a repeated key; `file/unreadable` and `file/unrecognised` for a file
    /// that is not JSON or not a payload.
    public static func ruleID(_ f: Finding, unreadable: Bool = false) -> String {
        if f.message.hasPrefix("appears twice in one object") { return "json/duplicate-key" }
        guard let kind = f.kind else { return unreadable ? "file/unreadable" : "file/unrecognised" }
        return kind.rawValue + "/" + (f.path.isEmpty ? "(document)" : indicesLeftOut(f.path))
    }

    /// `a[3].b[12]` → `a[].b[]`: digits between brackets dropped (a quoted key's brackets keep what they hold).
    static func indicesLeftOut(_ path: String) -> String {
        let u = Array(path.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < u.count {
            guard u[i] == UInt8(ascii: "[") else { out.append(u[i]); i += 1; continue }
            if i + 1 < u.count, u[i + 1] == UInt8(ascii: "\"") {
                // A quoted key, copied whole (its escapes too).
                var j = i + 2
                while j < u.count, u[j] != UInt8(ascii: "\"") { j += u[j] == UInt8(ascii: "\\") ? 2 : 1 }
                let end = min(u.count, j + 2)
                out += u[i..<end]
                i = end
                continue
            }
            var j = i + 1
            while j < u.count, u[j] >= UInt8(ascii: "0"), u[j] <= UInt8(ascii: "9") { j += 1 }
            if j < u.count, u[j] == UInt8(ascii: "]"), j > i + 1 {
                out += Array("[]".utf8)
                i = j + 1
            } else {
                out.append(u[i]); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: GitHub Actions

    /// One workflow command per finding (`::error file=F,line=L,col=C,title=T::sentence`), which GitHub shows as an
    /// annotation on that line of the pull request, then the totals as a plain log line.
    /// https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions
    public static func github(_ reports: [FileReport], skipped: [String] = []) -> String {
        var out = ""
        for r in reports {
            for f in r.findings {
                var properties: [String] = []
                // Standard input has no file on the runner to point at.
                if f.file != InputFile.displayName("-") { properties.append("file=" + githubProperty(f.file)) }
                if let line = f.line { properties.append("line=\(line)") }
                if let column = f.column { properties.append("col=\(column)") }
                properties.append("title=" + githubProperty("pushsim " + ruleID(f, unreadable: r.unreadable)))
                let sentence = f.path.isEmpty ? f.message : f.path + ": " + f.message
                out += "::\(f.severity.rawValue) \(properties.joined(separator: ","))::\(githubData(sentence))\n"
            }
        }
        out += skippedLine(skipped)
        out += totals(reports)
        return out
    }

    /// A workflow command's message: `%`, CR and LF escaped, as the runner's own toolkit does.
    static func githubData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,`, which end it.
    static func githubProperty(_ s: String) -> String {
        githubData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: SARIF

    /// A SARIF 2.1.0 log with one run: a rule per rule id met, a result per finding at its file, line and column
    /// (columns count Unicode code points), and the JSON path as the result's logical location.
    /// https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
    public static func sarif(_ reports: [FileReport]) -> String {
        var rules: [JSONValue] = []
        var ruleIndex: [String: Int] = [:]
        var results: [JSONValue] = []
        for r in reports {
            for f in r.findings {
                let id = ruleID(f, unreadable: r.unreadable)
                let index: Int
                if let known = ruleIndex[id] {
                    index = known
                } else {
                    index = rules.count
                    ruleIndex[id] = index
                    rules.append(.object([
                        "id": .string(id),
                        "shortDescription": .string(ruleDescription(id, kind: f.kind)).sarifMessage,
                        "defaultConfiguration": .object(["level": .string(f.severity.rawValue)]),
                    ]))
                }
                var location = JSONObject()
                if f.file != InputFile.displayName("-") {
                    var physical: JSONObject = ["artifactLocation": .object(["uri": .string(fileURI(f.file))])]
                    if let line = f.line, let column = f.column {
                        physical["region"] = .object(["startLine": .number(Double(line)), "startColumn": .number(Double(column))])
                    }
                    location["physicalLocation"] = .object(physical)
                }
                if !f.path.isEmpty {
                    location["logicalLocations"] = .array([.object(["fullyQualifiedName": .string(f.path), "kind": .string("member")])])
                }
                var result: JSONObject = [
                    "ruleId": .string(id), "ruleIndex": .number(Double(index)),
                    "level": .string(f.severity.rawValue),
                    "message": .string(f.path.isEmpty ? f.message : f.path + ": " + f.message).sarifMessage,
                ]
                if !location.isEmpty { result["locations"] = .array([.object(location)]) }
                results.append(.object(result))
            }
        }
        let driver: JSONObject = [
            "name": .string("pushsim"),
            "version": .string(PushSimVersion.current),
            "informationUri": .string("https://github.com/Pushwoosh/pushwoosh-ios-sdk"),
            "rules": .array(rules),
        ]
        let log: JSONObject = [
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": .object(driver)]),
                "columnKind": .string("unicodeCodePoints"),
                "results": .array(results),
            ])]),
        ]
        return JSONValue.object(log).jsonText() + "\n"
    }

    /// What a rule id is about, in words.
    static func ruleDescription(_ id: String, kind: PayloadKind?) -> String {
        switch id {
        case "json/duplicate-key": return "A key repeated in one JSON object (the device keeps the last value)"
        case "file/unreadable": return "A file that cannot be read or is not JSON"
        case "file/unrecognised": return "A JSON file that is no payload pushsim knows"
        default:
            let path = id.split(separator: "/", maxSplits: 1).last.map(String.init) ?? id
            return "\(kind?.noun ?? "payload"): \(path == "(document)" ? "the whole document" : path)"
        }
    }

    /// A relative or absolute file path as a URI reference: every byte but unreserved ones and `/` percent-encoded.
    static func fileURI(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    // MARK: shared by the formats

    /// `N files skipped (not a payload): a.json, b.json…`, or nothing when none was.
    public static func skippedLine(_ skipped: [String]) -> String {
        guard !skipped.isEmpty else { return "" }
        let shown = skipped.prefix(5).joined(separator: ", ")
        let rest = skipped.count > 5 ? " and \(skipped.count - 5) more" : ""
        return "\(plural(skipped.count, "file")) skipped (not a payload): \(shown)\(rest)\n"
    }

    /// The last line of the text and GitHub formats.
    static func totals(_ reports: [FileReport]) -> String {
        let errors = reports.reduce(0) { $0 + $1.errorCount }
        let warnings = reports.reduce(0) { $0 + $1.warningCount }
        return "\(plural(reports.count, "file")) checked: \(plural(errors, "error")), \(plural(warnings, "warning"))\n"
    }

    /// `exitStatus`, and with `strict` (`--strict`) 1 also when only warnings were found.
    public static func exitStatus(_ reports: [FileReport], strict: Bool) -> Int32 {
        let status = exitStatus(reports)
        if status == 0, strict, reports.contains(where: { $0.warningCount > 0 }) { return 1 }
        return status
    }
}

extension PayloadValidation.FileReport {
    /// Valid JSON that is no payload pushsim knows (no kind was told from its shape).
    public var unrecognised: Bool { !unreadable && kinds.isEmpty }
}

private extension JSONValue {
    /// A SARIF message object: `{"text": …}`.
    var sarifMessage: JSONValue { .object(["text": self]) }
}
