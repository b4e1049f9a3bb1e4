// `--sdk VERSION`: the Pushwoosh iOS SDK release whose behaviour to follow, shared by every experience command,
// its snapshot, and validate.

import ArgumentParser
import PushSimApp
import PushSimEngine

struct SDKOptions: ParsableArguments {
    @Option(name: .customLong("sdk"),
            help: ArgumentHelp("The Pushwoosh iOS SDK release whose behaviour to follow (known: \(SDKVersion.knownList)). 7.1.3 keeps the rules from before the 7.2 InboxKit changes.",
                               valueName: "version"),
            completion: .list(SDKVersion.known.map(\.description)))
    var text: String = SDKVersion.newest.description

    func validate() throws {
        // One line and exit 2, like an unreadable file: the version is input the run cannot start without.
        if SDKVersion(text) == nil { fail(UserError(SDKVersion.unknownMessage(text), exitCode: 2)) }
    }

    /// The chosen release (validated).
    var version: SDKVersion { SDKVersion(text) ?? .newest }
}
