// The `?` help every screen shows: a centred box of key lines over the screen, closed by any key.

public enum HelpBox {
    public static let style = Style(fg: .white, bg: .rgb(44, 44, 46))

    /// Whether `draw` shows anything at `size` (a box at least 10 columns by 3 rows, within a 1-column margin). A
    /// help that would not show must not open: it would take the next key (`q`) unseen.
    public static func fits(_ size: Size) -> Bool { size.width - 2 >= 10 && size.height >= 3 }

    /// Draws `lines` in a box sized to them, titled, with "any key closes" on its bottom edge. On a small terminal the
    /// blank margins go first, long lines end in an ellipsis, and what does not fit is counted on the last line.
    public static func draw(_ lines: [String], title: String = "Keys", into canvas: inout Canvas) {
        let inner = lines.map { TextWidth.of($0) }.max() ?? 0
        let w = min(canvas.width - 2, max(inner, 16) + 4)
        let pad = canvas.height - 2 >= lines.count + 4 ? 1 : 0
        let h = min(canvas.height - 2 * pad, lines.count + 2 + 2 * pad)
        guard w >= 10, h >= 3 else { return }
        let box = Rect(x: (canvas.width - w) / 2, y: (canvas.height - h) / 2, width: w, height: h)
        OverlayBox.draw(into: &canvas, box, title: title, style: style)
        let room = h - 2 - 2 * pad
        var shown = Array(lines.prefix(room))
        if lines.count > room, room > 0 { shown[room - 1] = "… \(lines.count - room + 1) more: enlarge the terminal" }
        for (k, line) in shown.enumerated() {
            canvas.text(TextWidth.truncate(line, to: w - 4), x: box.x + 2, y: box.y + 1 + pad + k, style: style)
        }
        let close = "any key closes"
        if TextWidth.of(close) + 4 <= w {
            canvas.text(close, x: box.maxX - 2 - TextWidth.of(close), y: box.maxY - 1,
                        style: Style(fg: .rgb(138, 138, 138), bg: style.bg))
        }
    }
}
