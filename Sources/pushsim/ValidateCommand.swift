// `pushsim validate FILE...`: lint stories payloads, inbox feeds, primer configs and in-app banners, and report
// every finding with its file and JSON path.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimPicture

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check payloads (stories, inbox feeds, primer configs, in-app banners, native in-app configs and ZIPs); exit 1 on an error, 2 when a file is not JSON.",
        discussion: """
        Each file's kind is told from its shape (pw_stories or a pages block: stories; response.messages, an array \
        of messages, pw_inbox pushes or a createMessage request with inbox_image/inbox_date/inbox_days: inbox; \
        builder setter names: primer; title/body with link, duration or id: banner; displayType: a native in-app \
        config, and a campaign resource ZIP holding native-config.json), or forced with --kind. A \
        createMessage request with both pw_stories and inbox keys is checked as both.

        Errors mean the device would not show the experience as written (no valid story page, every inbox message \
        skipped, a primer config `pushsim primer` refuses, a banner without a title or body). Warnings are what \
        the SDK drops, degrades or ignores: a dropped page or button, a card shown as another kind, an expired \
        message, an unsafe link, a setting the chosen style ignores, a missing local image. Inbox findings follow the \
        SDK release --sdk names, and say where another release shows the message differently.

        A stories push is also checked on its way to the SDK: over 4096 bytes as APNs counts them (compact UTF-8 JSON; \
        a createMessage request's built userInfo is a lower bound) or an aps that is not a dictionary is an error; an \
        aps.category no content extension claims (--extension-category, default PW_STORIES) is an error, since iOS \
        shows its own expanded notification; an http: page image is refused by App Transport Security (an error when \
        no page would show its picture, else a warning; --allow-http); a missing mutable-content is a warning (no \
        service extension, nothing pre-cached); a title or body cut on --device (default iphone-15) is a warning \
        saying how many characters show.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit, github, sarif
    }

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case auto, stories, inbox, primer, banner, inapp
    }

    @Argument(help: ArgumentHelp("Payload files ('-' = standard input) or folders (their .json and .zip files).", valueName: "file"))
    var files: [String]

    @Option(help: "Output format: text, json, junit, github (GitHub Actions annotations) or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @OptionGroup(title: "CI") var ci: ValidateCIOptions

    @Option(help: "What the files are: auto (told from each file's shape), stories, inbox, primer, banner or inapp (a native in-app config).")
    var kind: Kind = .auto

    @Option(help: ArgumentHelp("The current time for inbox expiry, ISO 8601 (default: now).", valueName: "date"))
    var now: String?

    @OptionGroup var sdk: SDKOptions

    @Option(help: ArgumentHelp("The phone whose width cuts a stories push's collapsed notification: \(Phone.helpList)", valueName: "name|WxH"),
            completion: .list(Phone.known.map(\.name)))
    var device: String = DeliveryOptions.defaultDevice.name

    @OptionGroup(title: "Delivery (stories pushes)") var delivery: DeliveryOptionGroup
    @OptionGroup(title: "Personalisation") var personalization: PersonalizationOptions

    func validate() throws {
        try DeliveryOptionGroup.validateDevice(device)
        if let n = now, ISODate.parse(n) == nil {
            throw ValidationError("--now must be an ISO 8601 date such as 2026-11-23T09:30:00Z (got '\(n)')")
        }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be given once") }
    }

    /// `pushsim validate` with thousands of files (a shell glob): parsed with the file names set aside, then put back
    /// and checked again (`LongFileList`). nil for any other command line, which is parsed as it is.
    static func parseLongFileList(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws -> ParsableCommand? {
        guard arguments.first == configuration.commandName, let long = LongFileList.shorten(arguments) else { return nil }
        let parsed = try PushSim.parseAsRoot(long.shortened)
        guard var command = parsed as? ValidateCommand else { return parsed }
        command.files = long.restore(command.files)
        do {
            try command.validate()
        } catch {
            // The whole line through the parser, so the refusal comes with validate's usage as it always does.
            return try PushSim.parseAsRoot(arguments)
        }
        return command
    }

    func run() throws {
        var options = PayloadValidation.Options(kind: kind == .auto ? nil : PayloadKind(rawValue: kind.rawValue),
                                                now: now.flatMap(ISODate.parse), sdk: sdk.version,
                                                delivery: delivery.options(device: device))
        // The spin wheel's labels are measured in the font the picture layer draws them in.
        options.wheelLabelWidth = { InAppWheelLabelMeasure.width($0) }
        if !personalization.tagFiles.isEmpty {
            do { options.devices = try personalization.input(language: delivery.language, phone: device, ios: sdk.iosText).devices } catch { fail(error) }
        }
        let (reports, skipped) = ci.check(files, options: options)
        switch format {
        case .text: print(PayloadValidation.text(reports, skipped: skipped), terminator: "")
        case .json: print(PayloadValidation.json(reports), terminator: "")
        case .junit: print(PayloadValidation.junit(reports), terminator: "")
        case .github: print(PayloadValidation.github(reports, skipped: skipped), terminator: "")
        case .sarif: print(PayloadValidation.sarif(reports), terminator: "")
        }
        if [.json, .junit, .sarif].contains(format) { ci.noteSkipped(skipped) }
        let status = PayloadValidation.exitStatus(reports, strict: ci.strict)
        if status != 0 { throw ExitCode(status) }
    }
}
