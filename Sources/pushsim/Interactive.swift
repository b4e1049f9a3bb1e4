// Runs a scene in the real terminal. Owned by the terminal front end; commands call only `runInteractive`.

import ArgumentParser
import PushSimApp
import PushSimScreens

/// Options every interactive command shares.
struct InteractiveOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write an asciicast v2 recording of what the terminal was sent.", valueName: "file.cast"))
    var record: String?
}

/// Run `scene` until it exits, restoring the terminal on every path; exits the process with the scene's status.
func runInteractive(_ scene: Scene, options: InteractiveOptions) -> Never {
    fail(UserError("the interactive terminal front end is not part of this build yet; use --headless"))
}
