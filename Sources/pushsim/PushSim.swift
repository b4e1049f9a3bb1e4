// The `pushsim` command: subcommands for each experience; no arguments opens the interactive home screen.

import ArgumentParser
import PushSimApp
import PushSimEngine

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
        // Before anything opens a file: a closed standard descriptor would be handed to the next file opened.
        InputFile.reserveStandardDescriptors()
        main(nil)
    }
}
