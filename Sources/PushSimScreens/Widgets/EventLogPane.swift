// A live pane listing the latest events (newest at the bottom), shown beside a story with --events-pane.

public enum EventLogPane {
    public static func draw(_ lines: [String], title: String = "events", into canvas: inout Canvas, rect: Rect) {
        guard rect.width >= 8, rect.height >= 3 else { return }
        OverlayBox.draw(into: &canvas, rect, title: title, style: Style(fg: .rgb(120, 120, 125)))
        let rows = rect.height - 2, width = rect.width - 4
        // Each event wraps onto as many lines as it needs (a warning's sentence is the part worth reading); the newest
        // events fill the pane from the bottom, an older one cut at its top when it no longer fits. Continuation lines
        // are indented so each event still starts at the pane's edge. A line breaks between JSON tokens (after `,`
        // or `:`, or at a space in a string), never inside a key, a number or a word.
        var shown: [(text: String, continuation: Bool)] = []
        for line in lines.reversed() {
            let wrapped = TextWidth.wrapTokens(TextWidth.sanitized(line), width: max(1, width - 2))
            let event = wrapped.enumerated().map { (k, l) in (text: k == 0 ? l : "  " + l, continuation: k > 0) }
            shown.insert(contentsOf: event, at: 0)
            if shown.count >= rows { break }
        }
        for (k, line) in shown.suffix(rows).enumerated() {
            canvas.text(TextWidth.truncate(line.text, to: width), x: rect.x + 2, y: rect.y + 1 + k,
                        style: Style(fg: line.continuation ? .rgb(170, 170, 175) : .rgb(210, 210, 210)), maxWidth: width)
        }
    }
}
