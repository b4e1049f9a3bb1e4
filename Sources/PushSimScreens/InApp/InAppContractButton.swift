// The SDK's contract button (`makeContractButton`): the config's fill, 1.5 pt border and title; 52 pt tall.

import PushSimEngine

enum InAppContractButton {
    /// Rows a button takes: the boxed form (3 rows) when 52 pt are at least 2.5 rows, else one row.
    static func rows(_ grid: InAppGrid) -> Int { 52 / grid.ptPerRow >= 2.5 ? 3 : 1 }

    /// Draw `button` across `rect` (1 row: a pill with the border's colour at its ends; 3 rows: a framed box).
    static func draw(_ button: InAppButton, in rect: Rect, on layer: inout InAppLayer, dimmed: Double = 0) {
        guard rect.width >= 4, rect.height >= 1 else { return }
        var fill = button.background, border = button.borderColor, title = button.text.color
        if dimmed > 0 { fill.alpha *= 1 - dimmed; border.alpha *= 1 - dimmed; title.alpha *= 1 - dimmed }
        if rect.height >= 3 {
            let box = Rect(x: rect.x, y: rect.y + (rect.height - 3) / 2, width: rect.width, height: 3)
            layer.fill(box, fill)
            let line = Style(fg: border.over(layer.bg(box.x, box.y)))
            Box.draw(box, on: &layer.canvas, corners: Box.corners(radius: button.borderRadius), line: line)
            layer.centered(button.text.text, in: box.insetBy(dx: 2, dy: 0), y: box.y + 1, color: title, attrs: .bold)
            return
        }
        let row = Rect(x: rect.x, y: rect.y + rect.height / 2, width: rect.width, height: 1)
        let under = layer.bg(row.x, row.y)
        layer.fill(Rect(x: row.x + 1, y: row.y, width: row.width - 2, height: 1), fill)
        let cap = border.alpha > 0 ? border : fill
        let rounded = button.borderRadius > 0
        layer.canvas[row.x, row.y] = Cell(rounded ? "▐" : "▕", fg: cap.over(under), bg: under, attrs: [])
        layer.canvas[row.maxX - 1, row.y] = Cell(rounded ? "▌" : "▏", fg: cap.over(under), bg: under, attrs: [])
        layer.centered(button.text.text, in: row.insetBy(dx: 2, dy: 0), y: row.y, color: title, attrs: .bold)
    }
}
