// Runs a scene in the real terminal. Owned by the terminal front end; commands call only `runInteractive`.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimMedia
import PushSimScreens
import PushSimTerminal

/// Options every interactive command shares.
struct InteractiveOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write an asciicast v2 recording of what the terminal was sent.", valueName: "file.cast"))
    var record: String?

    @Option(help: ArgumentHelp("""
        Show pictures as real pixels: auto (detect the terminal: kitty, iTerm2, sixel, else cells), kitty, iterm, \
        sixel, or off (cells).
        """, valueName: "auto|kitty|iterm|sixel|off"), completion: .list(["auto", "kitty", "iterm", "sixel", "off"]))
    var pixels: String = "auto"

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`).
    struct Values: Equatable {
        var record: String?
        var pixels: String = "auto"

        func validate() throws {
            guard PixelSetting(rawValue: pixels.lowercased()) != nil else {
                throw ValidationError("--pixels must be auto, kitty, iterm, sixel or off (got '\(pixels)')")
            }
        }
    }

    var values: Values { Values(record: record, pixels: pixels) }

    func validate() throws { try values.validate() }
}

/// Run `scene` until it exits, restoring the terminal on every path; exits the process with the scene's status.
/// `afterwards` runs once the terminal is restored, before the exit: what it writes to standard error stays on screen.
func runInteractive(_ scene: Scene, options: InteractiveOptions, afterwards: () -> Void = {}) -> Never {
    runInteractive(scene, options: options.values, afterwards: afterwards)
}

/// `runInteractive` with the options' values.
func runInteractive(_ scene: Scene, options: InteractiveOptions.Values, afterwards: () -> Void = {}) -> Never {
    // A frame drawn beside a CPU-bound job runs as soon as it is due, not after the job's slice (the share is the same).
    PlainThread.requestInteractiveSlice()
    do {
        let env = ProcessInfo.processInfo.environment
        let setting = PixelSetting(rawValue: options.pixels.lowercased()) ?? .auto
        var terminal = Terminal.Options(
            recordPath: options.record, environment: env, pixels: setting,
            chafaPixelHint: setting == .auto ? PixelRenderer.chafaHint(environment: env) : [],
            wakeDescriptors: MediaImageSource.arrivals.map { [$0.descriptor] } ?? [])
        terminal.earlyDecode = { EarlyDecode.shared.outcome.rawValue }
        terminal.start = StoriesFastStart.taken ? "plain" : "parsed"
        let status = try Terminal.run(scene, options: terminal)
        afterwards()
        exit(status)
    } catch {
        afterwards()
        fail(UserError(error.message))
    }
}

/// How many colours the terminal on standard output draws (0 for a vt100), from terminfo before the screen starts, so
/// images are rendered for it; nil when standard output is not a terminal or terminfo does not know it.
func terminalImageColors() -> Int? {
    guard isatty(STDOUT_FILENO) != 0 else { return nil }
    return ColorMode.probe(environment: ProcessInfo.processInfo.environment)?.imageColors
}
