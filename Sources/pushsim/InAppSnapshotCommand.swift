// `pushsim snapshot inapp [FILE…]`: the SDK's native in-app messages (and in-app banners) over the host app, as a PNG.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimPicture

struct InAppSnapshotCommand: SnapshotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "inapp",
        abstract: "Draw native in-app messages (FILE…) or an in-app banner over the host app, at the end of --script.",
        // The options come from `inapp`, whose name would otherwise show up in the usage line.
        usage: "pushsim snapshot inapp [FILE...] [--dark] [--title <text>] [--body <text>] [<options>]",
        discussion: """
        Each FILE is a native-config.json, a campaign resource ZIP holding one, or '-'; they arrive in order at t=0 \
        and go through the SDK's queue as in pushsim inapp --headless, and the picture is what is on screen when the \
        script ends (default: wait 1, once the first message has finished appearing). Steps: inapp JSON, \
        inapp-file PATH, button N, close, tap, tap-outside, swipe …, scratch X,Y …, reveal, spin, claim, mute, expand, \
        pip-drag X,Y, video-ready, video-fail, dismiss, wait… (see pushsim inapp --help). \
        --title/--body send one in-app banner at t=0 instead (steps: notify {…}, banner-tap, banner-swipe); \
        foreground-push {…} draws the SDK's foreground-push banner (drawn under any banner), foreground-tap taps it.
        """
    )

    @Argument(help: ArgumentHelp("native-config.json files or campaign resource ZIPs ('-' = standard input), arriving in order at t=0.",
                                 valueName: "file"))
    var files: [String] = []

    @OptionGroup(title: "In-app options") var inapp: InAppExperienceOptions
    @OptionGroup(title: "Native in-app options") var native: NativeInAppSettings
    @OptionGroup var picture: PictureOptions

    @Option(help: ArgumentHelp("The banner's title.", valueName: "text"))
    var title: String?
    @Option(help: ArgumentHelp("The banner's body.", valueName: "text"))
    var body: String?
    @Option(help: ArgumentHelp("The banner's link (opened on tap).", valueName: "url"))
    var link: String?
    @Option(help: ArgumentHelp("The banner's thumbnail (a path or URL).", valueName: "path"))
    var image: String?

    /// The native templates' --dark: the config's dark overlay, and the phone (host app, system colours) in dark.
    static func appearanceArguments(dark: Bool) -> [String] { dark ? ["--dark"] : [] }

    func shot() -> PictureShot {
        let sink = EventSink()
        let scene = InAppScene(sink: sink, images: NoImages(), listener: nil, appName: inapp.displayName)
        scene.foreground.configuration = inapp.foreground.configuration(ios: inapp.sdk.ios)
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
        let phone = picture.phone
        var unavailable: [String: String] = [:]
        let native = files.isEmpty ? nil : attachNative(to: scene, phone: phone, unavailable: &unavailable)
        // Images resolve beside the first config; a ZIP's own are unpacked (those it lacks were warned of on reading).
        let folder = files.first.map(MediaImageSource.folder(of:)) ?? FileManager.default.currentDirectoryPath
        let images = PictureImages(payloadFolder: folder, fetch: inapp.fetch.limits)
        for (url, why) in unavailable { images.markUnavailable(url, reason: why) }
        let dark = self.native.dark
        let name = files.first.map { PictureOptions.baseName(of: $0, fallback: "inapp") } ?? "inapp"
        var shot = PictureShot(scene: scene, script: script, sink: sink, name: name, images: images) { p, t, device in
            p.dark = p.dark || dark
            BannerPicture.draw(scene, at: t, on: p, device: device, images: images)
            if let native {
                InAppPicture.drawMessages(native.presentations(at: t),
                                          InAppDrawing(picture: p, device: device, images: images, dark: p.dark))
            }
        }
        if let native {
            shot.nothingShown = { [files] in
                guard !native.isPresenting, scene.presenter.current == nil else { return nil }
                return Self.nothingShown(files: files, events: sink.events.map(\.event))
            }
        }
        return shot.running(inapp.sdk)
    }

    /// Turn on the native messages and deliver each FILE at t=0; a file that cannot be read ends the run in one line.
    /// A picture is not a show: no store, so display counts are neither read nor written (caps count within the run).
    func attachNative(to scene: InAppScene, phone: PictureDevice, unavailable: inout [String: String]) -> NativeInApp {
        let intake = native.intake(native.people(phone: phone.name, ios: inapp.sdk.iosText), release: inapp.sdk.version,
                                   imageMaxBytes: inapp.fetch.limits.maxBytes)
        // Every file is read first, so a missing one ends the run before anything plays.
        let deliveries: [InAppDelivery]
        do throws(UserError) { deliveries = try files.map { f throws(UserError) in try intake.read(f) } } catch { fail(error) }
        let n = scene.attachNative(intake: intake, options: native.presenterOptions(phone: phone),
                                   capsEnabled: native.frequencyCaps, isDark: native.dark, store: nil)
        for d in deliveries {
            unavailable.merge(d.unavailableImages) { first, _ in first }
            n.deliver(d, at: 0)
        }
        return n
    }

    /// Why the picture would show the bare app: what the events say became of each message.
    static func nothingShown(files: [String], events: [Event]) -> String {
        var why: [String] = []
        for e in events {
            switch e.name {
            case "inapp_dropped":
                why.append("\(e["file"]?.stringValue ?? "a config") was dropped at \(e["key"]?.stringValue ?? "?")")
            case "inapp_suppressed":
                why.append("\(e["id"]?.stringValue ?? "a message") was suppressed (\(e["reason"]?.stringValue ?? "?"))")
            default: break
            }
        }
        if why.isEmpty { return "no in-app message is on screen at the end of the script (every one had closed); end it earlier" }
        return "no in-app message is on screen at the end of the script: " + why.joined(separator: "; ")
    }
}
