// `pushsim inapp`: a host app screen that shows the in-app banners sent to it, interactive or headless.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine

struct InAppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inapp",
        abstract: "A host app screen that shows in-app banners sent to it with `pushsim notify`.",
        // Every option is optional; with more than 12 the generated line reads `<options>`, as if one were required.
        usage: "pushsim inapp [<options>]",
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
        Keys: ↑/↓ scroll the app's list, enter click a row, t tap the banner, s or x swipe it away, ? help, q quit. \
        Mouse: click the banner to tap it, drag it upwards to swipe, click elsewhere to click the app.
        """
    )

    @Option(help: ArgumentHelp("The socket to listen on (default $XDG_RUNTIME_DIR/pushsim/inapp.sock, else /tmp/pushsim-$UID/inapp.sock).", valueName: "path"))
    var socket: String?

    @Flag(help: "Also drop the bundled demo banners (Resources/banners) in turn, every 6 seconds from t=1.")
    var demo = false

    @OptionGroup(title: "In-app options") var inapp: InAppExperienceOptions
    @OptionGroup(title: "Terminal options") var terminal: TerminalOptions

    func run() throws {
        let sink = EventSink()
        do {
            // Headless runs are scripted: they listen only when asked to, so a CI run never takes the user's socket.
            let headless = terminal.headless.headless
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
                let images = terminal.imageSource(payload: FileManager.default.currentDirectoryPath + "/banner.json", appGroup: nil, fetch: inapp.fetch)
                scene = InAppScene(sink: sink, images: images, listener: listener, appName: inapp.appName)
            }
            scene.foreground.configuration = inapp.foreground.configuration
            if headless {
                terminal.headless.run(scene, sink: sink, script: inapp.script)
                listener?.close()
            } else {
                inapp.script.streamEvents(sink)
                runInteractive(scene, options: terminal.interactive)
            }
        } catch {
            fail(error)
        }
    }
}
