// The call-to-action pill: a white rounded button with dark bold text, centred on one row.

public enum ButtonPill {
    public static let background = Color.white
    public static let foreground = Color.rgb(28, 28, 30)

    /// The rectangle the pill takes for `title` centred in `rect` on row `y` (the mouse hit area).
    public static func frame(title: String, in rect: Rect, y: Int) -> Rect {
        let maxText = max(1, rect.width - 6)
        let text = TextWidth.shownLine(title, width: maxText)
        let w = min(rect.width, TextWidth.of(text) + 6)
        return Rect(x: rect.x + (rect.width - w) / 2, y: y, width: w, height: 1)
    }

    /// Draw the pill; `pressed` dims it a little, as the SDK's touch-down scale and alpha do.
    @discardableResult
    public static func draw(_ title: String, into canvas: inout Canvas, in rect: Rect, y: Int, pressed: Bool = false) -> Rect {
        let f = frame(title: title, in: rect, y: y)
        guard f.width >= 3 else { return f }
        let bg = pressed ? background.darkened(0.1) : background
        canvas.text("▐", x: f.x, y: y, style: Style(fg: bg))
        canvas.fill(Rect(x: f.x + 1, y: y, width: f.width - 2, height: 1), with: Cell(" ", fg: foreground, bg: bg))
        canvas.text("▌", x: f.maxX - 1, y: y, style: Style(fg: bg))
        let text = TextWidth.shownLine(title, width: max(1, f.width - 6))
        canvas.text(text, x: f.x + 3, y: y, style: Style(fg: foreground, bg: bg, attrs: .bold), maxWidth: f.width - 6)
        return f
    }
}
