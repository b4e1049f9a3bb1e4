// The personalisation options every experience command, `validate`, `snapshot`, `record` and `render` share:
// which device's tags to fill a campaign with (docs/personalization.md).

import ArgumentParser
import PushSimApp
import PushSimEngine

struct PersonalizationOptions: ParsableArguments {
    @Option(name: .customLong("tags"), help: ArgumentHelp(
        "The device's tags: a JSON object of tag name → value, a getTags response, a setTags request, or a JSON array of such objects (one device each); repeat for more devices.",
        valueName: "file"))
    var tagFiles: [String] = []

    @Option(help: ArgumentHelp("Which device of --tags a headless run uses (from 0; default the first).", valueName: "n"))
    var deviceIndex: Int?

    @Flag(help: "Show placeholders as written (no personalisation), with a warning per placeholder.")
    var rawPlaceholders = false

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`).
    struct Values: Equatable {
        var tagFiles: [String] = []
        var deviceIndex: Int?
        var rawPlaceholders = false

        func validate() throws {
            if let i = deviceIndex, i < 0 { throw ValidationError("--device-index takes 0 or more (got \(i))") }
            if let bad = tagFiles.first(where: { $0.isEmpty }) { throw ValidationError("--tags needs a file name (got '\(bad)')") }
        }

        /// The devices, read from the tags files, for a device with this language, phone and iOS version.
        func input(language: String?, phone: String?, ios: String? = nil) throws(UserError) -> PersonalizationInput {
            try PersonalizationInput.load(tagFiles: tagFiles, index: deviceIndex, raw: rawPlaceholders, language: language, phone: phone, ios: ios)
        }
    }

    var values: Values { Values(tagFiles: tagFiles, deviceIndex: deviceIndex, rawPlaceholders: rawPlaceholders) }

    func validate() throws { try values.validate() }

    /// The devices, read from the tags files, for a device with this language, phone and iOS version.
    func input(language: String?, phone: String?, ios: String? = nil) throws(UserError) -> PersonalizationInput {
        try values.input(language: language, phone: phone, ios: ios)
    }
}
