// The SDK's close chip (`makeCloseButton`): a 34 pt glass circle with a 40 % black scrim and a white ✕.

enum InAppCloseChip {
    static let width = 3

    /// Draw the chip with its right edge at `right` (exclusive) on row `y`; returns its cells (the hit area).
    @discardableResult
    static func draw(right: Int, y: Int, on layer: inout InAppLayer, plain: Bool = false) -> Rect {
        let r = Rect(x: right - width, y: y, width: width, height: 1)
        guard layer.canvas.contains(x: r.x, y: y), layer.canvas.contains(x: r.maxX - 1, y: y) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        for x in r.x..<r.maxX {
            let under = layer.canvas[x, y].bg
            // The banner's close is a plain ✕ at white 60 %, not the chip.
            let bg = plain ? under : under.darkened(InAppPaint.chipShade)
            layer.canvas[x, y] = Cell(x == r.x + 1 ? "✕" : " ", fg: plain ? Color.white.withAlpha(0.6, over: under) : .white,
                                      bg: bg, attrs: plain ? [] : .bold)
        }
        return r
    }
}
