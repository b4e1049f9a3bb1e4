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

extension CollapsedNotification {
    /// The banner with the text laid out as the phone cuts it (`NotificationText`), the attachment's thumbnail at the
    /// right when there is one, and `note` (the language used, a localisation key) on the hint line.
    @discardableResult
    public static func draw(appName: String, text: NotificationText, thumbnail: ImageSlot?, note: String?,
                            into canvas: inout Canvas, rect: Rect) -> Rect {
        let thumbColumns = thumbnail == nil ? 0 : 8
        let w = min(rect.width - 2, max(text.bodyColumns, text.titleColumns) + 4 + thumbColumns)
        let inner = max(1, w - 4 - thumbColumns)
        let rows = (text.title == nil ? 0 : 1) + (text.subtitle == nil ? 0 : 1) + text.body.lines.count
        let h = 4 + rows
        let frame = Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + 1, width: w, height: min(h, rect.height - 1))
        OverlayBox.draw(into: &canvas, frame, style: Style(fg: .rgb(90, 90, 94), bg: background))
        let dim = Style(fg: .rgb(170, 170, 175), bg: background)
        var y = frame.y + 1
        canvas.text("▣ " + TextWidth.truncate(TextWidth.sanitized(appName.uppercased()), to: max(1, w - 10)), x: frame.x + 2, y: y, style: dim, maxWidth: w - 8)
        canvas.text("now", x: frame.maxX - 5, y: y, style: dim)
        y += 1
        if let thumbnail, frame.height >= 6 {
            let size = Size(width: 6, height: 3)
            canvas.blit(DefaultExpandedNotification.layer(thumbnail, size: size), x: frame.maxX - 8, y: y)
        }
        let bold = Style(fg: .white, bg: background, attrs: .bold)
        for field in [text.title, text.subtitle].compactMap({ $0 }) where y < frame.maxY - 1 {
            canvas.text(field.lines[0], x: frame.x + 2, y: y, style: bold, maxWidth: inner)
            y += 1
        }
        for line in text.body.lines where y < frame.maxY - 1 {
            canvas.text(line, x: frame.x + 2, y: y, style: Style(fg: .white, bg: background), maxWidth: inner)
            y += 1
        }
        if y < frame.maxY - 1 {
            let hint = "Enter or click to expand" + (note.map { " · " + $0 } ?? "")
            canvas.text(TextWidth.truncate(hint, to: w - 4), x: frame.x + 2, y: y, style: Style(fg: .rgb(140, 140, 145), bg: background, attrs: .italic), maxWidth: w - 4)
        }
        return frame
    }
}
