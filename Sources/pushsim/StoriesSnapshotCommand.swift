// `pushsim snapshot stories FILE`: a story page at the moment the script ends, as a PNG.

import ArgumentParser
import PushSimApp
import PushSimPicture

struct StoriesSnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stories",
        abstract: "Draw a stories payload's page (expanded, as --headless starts) as a PNG.",
        discussion: "Steps: tap left|middle|right, hold, button, dismiss, expand, replay, wait… (see pushsim stories --help)."
    )

    @OptionGroup(title: "Stories options") var stories: StoriesExperienceOptions
    @OptionGroup var picture: PictureOptions

    func run() throws {
        let sink = EventSink()
        // The scene needs no cells: the picture decodes each image at full size itself.
        let scene = stories.makeScene(sink: sink, images: NoImages(), headless: true, device: picture.device)
        let images = PictureImages(payloadFolder: MediaImageSource.folder(of: stories.file), appGroup: stories.appGroup,
                                   fetch: stories.fetch.limits)
        let device = picture.phone
        picture.shoot(scene, script: stories.script, sink: sink, name: PictureOptions.baseName(of: stories.file, fallback: "stories"),
                      images: images) { p, t in
            StoriesPicture.draw(scene, at: t, on: p, device: device, images: images)
        }
    }
}
