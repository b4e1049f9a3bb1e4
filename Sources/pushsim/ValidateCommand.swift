// `pushsim validate FILE...`: lint stories payloads and report every finding with its file and JSON path.

import ArgumentParser
import PushSimApp

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check stories payloads; exit 1 when any has an error, 2 when a file cannot be read as JSON.",
        discussion: """
        A payload with no valid page is an error (the device shows the plain notification instead); a dropped \
        page, a clamped duration, a hidden button or a missing local image is a warning.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit
    }

    @Argument(help: ArgumentHelp("Payload files ('-' = standard input).", valueName: "file"))
    var files: [String]

    @Option(help: "Output format: text, json or junit.")
    var format: Format = .text

    func run() throws {
        let reports = files.map(StoriesValidation.check)
        switch format {
        case .text: print(StoriesValidation.text(reports), terminator: "")
        case .json: print(StoriesValidation.json(reports), terminator: "")
        case .junit: print(StoriesValidation.junit(reports), terminator: "")
        }
        let status = StoriesValidation.exitStatus(reports)
        if status != 0 { throw ExitCode(status) }
    }
}
