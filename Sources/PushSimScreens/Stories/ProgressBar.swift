// The stories progress bar: one segment per page with gaps, filled with eighth blocks for sub-cell precision.

public enum ProgressBar {
    /// Left-aligned partial blocks for 1…7 eighths of a cell.
    public static let eighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    public static let full = "█"
    public static let track = "─"

    /// Cell ranges of `count` segments across `width` cells with a one-cell gap between them; nil when each
    /// segment cannot get at least one cell (the bar is then drawn as one continuous bar).
    public static func segments(count: Int, width: Int) -> [Range<Int>]? {
        guard count > 0 else { return [] }
        let gaps = count - 1
        let usable = width - gaps
        guard usable >= count else { return nil }
        var out: [Range<Int>] = []
        var x = 0
        for i in 0..<count {
            // Spread the remainder so segments differ by at most one cell.
            let w = usable * (i + 1) / count - usable * i / count
            out.append(x..<(x + w))
            x += w + 1
        }
        return out
    }

    /// How many eighths of a cell the active page spans: its segment, or its share of the continuous bar.
    public static func eighthsSpan(count: Int, width: Int, index: Int) -> Double {
        guard count > 0, width > 0 else { return 0 }
        if let segs = segments(count: count, width: width), segs.indices.contains(index) { return Double(segs[index].count * 8) }
        return Double(width * 8) / Double(count)
    }

    /// The bar's row is drawn on the terminal's own background and the fill in its own foreground (white on a dark
    /// terminal): a cell in the default colours and no attributes is what ncurses resets to after every update, so a
    /// bar step — one cell changing while a page plays, about ten times a second — is sent as a cursor move and the
    /// glyph alone, with no colour set and reset around it (about 4 bytes instead of 40; issue 14).
    public static let fill = Color.default
    public static let background = Color.default

    /// Draw the bar on row `y` from `x` over `width` cells. `fractions` has one entry per page (0…1).
    /// The row is a band in the terminal's background so the thin track reads over any image.
    public static func draw(_ fractions: [Double], into canvas: inout Canvas, x: Int, y: Int, width: Int,
                            fill: Color = ProgressBar.fill, trackColor: Color = .rgb(150, 150, 150)) {
        guard width > 0, !fractions.isEmpty else { return }
        canvas.fill(Rect(x: x, y: y, width: width, height: 1), with: Cell(glyph: .space, bg: background))
        if let segs = segments(count: fractions.count, width: width) {
            for (i, r) in segs.enumerated() {
                drawSpan(fraction: fractions[i], into: &canvas, x: x + r.lowerBound, y: y, width: r.count, fill: fill, trackColor: trackColor)
            }
        } else {
            // Too many pages for one cell each: one bar showing overall progress.
            let total = fractions.reduce(0, +) / Double(fractions.count)
            drawSpan(fraction: total, into: &canvas, x: x, y: y, width: width, fill: fill, trackColor: trackColor)
        }
    }

    /// Full cells, then one partial eighth block, then track.
    static func drawSpan(fraction: Double, into canvas: inout Canvas, x: Int, y: Int, width: Int, fill: Color, trackColor: Color) {
        let f = min(max(fraction.isFinite ? fraction : 0, 0), 1)
        let totalEighths = Int((f * Double(width * 8)).rounded(.down))
        let fullCells = totalEighths / 8
        let rem = totalEighths % 8
        for k in 0..<width {
            guard canvas.contains(x: x + k, y: y) else { continue }
            var cell = canvas[x + k, y]
            if k < fullCells {
                cell.grapheme = full
                cell.fg = fill
            } else if k == fullCells && rem > 0 {
                cell.grapheme = eighths[rem - 1]
                cell.fg = fill
            } else {
                cell.grapheme = track
                cell.fg = trackColor
            }
            canvas[x + k, y] = cell
        }
    }
}
