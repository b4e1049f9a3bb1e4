// What iOS shows when no content extension claims a notification's category: its own expanded notification (the
// attachment's picture, title, subtitle and the whole body) — and, under it, why the story did not play.

import PushSimEngine

public enum DefaultExpandedNotification {
    struct Layout {
        var frame: Rect
        var inner: Int
        var picture: Rect?
        var bodyLines: [String]
        var reasonLines: [String]
    }

    static func layout(alert: DeliveryCheck.Alert, hasPicture: Bool, reason: String, rect: Rect) -> Layout? {
        let w = min(rect.width - 2, 64)
        guard w >= 10, rect.height >= 6 else { return nil }
        let inner = w - 4
        let x0 = rect.x + (rect.width - w) / 2
        let reasonLines = TextWidth.wrap("⚠ " + TextWidth.sanitized(reason), width: w, maxLines: 4)
        let room = rect.height - reasonLines.count - 1
        let body = alert.body.split(separator: "\n", omittingEmptySubsequences: false).map { TextWidth.sanitized(String($0)) }.joined(separator: "\n")
        var bodyLines = TextWidth.wrap(body, width: inner)
        let textRows = 1 + (alert.title == nil ? 0 : 1) + (alert.subtitle == nil ? 0 : 1)
        // A 4:3 picture across the card, in cells about twice as tall as wide.
        let pictureRows = hasPicture ? max(0, min(inner * 3 / 8, room - 3 - textRows - min(bodyLines.count, 3))) : 0
        let maxBody = max(1, room - 2 - textRows - pictureRows)
        if bodyLines.count > maxBody { bodyLines = TextWidth.wrap(body, width: inner, maxLines: maxBody) }
        let h = 2 + textRows + bodyLines.count + pictureRows
        let frame = Rect(x: x0, y: rect.y, width: w, height: max(3, min(h, room)))
        let picture = pictureRows > 0 ? Rect(x: frame.x + 2, y: frame.y + 1, width: inner, height: pictureRows) : nil
        return Layout(frame: frame, inner: inner, picture: picture, bodyLines: bodyLines, reasonLines: reasonLines)
    }

    /// The size in cells the attachment's picture is drawn at, for asking the image source; nil when no room.
    public static func pictureSize(alert: DeliveryCheck.Alert, reason: String, rect: Rect) -> Size? {
        layout(alert: alert, hasPicture: true, reason: reason, rect: rect)?.picture.map { Size(width: $0.width, height: $0.height) }
    }

    /// Draws the expanded card in `rect`: `picture` (the attachment, rendered at `pictureSize`) on top when there is
    /// one, then the app's name, title, subtitle and the whole body; `reason` goes below the card.
    public static func draw(appName: String, alert: DeliveryCheck.Alert, picture: ImageSlot?, reason: String,
                            into canvas: inout Canvas, rect: Rect) {
        canvas.fill(rect, with: Cell(" ", bg: .black))
        guard let l = layout(alert: alert, hasPicture: picture != nil, reason: reason, rect: rect) else { return }
        let frame = l.frame, inner = l.inner
        let bg = CollapsedNotification.background
        OverlayBox.draw(into: &canvas, frame, style: Style(fg: .rgb(90, 90, 94), bg: bg))
        var y = frame.y + 1
        if let picture, let r = l.picture {
            canvas.blit(layer(picture, size: Size(width: r.width, height: r.height)), x: r.x, y: r.y)
            y += r.height
        }
        canvas.text("▣ " + TextWidth.truncate(TextWidth.sanitized(appName.uppercased()), to: max(1, inner - 6)), x: frame.x + 2, y: y,
                    style: Style(fg: .rgb(170, 170, 175), bg: bg), maxWidth: inner - 4)
        canvas.text("now", x: frame.maxX - 5, y: y, style: Style(fg: .rgb(170, 170, 175), bg: bg))
        y += 1
        for t in [alert.title, alert.subtitle].compactMap({ $0 }) where y < frame.maxY - 1 {
            canvas.text(TextWidth.truncate(TextWidth.sanitized(t), to: inner), x: frame.x + 2, y: y, style: Style(fg: .white, bg: bg, attrs: .bold), maxWidth: inner)
            y += 1
        }
        for line in l.bodyLines where y < frame.maxY - 1 {
            canvas.text(line, x: frame.x + 2, y: y, style: Style(fg: .white, bg: bg), maxWidth: inner)
            y += 1
        }
        var ry = frame.maxY + 1
        for line in l.reasonLines where ry < rect.maxY {
            canvas.text(line, x: frame.x, y: ry, style: Style(fg: .rgb(240, 200, 90), bg: .black), maxWidth: frame.width)
            ry += 1
        }
    }

    /// The attachment's cells, a spinner while it loads, or a grey box saying why it is missing.
    static func layer(_ slot: ImageSlot, size: Size) -> Canvas {
        var c = Canvas(size: size, fill: Cell(" ", bg: .rgb(58, 58, 60)))
        switch slot {
        case .image(let cells): c.blit(cells, x: 0, y: 0)
        case .loading: c.centered("…", in: Rect(x: 0, y: 0, width: size.width, height: size.height), y: size.height / 2, style: Style(fg: .white, bg: .rgb(58, 58, 60)))
        case .none: c.centered("attachment", in: Rect(x: 0, y: 0, width: size.width, height: size.height), y: size.height / 2, style: Style(fg: .rgb(200, 200, 200), bg: .rgb(58, 58, 60)))
        case .failed(let why):
            for (k, line) in TextWidth.wrap("no attachment: " + TextWidth.sanitized(why), width: max(1, size.width - 2), maxLines: max(1, size.height)).enumerated() {
                c.centered(line, in: Rect(x: 0, y: 0, width: size.width, height: size.height), y: size.height / 2 - 1 + k, style: Style(fg: .rgb(230, 200, 120), bg: .rgb(58, 58, 60)))
            }
        }
        return c
    }
}

/// What the phone shows when APNs refuses the push: nothing. pushsim says why in one sentence.
public enum RejectedPush {
    public static func draw(reason: String, into canvas: inout Canvas, rect: Rect) {
        canvas.fill(rect, with: Cell(" ", bg: .black))
        let inner = rect.insetBy(dx: 2, dy: 1)
        guard !inner.isEmpty else { return }
        let lines = TextWidth.wrap(TextWidth.sanitized(reason), width: max(1, min(inner.width, 60)), maxLines: max(1, inner.height - 2))
        let y0 = inner.y + max(0, (inner.height - lines.count - 2) / 2)
        canvas.centered("no notification", in: inner, y: y0, style: Style(fg: .rgb(140, 140, 140), attrs: .italic))
        for (k, line) in lines.enumerated() {
            canvas.centered(line, in: inner, y: y0 + 2 + k, style: Style(fg: .rgb(240, 200, 90)))
        }
    }
}
