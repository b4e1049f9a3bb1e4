// `pushsim validate`: reads each file, works out which kind of payload it is, lets that kind's linter find problems,
// and prints the findings as text, JSON or JUnit with the exit status. The kinds share everything here.

import Foundation
import PushSimEngine
import PushSimMedia

/// What a file can be checked as.
public enum PayloadKind: String, CaseIterable, Sendable, Equatable {
    case stories, inbox, primer, banner, inapp

    /// How a summary names a file of this kind.
    public var noun: String {
        switch self {
        case .stories: return "stories payload"
        case .inbox: return "inbox feed"
        case .primer: return "primer config"
        case .banner: return "in-app banner"
        case .inapp: return "native in-app config"
        }
    }
}

public enum PayloadValidation {
    public struct Finding: Hashable, Sendable {
        public var severity: Diagnostic.Severity
        public var file: String
        public var path: String
        public var message: String
        /// The kind whose check found it; nil when the file could not be read or recognised.
        public var kind: PayloadKind?
        /// Where `path` is in the file (1-based; the column counts characters); nil when no place is known (a file
        /// that could not be read, a ZIP's member).
        public var line: Int?
        public var column: Int?

        public init(severity: Diagnostic.Severity, file: String, path: String, message: String, kind: PayloadKind? = nil) {
            self.severity = severity
            self.file = file
            self.path = path
            self.message = message
            self.kind = kind
        }

        /// The same finding wherever the file puts it: its place is where it was found, not what it is.
        public static func == (a: Finding, b: Finding) -> Bool {
            a.severity == b.severity && a.file == b.file && a.path == b.path && a.message == b.message && a.kind == b.kind
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(severity); hasher.combine(file); hasher.combine(path); hasher.combine(message); hasher.combine(kind)
        }
    }

    public struct FileReport: Equatable, Sendable {
        public var file: String
        /// What the file was checked as and its counts (`inbox feed (getInboxMessages response), 12 messages, 1 skipped`),
        /// or why it could not be checked.
        public var summary: String
        public var findings: [Finding]
        /// The file could not be read or is not JSON (exit status 2).
        public var unreadable: Bool
        /// The kinds the file was checked as (two for a createMessage request that is both stories and inbox).
        public var kinds: [PayloadKind]

        public init(file: String, summary: String, findings: [Finding], unreadable: Bool, kinds: [PayloadKind] = []) {
            self.file = file
            self.summary = summary
            self.findings = findings
            self.unreadable = unreadable
            self.kinds = kinds
        }

        public var errorCount: Int { findings.filter { $0.severity == .error }.count }
        public var warningCount: Int { findings.count - errorCount }
    }

    public struct Options: Sendable {
        /// nil: detect the kind from the document's shape.
        public var kind: PayloadKind?
        /// "Now" for inbox expiry and `send_date: "now"`.
        public var now: Date
        /// `now` was given (`--now`), so a finding need not suggest giving it.
        public var nowGiven: Bool
        public var timeZone: TimeZone
        /// The SDK release whose rules decide what the device shows (`--sdk`).
        public var sdk: SDKVersion
        /// The phone and app a stories push is delivered to; nil checks the payload alone (the SDK's rules only).
        public var delivery: DeliveryOptions?
        /// Read a getInboxMessages response message by message (`InboxValidation.checkDirectly`), not as one tree;
        /// tests turn it off to compare the two.
        public var readsFeedsDirectly = true
        /// The `--tags` devices: each one's placeholders and cut text are checked; empty checks without tags.
        public var devices: [PersonalizationDevice] = []
        /// A spin-wheel label's width in points as drawn (14 pt bold), from the picture layer; nil skips the check
        /// for labels that start under the hub (`InAppWheelLayout.hiddenLabels`), which needs a font to measure.
        public var wheelLabelWidth: (@Sendable (String) -> Double)?

        public init(kind: PayloadKind? = nil, now: Date? = nil, timeZone: TimeZone = .current, sdk: SDKVersion = .newest,
                    delivery: DeliveryOptions? = nil) {
            self.kind = kind
            self.delivery = delivery
            self.now = now ?? Date()
            self.nowGiven = now != nil
            self.timeZone = timeZone
            self.sdk = sdk
        }
    }

    /// The file a linter is looking at: `path` for resolving relative images (`-` for standard input, which has
    /// no folder), `name` for messages.
    struct Source {
        var path: String
        var name: String
        /// The folder relative paths in the file resolve against: the current directory for standard input and pipes,
        /// as every experience resolves them.
        var folder: String { InputFile.imageFolder(of: path) }
    }

    /// What one kind's check found in a document.
    struct Lint {
        var summary: String
        var diagnostics: [Diagnostic]
    }

    // MARK: checking

