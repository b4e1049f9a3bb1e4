// `pushsim snapshot inapp`: an in-app banner over the host app, as a PNG.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimPicture

struct InAppSnapshotCommand: SnapshotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "inapp",
        abstract: "Draw an in-app banner over the host app, once it has dropped in (or at the end of --script).",
        // The options come from `inapp`, whose name would otherwise show up in the usage line.
        usage: "pushsim snapshot inapp [--title <text>] [--body <text>] [<options>]",
        discussion: "--title/--body send one banner at t=0 (the script's notify step, first); steps: notify {…}, banner-tap, banner-swipe, wait…"
    )

    @OptionGroup(title: "In-app options") var inapp: InAppExperienceOptions
    @OptionGroup var picture: PictureOptions

    @Option(help: ArgumentHelp("The banner's title.", valueName: "text"))
    var title: String?
    @Option(help: ArgumentHelp("The banner's body.", valueName: "text"))
    var body: String?
    @Option(help: ArgumentHelp("The banner's link (opened on tap).", valueName: "url"))
    var link: String?
    @Option(help: ArgumentHelp("The banner's thumbnail (a path or URL).", valueName: "path"))
    var image: String?

    /// The in-app options' own --dark, where they have one (the native templates' dark overlay).
    static func appearanceArguments(dark: Bool) -> [String] { dark ? ["--dark"] : [] }

    func shot() -> PictureShot {
        let sink = EventSink()
        let scene = InAppScene(sink: sink, images: NoImages(), listener: nil, appName: inapp.appName)
        var steps: [String] = []
        if title != nil || body != nil || image != nil {
            var o = JSONObject()
            o["title"] = .string(title ?? "")
            o["body"] = .string(body ?? "")
            if let link { o["link"] = .string(link) }
            if let image { o["image"] = .string(image) }
            steps.append("notify " + JSONValue.object(o).jsonText())
        }
        var script = inapp.script
        let given: String
        do { given = try script.steps(fallback: "wait 1").map(\.description).joined(separator: "\n") } catch { fail(error) }
        script.script = (steps + [given]).joined(separator: "\n")
        script.scriptFile = nil
        let images = PictureImages(payloadFolder: FileManager.default.currentDirectoryPath, fetch: inapp.fetch.limits)
        return PictureShot(scene: scene, script: script, sink: sink, name: "inapp", images: images) { p, t, device in
            BannerPicture.draw(scene, at: t, on: p, device: device, images: images)
        }
    }
}
