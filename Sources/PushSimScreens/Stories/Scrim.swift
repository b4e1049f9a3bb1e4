// The gradient scrim behind story text: clear at the top of the band to 75 % black at the bottom (spec §1.7).

public enum Scrim {
    public static let maxDarkness = 0.75

    /// Darken rows `fromY..<rect.maxY` of `rect`, more toward the bottom; text drawn afterwards stays readable.
    public static func apply(to canvas: inout Canvas, in rect: Rect, fromY: Int) {
        let top = max(rect.y, fromY)
        let rows = rect.maxY - top
        guard rows > 0 else { return }
        canvas.shadeImages(Rect(x: rect.x, y: top, width: rect.width, height: rows), darkness: maxDarkness)
        for y in top..<rect.maxY {
            let k = maxDarkness * Double(y - top + 1) / Double(rows)
            canvas.update(Rect(x: rect.x, y: y, width: rect.width, height: 1)) { cell in
                cell.bg = cell.bg.darkened(k)
                cell.fg = cell.fg.darkened(k)
            }
        }
    }
}
