// `pushsim snapshot primer`: the push primer (alert or sheet at its position) over the app, as a PNG.

import ArgumentParser
import PushSimApp
import PushSimEngine
import PushSimPicture

struct PrimerSnapshotCommand: SnapshotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Draw the push primer as the phone shows it, once it has appeared (or at the end of --script).",
        // Every option is optional; the generated line reads `<options>`, as if one were needed.
        usage: "pushsim snapshot primer [<options>]",
        discussion: "Steps: present, accept, decline, tap-outside, wait… (see pushsim primer --help)."
    )

    @OptionGroup(title: "Primer options") var primer: PrimerExperienceOptions
    @OptionGroup var picture: PictureOptions

    @Flag(help: "The phone in dark appearance: the app, iOS's alerts and the primer's system colours in their dark variants.")
    var dark = false

    static func appearanceArguments(dark: Bool) -> [String] { dark ? ["--dark"] : [] }

    func shot() -> PictureShot {
        let sink = EventSink()
        // A picture changes nothing on the simulated phone: a present would otherwise store its time, and the next
        // run with a --min-interval would be throttled. And it is taken on a fresh simulated device unless --store
        // names one: an earlier run that left the default store authorized would otherwise suppress the primer.
        let scene = primer.makeScene(sink: sink, images: NoImages(), persist: false, freshDevice: primer.script.store == nil)
        let images = PictureImages(payloadFolder: MediaImageSource.folder(of: primer.imageFolderAnchor), fetch: primer.fetch.limits)
        let c = scene.state.config
        let name = c.style == .alert ? "primer-alert" : "primer-sheet-\(c.position.rawValue)"
        let dark = self.dark, store = primer.script.store
        return PictureShot(scene: scene, script: primer.script, sink: sink, fallback: "wait 1", name: name, images: images,
                           draw: { p, t, device in PrimerPicture.draw(scene, at: t, on: p, device: device, images: images, dark: dark) },
                           nothingShown: { Self.suppression(sink.events.map(\.event), store: store) }).running(primer.sdk)
    }

    /// The sentence for a run in which the primer never appeared because it was suppressed (the bare app is not a
    /// picture of the primer), or nil.
    static func suppression(_ events: [Event], store: String?) -> String? {
        guard !events.contains(where: { $0.name == "shown" }),
              let out = events.last(where: { $0.name == "outcome" && $0["outcome"]?.stringValue == "suppressed" }) else { return nil }
        let reason = out["reason"]?.stringValue ?? "suppressed"
        let device = store.map { "the simulated device in \($0)" } ?? "the simulated device"
        let fix: String
        switch reason {
        case "authorized", "provisional": fix = "--status notDetermined shows it, or pushsim reset --primer"
        case "throttled": fix = "--last-shown-ago or a later --now shows it"
        case "deniedNoFallback": fix = "--fallback-to-settings true or --status notDetermined shows it"
        default: fix = "change the script so it appears"
        }
        return "the primer did not appear (\(reason): \(device) says so), so there is nothing to draw; \(fix)"
    }
}
