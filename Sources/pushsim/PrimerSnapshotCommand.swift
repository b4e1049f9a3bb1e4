// `pushsim snapshot primer`: the push primer (alert or sheet at its position) over the app, as a PNG.

import ArgumentParser
import PushSimApp
import PushSimPicture

struct PrimerSnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Draw the push primer as the phone shows it, once it has appeared (or at the end of --script).",
        // Every option is optional; the generated line reads `<options>`, as if one were needed.
        usage: "pushsim snapshot primer [<options>]",
        discussion: "Steps: present, accept, decline, tap-outside, wait… (see pushsim primer --help)."
    )

    @OptionGroup(title: "Primer options") var primer: PrimerExperienceOptions
    @OptionGroup var picture: PictureOptions

    func run() throws {
        let sink = EventSink()
        // A picture changes nothing on the simulated phone: a present would otherwise store its time, and the next
        // run with a --min-interval would be throttled.
        let scene = primer.makeScene(sink: sink, images: NoImages(), persist: false)
        let images = PictureImages(payloadFolder: MediaImageSource.folder(of: primer.imageFolderAnchor), fetch: primer.fetch.limits)
        let c = scene.state.config
        let name = c.style == .alert ? "primer-alert" : "primer-sheet-\(c.position.rawValue)"
        let device = picture.phone
        picture.shoot(scene, script: primer.script, sink: sink, fallback: "wait 1", name: name, images: images) { p, t in
            PrimerPicture.draw(scene, at: t, on: p, device: device, images: images)
        }
    }
}
