// The phone and app a push is delivered to (the contract's "Before the SDK" options), shared by `stories`,
// `snapshot stories` and `validate`.

import ArgumentParser
import PushSimEngine
import PushSimPicture

struct DeliveryOptionGroup: ParsableArguments {
    @Option(name: .customLong("extension-category"), help: ArgumentHelp(
        "A UNNotificationExtensionCategory of the app's content extension; repeat for several (default PW_STORIES; given once, it replaces the default). Another aps.category gets iOS's own expanded notification.",
        valueName: "name"))
    var extensionCategories: [String] = []

    @Flag(help: "The app allows http: loads (NSAllowsArbitraryLoads); without it App Transport Security refuses http: images.")
    var allowHttp = false

    @Flag(help: "The app has no Notification Service Extension: nothing is pre-cached and no attachment is added.")
    var noServiceExtension = false

    @Option(help: ArgumentHelp("The device's language, for a createMessage request's language dictionaries: its text, else \"default\", else \"en\", else the first (Pushwoosh's locale order; default en).",
                               valueName: "code"))
    var language: String?

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`).
    struct Values: Equatable {
        var extensionCategories: [String] = []
        var allowHttp = false
        var noServiceExtension = false
        var language: String?

        func validate() throws {
            if let bad = extensionCategories.first(where: { $0.isEmpty }) {
                throw ValidationError("--extension-category needs a category name (got '\(bad)')")
            }
            if let l = language, l.isEmpty || l.count > 35 || !l.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }) {
                throw ValidationError("--language takes a language code such as de or pt-BR (got '\(SDKVersion.cut(l))')")
            }
        }

        /// The options for a device called `device` (a snapshot device's name or WxH in points).
        func options(device: String, imageDelay: Double = 0) -> DeliveryOptions {
            let phone = PictureDevice(parsing: device) ?? PictureDevice.default
            return DeliveryOptions(extensionCategories: extensionCategories.isEmpty ? DeliveryOptions.defaultCategories : extensionCategories,
                                   allowHTTP: allowHttp, hasServiceExtension: !noServiceExtension,
                                   language: language.map { $0.replacingOccurrences(of: "_", with: "-") },
                                   deviceName: device, deviceWidth: phone.width, imageDelay: imageDelay)
        }
    }

    var values: Values {
        Values(extensionCategories: extensionCategories, allowHttp: allowHttp, noServiceExtension: noServiceExtension, language: language)
    }

    func validate() throws { try values.validate() }

    /// The options for a device called `device` (a snapshot device's name or WxH in points).
    func options(device: String, imageDelay: Double = 0) -> DeliveryOptions { values.options(device: device, imageDelay: imageDelay) }

    /// `--device`'s check, shared by the commands that take it beside these options.
    static func validateDevice(_ device: String) throws {
        guard PictureDevice(parsing: device) != nil else {
            throw ValidationError("--device must be one of \(PictureDevice.names), or WxH in points from 200x300 to 2000x3000 (got '\(device)')")
        }
    }
}
