// What decides a stories run's screen (the payload, the SDK's settings, the script, image downloads): the options
// `pushsim stories` and `pushsim snapshot stories` share.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine

struct StoriesExperienceOptions: ParsableArguments {
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

    @Option(help: ArgumentHelp("For a createMessage request: which notification to play, counting from 0.", valueName: "n"))
    var notification: Int?

    @Flag(help: "Headless: start as the collapsed notification (the 'expand' step opens it).")
    var collapsed = false

    @Option(help: ArgumentHelp("The app's name on the notification, as iOS shows it above the title (its CFBundleDisplayName).", valueName: "name"))
    var appName = "Pushsim"

    @OptionGroup var sdk: SDKOptions

    @Option(help: ArgumentHelp("Every image download not pre-cached by the service extension takes this long (a slow network, offline).", valueName: "seconds"))
    var imageDelay: Double = 0

    @OptionGroup var delivery: DeliveryOptionGroup
    @OptionGroup(title: "Personalisation") var personalization: PersonalizationOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var script: ScriptOptions

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`); what they do
    /// is the values', and the options forward.
    struct Values: Equatable {
        var file: String
        var aspectRatio: Double = 1.5
        var haptics = false
        var longPressPause = false
        var crossfade = false
        var loop = false
        var reduceMotion = false
        var appGroup: String?
        var notification: Int?
        var collapsed = false
        var appName = "Pushsim"
        var sdk = SDKOptions.Values()
        var imageDelay: Double = 0
        var delivery = DeliveryOptionGroup.Values()
        var personalization = PersonalizationOptions.Values()
        var fetch = FetchOptions.Values()
        var script = ScriptOptions.Values()

        func validate() throws {
            guard aspectRatio.isFinite, aspectRatio >= 0.25, aspectRatio <= 4 else {
                throw ValidationError("--aspect-ratio must be a number from 0.25 to 4, such as 1.5 (got \(aspectRatio))")
            }
            guard imageDelay.isFinite, imageDelay >= 0, imageDelay <= 600 else {
                throw ValidationError("--image-delay must be a number of seconds from 0 to 600, such as 2.5 (got \(imageDelay))")
            }
            _ = try AppDisplayName.checked(appName)
            if let notification, notification < 0 {
                throw ValidationError("--notification counts from 0 (got \(notification))")
            }
        }

        var options: StoriesOptions {
            StoriesOptions(aspectRatio: aspectRatio, haptics: haptics, longPressPause: longPressPause, crossfade: crossfade,
                           loop: loop, reduceMotion: reduceMotion, appGroup: appGroup)
        }

        /// The scene `stories` plays and `snapshot stories` draws. A file that does not read ends the run.
        /// `device` is the phone whose width cuts the collapsed notification's text (`--device`).
        func makeScene(sink: EventSink, images: ImageSource, headless isHeadless: Bool, device: String, eventsPane: Bool = false,
                       bell: Bool = false) -> StoriesScene {
            var input: StoriesInput
            do {
                let people = try personalization.input(language: delivery.language, phone: device, ios: sdk.iosText)
                var loaded = try StoriesScene.load(path: file, notification: notification, language: delivery.language,
                                                   device: people.device, raw: people.raw)
                loaded.payload.diagnostics = people.warnings + loaded.payload.diagnostics
                input = loaded
            } catch {
                fail(error)
            }
            let config = StoriesScene.Configuration(options: options, collapsed: isHeadless ? collapsed : true,
                                                    eventsPane: eventsPane, bell: bell,
                                                    appName: AppDisplayName.trimmed(appName), wakeForAnimation: !isHeadless,
                                                    delivery: delivery.options(device: device, imageDelay: imageDelay),
                                                    payloadFolder: MediaImageSource.folder(of: file), attachmentsOverNetwork: isHeadless)
            return StoriesScene(input: input, configuration: config, sink: sink, images: images)
        }
    }

    var values: Values {
        Values(file: file, aspectRatio: aspectRatio, haptics: haptics, longPressPause: longPressPause, crossfade: crossfade,
               loop: loop, reduceMotion: reduceMotion, appGroup: appGroup, notification: notification, collapsed: collapsed,
               appName: appName, sdk: sdk.values, imageDelay: imageDelay, delivery: delivery.values,
               personalization: personalization.values, fetch: fetch.values, script: script.values)
    }

    func validate() throws { try values.validate() }

    var options: StoriesOptions { values.options }

    /// The scene `stories` plays and `snapshot stories` draws (`Values.makeScene`).
    func makeScene(sink: EventSink, images: ImageSource, headless isHeadless: Bool, device: String, eventsPane: Bool = false,
                   bell: Bool = false) -> StoriesScene {
        values.makeScene(sink: sink, images: images, headless: isHeadless, device: device, eventsPane: eventsPane, bell: bell)
    }
}
