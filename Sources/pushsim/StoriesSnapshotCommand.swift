// `pushsim snapshot stories FILE`: a story page at the moment the script ends, as a PNG.

import ArgumentParser
import PushSimApp
import PushSimPicture

struct StoriesSnapshotCommand: SnapshotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "stories",
        abstract: "Draw a stories payload's page (expanded, as --headless starts) as a PNG.",
        discussion: "Steps: tap left|middle|right, hold, button, dismiss, expand, replay, wait… (see pushsim stories --help)."
    )

    @OptionGroup(title: "Stories options") var stories: StoriesExperienceOptions
    @OptionGroup var picture: PictureOptions

    @Flag(help: "The phone in dark appearance: the lock screen's notification material (the story itself is always black).")
    var dark = false

    static func appearanceArguments(dark: Bool) -> [String] { dark ? ["--dark"] : [] }

    func shot() -> PictureShot {
        let sink = EventSink()
        // The scene needs no cells: the picture decodes each image at full size itself.
        let scene = stories.makeScene(sink: sink, images: NoImages(), headless: true, device: picture.device)
        let images = PictureImages(payloadFolder: MediaImageSource.folder(of: stories.file), appGroup: stories.appGroup,
                                   fetch: stories.fetch.limits)
        let dark = self.dark
        var shot = PictureShot(scene: scene, script: stories.script, sink: sink, name: PictureOptions.baseName(of: stories.file, fallback: "stories"),
                               images: images) { p, t, device in
            StoriesPicture.draw(scene, at: t, on: p, device: device, images: images, dark: dark)
        }
        shot.touchTarget = { _, device in StoriesPicture.touchTarget(scene, device: device) }
        return shot.running(stories.sdk)
    }
}
