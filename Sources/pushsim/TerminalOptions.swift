// The options of an experience command that only matter in a terminal (or its text frames): how the run is shown,
// not what is on the phone's screen, so `pushsim snapshot` does not take them.

import ArgumentParser
import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens

/// The headless options (the contract's headless table: --headless, --size, --frames; what they do is in
/// TerminalOptions+Headless.swift) and the picture's cells (--symbols, --colors; TerminalOptions+Media.swift) are this
/// group's own properties, not groups of their own: swift-argument-parser reflects on each option group of a command as
/// it parses (about five protocol-conformance scans of the static binary a group), so each group less is about 3.5 M instructions off every
/// experience command's start (docs/performance.md). Their order is their order in `--help`.
struct TerminalOptions: ParsableArguments {
    @Flag(help: "Run without a terminal: play --script on a simulated clock starting at 0, then exit.")
    var headless = false

    @Option(help: ArgumentHelp("Screen size in cells, WxH.", valueName: "WxH"))
    var size: String = "80x24"

    @Option(help: ArgumentHelp("Write the screen as text after every step ('-' = standard output).", valueName: "path"))
    var frames: String?

    @Option(help: ArgumentHelp("Image symbols: half (default: exact colours), block, border, braille, ascii, all, or chafa selectors such as block+border.", valueName: "set"),
            completion: .list(["half", "block", "border", "braille", "ascii", "all"]))
    var symbols: String = "half"

    @Option(help: ArgumentHelp("Image colours: truecolor, 256, 8 or mono (default: from NO_COLOR, COLORTERM and TERM).", valueName: "mode"),
            completion: .list(["truecolor", "256", "8", "mono"]))
    var colors: String?

    @OptionGroup var interactive: InteractiveOptions

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`). What they do
    /// is the values' (here, TerminalOptions+Media.swift and TerminalOptions+Headless.swift); the options forward.
    struct Values: Equatable {
        var headless = false
        var size: String = "80x24"
        var frames: String?
        var symbols: String = "half"
        var colors: String?
        var interactive = InteractiveOptions.Values()

        func validate() throws {
            guard Size(parsing: size) != nil else {
                throw ValidationError("--size must be WxH with whole numbers from 1 to 1000, such as 80x24 (got '\(size)')")
            }
            _ = try symbolSet()
            if let colors, ColorMode(parsing: colors) == nil {
                throw ValidationError("--colors must be truecolor, 256, 8 or mono (got '\(colors)')")
            }
        }

        /// The image source for a payload at `file`, drawn in cells for this terminal (or headless frames).
        func imageSource(payload file: String, appGroup: String?, fetch: FetchOptions.Values) -> MediaImageSource {
            imageSource(payload: file, appGroup: appGroup, headless: headless, fetch: fetch)
        }
    }

    var values: Values {
        Values(headless: headless, size: size, frames: frames, symbols: symbols, colors: colors, interactive: interactive.values)
    }

    func validate() throws { try values.validate() }

    /// The image source for a payload at `file`, drawn in cells for this terminal (or headless frames).
    func imageSource(payload file: String, appGroup: String?, fetch: FetchOptions) -> MediaImageSource {
        values.imageSource(payload: file, appGroup: appGroup, fetch: fetch.values)
    }
}
