// Options for how pictures are drawn in terminal cells (the terminal's side: a `snapshot` draws real pixels).

import ArgumentParser
import Foundation
import PushSimApp
import PushSimMedia

struct MediaOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Image symbols: half (default: exact colours), block, border, braille, ascii, all, or chafa selectors such as block+border.", valueName: "set"),
            completion: .list(["half", "block", "border", "braille", "ascii", "all"]))
    var symbols: String = "half"

    @Option(help: ArgumentHelp("Image colours: truecolor, 256, 8 or mono (default: from NO_COLOR, COLORTERM and TERM).", valueName: "mode"),
            completion: .list(["truecolor", "256", "8", "mono"]))
    var colors: String?

    func validate() throws {
        _ = try symbolSet()
        if let colors, ColorMode(parsing: colors) == nil {
            throw ValidationError("--colors must be truecolor, 256, 8 or mono (got '\(colors)')")
        }
    }

    func symbolSet() throws -> SymbolSet {
        do {
            return try SymbolSet(parsing: symbols)
        } catch {
            throw ValidationError("--symbols: \(error.reason)")
        }
    }

    /// `--colors`, else what the terminal draws (interactive) or the environment says (headless).
    func colorMode(headless: Bool) -> ColorMode {
        colors.flatMap(ColorMode.init(parsing:)) ?? ColorMode.detect(terminalColors: headless ? nil : terminalImageColors())
    }

    /// The image source for a payload at `file`: synchronous when headless so runs are deterministic.
    func imageSource(payload file: String, appGroup: String?, headless: Bool, fetch: FetchOptions) -> MediaImageSource {
        MediaImageSource(payloadFolder: MediaImageSource.folder(of: file), appGroup: appGroup,
                         mode: headless ? .synchronous : .background, colorMode: colorMode(headless: headless),
                         symbols: (try? symbolSet()) ?? .halfBlocks, fetch: fetch.limits)
    }
}
