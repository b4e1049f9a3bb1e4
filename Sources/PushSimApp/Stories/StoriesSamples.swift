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
        /// The personalised campaign of Resources/personalization/ as one device receives it (`--tags`).
        func personalized(_ tags: String, _ title: String, _ summary: String, language: String?, phone: String, width: Double) -> Sample {
            let path = r.path("personalization/campaign.json")
            var flags = ["--tags", "Resources/personalization/\(tags)"]
            if let language { flags += ["--language", language] }
            if phone != DeliveryOptions.defaultDevice.name { flags += ["--device", phone] }
            let command = (["pushsim stories", "Resources/personalization/campaign.json"] + flags).joined(separator: " ")
            return Sample(experience: .stories, title: title, summary: summary, keys: storiesKeys, command: command) {
                let people = try PersonalizationInput.load(tagFiles: [r.path("personalization/\(tags)")], index: nil, raw: false,
                                                           language: language, phone: phone, ios: nil)
                var input = try StoriesScene.load(path: path, language: language, device: people.device)
                input.payload.diagnostics = people.warnings + input.payload.diagnostics
                let folder = (path as NSString).deletingLastPathComponent
                let images = MediaImageSource(payloadFolder: folder, mode: .background, colorMode: colors)
                return StoriesScene(input: input, configuration: .init(collapsed: true, delivery: DeliveryOptions(language: language, deviceName: phone, deviceWidth: width),
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
            personalized("anna-de.json", "Personalised campaign: Anna, German",
                         "Dynamic Content and Liquid filled by the server for one device: \"Hallo Anna\", the German texts.",
                         language: "de", phone: DeliveryOptions.defaultDevice.name, width: DeliveryOptions.defaultDevice.width),
            personalized("long-name-se.json", "Personalised campaign: a very long name on an SE",
                         "The same push for Maximiliane-Charlotte on an iPhone SE: her name cuts the collapsed title.",
                         language: nil, phone: "iphone-se", width: 375),
            personalized("no-name.json", "Personalised campaign: no FirstName tag",
                         "A device without the tag: every placeholder shows its default (\"Hey there\").",
                         language: nil, phone: DeliveryOptions.defaultDevice.name, width: DeliveryOptions.defaultDevice.width),
        ]
    }
}
