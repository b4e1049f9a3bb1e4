// Options every `snapshot` subcommand shares: where the PNG goes, the phone, the pixels per point; and the shot itself.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimPicture

struct PictureOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("The file to write: a PNG for snapshot, .webp or .gif for record ('-' = standard output; default: a name after the payload or the experience, in the current folder).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The phone: \(PictureDevice.helpList)", valueName: "name|WxH"),
            completion: .list(PictureDevice.known.map(\.name)))
    var device: String = PictureDevice.default.name

    @Option(help: ArgumentHelp("Pixels per point, 1 to 4 (default: the phone's own, 3 on Face ID iPhones).", valueName: "n"))
    var scale: Double?

    @Option(help: ArgumentHelp("snapshot only: a contact sheet: one labelled cell per combination of these values (keys: \(ContactSheet.keys.joined(separator: ", ")); one key per --matrix, repeated to multiply), e.g. --matrix device=iphone-se,iphone-15 --matrix appearance=light,dark.", valueName: "key=v1,v2"))
    var matrix: [String] = []

    @Option(help: ArgumentHelp("snapshot only, with --matrix: say per cell what text was cut and every warning, as JSON (.json) or Markdown (.md).", valueName: "file"))
    var report: String?

    /// zlib's level for the PNG (default `Picture.pngLevel`, 3: fast). `pushsim report` asks for 9: its sheets are
    /// embedded in a file meant to be attached, where 18 % fewer bytes matter more than the CPU.
    @Option(help: .hidden)
    var pngLevel: Int?

    func validate() throws {
        guard PictureDevice(parsing: device) != nil else {
            throw ValidationError("--device must be one of \(PictureDevice.names), or WxH in points from 200x300 to 2000x3000 (got '\(device)')")
        }
        if let scale, !(scale.isFinite && scale >= 1 && scale <= 4) {
            throw ValidationError("--scale must be a number from 1 to 4, such as 3 (got \(scale))")
        }
        _ = try ContactSheet.axes(matrix)
        if let pngLevel, !(0...9).contains(pngLevel) { throw ValidationError("--png-level must be 0 to 9 (got \(pngLevel))") }
        if let report {
            guard !matrix.isEmpty else { throw ValidationError("--report describes a contact sheet's cells: give --matrix too") }
            guard ContactSheet.ReportFormat(path: report) != nil else {
                throw ValidationError("--report must name a .json or .md file (got '\(report)')")
            }
        }
    }

    var phone: PictureDevice { PictureDevice(parsing: device)! }

    /// Run the shot's script on the simulated clock, draw the moment it ends as the phone shows it, write the PNG and
    /// say where. Image failures are warnings on standard error, as the screens say.
    func shoot(_ shot: PictureShot) {
        let runner = shot.script.runHeadless(scene: shot.scene, sink: shot.sink, fallback: shot.fallback)
        if let why = shot.nothingShown() { fail(UserError(why)) }
        // `-o -` writes the PNG to standard output, for a pipe.
        if output == "-", let problem = StandardStreams.closedOutputProblem("-o -") { fail(UserError(problem)) }
        let path = output == "-" ? "/dev/stdout" : output ?? shot.name + ".png"
        let d = shot.phone(phone)
        do {
            let picture = try Picture(width: d.width, height: d.height, scale: scale ?? d.nativeScale)
            shot.draw(picture, runner.now, d)
            Self.warn(Self.warnings(shot))
            try picture.writePNG(to: path, level: pngLevel.map(Int32.init) ?? Picture.pngLevel)
            StandardStreams.error("pushsim: wrote \(path) (\(picture.pixelWidth)×\(picture.pixelHeight))\n")
        } catch {
            fail(UserError(error.message))
        }
    }

    /// What a picture cannot show (the phone shows nothing of it either): the payload's warnings, the images that could
    /// not be had, a missing font.
    static func warnings(_ shot: PictureShot) -> [String] {
        var out: [String] = []
        for e in shot.sink.events where e.event.name == "warning" {
            let path = e.event["path"]?.stringValue ?? "", msg = e.event["message"]?.stringValue ?? ""
            out.append("\(path.isEmpty ? "" : path + ": ")\(msg)")
        }
        if !PictureFont.isInstalled { out.append(PictureFont.missingWarning) }
        out += shot.images.diagnostics.map(\.message)
        return out
    }

    static func warn(_ lines: [String]) {
        for w in lines { StandardStreams.error("pushsim: warning: \(w)\n") }
    }

    /// `promo.json` → `promo`; standard input → `fallback`.
    static func baseName(of file: String, fallback: String) -> String {
        guard file != "-" else { return fallback }
        let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return base.isEmpty ? fallback : base
    }
}
