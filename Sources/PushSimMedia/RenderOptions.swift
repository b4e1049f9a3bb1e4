// How images become cells: the colour mode (truecolor, 256, 8, monochrome) and chafa's symbol set.

import CImaging
import Foundation
import PushSimCanvas

public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (`COLORTERM=truecolor`): cells carry `Color.rgb`.
    case truecolor
    /// The 240 colours of the xterm cube and grey ramp (indices 16–255, which every 256-colour terminal agrees
    /// on; 0–15 follow the user's theme), matched in the DIN99d colour space.
    case indexed256 = "256"
    /// The 8 ANSI colours (0–7), for 8-colour terminals.
    case indexed8 = "8"
    /// No colour (`NO_COLOR`, monochrome terminals): the shape is carried by the symbols alone.
    case monochrome = "mono"

    /// From the environment, as terminal programs conventionally decide: `NO_COLOR` wins, then a terminal without
    /// colour, then `COLORTERM=truecolor|24bit`, then the terminal's colour count (from terminfo when known, else `TERM`).
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment, terminalColors: Int? = nil) -> ColorMode {
        if let n = environment["NO_COLOR"], !n.isEmpty { return .monochrome }
        // A terminal that draws no colour (TERM=vt100) gets symbols only, whatever COLORTERM claims: colour cells
        // would reach the screen as uniform ▀ noise.
        if let colors = terminalColors, colors < 8 { return .monochrome }
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if let colors = terminalColors {
            return colors >= 256 ? .indexed256 : colors >= 8 ? .indexed8 : .monochrome
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term.contains("256color") || term.contains("direct") { return .indexed256 }
        if term == "dumb" { return .monochrome }
        return .indexed8
    }

    /// Accepts `truecolor`, `256`, `8`, `mono` (and `monochrome`, `24bit`).
    public init?(parsing s: String) {
        switch s.lowercased() {
        case "truecolor", "24bit", "rgb": self = .truecolor
        case "256": self = .indexed256
        case "8", "16": self = .indexed8
        case "mono", "monochrome", "none", "2": self = .monochrome
        default: return nil
        }
    }
}

/// chafa symbol selectors. The default, upper/lower half blocks with space and solid (chafa's `vhalf`: ▀ ▄), gives
/// each cell exactly its two pixels' colours; richer sets add detail at the cost of colour accuracy.
public struct SymbolSet: Sendable, Hashable, CustomStringConvertible {
    /// What chafa's `chafa_symbol_map_apply_selectors` receives, e.g. `block+border+space`.
    public let selectors: String

    public static let halfBlocks = SymbolSet(checked: "space+solid+vhalf")

    private init(checked: String) { selectors = checked }

    /// Named presets (`half`, `block`, `border`, `braille`, `ascii`, `all`) or any chafa selector string
    /// (`block+border-diagonal`); an unknown tag is refused with chafa's own explanation.
    public init(parsing s: String) throws(LoadFailure) {
        let presets = [
            "half": SymbolSet.halfBlocks.selectors,
            "default": SymbolSet.halfBlocks.selectors,
            "block": "space+solid+block",
            "border": "space+solid+block+border",
            "braille": "space+braille",
            "ascii": "ascii",
            "all": "all",
        ]
        // A preset is known to be valid: checking it would initialise chafa's symbol tables, which the default
        // half-block route (CellRenderer) never needs otherwise.
        if let preset = presets[s.lowercased()] {
            selectors = preset
            return
        }
        let sel = s
        let map = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(map) }
        var err: UnsafeMutablePointer<GError>?
        if chafa_symbol_map_apply_selectors(map, sel, &err) == 0 {
            let why = err.flatMap { e -> String? in defer { g_error_free(e) }; return e.pointee.message.map { String(cString: $0) } }
            var reason = why ?? "unknown tag"
            while reason.hasSuffix(".") { reason.removeLast() }
            if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
            throw LoadFailure("'\(s)' is not a symbol set (\(reason)); use half, block, border, braille, ascii, all or chafa selectors such as block+border")
        }
        selectors = sel
    }

    public var description: String { selectors }
}

public struct RenderOptions: Sendable, Hashable {
    public var colorMode: ColorMode
    public var symbols: SymbolSet
    /// Diffusion dithering changes with the size, so it is off unless asked for (and never in snapshot tests).
    public var dither: Bool

    public init(colorMode: ColorMode = .indexed256, symbols: SymbolSet = .halfBlocks, dither: Bool = false) {
        self.colorMode = colorMode
        self.symbols = symbols
        self.dither = dither
    }
}

/// The centre crop that fills a target area at its aspect ratio, like UIImageView's scaleAspectFill.
public struct CropRect: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int

    /// A cell is one pixel wide and two high (half blocks), so `cells` columns × rows wants a
    /// `columns : 2 × rows` region of the image.
    public static func aspectFill(imageWidth: Int, imageHeight: Int, cells: Size) -> CropRect {
        let tw = Double(max(1, cells.width)), th = Double(max(1, cells.height) * 2)
        let iw = Double(imageWidth), ih = Double(imageHeight)
        if iw / ih > tw / th {
            let w = max(1, min(imageWidth, Int((ih * tw / th).rounded())))
            return CropRect(x: (imageWidth - w) / 2, y: 0, width: w, height: imageHeight)
        } else {
            let h = max(1, min(imageHeight, Int((iw * th / tw).rounded())))
            return CropRect(x: 0, y: (imageHeight - h) / 2, width: imageWidth, height: h)
        }
    }
}
