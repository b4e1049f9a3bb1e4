// `pushsim report FILE… -o report.html`: one self-contained page per run of campaigns: findings, pictures, a recording.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles
import PushSimPicture
import Synchronization

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page about payload files: their findings, a contact sheet, a recording.",
        discussion: """
        For each FILE: what kind it is (told from its shape, as pushsim validate tells it), the validate findings \
        with their JSON paths, a contact sheet as pushsim snapshot --matrix draws it (default: \
        \(ReportCommand.defaultMatrix.joined(separator: " "))), and a recording of the default script (or --script) \
        as pushsim record makes it, an animated WebP. The pictures are embedded in the page as they are encoded, so \
        the page opens with no network and no server, and reads without JavaScript: one file to attach to a pull \
        request. A file that cannot be drawn says why in its section.

        Examples:
          pushsim report campaigns/*.json -o report.html
          pushsim report promo.json --matrix device=iphone-se,iphone-15 --script "wait 2; tap right; wait 2"
        """
    )

    static let defaultMatrix = ["appearance=light,dark"]

    @Argument(help: ArgumentHelp("Payload files: stories, inbox feeds, primer configs, in-app banners, native in-app configs.", valueName: "file"))
    var files: [String]

    @Option(name: [.short, .long], help: ArgumentHelp("The HTML file to write.", valueName: "file"))
    var output: String = "report.html"

    @Option(help: ArgumentHelp("The contact sheet's cells, as pushsim snapshot --matrix takes them (repeat to multiply).", valueName: "key=v1,v2"))
    var matrix: [String] = []

    @Option(help: ArgumentHelp("The steps the recording plays (default: each experience's own default).", valueName: "steps"))
    var script: String?

    @Option(help: ArgumentHelp("Pixels per point of the pictures, 1 to 4.", valueName: "n"))
    var scale: Double = 1

    /// The smallest phone by default: a folder of campaigns stays a file small enough to attach.
    @Option(help: ArgumentHelp("The phone the pictures are drawn on (a --matrix device=… axis wins for the sheet).", valueName: "name|WxH"))
    var device: String = "iphone-se"

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more payload files") }
        if files.contains("-") { throw ValidationError("standard input cannot be drawn twice; save it to a file first") }
        _ = try ContactSheet.axes(matrix.isEmpty ? Self.defaultMatrix : matrix)
        guard scale.isFinite, scale >= 1, scale <= 4 else { throw ValidationError("--scale must be a number from 1 to 4 (got \(scale))") }
        guard PictureDevice(parsing: device) != nil else {
            throw ValidationError("--device must be one of \(PictureDevice.names), or WxH in points (got '\(device)')")
        }
    }

    /// One FILE's part of the page.
    struct Section {
        var file: String
        var report: PayloadValidation.FileReport
        var experience: String?
        var sheet: Result<Data, ReportProblem>?
        var recording: Result<Data, ReportProblem>?
    }

    struct ReportProblem: Error { var message: String }

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-report-\(ProcessInfo.processInfo.processIdentifier)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            fail(UserError("the report's working folder could not be made (\(error.localizedDescription))"))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let axes = matrix.isEmpty ? Self.defaultMatrix : matrix
        let sections = Mutex(Array<Section?>(repeating: nil, count: files.count))
        let files = self.files, script = self.script, scale = self.scale, device = self.device
        // Two at a time: the pictures are drawn in child processes, each on a core.
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let s = Self.section(files[i], index: i, folder: folder, matrix: axes, script: script, scale: scale, device: device)
            sections.withLock { $0[i] = s }
        }
        let html = Self.html(sections.withLock { $0.compactMap { $0 } }, matrix: axes)
        do { try ReplacingFile.write(html, to: output) } catch { fail(UserError(error.message)) }
        StandardStreams.error("pushsim: wrote \(output) (\(files.count) file\(files.count == 1 ? "" : "s"), \(html.utf8.count) bytes)\n")
    }

    static func section(_ file: String, index: Int, folder: URL, matrix: [String], script: String?, scale: Double, device: String) -> Section {
        let report = PayloadValidation.check(file)
        var s = Section(file: file, report: report)
        guard !report.unreadable, let kind = report.kinds.first, let args = arguments(for: kind, file: file) else { return s }
        s.experience = args.first
        let store = folder.appendingPathComponent("store-\(index).sqlite").path
        let storeArgs = (kind == .primer ? [] : ["--store", store]) + ["--device", device]
        let sheet = folder.appendingPathComponent("sheet-\(index).png").path
        let sheetRun = ChildRun.pushsim(["snapshot"] + args + storeArgs + matrix.flatMap { ["--matrix", $0] } + ["--scale", number(scale), "--png-level", "9", "-o", sheet])
        s.sheet = picture(sheet, sheetRun.problem)
        var recordArgs = ["record"] + args + storeArgs + ["--scale", number(scale), "--fps", "8", "--quality", "50"]
        if let script { recordArgs += ["--script", kind == .banner ? bannerScript(file) + "; " + script : script] }
        let webp = folder.appendingPathComponent("recording-\(index).webp").path
        let recordRun = ChildRun.pushsim(recordArgs + ["-o", webp])
        s.recording = picture(webp, recordRun.problem)
        return s
    }

    static func number(_ x: Double) -> String { JSONValue.formatNumber(x) }

    static func picture(_ path: String, _ problem: String?) -> Result<Data, ReportProblem> {
        if let problem { return .failure(ReportProblem(message: problem)) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(ReportProblem(message: "no picture was written")) }
        return .success(data)
    }

    /// The experience and its arguments that play a file of `kind`; nil for a kind pushsim cannot draw.
    static func arguments(for kind: PayloadKind, file: String) -> [String]? {
        switch kind {
        case .stories: return ["stories", file]
        case .inbox: return ["inbox", file]
        case .primer: return ["primer", "--config", file]
        case .inapp: return ["inapp", file]
        // A banner is sent to the host app as `notify` would send it.
        case .banner: return ["inapp", "--script", bannerScript(file) + "; wait 1"]
        }
    }

    /// The `notify {…}` step that sends a banner file, its JSON on one line.
    static func bannerScript(_ file: String) -> String {
        guard let data = FileManager.default.contents(atPath: file), let value = try? JSONParser.parse(bytes: Array(data)) else { return "notify {}" }
        return "notify " + value.jsonText()
    }

    // MARK: - The page

    static func html(_ sections: [Section], matrix: [String]) -> String {
        var out = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>pushsim report</title>
        <style>
        body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 24px; color: #1c1c1e; }
        h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 40px; border-top: 1px solid #d1d1d6; padding-top: 16px; }
        table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e5e5ea; vertical-align: top; }
        code { font: 13px ui-monospace, monospace; } .error { color: #d70015; } .warning { color: #a05a00; } .ok { color: #248a3d; }
        figure { display: inline-block; margin: 12px 24px 12px 0; vertical-align: top; } img { max-width: 100%; border: 1px solid #d1d1d6; }
        figcaption { color: #636366; font-size: 13px; }
        </style></head>
        <body>
        <h1>pushsim report</h1>
        <p>\(sections.count) file\(sections.count == 1 ? "" : "s"), drawn by pushsim \(escape(PushSimVersion.current)) as the Pushwoosh iOS SDK \(escape("\(SDKVersion.newest)")) shows them.</p>
        <ul>

        """
        for (i, s) in sections.enumerated() {
            let errors = s.report.findings.filter { $0.severity == .error }.count
            let warnings = s.report.findings.count - errors
            out += "<li><a href=\"#file-\(i + 1)\">\(escape(s.file))</a>: \(counts(errors, warnings))</li>\n"
        }
        out += "</ul>\n"
        // A picture already on the page (two files that draw the same) is pointed at, not embedded again.
        var embedded: [Data: Int] = [:]
        for (i, s) in sections.enumerated() {
            out += "<section id=\"file-\(i + 1)\" data-file=\"\(escape(s.file))\">\n<h2>\(escape(s.file))</h2>\n"
            out += "<p class=\"kind\">\(escape(s.report.summary))</p>\n"
            if s.report.findings.isEmpty {
                out += "<p class=\"findings ok\">No findings.</p>\n"
            } else {
                out += "<table class=\"findings\"><thead><tr><th>Severity</th><th>JSON path</th><th>Finding</th></tr></thead><tbody>\n"
                for f in s.report.findings {
                    out += "<tr class=\"\(f.severity.rawValue)\"><td>\(f.severity.rawValue)</td><td><code>\(escape(f.path.isEmpty ? "(document)" : f.path))</code></td><td>\(escape(f.message))</td></tr>\n"
                }
                out += "</tbody></table>\n"
            }
            if s.experience == nil && !s.report.unreadable {
                out += "<p>pushsim cannot tell what kind of payload this is, so it draws nothing.</p>\n"
            }
            out += figure(s.sheet, type: "image/png", cls: "sheet", caption: "Contact sheet (" + matrix.joined(separator: " ") + ")",
                          section: i + 1, sections: sections, embedded: &embedded)
            out += figure(s.recording, type: "image/webp", cls: "recording", caption: "Recording of the default script",
                          section: i + 1, sections: sections, embedded: &embedded)
            out += "</section>\n"
        }
        out += "</body></html>\n"
        return out
    }

    static func counts(_ errors: Int, _ warnings: Int) -> String {
        if errors == 0 && warnings == 0 { return "no findings" }
        return [errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : nil,
                warnings > 0 ? "\(warnings) warning\(warnings == 1 ? "" : "s")" : nil].compactMap { $0 }.joined(separator: ", ")
    }

    static func figure(_ picture: Result<Data, ReportProblem>?, type: String, cls: String, caption: String, section: Int,
                       sections: [Section], embedded: inout [Data: Int]) -> String {
        switch picture {
        case nil: return ""
        case .failure(let p)?: return "<p class=\"\(cls) error\">\(escape(caption)): not drawn: \(escape(p.message))</p>\n"
        case .success(let data)? where embedded[data] != nil:
            let first = embedded[data] ?? section
            return "<p class=\"\(cls) same\">\(escape(caption)): the same picture as <a href=\"#file-\(first)\">\(escape(sections[first - 1].file))</a>'s.</p>\n"
        case .success(let data)?:
            embedded[data] = section
            return "<figure class=\"\(cls)\"><img alt=\"\(escape(caption))\" src=\"data:\(type);base64,\(data.base64EncodedString())\"><figcaption>\(escape(caption))</figcaption></figure>\n"
        }
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
