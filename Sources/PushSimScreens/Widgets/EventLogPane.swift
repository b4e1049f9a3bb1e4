// A live pane listing the latest events (newest at the bottom), shown beside a story with --events-pane.

public enum EventLogPane {
    public static func draw(_ lines: [String], title: String = "events", into canvas: inout Canvas, rect: Rect) {
        guard rect.width >= 8, rect.height >= 3 else { return }
        OverlayBox.draw(into: &canvas, rect, title: title, style: Style(fg: .rgb(120, 120, 125)))
        let rows = rect.height - 2
        for (k, line) in lines.suffix(rows).enumerated() {
            canvas.text(TextWidth.truncate(TextWidth.sanitized(line), to: rect.width - 4), x: rect.x + 2, y: rect.y + 1 + k,
                        style: Style(fg: .rgb(210, 210, 210)), maxWidth: rect.width - 4)
        }
    }
}
