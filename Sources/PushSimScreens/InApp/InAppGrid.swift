// The simulated phone's points mapped onto the terminal's cells: the canvas (less its key-hints row) is the screen.

import PushSimEngine

/// Where the phone's screen sits on the canvas and how many points one cell stands for.
///
/// The terminal is the phone's screen: a column is `device width ÷ columns` points and a row `device height ÷ rows`
/// points, so a tap at 40 % across and 70 % down the terminal is a tap at 40 % and 70 % of the device, as the
/// headless steps measure it. Shapes the SDK keeps in proportion (the carousel's 1.32, the pip's aspect ratio, the
/// scratch area's 0.62, the round wheel) keep it in cells instead, where a cell is about twice as tall as wide.
public struct InAppGrid: Sendable, Equatable {
    /// The phone's screen in cells: the whole canvas but its last row, where the key hints stay.
    public var screen: Rect
    /// Below the status bar's row (the safe area's top).
    public var safe: Rect
    /// The device in points (`--device`).
    public var points: InAppSize

    public init(canvas size: Size, points: InAppSize = .iPhone15) {
        let h = size.height >= 6 ? size.height - 1 : size.height
        screen = Rect(x: 0, y: 0, width: size.width, height: max(0, h))
        safe = Rect(x: 0, y: min(1, screen.height), width: size.width, height: max(0, screen.height - 1))
        self.points = points
    }

    public var ptPerColumn: Double { points.width / Double(max(1, screen.width)) }
    public var ptPerRow: Double { points.height / Double(max(1, screen.height)) }

    /// Columns standing for `pt` points across (rounded).
    public func cols(_ pt: Double) -> Int { Self.whole(pt / ptPerColumn) }
    /// Rows standing for `pt` points down (rounded).
    public func rows(_ pt: Double) -> Int { Self.whole(pt / ptPerRow) }

    /// Rounded, and bounded so that no value (infinite, NaN, huge) can trap the conversion.
    static func whole(_ v: Double) -> Int { v.isFinite ? Int(min(max(v, -1e6), 1e6).rounded()) : 0 }

    /// The centre of cell (x, y) in device points.
    public func point(x: Int, y: Int) -> InAppPoint {
        InAppPoint(x: (Double(x - screen.x) + 0.5) * ptPerColumn, y: (Double(y - screen.y) + 0.5) * ptPerRow)
    }

    /// The cell holding a point of the device.
    public func cell(at p: InAppPoint) -> (x: Int, y: Int) {
        (screen.x + Self.whole((p.x / ptPerColumn).rounded(.down)), screen.y + Self.whole((p.y / ptPerRow).rounded(.down)))
    }

    /// Rows of a shape `cols` wide whose height is `ratio` × its width on the phone (cells are twice as tall as wide).
    public static func rows(forWidth cols: Int, ratio: Double) -> Int { max(1, whole(Double(cols) * ratio / 2)) }
}
