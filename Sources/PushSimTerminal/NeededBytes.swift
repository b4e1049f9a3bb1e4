// An estimate of the fewest bytes a terminal needs for a frame's changed cells, to judge what ncurses really sends.

import PushSimScreens

/// Counts, for changed cells in row-major order: a cursor move whenever a cell is not where the last one ended,
/// an SGR sequence whenever the colours or attributes change, and the grapheme's UTF-8 bytes. `bare` leaves the SGR
/// out: the floor any terminal program pays (where to write, what to write), which the bench judges bytes against.
struct NeededBytes {
    let mode: ColorMode
    private(set) var bytes = 0
    private(set) var bare = 0
    private(set) var cells = 0
    private var cursor: (x: Int, y: Int)? = nil
    private var style: (fg: Int32, bg: Int32, attrs: Attributes)? = nil

    init(mode: ColorMode) { self.mode = mode }

    mutating func add(_ cell: Cell, x: Int, y: Int) {
        cells += 1
        if cursor == nil || cursor! != (x, y) {
            let move = 4 + String(y + 1).utf8.count + String(x + 1).utf8.count // ESC [ row ; col H
            bytes += move
            bare += move
        }
        let s = (mode.index(of: cell.fg), mode.index(of: cell.bg), mode.attributes(for: cell))
        if style == nil || style!.fg != s.0 || style!.bg != s.1 || style!.attrs != s.2 {
            var sgr = 3 // ESC [ ... m with a reset 0
            sgr += 2 * s.2.rawValue.nonzeroBitCount
            if s.0 >= 0 { sgr += 6 + String(s.0).utf8.count }
            if s.1 >= 0 { sgr += 6 + String(s.1).utf8.count }
            bytes += sgr
            style = s
        }
        bytes += cell.grapheme.utf8.count
        bare += cell.grapheme.utf8.count
        cursor = (x + max(1, TextWidth.of(cell.grapheme)), y)
    }
}
