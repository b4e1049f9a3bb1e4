// Options for how pictures are drawn in terminal cells (the terminal's side: a `snapshot` draws real pixels).

import ArgumentParser
import Foundation
import PushSimApp
import PushSimMedia

// The options themselves (--symbols, --colors) are TerminalOptions' own (TerminalOptions.swift).

extension TerminalOptions.Values {
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
    func imageSource(payload file: String, appGroup: String?, headless: Bool, fetch: FetchOptions.Values) -> MediaImageSource {
        MediaImageSource(payloadFolder: MediaImageSource.folder(of: file), appGroup: appGroup,
                         mode: headless ? .synchronous : .background, colorMode: colorMode(headless: headless),
                         symbols: (try? symbolSet()) ?? .halfBlocks, fetch: fetch.limits)
    }
}

extension TerminalOptions {
    func symbolSet() throws -> SymbolSet { try values.symbolSet() }

    /// `--colors`, else what the terminal draws (interactive) or the environment says (headless).
    func colorMode(headless: Bool) -> ColorMode { values.colorMode(headless: headless) }

    /// The image source for a payload at `file`: synchronous when headless so runs are deterministic.
    func imageSource(payload file: String, appGroup: String?, headless: Bool, fetch: FetchOptions) -> MediaImageSource {
        values.imageSource(payload: file, appGroup: appGroup, headless: headless, fetch: fetch.values)
    }
}
