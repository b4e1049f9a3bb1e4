// The carousel's page control: white for the current page, white 40 % for the others, hidden for one slide.

enum InAppPageDots {
    /// Draw the dots centred in `rect` on row `y` (over whatever is there).
    static func draw(count: Int, current: Int, in rect: Rect, y: Int, on layer: inout InAppLayer) {
        guard count > 1 else { return }
        let width = 2 * count - 1
        guard width <= rect.width else {
            layer.canvas.centered("\(current + 1)/\(count)", in: rect, y: y, style: Style(fg: .white, attrs: .bold))
            return
        }
        let x0 = rect.x + (rect.width - width) / 2
        // Spaces between the dots and either side of them (they sit on the card's bottom edge).
        for x in max(rect.x, x0 - 1)..<min(rect.maxX, x0 + width + 1) where layer.canvas.contains(x: x, y: y) { layer.canvas[x, y].glyph = .space }
        for i in 0..<count {
            let x = x0 + 2 * i
            guard layer.canvas.contains(x: x, y: y) else { continue }
            let bg = layer.canvas[x, y].bg
            layer.canvas[x, y] = Cell(i == current ? "●" : "○", fg: i == current ? .white : Color.white.withAlpha(0.4, over: bg), bg: bg)
        }
    }
}
