// The bundled stories samples the home screen lists, each with its keys and the equivalent command line.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimScreens

extension SampleCatalog {
    static let storiesKeys = "Enter expand · ←/→ back/next · p hold · b button · q dismiss, then q back · ? help"

    /// One entry per file in Resources/stories/.
    static func storiesSamples(_ r: Resources, _ colors: ColorMode = .detect()) -> [Sample] {
        func sample(_ file: String, _ title: String, _ summary: String, flags: [String] = [],
                    options: StoriesOptions = StoriesOptions()) -> Sample {
            let path = r.path("stories/\(file)")
            let command = (["pushsim stories", r.shown("stories/\(file)")] + flags).joined(separator: " ")
            return Sample(experience: .stories, title: title, summary: summary, keys: storiesKeys, command: command) {
                let input = try StoriesScene.load(path: path)
                let images = MediaImageSource(payloadFolder: (path as NSString).deletingLastPathComponent, mode: .background, colorMode: colors)
                // The same path as `pushsim stories FILE`: APNs, the extensions, App Transport Security, on the
                // default phone and app (the command's defaults).
                let folder = (path as NSString).deletingLastPathComponent
                return StoriesScene(input: input, configuration: .init(options: options, collapsed: true, delivery: DeliveryOptions(),
                                                                      payloadFolder: folder),
                                    sink: EventSink(), images: images)
            }
        }
        return [
            sample("spring-sale.json", "Spring sale (createMessage request)",
                   "Five pages sent through the Messages API, with titles, subtitles and a deep-link button.",
                   flags: ["--haptics", "--long-press-pause"], options: StoriesOptions(haptics: true, longPressPause: true)),
            sample("travel-userinfo.json", "Travel digest (APNs userInfo)",
                   "The payload as the device receives it: pw_stories inside u, a JSON string.",
                   flags: ["--crossfade"], options: StoriesOptions(crossfade: true)),
            sample("loop-teaser.json", "Looping teaser (bare pw_stories block)",
                   "Three short pages that loop forever; a tap on the last page restarts with a haptic.",
                   flags: ["--loop", "--haptics"], options: StoriesOptions(haptics: true, loop: true)),
            sample("cjk-emoji.json", "Tokyo night 🌃 (CJK and emoji)",
                   "Japanese, Chinese and emoji titles wrapped and truncated by display width."),
            sample("broken.json", "Broken payload (fallback)",
                   "No valid pages: the SDK shows the notification body, and pushsim says why in warnings."),
            sample("wrong-category.json", "Wrong category (iOS's own view)",
                   "aps.category STORIES, which no content extension claims: iOS expands the push itself and the story never plays."),
        ]
    }
}
