// An iOS-style alert (the primer's .alert style and iOS's own permission prompt): title, message, two actions.

public struct PrimerAlert: Equatable, Sendable {
    public var card: Rect
    public var left: Rect
    public var right: Rect

    public func hitAreas(leftIsDecline: Bool) -> PrimerHitAreas {
        PrimerHitAreas(card: card, accept: leftIsDecline ? right : left, decline: leftIsDecline ? left : right)
    }

    /// iOS's permission prompt for `appName`: Don't Allow | Allow.
    public static let promptMessage = "Notifications may include alerts, sounds, and icon badges. These can be configured in Settings."
    public static func promptTitle(appName: String) -> String { "\u{201C}\(appName)\u{201D} Would Like to Send You Notifications" }

    /// Draw a centred alert. Two actions sit side by side (left first, as UIAlertController orders a cancel action),
    /// or stacked when a title does not fit half the width (the cancel action then goes last, as iOS does).
    /// `focusLeft` marks the focused action for the keyboard; nil marks none. `glass`: the iOS 26 design (WWDC25
    /// "Get to know the new design system", https://developer.apple.com/videos/play/wwdc2025/356/): the title and
    /// message left-aligned, no separators, each action a capsule of its own ("( Allow )") on a fill.
    @discardableResult
    public static func draw(title: String?, message: String?, left: String, right: String, boldLeft: Bool,
                            focusLeft: Bool?, in area: Rect, on canvas: inout Canvas, glass: Bool = false) -> PrimerAlert {
        // UIAlertController is 270 pt wide on a 375 pt screen: about 72 % of the width.
        let w = min(area.width - 2, max(24, Int((Double(area.width) * 0.72).rounded())))
        let innerW = w - 4
        let titleLines = (title?.isEmpty ?? true) ? [] : TextWidth.wrap(TextWidth.sanitized(title!), width: innerW, maxLines: 3)
        var messageLines = (message?.isEmpty ?? true) ? [] : TextWidth.wrap(TextWidth.sanitized(message!), width: innerW, maxLines: 6)
        let halfW = (w - 3) / 2
        let mark = glass ? 8 : 4  // room for the focus marker (and the capsule's ends)
        let stacked = TextWidth.of(left) + mark > halfW || TextWidth.of(right) + mark > halfW
        let actionsH = stacked ? 4 : 2
        func height() -> Int { 4 + titleLines.count + messageLines.count + actionsH }
        while height() > area.height && messageLines.count > 1 {
            messageLines = TextWidth.wrap(TextWidth.sanitized(message ?? ""), width: innerW, maxLines: messageLines.count - 1)
        }
        let h = min(height(), area.height)
        let card = Rect(x: area.x + (area.width - w) / 2, y: area.y + max(0, (area.height - h) / 2), width: w, height: h)
        let line = Style(fg: IOSColor.separator)
        Box.draw(card, on: &canvas, corners: .rounded, line: line, fill: IOSColor.alertBackground)
        var y = card.y + 2
        let inner = Rect(x: card.x + 2, y: 0, width: innerW, height: 1)
        for l in titleLines {
            if glass { canvas.text(l, x: inner.x, y: y, style: Style(fg: IOSColor.label, attrs: [.bold])) }
            else { canvas.centered(l, in: inner, y: y, style: Style(fg: IOSColor.label, attrs: [.bold])) }
            y += 1
        }
        for l in messageLines {
            if glass { canvas.text(l, x: inner.x, y: y, style: Style(fg: IOSColor.secondaryLabel)) }
            else { canvas.centered(l, in: inner, y: y, style: Style(fg: IOSColor.label)) }
            y += 1
        }
        y = card.maxY - actionsH - 1
        if glass { return drawCapsules(left: left, right: right, boldLeft: boldLeft, focusLeft: focusLeft, stacked: stacked, card: card, top: y, on: &canvas) }
        Box.divider(y: y, from: card.x, to: card.maxX - 1, on: &canvas, line: line)
        func label(_ s: String, focused: Bool) -> String { focused ? "▸ " + s + " ◂" : s }
        let leftStyle = Style(fg: IOSColor.systemBlue, attrs: boldLeft ? [.bold] : [])
        let rightStyle = Style(fg: IOSColor.systemBlue, attrs: boldLeft ? [] : [.bold])
        if stacked {
            let rightRect = Rect(x: card.x + 1, y: y + 1, width: w - 2, height: 1)
            let leftRect = Rect(x: card.x + 1, y: y + 3, width: w - 2, height: 1)
            canvas.centered(label(right, focused: focusLeft == false), in: rightRect, y: rightRect.y, style: rightStyle)
            Box.divider(y: y + 2, from: card.x, to: card.maxX - 1, on: &canvas, line: line)
            canvas.centered(label(left, focused: focusLeft == true), in: leftRect, y: leftRect.y, style: leftStyle)
            return PrimerAlert(card: card, left: leftRect, right: rightRect)
        }
        let mid = card.x + 1 + halfW
        let leftRect = Rect(x: card.x + 1, y: y + 1, width: mid - card.x - 1, height: 1)
        let rightRect = Rect(x: mid + 1, y: y + 1, width: card.maxX - 1 - (mid + 1), height: 1)
        canvas.text("┬", x: mid, y: y, style: line)
        canvas.text("│", x: mid, y: y + 1, style: line)
        canvas.text("┴", x: mid, y: card.maxY - 1, style: line)
        canvas.centered(label(left, focused: focusLeft == true), in: leftRect, y: leftRect.y, style: leftStyle)
        canvas.centered(label(right, focused: focusLeft == false), in: rightRect, y: rightRect.y, style: rightStyle)
        return PrimerAlert(card: card, left: leftRect, right: rightRect)
    }

