// The collapsed iOS notification (app name, "now", title, body) that a stories push first arrives as.

public enum CollapsedNotification {
    public static let background = Color.rgb(44, 44, 46)

    /// Draw the banner near the top of `rect`; returns its frame (a click inside expands it).
    @discardableResult
    public static func draw(appName: String, title: String?, body: String, into canvas: inout Canvas, rect: Rect) -> Rect {
        let w = min(rect.width - 2, 64)
        let inner = max(1, w - 4)
        let bodyLines = TextWidth.shownLines(body, width: inner, maxLines: 2)
        let h = 4 + (title == nil ? 0 : 1) + max(1, bodyLines.count)
        let frame = Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + 1, width: w, height: min(h, rect.height - 1))
        OverlayBox.draw(into: &canvas, frame, style: Style(fg: .rgb(90, 90, 94), bg: background))
        let text = Style(fg: .white, bg: background)
        var y = frame.y + 1
        canvas.text("▣ " + TextWidth.shownLine(appName.uppercased(), width: max(1, inner - 6)), x: frame.x + 2, y: y,
                    style: Style(fg: .rgb(170, 170, 175), bg: background), maxWidth: inner - 4)
        canvas.text("now", x: frame.maxX - 5, y: y, style: Style(fg: .rgb(170, 170, 175), bg: background))
        y += 1
        if let title {
            canvas.text(TextWidth.shownLine(title, width: inner), x: frame.x + 2, y: y, style: Style(fg: .white, bg: background, attrs: .bold), maxWidth: inner)
            y += 1
        }
        for line in bodyLines where y < frame.maxY - 1 {
            canvas.text(line, x: frame.x + 2, y: y, style: text, maxWidth: inner)
            y += 1
        }
        if y < frame.maxY - 1 {
            canvas.text("Enter or click to expand", x: frame.x + 2, y: y, style: Style(fg: .rgb(140, 140, 145), bg: background, attrs: .italic), maxWidth: inner)
        }
        return frame
    }
}
