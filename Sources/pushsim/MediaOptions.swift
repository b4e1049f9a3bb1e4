// Options for how images are fetched and drawn, shared by `stories` and `prefetch`.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimMedia

struct MediaOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Image symbols: half (default: exact colours), block, border, braille, ascii, all, or chafa selectors such as block+border.", valueName: "set"))
    var symbols: String = "half"

    @Option(help: ArgumentHelp("Image colours: truecolor, 256, 8 or mono (default: from NO_COLOR, COLORTERM and TERM).", valueName: "mode"))
    var colors: String?

    @Option(help: ArgumentHelp("Seconds to wait for an image server, connecting and in total.", valueName: "seconds"))
    var imageTimeout: Double = 10

    @Option(help: ArgumentHelp("Largest image download in MB.", valueName: "mb"))
    var imageMaxMb: Int = 20

    func validate() throws {
        _ = try symbolSet()
        if let colors, ColorMode(parsing: colors) == nil {
            throw ValidationError("--colors must be truecolor, 256, 8 or mono (got '\(colors)')")
        }
        guard imageTimeout.isFinite, imageTimeout > 0, imageTimeout <= 600 else {
            throw ValidationError("--image-timeout must be seconds from 0 to 600, such as 10 (got \(imageTimeout))")
        }
        guard (1...2048).contains(imageMaxMb) else {
            throw ValidationError("--image-max-mb must be from 1 to 2048 (got \(imageMaxMb))")
        }
    }

    func symbolSet() throws -> SymbolSet {
        do {
            return try SymbolSet(parsing: symbols)
        } catch {
            throw ValidationError("--symbols: \(error.reason)")
        }
    }

    var colorMode: ColorMode { colors.flatMap(ColorMode.init(parsing:)) ?? ColorMode.detect() }

    var fetchLimits: FetchLimits {
        FetchLimits(connectTimeout: imageTimeout, totalTimeout: imageTimeout, maxBytes: imageMaxMb * 1024 * 1024)
    }

    /// The image source for a payload at `file`: synchronous when headless so runs are deterministic.
    func imageSource(payload file: String, appGroup: String?, headless: Bool) -> MediaImageSource {
        MediaImageSource(payloadFolder: MediaImageSource.folder(of: file), appGroup: appGroup,
                         mode: headless ? .synchronous : .background, colorMode: colorMode,
                         symbols: (try? symbolSet()) ?? .halfBlocks, fetch: fetchLimits)
    }
}
