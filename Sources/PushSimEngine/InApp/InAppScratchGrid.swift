// The scratch card's coverage, measured as the SDK measures it (`PWScratchMaskView`): a 16 × 10 grid over the scratch
// area, a 46 pt brush, a sample every 46 × 0.4 = 18.4 pt along each move, all in points on the device.

public enum InAppScratchGrid {
    public static let brush = 46.0
    public static let sampleStep = brush * 0.4

    /// A Double truncated toward zero (as the SDK's `Int(_:)`), saturating instead of trapping on huge values.
    static func cell(_ d: Double) -> Int {
        if d.isNaN { return 0 }
        if d >= 9.0e18 { return .max }
        if d <= -9.0e18 { return .min }
        return Int(d)
    }

    /// The scratch area on `screen` (`PWScratchCardInAppView`): the card is the screen width − 2 × 28, at most 400;
    /// the area is the stack's width (card − 2 × 24) and 0.62 of that high.
    public static func areaSize(on screen: InAppSize) -> InAppSize {
        let card = min(screen.width - 56, 400)
        let w = max(1, card - 48)
        return InAppSize(width: w, height: w * 0.62)
    }

    /// Mark every cell the brush's square (side 46) centred on `p` touches (`markGrid`).
    public static func mark(_ grid: inout [Bool], at p: InAppPoint, area: InAppSize) {
        let cols = InAppScratchState.columns, rows = InAppScratchState.rows
        let cw = area.width / Double(cols), ch = area.height / Double(rows), r = brush / 2
        // Swift's Int(_:) truncates toward zero, as the SDK's does: a square poking past the top-left edge starts at 0.
        let minCol = max(0, cell((p.x - r) / cw)), maxCol = min(cols - 1, cell((p.x + r) / cw))
        let minRow = max(0, cell((p.y - r) / ch)), maxRow = min(rows - 1, cell((p.y + r) / ch))
        guard minCol <= maxCol, minRow <= maxRow else { return }
        for row in minRow...maxRow { for col in minCol...maxCol { grid[row * cols + col] = true } }
    }

    /// A move from `last` to `p` (`continueStroke`): samples at t = k / n for k = 1…n, n = max(1, ⌊distance / 18.4⌋).
    public static func move(_ grid: inout [Bool], from last: InAppPoint, to p: InAppPoint, area: InAppSize) {
        let d = ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot()
        let steps = max(1, cell(d / sampleStep))
        for k in 1...steps {
            let t = Double(k) / Double(steps)
            mark(&grid, at: InAppPoint(x: last.x + (p.x - last.x) * t, y: last.y + (p.y - last.y) * t), area: area)
        }
    }
}

