// `pushsim stories FILE`: preview a push stories payload interactively, or headless on a simulated clock.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimScreens

struct StoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stories",
        abstract: "Preview a push stories payload as the Pushwoosh iOS SDK plays it.",
        discussion: """
        FILE may hold a createMessage request ({"request":{"notifications":[...]}}), one notification \
        object, an APNs userInfo (.apns) as the device receives it, or the bare pw_stories block; \
        '-' reads standard input. Image URLs need a scheme; file: URLs are relative to FILE.

        Keys: Enter expand · ←/h back · →/l/space next · 1/2/3 tap a third · Enter/b button · \
        p finger down/up (hold to pause) · q/Esc dismiss · r replay · ? help.

        Faithful to the SDK, surprises included: there are two tap zones, not three — the left third goes back (restarting the first page), and the middle and right thirds go forward; forward on the last page does nothing unless --loop; a hold of 0.25 s or more never navigates, even without --long-press-pause; the page timer runs while its image loads; a root pw_stories object wins even with no valid pages. Everything the SDK drops silently is reported as a warning with its JSON path.

        Headless steps: tap left|middle|right, tap X (0–1), hold SECONDS, button, dismiss, expand, replay, and the common wait, key, click, press, release, resize.
        """
    )

    @Argument(help: ArgumentHelp("The stories payload ('-' = standard input).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Story height ÷ width (the SDK's storyAspectRatio).", valueName: "ratio"))
    var aspectRatio: Double = 1.5

    @Flag(help: "Haptics on tap navigation (shown as a flash of the progress bar and a haptic event).")
    var haptics = false

    @Flag(help: "A long press (0.25 s) pauses the story until released.")
    var longPressPause = false

    @Flag(help: "Cross-dissolve page images over 0.3 s.")
    var crossfade = false

    @Flag(help: "Start again from the first page after the last one finishes.")
    var loop = false

    @Flag(help: "Reduce Motion: the crossfade becomes an instant swap.")
    var reduceMotion = false

    @Option(help: ArgumentHelp("App group folder: images are cached in DIR/pw_stories_cache/.", valueName: "dir"))
    var appGroup: String?

    @Flag(help: "Reload when the file is saved (a broken save keeps the last good version and says why, with line and column).")
    var watch = false

    @Option(help: ArgumentHelp("For a createMessage request: which notification to play, counting from 0.", valueName: "n"))
    var notification: Int?

    @Flag(help: "Headless: start as the collapsed notification (the 'expand' step opens it).")
    var collapsed = false

    @Flag(help: "Show the event log beside the story when there is room.")
    var eventsPane = false

    @Flag(help: "Ring the terminal bell on haptics (with --haptics).")
    var bell = false

    @OptionGroup var media: MediaOptions
    @OptionGroup var headless: HeadlessOptions
    @OptionGroup var interactive: InteractiveOptions

    func validate() throws {
        guard aspectRatio.isFinite, aspectRatio >= 0.25, aspectRatio <= 4 else {
            throw ValidationError("--aspect-ratio must be a number from 0.25 to 4, such as 1.5 (got \(aspectRatio))")
        }
        if let notification, notification < 0 {
            throw ValidationError("--notification counts from 0 (got \(notification))")
        }
        if watch && file == "-" {
            throw ValidationError("--watch needs a file, not standard input")
        }
    }

    var options: StoriesOptions {
        StoriesOptions(aspectRatio: aspectRatio, haptics: haptics, longPressPause: longPressPause, crossfade: crossfade,
                       loop: loop, reduceMotion: reduceMotion, appGroup: appGroup)
    }

    /// The scene this command plays; `snapshot stories` draws the same one. A file that does not read ends the run.
    func makeScene(sink: EventSink, images: ImageSource, headless isHeadless: Bool) -> StoriesScene {
        let input: StoriesInput
        do {
            input = try StoriesScene.load(path: file, notification: notification)
        } catch {
            fail(error)
        }
        let config = StoriesScene.Configuration(options: options, collapsed: isHeadless ? collapsed : true,
                                                eventsPane: eventsPane, bell: bell, wakeForAnimation: !isHeadless)
        return StoriesScene(input: input, configuration: config, sink: sink, images: images)
    }

    func run() throws {
        let sink = EventSink()
        let images = media.imageSource(payload: file, appGroup: appGroup, headless: headless.headless)
        let scene = makeScene(sink: sink, images: images, headless: headless.headless)
        if watch {
            let watcher = StoriesFileWatcher(path: file, notification: notification)
            scene.reloader = watcher.check
            scene.watchDescriptor = watcher.descriptor
        }
        if headless.headless {
            headless.runHeadless(scene: scene, sink: sink)
            return
        }
        if let path = headless.events {
            do {
                let out = try OutputStream(path: path)
                for e in sink.events { out.write(e.jsonLine + "\n") }
                sink.onEvent = { out.write($0.jsonLine + "\n") }
            } catch {
                fail(error)
            }
        }
        runInteractive(scene, options: interactive)
    }
}
