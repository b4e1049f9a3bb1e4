// `pushsim snapshot … --matrix KEY=V1,V2 …`: one PNG with a labelled cell per combination of phones, appearances,
// languages and SDK releases, and `--report` saying per cell what text was cut and every warning.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles
import PushSimPicture
import PushSimStore

enum ContactSheet {
    /// The keys a matrix multiplies. `device` is the picture's; the others are passed to the experience as its own
    /// options (`appearance` as each experience spells it, `language` as --language, `sdk` as --sdk, `ios` as --ios), so they work
    /// wherever the experience takes them, and a cell whose experience does not says so.
    static let keys = ["device", "appearance", "language", "sdk", "ios", "tags"]

    struct Axis: Equatable {
        var key: String
        var values: [String]
    }

    enum ReportFormat {
        case json, markdown
        init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "json": self = .json
            case "md", "markdown": self = .markdown
            default: return nil
            }
        }
    }

    /// `KEY=V1,V2` arguments as axes, checked: known keys, each once, values not empty and valid where pushsim knows them.
    static func axes(_ matrix: [String]) throws(ValidationError) -> [Axis] {
        var out: [Axis] = []
        for m in matrix {
            guard let eq = m.firstIndex(of: "=") else {
                throw ValidationError("--matrix takes KEY=V1,V2 with KEY one of \(keys.joined(separator: ", ")) (got '\(m)')")
            }
            let key = m[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
            let values = m[m.index(after: eq)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard keys.contains(key) else {
                throw ValidationError("--matrix: unknown key '\(key)'; use \(keys.joined(separator: ", "))")
            }
            guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
                throw ValidationError("--matrix \(key): give one or more values separated by commas (got '\(m)')")
            }
            guard !out.contains(where: { $0.key == key }) else { throw ValidationError("--matrix: the key \(key) is given twice") }
            if key == "device", let bad = values.first(where: { PictureDevice(parsing: $0) == nil }) {
                throw ValidationError("--matrix device: '\(bad)' is not one of \(PictureDevice.names), or WxH in points")
            }
            if key == "ios", let bad = values.first(where: { IOSVersion($0) == nil }) {
                throw ValidationError("--matrix ios: '\(bad)' is not one of \(IOSVersion.knownList)")
            }
            if key == "appearance", let bad = values.first(where: { $0 != "light" && $0 != "dark" }) {
                throw ValidationError("--matrix appearance: '\(bad)' is not light or dark")
            }
            out.append(Axis(key: key, values: values))
        }
        guard out.reduce(1, { $0 * $1.values.count }) <= 64 else {
            throw ValidationError("--matrix: at most 64 cells in one sheet (these keys make \(out.reduce(1) { $0 * $1.values.count }))")
        }
        return out
    }

    struct Cell {
        var values: [(key: String, value: String)]
        var cuts: [TextCut] = []
        var warnings: [String] = []
        /// A `tags` value is labelled by its file's name without `.json`.
        var label: String {
            values.map { $0.key == "tags" ? (($0.value as NSString).lastPathComponent as NSString).deletingPathExtension : $0.value }
                .joined(separator: " · ")
        }
    }

    /// Options the sheet sets per cell or handles itself, with whether each takes a value.
    static let replaced: [String: Bool] = [
        "--matrix": true, "--report": true, "--output": true, "-o": true, "--device": true, "--language": true, "--sdk": true, "--ios": true,
        "--events": true, "--store": true, "--dark": false, "--light": false,
    ]

    /// The command line given after `snapshot NAME` (or `COMMAND NAME`: `serve`, `report`), without what the sheet replaces.
    static func baseArguments(after name: String, command: String = "snapshot", in arguments: [String] = CommandLine.arguments)
        -> (args: [String], store: String?, appearance: Bool) {
        guard let i = arguments.indices.first(where: { arguments[$0] == command && arguments.indices.contains($0 + 1) && arguments[$0 + 1] == name })
        else { return ([], nil, false) }
        var out: [String] = [], store: String?, appearance = false
        var j = i + 2
        while j < arguments.count {
            let a = arguments[j]
            let flag = a.split(separator: "=", maxSplits: 1).first.map(String.init) ?? a
            if a == "--" { out += arguments[j...]; break }
            if let takesValue = replaced[flag] {
                if flag == "--dark" || flag == "--light" { appearance = true }
                let value: String? = a.contains("=") ? String(a.split(separator: "=", maxSplits: 1)[1]) :
                    (takesValue && j + 1 < arguments.count ? arguments[j + 1] : nil)
                if flag == "--store" { store = value }
                j += takesValue && !a.contains("=") ? 2 : 1
                continue
            }
            out.append(a)
            j += 1
        }
        return (out, store, appearance)
    }

    static func make<S: SnapshotSubcommand>(_ type: S.Type, picture: PictureOptions) {
        let axes: [Axis]
        do { axes = try self.axes(picture.matrix) } catch { fail(UserError(error.message, exitCode: 2)) }
        let name = S.configuration.commandName ?? "snapshot"
        let base = baseArguments(after: name)
        // Every combination, the first key varying slowest, in the order the keys were given.
        var combos: [[(key: String, value: String)]] = [[]]
        for axis in axes { combos = combos.flatMap { c in axis.values.map { c + [(axis.key, $0)] } } }
        let devices = combos.map { c in c.first { $0.key == "device" }.flatMap { PictureDevice(parsing: $0.value) } ?? picture.phone }
        let slotW = devices.map(\.width).max() ?? picture.phone.width
        let slotH = devices.map(\.height).max() ?? picture.phone.height
        // The last key varies fastest: its values are the columns, each row one combination of the others.
        let columns = axes.last?.values.count ?? 1
        let rows = (combos.count + columns - 1) / columns
        let gap = 24.0, labelH = 40.0, margin = 24.0
        let sheetW = margin * 2 + Double(columns) * slotW + Double(columns - 1) * gap
        let sheetH = margin * 2 + Double(rows) * (labelH + slotH) + Double(rows - 1) * gap
        let scale = picture.scale ?? 1
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-matrix-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var cells: [Cell] = []
        var cellRects: [PictureRect] = []
        var outName: String?
        let sheet: Picture
        do { sheet = try Picture(width: sheetW, height: sheetH, scale: scale) } catch { fail(UserError(error.message)) }
        sheet.fill(PictureRect(x: 0, y: 0, width: sheetW, height: sheetH), PictureColor(229, 229, 234))
        // A contact sheet is drawn whole in memory: 2000 × 3000 points at --scale 4 needed 2.26 GB (issue 38).
        let pixels = (sheetW * scale) * (sheetH * scale)
        if !(pixels <= Self.maxPixels) {
            fail(UserError("--matrix: the contact sheet would be \(Int(min(sheetW * scale, 1e9)))×\(Int(min(sheetH * scale, 1e9))) pixels, over the \(Int(Self.maxPixels) / 1_000_000) million pixels pushsim draws; give a smaller --scale or fewer values", exitCode: 2))
        }
        let cellArguments: [[String]] = combos.map { combo in
            var args = base.args
            for (key, value) in combo {
                switch key {
                case "appearance": args += S.appearanceArguments(dark: value == "dark")
                case "language": args += ["--language", value]
                // The cell's phone also decides where the scene cuts text (the collapsed notification's --device).
                case "device": args += ["--device", value]
                case "sdk": args += ["--sdk", value]
                case "ios": args += ["--ios", value]
                // The cell's device first: a headless run shows the first device of --tags.
                case "tags": args = ["--tags", value] + args
                default: break
                }
            }
            return args
        }
        // Every cell's options are checked before the first is drawn: a bad value refused at the last cell wasted the
        // others (issue 38).
        for (combo, args) in zip(combos, cellArguments) {
            do { _ = try S.parse(args) } catch {
                fail(UserError("--matrix \(combo.map { "\($0.key)=\($0.value)" }.joined(separator: " ")): \(S.message(for: error))", exitCode: 2))
            }
        }
        for (n, combo) in combos.enumerated() {
            var args = cellArguments[n]
            // Each cell plays on its own copy of the store, so what one cell's script does (an inbox message read)
            // does not change the next; the user's store is only read.
            let store = folder.appendingPathComponent("cell-\(n).sqlite").path
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let source = base.store ?? Store.defaultPath()
                if FileManager.default.fileExists(atPath: source) { try FileManager.default.copyItem(atPath: source, toPath: store) }
            } catch {
                fail(UserError("--matrix: the store could not be copied for a cell (\(error.localizedDescription))"))
            }
            if base.store != nil || S.self != PrimerSnapshotCommand.self { args += ["--store", store] }
            let cell = combo.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let command: S
            do { command = try S.parse(args) } catch {
                fail(UserError("--matrix \(cell): \(S.message(for: error))", exitCode: 2))
            }
            let shot = command.shot()
            if outName == nil { outName = shot.name }
            let runner = shot.script.runHeadless(scene: shot.scene, sink: shot.sink, fallback: shot.fallback)
            let device = shot.phone(devices[n])
            let col = n % columns, row = n / columns
            let x = margin + Double(col) * (slotW + gap), y = margin + Double(row) * (labelH + slotH + gap)
            let before = sheet.cuts.count
            cellRects.append(PictureRect(x: x, y: y + labelH, width: device.width, height: device.height))
            sheet.translated(dx: x, dy: y + labelH) {
                // A Face ID phone's screen has round corners; the SE's is square.
                sheet.clipped(to: PictureRect(x: 0, y: 0, width: device.width, height: device.height), radius: device.safeBottom > 0 ? 40 : 0) {
                    shot.draw(sheet, runner.now, device)
                }
            }
            sheet.dark = false
            var c = Cell(values: combo)
            c.cuts = Array(sheet.cuts[before...])
            c.warnings = PictureOptions.warnings(shot)
            if let why = shot.nothingShown() { c.warnings.append(why) }
            for e in shot.sink.events {
                if let cut = e.event["truncated"]?.arrayValue?.compactMap(\.stringValue), !cut.isEmpty {
                    c.warnings.append("the collapsed notification cuts its \(cut.joined(separator: ", "))")
                }
            }
            let label = c.label.isEmpty ? name : c.label
            sheet.text(label, x: x, y: y + 2, width: slotW, font: PictureFont(17, .semibold), color: .black, maxLines: 1)
            let notes = c.cuts.count + c.warnings.count
            let summary = notes == 0 ? "nothing cut, no warnings"
                : [c.cuts.isEmpty ? nil : "\(c.cuts.count) text\(c.cuts.count == 1 ? "" : "s") cut",
                   c.warnings.isEmpty ? nil : "\(c.warnings.count) warning\(c.warnings.count == 1 ? "" : "s")"].compactMap { $0 }.joined(separator: ", ")
            sheet.text(summary, x: x, y: y + 21, width: slotW, font: PictureFont(13),
                       color: notes == 0 ? PictureColor(99, 99, 102) : PictureColor(215, 0, 21), maxLines: 1)
            cells.append(c)
        }
        if picture.output == "-", let problem = StandardStreams.closedOutputProblem("-o -") { fail(UserError(problem)) }
        let path = picture.output == "-" ? "/dev/stdout" : picture.output ?? "\(outName ?? name)-matrix.png"
        do {
            try sheet.writePNG(to: path, level: picture.pngLevel.map(Int32.init) ?? Picture.pngLevel)
            if let report = picture.report {
                let text = ReportFormat(path: report) == .markdown ? markdown(cells, name: name) : json(cells)
                try Data(text.utf8).write(to: URL(fileURLWithPath: report))
            }
        } catch let e as PictureError {
            fail(UserError(e.message))
        } catch {
            fail(UserError("\(picture.report ?? path): the report could not be written (\(error.localizedDescription))"))
        }
        for c in cells where !c.warnings.isEmpty {
            PictureOptions.warn(c.warnings.map { "[\(c.label)] \($0)" })
        }
        if let language = axes.first(where: { $0.key == "language" }), language.values.count > 1,
           sameForEveryValue(of: "language", combos: combos, fingerprints: fingerprints(sheet, cellRects)) {
            PictureOptions.warn(["--matrix language=\(language.values.joined(separator: ",")): every language draws the same cell: the payload has no text per language (a createMessage request's content or title as {\"en\": …, \"de\": …}, or a resource ZIP's localisation), so --language changes nothing here"])
        }
        StandardStreams.error("pushsim: wrote \(path) (\(sheet.pixelWidth)×\(sheet.pixelHeight), \(cells.count) cells)\n")
        if let report = picture.report { StandardStreams.error("pushsim: wrote \(report)\n") }
    }

    /// A hash of each cell's pixels (its phone, without the label), to tell cells that differ only in name.
    static func fingerprints(_ sheet: Picture, _ rects: [PictureRect]) -> [Int] {
        let pixels = sheet.rgba(), stride = sheet.pixelWidth * 4
        return rects.map { r in
            var h = Hasher()
            // The rects are the sheet's own cells, inside its size (capped before drawing): finite and in range.
            let x0 = max(0, Int(r.x * sheet.scale)), x1 = min(sheet.pixelWidth, Int((r.x + r.width) * sheet.scale))
            let y0 = max(0, Int(r.y * sheet.scale)), y1 = min(sheet.pixelHeight, Int((r.y + r.height) * sheet.scale))
            guard x0 < x1, y0 < y1 else { return 0 }
            pixels.withUnsafeBytes { b in
                for y in y0..<y1 { h.combine(bytes: UnsafeRawBufferPointer(rebasing: b[(y * stride + x0 * 4)..<(y * stride + x1 * 4)])) }
            }
            return h.finalize()
        }
    }

    /// Whether every group of cells that differ only in `key` drew the same pixels (the key changed nothing).
    static func sameForEveryValue(of key: String, combos: [[(key: String, value: String)]], fingerprints: [Int]) -> Bool {
        var groups: [String: Set<Int>] = [:]
        for (combo, f) in zip(combos, fingerprints) {
            let others = combo.filter { $0.key != key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            groups[others, default: []].insert(f)
        }
        return !groups.isEmpty && groups.values.allSatisfy { $0.count == 1 }
    }

    /// The largest sheet drawn: 100 million pixels, 400 MB of picture (twenty 3× phones fit).
    static let maxPixels = 100_000_000.0

    static func json(_ cells: [Cell]) -> String {
        let list: [JSONValue] = cells.map { c in
            var o = JSONObject()
            for (k, v) in c.values { o[k] = .string(v) }
            o["cut"] = .array(c.cuts.map { cut in
                var x = JSONObject()
                x["text"] = .string(cut.text)
                x["lines"] = .number(Double(cut.lines))
                x["width"] = .number(TimedEvent.roundMillis(cut.width))
                return .object(x)
            })
            o["warnings"] = .array(c.warnings.map { .string($0) })
            return .object(o)
        }
        var root = JSONObject()
        root["cells"] = .array(list)
        return JSONValue.object(root).jsonText() + "\n"
    }

    static func markdown(_ cells: [Cell], name: String) -> String {
        var out = "# Contact sheet: snapshot \(name)\n\n"
        for c in cells {
            out += "## \(c.values.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))\n\n"
            if c.cuts.isEmpty && c.warnings.isEmpty { out += "Nothing cut, no warnings.\n\n"; continue }
            for cut in c.cuts {
                out += "- cut to \(cut.lines) line\(cut.lines == 1 ? "" : "s") of \(JSONValue.formatNumber(TimedEvent.roundMillis(cut.width))) pt: \(cut.text.replacingOccurrences(of: "\n", with: " "))\n"
            }
            for w in c.warnings { out += "- warning: \(w)\n" }
            out += "\n"
        }
        return out
    }
}
