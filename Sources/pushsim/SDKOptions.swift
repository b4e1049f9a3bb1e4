// `--sdk VERSION` and `--ios N`: the Pushwoosh iOS SDK release whose behaviour to follow and the iOS release the phone
// runs, shared by every experience command, its snapshot, and validate.

import ArgumentParser
import PushSimApp
import PushSimEngine

struct SDKOptions: ParsableArguments {
    @Option(name: .customLong("sdk"),
            help: ArgumentHelp("The Pushwoosh iOS SDK release whose behaviour to follow (known: \(SDKVersion.knownList)). 7.1.3 keeps the rules from before the 7.2 InboxKit changes.",
                               valueName: "version"),
            completion: .list(SDKVersion.known.map(\.description)))
    var text: String = SDKVersion.newest.description

    @Option(name: .customLong("ios"),
            help: ArgumentHelp("The iOS release the phone runs: \(IOSVersion.knownList) (27 draws as 26). 26 and later draw the system's notifications and alerts in Liquid Glass and take the SDK's run-time iOS 26 branches; 18 keeps the earlier design.",
                               valueName: "18|26|27"))
    var iosText: String = IOSVersion.default.description

    @Flag(name: .customLong("app-compat"),
          help: "The app sets UIDesignRequiresCompatibility: its own alerts (the primer's alert style) keep the pre-iOS 26 design; the system's notifications and permission prompt do not.")
    var appCompat = false

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`).
    struct Values: Equatable {
        var text: String = SDKVersion.newest.description
        var iosText: String = IOSVersion.default.description
        var appCompat = false

        /// The sentence (exit 2) for a release pushsim does not know.
        func validate() throws(UserError) {
            if SDKVersion(text) == nil { throw UserError(SDKVersion.unknownMessage(text), exitCode: 2) }
            if IOSVersion(iosText) == nil { throw UserError(IOSVersion.unknownMessage(iosText), exitCode: 2) }
        }

        /// The chosen iOS release (validated).
        var ios: IOSVersion { IOSVersion(iosText) ?? .default }

        /// The chosen release (validated).
        var version: SDKVersion { SDKVersion(text) ?? .newest }
    }

    var values: Values { Values(text: text, iosText: iosText, appCompat: appCompat) }

    func validate() throws {
        // One line and exit 2, like an unreadable file: the version is input the run cannot start without.
        do { try values.validate() } catch { fail(error) }
    }

    /// The chosen iOS release (validated).
    var ios: IOSVersion { values.ios }

    /// The chosen release (validated).
    var version: SDKVersion { values.version }
}
