// `pushsim inapp`: a host app screen that shows the in-app banners and the SDK's native in-app messages sent to it,
// interactive or headless.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles
import PushSimScreens
import PushSimStore

struct InAppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inapp",
        abstract: "A host app screen that shows in-app banners and the SDK's native in-app messages (7.2).",
        // Every option is optional; with more than 12 the generated line reads `<options>`, as if one were required.
        usage: "pushsim inapp [<options>] [<file> ...]",
        discussion: """
        Listens on a Unix socket (default $XDG_RUNTIME_DIR/pushsim/inapp.sock, else /tmp/pushsim-$UID/inapp.sock); \
        each `pushsim notify` drops a banner over the app. One banner shows at a time; others wait their turn. \
        A banner hides after its duration (default 4 s), on a tap (opening its link) or when swiped up; dragged up \
        less than half its height it settles back and its timer starts again. Headless runs listen only with --socket.

        Steps: notify JSON, banner-tap, banner-swipe, banner-drag FRACTION, receive [SECONDS] (headless with \
        --socket: wait for one banner from pushsim notify), and the common steps.
        Events: banner_show, banner_hide (reason timeout|swipe|tap), banner_tap, open_url, host_click, warning.

        `pushsim notify --push FILE` (an APNs payload) shows the SDK's own foreground-push banner instead \
        (PushwooshForegroundPush, configured with the --foreground-* options): 90 % of the width, 65 pt below the \
        top, the alert's title and body in full and the root attachment under them, shown only once the attachment \
        has downloaded. Unlike the banners above it is never queued (pushes stack, later ones on top), has no swipe \
        or drag, and a tap (f, or a click) only calls the delegate and removes it at once. Steps: foreground-push JSON, \
        foreground-push-file PATH, foreground-tap. Events: foreground_push_show (id, title, body, image), \
        foreground_push_tap (id, title, delegate), foreground_push_hide (id, reason timeout|tap), haptic.

        Native in-app messages: each FILE (a native-config.json, a campaign resource ZIP holding one, or '-') arrives \
        at t=0, in order (a ZIP's images named by a path inside it are drawn from its entries), and goes through the SDK's queue (one shared-window message at a time, first in first out; \
        a pip beside it); `pushsim notify --inapp FILE` sends one more. Steps: inapp JSON, inapp-file PATH, button N, \
        close, tap, tap-outside, tap left|middle|right, hold SECONDS, swipe left|right|up|down (a sheet's drag: swipe down POINTS [POINTS/S]), scratch X,Y X,Y …, \
        reveal, spin, claim, mute, expand, pip-drag X,Y, video-ready, video-fail, video-end, background, foreground, \
        pause on|off, dismiss, advance SECONDS. Events: inapp_dropped, inapp_dark_fallback, inapp_suppressed, \
        inapp_will_present, inapp_did_present, inapp_clicked, inapp_closed, inapp_page, scratch, spin_stop, \
        reward_revealed, reward_claimed, open_url. Keys on a message: 1-9 buttons, c close, t tap, o outside, arrows, \
        space, r reveal, s spin, y copy the code, m mute, e expand; ? lists them.

        Keys: ↑/↓ scroll the app's list, enter click a row, t tap the banner, s or x swipe it away, ? help, q quit. \
        Mouse: click the banner to tap it, drag it upwards to swipe, click elsewhere to click the app.
        """
    )

    @Option(help: ArgumentHelp("The socket to listen on (default $XDG_RUNTIME_DIR/pushsim/inapp.sock, else /tmp/pushsim-$UID/inapp.sock).", valueName: "path"))
    var socket: String?

    @Flag(help: "Also drop the bundled demo banners (Resources/banners) in turn, every 6 seconds from t=1.")
    var demo = false

    @Argument(help: ArgumentHelp("native-config.json files or campaign resource ZIPs ('-' = standard input), arriving in order at t=0.", valueName: "file"))
    var files: [String] = []

    @OptionGroup(title: "In-app options") var inapp: InAppExperienceOptions
    @OptionGroup(title: "Native in-app options") var native: NativeInAppOptions
    @OptionGroup(title: "Terminal options") var terminal: TerminalOptions

    func run() throws {
        let sink = EventSink()
        do {
            // Headless runs are scripted: they listen only when asked to, so a CI run never takes the user's socket.
            let headless = terminal.headless
            let listenOn = headless ? socket : (socket ?? SocketPath.defaultPath(for: .inapp))
            let listener = try listenOn.map { p throws(UserError) in
                try SocketListener(path: p, service: .inapp, secureFolder: socket == nil)
            }
            let scene: InAppScene
            if demo {
                let r = Resources.locate()
                scene = try InAppDemo.makeScene(r, listener: listener, sink: sink,
                                                images: terminal.imageSource(payload: r.path("banners/demo.json"), appGroup: nil, fetch: inapp.fetch))
            } else {
                // Image paths in banners are relative to the folder pushsim inapp runs in (notify sends absolute ones).
                // A config's relative image paths are relative to its folder (the first file's, when there are several).
                let first = files.first { $0 != "-" }.map { URL(fileURLWithPath: $0).standardized.path }
                let images = terminal.imageSource(payload: first ?? FileManager.default.currentDirectoryPath + "/banner.json", appGroup: nil, fetch: inapp.fetch)
                scene = InAppScene(sink: sink, images: images, listener: listener, appName: inapp.displayName)
            }
            scene.foreground.configuration = inapp.foreground.configuration(ios: inapp.sdk.ios)
            scene.phoneStatus = PhoneStatus(phone: native.device.map { Phone.named($0)?.marketingName ?? $0 } ?? Phone.default.marketingName, ios: inapp.sdk.ios)
            try attachNative(to: scene)
            // No colours (NO_COLOR, --colors mono, a terminal without them): the wheel and the foil use glyphs.
            scene.monochrome = terminal.colorMode(headless: headless) == .monochrome
            if headless {
                terminal.run(scene, sink: sink, script: inapp.script)
                listener?.close()
            } else {
                inapp.script.streamEvents(sink)
                runInteractive(scene, options: terminal.interactive)
            }
        } catch {
            fail(error)
        }
    }

    /// The SDK's native in-app module in the scene: the store's display counts, then FILEs delivered at t=0.
    func attachNative(to scene: InAppScene) throws(UserError) {
        let people = native.settings.people(phone: native.device, ios: inapp.sdk.iosText)
        let intake = native.settings.intake(people, release: inapp.sdk.version, imageMaxBytes: inapp.fetch.limits.maxBytes)
        // Read every file first, so a missing one ends the run before anything plays.
        let deliveries = try files.map { f throws(UserError) in try intake.read(f) }
        // The display counts: needed for --frequency-caps; otherwise a store that cannot be opened only means this
        // run's shows are not counted, which must not stop the banners or the messages.
        var store: Store?
        do {
            store = try Store(path: inapp.script.store ?? Store.defaultPath())
        } catch {
            if native.frequencyCaps { throw UserError(error.message, exitCode: error.exitCode) }
            StandardStreams.error("pushsim: warning: \(error.message); native in-app shows are not counted in this run\n")
        }
        for w in store?.warnings ?? [] { StandardStreams.error("pushsim: warning: \(w)\n") }
        let n = scene.attachNative(intake: intake, options: native.presenterOptions, capsEnabled: native.frequencyCaps,
                                   isDark: native.dark, store: store)
        for d in deliveries { n.deliver(d, at: 0) }
        // `u` with several --tags devices (interactive, as in stories): the files filled again for the next device, on
        // a fresh module (the one on screen goes), with the same settings and store.
        if !terminal.headless, people.devices.count > 1, !files.isEmpty, !files.contains("-") {
            let files = files, settings = native.settings, release = inapp.sdk.version, maxBytes = inapp.fetch.limits.maxBytes
            let options = native.presenterOptions, caps = native.frequencyCaps, dark = native.dark
            scene.deviceSwitch = InAppDeviceSwitch(names: people.devices.map(\.name), index: people.index) { scene, i, t throws(UserError) in
                let intake = settings.intake(people, device: people.devices[i], release: release, imageMaxBytes: maxBytes)
                let deliveries = try files.map { f throws(UserError) in try intake.read(f) }
                let n = scene.attachNative(intake: intake, options: options, capsEnabled: caps, isDark: dark, store: store)
                for d in deliveries { n.deliver(d, at: t) }
            }
        }
    }
}