    /// Read `path` (`-` = standard input), recognise its kind (or use `options.kind`) and check it.
    public static func check(_ path: String, options: Options = Options()) -> FileReport {
        let name = InputFile.displayName(path)
        let doc: JSONValue
        var read: [UInt8] = []
        var duplicates: [JSONDuplicateKey] = []
        var duplicateCount = 0
        // A getInboxMessages response is read message by message, as `pushsim inbox` reads it, not as one tree, and a
        // regular file within the input cap is mapped, not copied (the copy was a tenth of checking a large feed).
        // Anything else, and every error, is read and reported below as before.
        if options.readsFeedsDirectly, options.kind == nil || options.kind == .inbox, path != "-",
           let map = InboxFeedFile.Mapping(path, limit: InputFile.maxBytes) {
            let report = InboxValidation.checkDirectly(map.bytes, source: Source(path: path, name: name), options: options)
                .map { located($0, in: map.bytes) }
            // A feed that changed while it was mapped is read once more below, by read(2), never reported half-old.
            if !map.unmap(), let report { return report }
        }
        do throws(UserError) {
            let bytes = try InputFile.readBytes(path)
            if InAppSource.isZIP(bytes) { return InAppValidation.checkZIP(bytes, path: path, options: options) }
            if path == "-", options.readsFeedsDirectly, options.kind == nil || options.kind == .inbox,
               let report = InboxValidation.checkDirectly(bytes, source: Source(path: path, name: name), options: options) {
                return bytes.withUnsafeBufferPointer { located(report, in: $0) }
            }
            read = bytes
            do {
                doc = try JSONParser.parse(bytes: bytes, duplicates: &duplicates, duplicateCount: &duplicateCount)
            } catch {
                throw UserError("\(name): not valid JSON: \(error.description)")
            }
        } catch {
            let message = error.message.hasPrefix(name + ": ") ? String(error.message.dropFirst(name.count + 2)) : error.message
            return FileReport(file: name, summary: "unreadable", findings: [Finding(severity: .error, file: name, path: "", message: message)], unreadable: true)
        }
        var report = check(doc, source: Source(path: path, name: name), options: options)
        report.findings += duplicateKeyFindings(duplicates, total: duplicateCount, file: name, kind: report.kinds.first)
        return read.withUnsafeBufferPointer { located(report, in: $0) }
    }

    /// `report` with each finding's line and column, found from its JSON path in the file's bytes.
    static func located(_ report: FileReport, in bytes: UnsafeBufferPointer<UInt8>) -> FileReport {
        guard !report.findings.isEmpty else { return report }
        var report = report
        let places = JSONLocator.lineColumns(of: report.findings.map(\.path), in: bytes)
        for i in report.findings.indices {
            guard let place = places[report.findings[i].path] else { continue }
            report.findings[i].line = place.line
            report.findings[i].column = place.column
        }
        return report
    }

    /// A repeated key is legal JSON and the device keeps its last value (APNs and JSONSerialization hand the app
    /// a dictionary), so pushsim plays it the same way; but the first value was surely meant for something.
    static func duplicateKeyFindings(_ duplicates: [JSONDuplicateKey], total: Int, file: String, kind: PayloadKind?) -> [Finding] {
        var out = duplicates.map { d in
            Finding(severity: .warning, file: file, path: d.path,
                    message: "appears twice in one object (line \(d.firstLine), column \(d.firstColumn) and line \(d.line), column \(d.column)); "
                        + "the last value is used and the first is ignored, as on the device",
                    kind: kind)
        }
        if total > duplicates.count {
            out.append(Finding(severity: .warning, file: file, path: "",
                               message: "\(total - duplicates.count) more repeated keys not listed (only the first \(duplicates.count) are)", kind: kind))
        }
        return out
    }

    /// Check an already parsed document (tests use this for standard input, which has no folder).
    static func check(_ doc: JSONValue, source: Source, options: Options) -> FileReport {
        let kinds: [PayloadKind]
        if let forced = options.kind {
            kinds = [forced]
        } else {
            switch detect(doc) {
            case .success(let found): kinds = found
            case .failure(let e):
                return FileReport(file: source.name, summary: "unrecognised payload",
                                  findings: [Finding(severity: .error, file: source.name, path: "", message: e.message)], unreadable: false)
            }
        }
        var checked = report(kinds, source: source) { kind in
            switch kind {
            case .stories:
                // The push as a device without tags receives it (the server fills its placeholders): the phone never
                // shows the braces, so the cut text is measured on what it does show.
                let untagged = PersonalizationDevice(language: options.delivery?.language)
                return StoriesValidation.lint(PersonalizationStage.apply(doc, device: untagged).doc, source: source,
                                              onlyStoriesNotifications: kinds.count > 1, delivery: options.delivery)
            case .inbox: return InboxValidation.lint(doc, source: source, options: options)
            case .primer: return PrimerValidation.lint(doc, source: source)
            case .banner: return BannerValidation.lint(doc, source: source)
            case .inapp: return InAppValidation.lint(doc, source: source, options: options)
            }
        }
        checked.findings += PersonalizationValidation.findings(doc, kinds: kinds, source: source, options: options)
        return checked
    }