    /// The iOS 26 actions: capsules on the tertiary fill in the label's colour, side by side, or stacked (the cancel
    /// action last) when a title does not fit half the width.
    static func drawCapsules(left: String, right: String, boldLeft: Bool, focusLeft: Bool?, stacked: Bool, card: Rect, top y: Int,
                             on canvas: inout Canvas) -> PrimerAlert {
        func capsule(_ s: String, focused: Bool, bold: Bool, in r: Rect) {
            let text = focused ? "▸ " + s + " ◂" : s
            let inner = TextWidth.truncate(text, to: max(1, r.width - 4))
            let cw = TextWidth.of(inner) + 4
            let x = r.x + max(0, (r.width - cw) / 2)
            canvas.text("(", x: x, y: r.y, style: Style(fg: IOSColor.secondaryLabel))
            canvas.text(" " + inner + " ", x: x + 1, y: r.y, style: Style(fg: IOSColor.label, bg: IOSColor.tertiaryFill, attrs: bold ? [.bold] : []))
            canvas.text(")", x: x + cw - 1, y: r.y, style: Style(fg: IOSColor.secondaryLabel))
        }
        if stacked {
            let rightRect = Rect(x: card.x + 1, y: y + 1, width: card.width - 2, height: 1)
            let leftRect = Rect(x: card.x + 1, y: y + 3, width: card.width - 2, height: 1)
            capsule(right, focused: focusLeft == false, bold: !boldLeft, in: rightRect)
            capsule(left, focused: focusLeft == true, bold: boldLeft, in: leftRect)
            return PrimerAlert(card: card, left: leftRect, right: rightRect)
        }
        let halfW = (card.width - 3) / 2
        let mid = card.x + 1 + halfW
        let leftRect = Rect(x: card.x + 1, y: y + 1, width: mid - card.x - 1, height: 1)
        let rightRect = Rect(x: mid + 1, y: y + 1, width: card.maxX - 1 - (mid + 1), height: 1)
        capsule(left, focused: focusLeft == true, bold: boldLeft, in: leftRect)
        capsule(right, focused: focusLeft == false, bold: !boldLeft, in: rightRect)
        return PrimerAlert(card: card, left: leftRect, right: rightRect)
    }
}
