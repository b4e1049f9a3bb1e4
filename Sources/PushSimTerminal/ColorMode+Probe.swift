// What the terminal can draw, asked of terminfo before the screen starts, so images are rendered for it.

import CNcursesw
import Foundation

extension ColorMode {
    /// The mode `term` (nil: `$TERM`) will be drawn in, by the same rules as the running driver (`NO_COLOR`,
    /// `PUSHSIM_COLORS`, the terminfo colour count); nil when terminfo does not know the terminal.
    public static func probe(term: String? = nil, environment: [String: String]) -> ColorMode? {
        let n = ByteInputDecoder.ncurses.withLock {
            term.map { t in t.withCString { pushsim_probe_colors($0) } } ?? pushsim_probe_colors(nil)
        }
        guard n >= 0 else { return nil }
        return detect(environment: environment, hasColors: n > 0, colors: Int(n))
    }

    /// The colour count to render images with: none without colour (a vt100, `NO_COLOR`), so a picture is drawn
    /// with symbols alone instead of colour cells the terminal would show as uniform blocks.
    public var imageColors: Int {
        switch self {
        case .none, .monochrome: return 0
        case .ansi8: return 8
        case .ansi256: return 256
        }
    }
}
