// The SDK's native in-app settings for `pushsim inapp`: appearance, frequency caps, the wall clock, Reduce Motion,
// the host's ShouldDisplay answer, the device the SDK measures its points on.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles
import PushSimPicture

/// Everything but the device: `pushsim snapshot inapp` takes these, and its picture's own --device is the phone the
/// SDK measures on there.
struct NativeInAppSettings: ParsableArguments {
    @OptionGroup(title: "Personalisation") var personalization: PersonalizationOptions

    /// The devices of --tags on `phone` (their warnings said on standard error); a tags file that cannot be read ends
    /// the run in one line.
    func people(phone: String?, ios: String? = nil) -> PersonalizationInput {
        do {
            let people = try personalization.input(language: language, phone: phone, ios: ios)
            for w in people.warnings { StandardStreams.error("pushsim: warning: \(w)\n") }
            return people
        } catch {
            fail(error)
        }
    }

    /// The SDK's intake with the chosen device's tags (or the text as written with --raw-placeholders); a ZIP's
    /// language is --language, else the device's own `Language` tag (as `pushsim render` reads it).
    func intake(_ people: PersonalizationInput, device: PersonalizationDevice? = nil, release: SDKVersion, imageMaxBytes: Int) -> InAppIntake {
        let d = device ?? people.device
        return InAppIntake.sdk(language: d.language, release: release, imageMaxBytes: imageMaxBytes, tags: d.nativeTags, raw: people.raw)
    }

    @Flag(help: "The phone is in dark appearance when a config arrives: its block's `dark` overlay applies.")
    var dark = false

    @Flag(help: "setFrequencyCapEnabled(true): maxDisplays and cooldown count (display counts persist in --store).")
    var frequencyCaps = false

    @Option(help: ArgumentHelp("The device's language for a ZIP's pushwoosh.json (default: its default_language).", valueName: "code"))
    var language: String?

    @Option(help: ArgumentHelp("The wall clock at the start, for expireDate, ttl and cooldown (ISO 8601 or Unix seconds; default the real time).", valueName: "time"))
    var now: String?

    @Flag(help: "Reduce Motion is on: the SDK's shorter fades, a one-turn 0.7 s spin.")
    var reduceMotion = false

    @Option(help: ArgumentHelp("pushwooshInAppShouldDisplay answers false for this inAppId (repeatable).", valueName: "id"))
    var decline: [String] = []

    func validate() throws {
        if let now, wallStart(now) == nil {
            throw ValidationError("--now must be an ISO 8601 time such as 2026-07-24T09:00:00Z, or Unix seconds (got '\(now)')")
        }
    }

    func wallStart(_ s: String) -> Double? {
        if let d = Double(s), d.isFinite { return d }
        return ISODate.parse(s)?.timeIntervalSince1970
    }

    /// The presenter's settings on `phone` (nil: the default phone, an iPhone 15 of 393 × 852 pt); the wall clock starts at --now,
    /// else the real time.
    func presenterOptions(phone: PictureDevice?) -> InAppPresenterOptions {
        var d = InAppDevice()
        if let p = phone {
            d = InAppDevice(screen: InAppSize(width: p.width, height: p.height), safeTop: p.safeTop, safeBottom: p.safeBottom)
        }
        return InAppPresenterOptions(device: d, reduceMotion: reduceMotion, declined: Set(decline),
                                     wallStart: now.flatMap(wallStart) ?? Date().timeIntervalSince1970)
    }
}

struct NativeInAppOptions: ParsableArguments {
    @OptionGroup var settings: NativeInAppSettings

    @Option(help: ArgumentHelp("The phone whose points the SDK measures: \(PictureDevice.helpList) Default \(PictureDevice.default.name).", valueName: "name|WxH"),
            completion: .list(Phone.known.map(\.name)))
    var device: String?

    func validate() throws {
        if let device, PictureDevice(parsing: device) == nil {
            throw ValidationError("--device must be one of \(PictureDevice.names), or WxH in points from 200x300 to 2000x3000 (got '\(device)')")
        }
    }

    var dark: Bool { settings.dark }
    var frequencyCaps: Bool { settings.frequencyCaps }
    var language: String? { settings.language }
    var now: String? { settings.now }
    var reduceMotion: Bool { settings.reduceMotion }
    var decline: [String] { settings.decline }

    /// The presenter's settings; the wall clock starts at --now, else the real time.
    var presenterOptions: InAppPresenterOptions {
        settings.presenterOptions(phone: device.flatMap(PictureDevice.init(parsing:)) ?? PictureDevice.default)
    }
}
