// The `pushsim` command: subcommands for each experience; no arguments opens the interactive home screen.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles
import PushSimTerminal

@main
struct PushSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pushsim",
        abstract: "Preview Pushwoosh iOS SDK notification experiences in a terminal.",
        discussion: """
        pushsim plays push stories, walks the push primer, shows InboxKit feeds and drops in-app banners \
        exactly as the Pushwoosh iOS SDK does, in a terminal or headless on a simulated clock. It follows SDK \
        \(SDKVersion.newest) by default; --sdk picks an older release (\(SDKVersion.knownList)) where the rules \
        differ. Where the SDK does something surprising, pushsim does the same: `stories`, `primer` and `inbox` \
        --help list them.
        """,
        version: "\(PushSimVersion.current) (Pushwoosh iOS SDK \(SDKVersion.newest) by default; --sdk \(SDKVersion.knownList))",
        subcommands: CommandRegistry.all,
        defaultSubcommand: HomeCommand.self
    )

    static func main() {
        ServerExecutable.takeName()
        // Before anything opens a file: a closed standard descriptor would be handed to the next file opened.
        InputFile.reserveStandardDescriptors()
        // `pushsim stories FILE --pixels …`: the first picture decodes on another core while the arguments parse.
        EarlyPicture.start()
        // Whatever path ends the process: what `print` buffered must reach standard output, or the status says it
        // did not (`pushsim validate … > /dev/full` exited 0 with nothing written).
        atexit {
            guard let failure = StandardOutput.flush() else { return }
            ReplacingFile.abandonAll()
            StandardStreams.error("pushsim: \(failure.message)\n")
            _exit(1)
        }
        // `pushsim stories FILE` in its plain form runs from values read without the parse (`StoriesFastStart`).
        StoriesFastStart.runIfPlain()
        // swift-argument-parser's own `main` prints its errors as they are: a value such as `--duration $'\e]0;x'`
        // reached the terminal raw. The same steps, with the message escaped on the way out.
        do {
            var command = try ValidateCommand.parseLongFileList()
                ?? SubcommandParse.command(Array(CommandLine.arguments.dropFirst())) ?? parseAsRoot(nil)
            OutputOverlapCheck.check(command)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { print(message) } else { StandardStreams.error(message + "\n") }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