    /// The report of a file checked as `kinds`, each by `lint`.
    static func report(_ kinds: [PayloadKind], source: Source, _ lint: (PayloadKind) -> Lint) -> FileReport {
        var findings: [Finding] = []
        var seen: Set<Finding> = []
        var summaries: [String] = []
        for kind in kinds {
            let lint = lint(kind)
            summaries.append(lint.summary)
            for d in lint.diagnostics {
                let f = Finding(severity: d.severity, file: source.name, path: d.path, message: d.message, kind: kind)
                // A request's own diagnostics reach every notification's check; report each once.
                if seen.insert(f).inserted { findings.append(f) }
            }
        }
        let summary = kinds.count > 1
            ? "checked as both \(kinds.map(\.rawValue).joined(separator: " and ")): " + summaries.joined(separator: "; ")
            : summaries[0]
        return FileReport(file: source.name, summary: summary, findings: findings, unreadable: false, kinds: kinds)
    }

    // MARK: output

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// One line per finding, then one summary line per file, then the files skipped as no payload (`validate DIR`),
    /// then the totals.
    public static func text(_ reports: [FileReport], skipped: [String] = []) -> String {
        var out = ""
        for r in reports {
            for g in grouped(r.findings) {
                let f = g.first
                if g.count < groupAt {
                    for f in g.all { out += "\(f.file): \(f.severity.rawValue): \(f.path.isEmpty ? "" : f.path + ": ")\(f.message)\(place(f))\n" }
                    continue
                }
                let shown = g.indices.prefix(6).joined(separator: ", ")
                let rest = g.indices.count > 6 ? " and \(g.indices.count - 6) more" : ""
                out += "\(f.file): \(f.severity.rawValue): \(g.pattern): \(f.message) (the same in \(g.count) \(g.noun): \(shown)\(rest))\(place(f))\n"
            }
            if r.findings.isEmpty { out += "\(r.file): ok (\(r.summary))\n" }
            else { out += "\(r.file): \(plural(r.errorCount, "error")), \(plural(r.warningCount, "warning")) (\(r.summary))\n" }
        }
        out += skippedLine(skipped)
        out += totals(reports)
        return out
    }

    /// ` (FILE:LINE:COLUMN)` after a finding's sentence when its place is known: the form editors and terminals
    /// make a link of, after the line's usual start (`FILE: SEVERITY: PATH: …`), which scripts match.
    static func place(_ f: Finding) -> String {
        guard let line = f.line, let column = f.column else { return "" }
        return " (\(f.file):\(line):\(column))"
    }

    /// Text output lists a finding repeated in this many places (the same sentence at paths that differ only in an
    /// array index) once, with the indices: 30 messages without an image are one line, not 30.
    static let groupAt = 3

    struct Group {
        var pattern: String
        var all: [Finding]
        var indices: [String]
        var first: Finding { all[0] }
        var count: Int { all.count }
        /// What the varying index counts: `messages`, `pages`, else `places`.
        var noun: String {
            guard let r = pattern.range(of: "[*]") else { return "places" }
            let before = pattern[..<r.lowerBound]
            let key = before.split(whereSeparator: { $0 == "." || $0 == "]" || $0 == "[" }).last.map(String.init) ?? ""
            return ["messages", "pages", "items", "buttons", "slides", "segments", "notifications"].contains(key) ? key : "places"
        }
    }

    /// Findings in their order, those with the same severity and sentence at paths equal but for their first array
    /// index gathered into one group (at the place of the first).
    static func grouped(_ findings: [Finding]) -> [Group] {
        struct Key: Hashable { var severity: Diagnostic.Severity, pattern: String, message: String }
        var groups: [Group] = []
        var at: [Key: Int] = [:]
        for f in findings {
            let (pattern, index) = firstIndexWildcarded(f.path)
            guard let index else { groups.append(Group(pattern: f.path, all: [f], indices: [])); continue }
            let key = Key(severity: f.severity, pattern: pattern, message: f.message)
            if let g = at[key] { groups[g].all.append(f); groups[g].indices.append(index) }
            else { at[key] = groups.count; groups.append(Group(pattern: pattern, all: [f], indices: [index])) }
        }
        return groups
    }

