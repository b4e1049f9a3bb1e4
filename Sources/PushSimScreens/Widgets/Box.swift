// A box-drawing frame for cards and buttons: rounded (╭╮╰╯) or square (┌┐└┘) corners, optional fill and open edges.

public enum Box {
    public enum Corners: Sendable { case rounded, square }

    /// Which edges get a line; a sheet pinned to the screen bottom has no bottom edge.
    public struct Edges: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let bottom = Edges(rawValue: 2)
        public static let left = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
        public static let all: Edges = [.top, .bottom, .left, .right]
    }

    /// Rounded corners when the SDK's radius is above zero; a radius of 0 is a square corner.
    public static func corners(radius: Double) -> Corners { radius > 0 ? .rounded : .square }

    /// Draw the frame of `rect` with `line` colours; `fill` (if any) paints the inside first.
    /// The frame's background is kept from what is underneath unless `line.bg` is set.
    public static func draw(_ rect: Rect, on canvas: inout Canvas, corners: Corners, line: Style,
                            fill: Color? = nil, edges: Edges = .all) {
        guard rect.width >= 2, rect.height >= 1 else { return }
        if let fill {
            canvas.fill(rect, with: Cell(" ", bg: fill))
            canvas.coverImages(in: rect)  // a filled box is an overlay: pictures under it show as cells
        }
        let (tl, tr, bl, br) = corners == .rounded ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
        let x0 = rect.x, x1 = rect.maxX - 1, y0 = rect.y, y1 = rect.maxY - 1
        func put(_ g: String, _ x: Int, _ y: Int) { canvas.text(g, x: x, y: y, style: line, maxWidth: 1) }
        if edges.contains(.top) {
            for x in x0...x1 { put("─", x, y0) }
        }
        if edges.contains(.bottom) && y1 > y0 {
            for x in x0...x1 { put("─", x, y1) }
        }
        let sideTop = edges.contains(.top) ? y0 + 1 : y0
        let sideBottom = edges.contains(.bottom) ? y1 - 1 : y1
        if sideTop <= sideBottom {
            for y in sideTop...sideBottom {
                if edges.contains(.left) { put("│", x0, y) }
                if edges.contains(.right) { put("│", x1, y) }
            }
        }
        if edges.contains(.top) {
            if edges.contains(.left) { put(tl, x0, y0) }
            if edges.contains(.right) { put(tr, x1, y0) }
        }
        if edges.contains(.bottom) && y1 > y0 {
            if edges.contains(.left) { put(bl, x0, y1) }
            if edges.contains(.right) { put(br, x1, y1) }
        }
    }

    /// A horizontal divider inside a box (├───┤), as an alert draws above its buttons.
    public static func divider(y: Int, from x0: Int, to x1: Int, on canvas: inout Canvas, line: Style) {
        guard x1 > x0 else { return }
        for x in x0...x1 { canvas.text("─", x: x, y: y, style: line, maxWidth: 1) }
        canvas.text("├", x: x0, y: y, style: line, maxWidth: 1)
        canvas.text("┤", x: x1, y: y, style: line, maxWidth: 1)
    }
}
