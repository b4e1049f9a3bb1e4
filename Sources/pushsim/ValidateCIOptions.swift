// `pushsim validate`'s options for CI and hooks: `--strict` (warnings fail too), folders (`-r` for their whole
// tree) and `--skip-unknown` (a named JSON file that is no payload is skipped, as one found in a folder is).

import ArgumentParser
import PushSimApp
import PushSimFiles

struct ValidateCIOptions: ParsableArguments {
    @Flag(help: "Exit 1 when any warning is found, not only on errors.")
    var strict = false

    @Flag(name: [.customShort("r"), .long], help: "Check a folder's whole tree, not only the files directly in it.")
    var recursive = false

    @Flag(help: "Skip a named JSON file that is no payload (as one found in a folder is), counted on one line, instead of reporting it as an error: for a hook given every .json file.")
    var skipUnknown = false

    /// Each input checked: folders expanded, and the files that are no payload (found in a folder, or named with
    /// `--skip-unknown`) set aside by name rather than reported.
    func check(_ arguments: [String], options: PayloadValidation.Options) -> (reports: [PayloadValidation.FileReport], skipped: [String]) {
        var reports: [PayloadValidation.FileReport] = []
        var skipped: [String] = []
        for input in ValidationInput.expand(arguments, recursive: recursive) {
            let report = PayloadValidation.check(input.path, options: options)
            if report.unrecognised, input.found || skipUnknown { skipped.append(report.file) } else { reports.append(report) }
        }
        return (reports, skipped)
    }

    /// The skipped files' line on standard error, for the formats whose standard output is one document.
    func noteSkipped(_ skipped: [String]) {
        let line = PayloadValidation.skippedLine(skipped)
        if !line.isEmpty { StandardStreams.error(line) }
    }
}
