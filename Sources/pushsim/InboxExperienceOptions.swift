// What decides an inbox run's screen (the feed files, the simulated time, InboxKit's attributes, the store and the
// script, image downloads): the options `pushsim inbox` and `pushsim snapshot inbox` share.

import ArgumentParser
import Foundation
import PushSimEngine

struct InboxExperienceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Inbox feed files ('-' = standard input).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The simulated current time, ISO 8601 (default: now).", valueName: "date"))
    var now: String?

    @OptionGroup(title: "InboxKit attributes") var look: InboxAttributeOptions

    @OptionGroup var sdk: SDKOptions
    @OptionGroup(title: "Personalisation") var personalization: PersonalizationOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var script: ScriptOptions

    func validate() throws {
        if let n = now, ISODate.parse(n) == nil {
            throw ValidationError("--now must be an ISO 8601 date such as 2026-11-23T09:30:00Z (got '\(n)')")
        }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be given once") }
    }

    var attributes: InboxAttributes {
        var a = look.attributes
        a.sdk = sdk.version
        a.ios = sdk.ios
        return a
    }

    /// `--now`, else the real time.
    var date: Date { now.flatMap(ISODate.parse) ?? Date() }
}
