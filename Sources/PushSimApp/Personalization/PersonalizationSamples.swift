// The home screen's personalised campaign beyond its stories push (Resources/personalization/): the inbox message and
// the native modal from a campaign ZIP, each for the three devices, `u` switching between them.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimStore

extension SampleCatalog {
    /// The three devices of the personalised campaign, in the order `u` visits them.
    static let personalizationTagFiles = ["anna-de.json", "long-name-se.json", "no-name.json"]

    static func personalizationDevices(_ r: Resources) throws(UserError) -> PersonalizationInput {
        try PersonalizationInput.load(tagFiles: personalizationTagFiles.map { r.path("personalization/\($0)") }, index: nil, raw: false,
                                      language: nil, phone: nil, ios: nil)
    }

    static var personalizationFlags: String { personalizationTagFiles.map { "--tags Resources/personalization/\($0)" }.joined(separator: " ") }

    /// The campaign's inbox message (its second notification), filled by the server for each device.
    static func personalizedInboxSample(_ r: Resources, _ colors: ColorMode) -> Sample {
        let store = InboxSampleStore.path("personalised")
        return Sample(experience: .inbox, title: "Personalised campaign: the inbox message",
                      summary: "The campaign's inbox message as Anna, Maximiliane-Charlotte and a device without the tag get it; u switches",
                      keys: "u next device · ↑↓ move · ⏎ open · r refresh · q back",
                      command: "pushsim inbox Resources/personalization/campaign.json \(personalizationFlags) --store \(store)") {
            let people = try personalizationDevices(r)
            let s: Store
            do { s = try Store(path: store) } catch let e as StoreError { throw UserError(e.message, exitCode: e.exitCode) }
            let images = MediaImageSource(payloadFolder: r.path("personalization"), mode: .background, colorMode: colors)
            let scene = try InboxScene(files: [r.path("personalization/campaign.json")], now: Date(), store: s, images: images,
                                       sink: EventSink(), device: people.device)
            scene.devices = (people.devices, people.index)
            return scene
        }
    }

    /// The campaign's native modal from its ZIP: `pushwoosh.json`'s language, then each device's tags.
    static func personalizedModalSample(_ r: Resources, _ colors: ColorMode) -> Sample {
        Sample(experience: .nativeInApp, title: "Personalised campaign: the modal (ZIP)",
               summary: "autumn-modal.zip filled on the phone: pushwoosh.json's texts, then the name, city and country tags; u switches device",
               keys: "u next device · ? keys · q back",
               command: "pushsim inapp Resources/personalization/autumn-modal.zip \(personalizationFlags)") {
            try NativeInAppSamples.makePersonalizedScene(r.path("personalization/autumn-modal.zip"), people: try personalizationDevices(r), colors: colors)
        }
    }
}

extension NativeInAppSamples {
    /// A host app with the config of `path` filled for the chosen device, and `u` filling it again for the next.
    public static func makePersonalizedScene(_ path: String, people: PersonalizationInput, colors: ColorMode = .detect(),
                                             sink: EventSink = EventSink()) throws(UserError) -> InAppScene {
        let scene = InAppScene(sink: sink, images: MediaImageSource(payloadFolder: (path as NSString).deletingLastPathComponent,
                                                                    mode: .background, colorMode: colors))
        let options = InAppPresenterOptions(wallStart: Date().timeIntervalSince1970)
        func show(_ scene: InAppScene, _ device: PersonalizationDevice, at t: Double) throws(UserError) {
            let intake = InAppIntake.sdk(language: device.language, tags: device.nativeTags, raw: people.raw)
            let d = try intake.read(path)
            scene.attachNative(intake: intake, options: options, capsEnabled: false, isDark: false, store: nil).deliver(d, at: t)
        }
        try show(scene, people.device, at: 0)
        if people.devices.count > 1 {
            scene.deviceSwitch = InAppDeviceSwitch(names: people.devices.map(\.name), index: people.index) { scene, i, t throws(UserError) in
                try show(scene, people.devices[i], at: t)
            }
        }
        return scene
    }
}
