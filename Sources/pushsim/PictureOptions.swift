// Options every `snapshot` subcommand shares: where the PNG goes, the phone, the pixels per point; and the shot itself.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimPicture

struct PictureOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("The PNG to write ('-' = standard output; default: a name after the payload or the experience, in the current folder).", valueName: "file.png"))
    var output: String?

    @Option(help: ArgumentHelp("The phone: \(PictureDevice.names), or WxH in points.", valueName: "name|WxH"))
    var device: String = PictureDevice.standard.name

    @Option(help: ArgumentHelp("Pixels per point, 1 to 4 (default: the phone's own, 3 on Face ID iPhones).", valueName: "n"))
    var scale: Double?

    func validate() throws {
        guard PictureDevice(parsing: device) != nil else {
            throw ValidationError("--device must be one of \(PictureDevice.names), or WxH in points from 200x300 to 2000x3000 (got '\(device)')")
        }
        if let scale, !(scale.isFinite && scale >= 1 && scale <= 4) {
            throw ValidationError("--scale must be a number from 1 to 4, such as 3 (got \(scale))")
        }
    }

    var phone: PictureDevice { PictureDevice(parsing: device)! }

    /// Run the scene's script on the simulated clock (`fallback` when none is given), draw the moment it ends as the
    /// phone shows it, write the PNG and say where. Image failures are warnings on standard error, as the screens say.
    func shoot(_ scene: ScriptableScene, script: ScriptOptions, sink: EventSink, fallback: String = "", name: String,
               images: PictureImages, draw: (Picture, Double) -> Void) {
        let runner = script.runHeadless(scene: scene, sink: sink, fallback: fallback)
        // `-o -` writes the PNG to standard output, for a pipe.
        let path = output == "-" ? "/dev/stdout" : output ?? name + ".png"
        let d = phone
        do {
            let picture = try Picture(width: d.width, height: d.height, scale: scale ?? d.nativeScale)
            draw(picture, runner.now)
            // A picture cannot show what was dropped (the phone shows nothing of it either): the payload's warnings
            // and the images that could not be had are told on standard error.
            for e in sink.events where e.event.name == "warning" {
                let path = e.event["path"]?.stringValue ?? "", msg = e.event["message"]?.stringValue ?? ""
                StandardStreams.error("pushsim: warning: \(path.isEmpty ? "" : path + ": ")\(msg)\n")
            }
            if !PictureFont.isInstalled { StandardStreams.error("pushsim: warning: \(PictureFont.missingWarning)\n") }
            for w in images.diagnostics {
                StandardStreams.error("pushsim: warning: \(w.message)\n")
            }
            try picture.writePNG(to: path)
            StandardStreams.error("pushsim: wrote \(path) (\(picture.pixelWidth)×\(picture.pixelHeight))\n")
        } catch {
            fail(UserError(error.message))
        }
    }

    /// `promo.json` → `promo`; standard input → `fallback`.
    static func baseName(of file: String, fallback: String) -> String {
        guard file != "-" else { return fallback }
        let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return base.isEmpty ? fallback : base
    }
}
