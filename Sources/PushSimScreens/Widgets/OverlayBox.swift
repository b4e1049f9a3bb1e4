// A filled box with rounded corners and an optional title, for overlays (help, notifications, panes).

public enum OverlayBox {
    public static func draw(into canvas: inout Canvas, _ r: Rect, title: String? = nil, style: Style) {
        guard r.width >= 2, r.height >= 2 else { return }
        let bg = style.bg ?? .default
        canvas.fill(r, with: Cell(" ", fg: style.fg, bg: bg))
        canvas.coverImages(in: r)
        let line = Style(fg: style.fg, bg: bg)
        canvas.text("╭" + String(repeating: "─", count: r.width - 2) + "╮", x: r.x, y: r.y, style: line)
        for y in (r.y + 1)..<(r.maxY - 1) {
            canvas.text("│", x: r.x, y: y, style: line)
            canvas.text("│", x: r.maxX - 1, y: y, style: line)
        }
        canvas.text("╰" + String(repeating: "─", count: r.width - 2) + "╯", x: r.x, y: r.maxY - 1, style: line)
        if let title, r.width > 6 {
            canvas.text(" " + TextWidth.truncate(TextWidth.sanitized(title), to: r.width - 6) + " ", x: r.x + 2, y: r.y,
                        style: Style(fg: style.fg, bg: bg, attrs: .bold))
        }
    }
}
