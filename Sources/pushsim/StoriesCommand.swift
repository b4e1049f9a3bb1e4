// `pushsim stories FILE`: preview a push stories payload interactively, or headless on a simulated clock.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles
import PushSimPicture
import PushSimScreens

struct StoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stories",
        // Read only where `SubcommandParse` parses from this command (its first frame's path): argument-parser then
        // skips its two trial parses for --generate-completion-script (8.3 M instructions, docs/performance.md), a
        // request the root handles; the root's help, usage and errors never consult it.
        _superCommandName: "pushsim",
        abstract: "Preview a push stories payload as the Pushwoosh iOS SDK plays it.",
        discussion: """
        FILE may hold a createMessage request ({"request":{"notifications":[...]}}), one notification \
        object, an APNs userInfo (.apns) as the device receives it, or the bare pw_stories block; \
        '-' reads standard input. Image URLs need a scheme; file: URLs are relative to FILE.

        Keys: Enter expand · ←/h back · →/l/space next · 1/2/3 tap a third · Enter/b button · \
        p finger down/up (hold to pause) · q/Esc dismiss · r replay · ? help.

        Faithful to the SDK, surprises included: there are two tap zones, not three — the left third goes back (restarting the first page), and the middle and right thirds go forward; forward on the last page does nothing unless --loop; a hold of 0.25 s or more never navigates, even without --long-press-pause; the page timer runs while its image loads; a root pw_stories object wins even with no valid pages. Everything the SDK drops silently is reported as a warning with its JSON path.

        Before the SDK, the push goes through APNs and iOS as on a phone: over 4096 bytes (compact UTF-8 JSON) APNs \
        refuses it and nothing shows (apns_rejected); an aps.category no content extension claims \
        (--extension-category, default PW_STORIES) gets iOS's own expanded notification instead of the story \
        (default_expanded); without mutable-content: 1 the service extension does not run, so nothing is pre-cached \
        and images load as pages open, the timer running (--image-delay shows a slow network); App Transport \
        Security refuses http: images unless --allow-http (ats_blocked). The collapsed notification is cut as the \
        --device cuts it (title and subtitle one line, body four). A file with no aps plays the stories part alone.

        Headless steps: tap left|middle|right, tap X (0–1), hold SECONDS, button, dismiss, expand, replay, and the common wait, key, click, press, release, resize.
        """
    )

    @OptionGroup(title: "Stories options") var stories: StoriesExperienceOptions

    @Flag(help: "Reload when the file is saved (a broken save keeps the last good version and says why, with line and column).")
    var watch = false

    @Flag(help: "Show the event log beside the story when there is room.")
    var eventsPane = false

    @Flag(help: "Ring the terminal bell on haptics (with --haptics).")
    var bell = false

    @Option(help: ArgumentHelp("The phone whose width cuts the collapsed notification's text: \(Phone.helpList)", valueName: "name|WxH"),
            completion: .list(Phone.known.map(\.name)))
    var device: String = DeliveryOptions.defaultDevice.name

    @OptionGroup(title: "Terminal options") var terminal: TerminalOptions

    /// The command as plain values: what `run` plays. A start without the parse builds them itself
    /// (`StoriesFastStart`, the plain form); `StoriesFastStartTests` holds the two ways to the same values.
    struct Values: Equatable {
        var stories: StoriesExperienceOptions.Values
        var watch = false
        var eventsPane = false
        var bell = false
        var device: String = DeliveryOptions.defaultDevice.name
        var terminal = TerminalOptions.Values()

        /// Every check the parse makes of these values, in the groups and in the command, as one call: an error of
        /// any of them means the plain start leaves the run to the parse, which reports it as it always has.
        func validateAll() throws {
            try stories.sdk.validate()
            try stories.delivery.validate()
            try stories.personalization.validate()
            try stories.fetch.validate()
            try stories.script.validate()
            try stories.validate()
            try terminal.interactive.validate()
            try terminal.validate()
            try validate()
        }

        /// The paths `OutputOverlapCheck` finds in the parsed command, in its order: read, then written.
        var overlapUses: (inputs: [OutputOverlap.Use], outputs: [OutputOverlap.Use]) {
            var ins = [OutputOverlap.Use("FILE", stories.file)], outs: [OutputOverlap.Use] = []
            if let p = stories.script.scriptFile { ins.append(.init("--script-file", p)) }
            if let p = stories.script.store { ins.append(.init("--store", p)) }
            if let p = stories.script.events { outs.append(.init("--events", p)) }
            if let p = terminal.frames { outs.append(.init("--frames", p)) }
            if let p = terminal.interactive.record { outs.append(.init("--record", p)) }
            return (ins, outs)
        }

        func validate() throws {
            try DeliveryOptionGroup.validateDevice(device)
            if watch && stories.file == "-" {
                throw ValidationError("--watch needs a file, not standard input")
            }
        }

        func run() {
            let sink = EventSink()
            let isHeadless = terminal.headless
            let images = terminal.imageSource(payload: stories.file, appGroup: stories.appGroup, fetch: stories.fetch)
            let scene = stories.makeScene(sink: sink, images: images, headless: isHeadless, device: device, eventsPane: eventsPane, bell: bell)
            scene.phoneStatus = PhoneStatus(phone: Phone.named(device)?.marketingName ?? device, ios: stories.sdk.ios)
            if watch {
                let watcher = StoriesFileWatcher(path: stories.file, notification: stories.notification, language: stories.delivery.language)
                if let people = try? stories.personalization.input(language: stories.delivery.language, phone: device, ios: stories.sdk.iosText) {
                    watcher.device = people.device
                    watcher.raw = people.raw
                }
                scene.reloader = watcher.check
                scene.watchDescriptor = watcher.descriptor
            }
            if !isHeadless, let people = try? stories.personalization.input(language: stories.delivery.language, phone: device, ios: stories.sdk.iosText),
               people.devices.count > 1 {
                var at = people.index
                scene.deviceName = people.device.name
                let file = stories.file, notification = stories.notification, language = stories.delivery.language
                scene.nextDevice = {
                    at = (at + 1) % people.devices.count
                    let d = people.devices[at]
                    guard let input = try? StoriesScene.load(path: file, notification: notification, language: language, device: d, raw: people.raw) else { return nil }
                    return (input, d.name)
                }
            }
            if isHeadless {
                terminal.run(scene, sink: sink, script: stories.script)
                return
            }
            stories.script.streamEvents(sink)
            runInteractive(scene, options: terminal.interactive)
        }
    }

    var values: Values {
        Values(stories: stories.values, watch: watch, eventsPane: eventsPane, bell: bell, device: device, terminal: terminal.values)
    }

    func validate() throws { try values.validate() }

    func run() throws { values.run() }
}

extension StoriesCommand.Values {
    /// `pushsim stories FILE` with every option at its default. (Here, not in the struct: the memberwise init stays.)
    init(file: String) { self.init(stories: StoriesExperienceOptions.Values(file: file)) }
}
