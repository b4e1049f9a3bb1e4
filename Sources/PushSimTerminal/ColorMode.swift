// How many colours the terminal shows, and how a screen's colours map onto them (pure, so it is unit-tested).

import PushSimScreens

/// The colour capability pushsim draws with.
public enum ColorMode: String, Sendable, CaseIterable {
    /// `NO_COLOR` is set: attributes only, emphasis by reverse video.
    case none
    /// A terminal without colours.
    case monochrome
    /// The 8 ANSI colours.
    case ansi8
    /// The xterm 256-colour palette.
    case ansi256

    /// The mode for an environment and what the terminal reports (`has_colors`, `COLORS`).
    /// `NO_COLOR` with any non-empty value wins (no-color.org); `PUSHSIM_COLORS` (none/mono/8/256) overrides for tests.
    public static func detect(environment: [String: String], hasColors: Bool, colors: Int) -> ColorMode {
        if let forced = environment["PUSHSIM_COLORS"] {
            switch forced {
            case "none": return .none
            case "mono", "monochrome": return .monochrome
            case "8": return .ansi8
            case "256": return .ansi256
            default: break
            }
        }
        if let v = environment["NO_COLOR"], !v.isEmpty { return .none }
        guard hasColors, colors >= 8 else { return .monochrome }
        return colors >= 256 ? .ansi256 : .ansi8
    }

    public var usesColor: Bool { self == .ansi8 || self == .ansi256 }

    /// The palette index for a colour in this mode; -1 is the terminal's default colour.
    public func index(of color: Color) -> Int32 {
        switch self {
        case .none, .monochrome:
            return -1
        case .ansi256:
            switch color {
            case .default: return -1
            case .indexed(let i): return Int32(i)
            case .rgb(let r, let g, let b): return Int32(Palette.nearest256(r, g, b))
            }
        case .ansi8:
            switch color {
            case .default: return -1
            case .indexed(let i) where i < 8: return Int32(i)
            case .indexed(let i) where i < 16: return Int32(i - 8)
            default:
                guard let c = color.rgbComponents else { return -1 }
                return Int32(Palette.nearest8(c.r, c.g, c.b))
            }
        }
    }

    /// Attributes to draw a cell with. Without colours, a light background means emphasis (a selected row,
    /// a button pill), so it becomes reverse video and the screen stays readable.
    public func attributes(for cell: Cell) -> Attributes {
        guard !usesColor else { return cell.attrs }
        var a = cell.attrs
        if let bg = cell.bg.rgbComponents, Palette.luma(bg.r, bg.g, bg.b) >= 128 {
            a.formSymmetricDifference(.reverse)
        }
        return a
    }
}