    /// `response.messages[7].x` → (`response.messages[*].x`, `7`); a path without an index → (path, nil).
    /// Read as bytes (an index is ASCII digits): 10,000 findings went through `Character` comparisons.
    static func firstIndexWildcarded(_ path: String) -> (String, String?) {
        let u = path.utf8
        guard let open = u.firstIndex(of: UInt8(ascii: "[")), let close = u[open...].firstIndex(of: UInt8(ascii: "]")) else { return (path, nil) }
        let inner = u[u.index(after: open)..<close]
        guard !inner.isEmpty, inner.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return (path, nil) }
        return (String(Substring(u[..<open])) + "[*]" + String(Substring(u[u.index(after: close)...])), String(Substring(inner)))
    }

    /// An array of findings: `{"severity","file","path","message","kind","line","column"}` (`kind` is null when the
    /// file could not be read or recognised, `line` and `column` when no place is known).
    public static func json(_ reports: [FileReport]) -> String {
        JSONValue.array(reports.flatMap(\.findings).map {
            .object(["severity": .string($0.severity.rawValue), "file": .string($0.file), "path": .string($0.path),
                     "message": .string($0.message), "kind": $0.kind.map { .string($0.rawValue) } ?? .null,
                     "line": $0.line.map { .number(Double($0)) } ?? .null, "column": $0.column.map { .number(Double($0)) } ?? .null])
        }).jsonText() + "\n"
    }

    /// One test case per file: errors are its failure, the summary and the warnings its output.
    public static func junit(_ reports: [FileReport]) -> String {
        func line(_ f: Finding) -> String { (f.path.isEmpty ? "" : f.path + ": ") + f.message }
        let failing = reports.filter { $0.errorCount > 0 }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"pushsim validate\" tests=\"\(reports.count)\" failures=\"\(failing)\">\n"
        out += "  <testsuite name=\"payloads\" tests=\"\(reports.count)\" failures=\"\(failing)\">\n"
        for r in reports {
            let classname = r.kinds.isEmpty ? "pushsim.validate" : "pushsim.validate." + r.kinds.map(\.rawValue).joined(separator: "+")
            out += "    <testcase classname=\"\(classname)\" name=\"\(XMLText.escape(r.file))\">\n"
            let errs = r.findings.filter { $0.severity == .error }
            if let first = errs.first {
                out += "      <failure message=\"\(XMLText.escape(line(first)))\">\(XMLText.escape(errs.map(line).joined(separator: "\n")))</failure>\n"
            }
            let warns = r.findings.filter { $0.severity == .warning }
            let lines = [r.summary] + warns.map { "warning: " + line($0) }
            out += "      <system-out>\(XMLText.escape(lines.joined(separator: "\n")))</system-out>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// 2 when a file could not be read as JSON, 1 when any error was found, else 0.
    public static func exitStatus(_ reports: [FileReport]) -> Int32 {
        if reports.contains(where: \.unreadable) { return 2 }
        return reports.contains { $0.errorCount > 0 } ? 1 : 0
    }

    // MARK: helpers for the kinds

    /// `prefix` + a path relative to it (`[2]` + `link` → `[2].link`).
    static func join(_ prefix: String, _ path: String) -> String {
        if prefix.isEmpty { return path }
        if path.isEmpty { return prefix }
        return path.hasPrefix("[") ? prefix + path : prefix + "." + path
    }

    /// A warning when `reference` names a local file (a `file:` URL or a plain path) that does not exist or is a
    /// decompression bomb. URLs with another scheme are not checked; relative paths resolve against the file's folder
    /// (the current directory for standard input).
    static func localImageProblem(_ reference: String, source: Source, path: @autoclosure () -> String, what: String) -> Diagnostic? {
        let local: String?
        // The scheme first: an http(s) image (nearly every one) is decided without lowercasing or searching the text.
        let scheme = URLText.scheme(of: reference)
        if scheme == "file" {
            local = StoriesValidation.localPath(of: reference, folder: source.folder)
        } else if scheme != nil || reference.isEmpty || reference.contains("://") {
            local = nil
        } else if reference.hasPrefix("/") {
            local = reference
        } else {
            local = URL(fileURLWithPath: source.folder).appendingPathComponent(reference).standardizedFileURL.path
        }
        guard let local else { return nil }
        return localImageProblem(reference, local: local, path: path(), what: what)
    }

    /// A warning when the local image `local` does not exist, or declares more pixels than the decoding budget
    /// (a decompression bomb, which every experience refuses from its header).
    static func localImageProblem(_ reference: String, local: String, path: String, what: String) -> Diagnostic? {
        guard FileManager.default.fileExists(atPath: local) else {
            return Diagnostic(path: path, "\(JSONValue.string(reference).quoted) points at \(local), which does not exist; \(what)")
        }
        guard let refusal = ImageDecoder.headerRefusal(ofFileAt: local) else { return nil }
        return Diagnostic(path: path, "\(JSONValue.string(reference).quoted) (\(local)): \(refusal.reason); \(what)")
    }
}
