// A UIAlertController in `.alert` style. Before iOS 26: 270 pt wide, title and message centred, actions side by side
// (cancel bold) under hairlines. From iOS 26: Liquid Glass, the text left-aligned, capsule buttons.

public enum SystemAlert {
    static let width = 270.0

    /// The iOS 26 alert's numbers. Apple publishes none; these are the CustomAlert re-implementation's
    /// (`divadretlaw/CustomAlert`, `CustomAlertConfiguration.LiquidGlass.swift`): radius 35, at least 320 pt wide,
    /// content padded 22 at the top and 30 at the sides, 8 between title and message, the actions 16 from the edges,
    /// capsule buttons side by side with 14 pt above and below the label and 8 between them. The bolder, left-aligned
    /// title is Apple's (WWDC25 "Get to know the new design system", https://developer.apple.com/videos/play/wwdc2025/356/).
    enum Glass {
        static let radius = 35.0
        static let width = 320.0
        static let top = 22.0, side = 30.0, bottom = 5.0, spacing = 8.0
        static let actionsPadding = 16.0, buttonPadding = 14.0, buttonSpacing = 8.0
    }

    /// `actions` in order, each with whether it is drawn semibold (the `.cancel` action, or the preferred one).
    /// `glass`: the iOS 26 design (default: the phone's iOS; the app's own alert passes its compatibility mode).
    public static func draw(on p: Picture, device: PictureDevice, title: String, message: String, actions: [(String, Bool)], glass: Bool? = nil) {
        if glass ?? device.liquidGlass { return drawGlass(on: p, device: device, title: title, message: message, actions: actions) }
        let inner = width - 32
        let titleFont = PictureFont(17, .semibold), messageFont = PictureFont(13)
        let th = p.measure(title, font: titleFont, width: inner).height
        let mh = p.measure(message, font: messageFont, width: inner).height
        let textH = 20 + th + (th > 0 && mh > 0 ? 4 : 0) + mh + 20
        let h = textH + 44
        let r = PictureRect(x: (device.width - width) / 2, y: (device.height - h) / 2, width: width, height: h)
        p.fillRounded(r, radius: 14, p.dark ? PictureColor(44, 44, 46, alpha: 0.97) : PictureColor(242, 242, 245, alpha: 0.97))
        var y = r.y + 20
        if th > 0 { y += p.text(title, x: r.x + 16, y: y, width: inner, font: titleFont, color: p.dark ? .white : .black, align: .center) + 4 }
        if mh > 0 { p.text(message, x: r.x + 16, y: y, width: inner, font: messageFont, color: p.dark ? .white : .black, align: .center) }
        let sep = p.dark ? PictureColor(84, 84, 88, alpha: 0.6) : PictureColor(60, 60, 67, alpha: 0.29)
        let by = r.y + textH
        p.fill(PictureRect(x: r.x, y: by, width: width, height: 0.5), sep)
        let bw = width / Double(max(1, actions.count))
        for (i, a) in actions.enumerated() {
            let x = r.x + Double(i) * bw
            if i > 0 { p.fill(PictureRect(x: x, y: by, width: 0.5, height: 44), sep) }
            p.text(a.0, x: x + 6, y: by + 12, width: bw - 12, font: PictureFont(17, a.1 ? .semibold : .regular),
                   color: p.dark ? PictureColor(10, 132, 255) : PictureColor(0, 122, 255), maxLines: 1, align: .center)
        }
    }

    /// The iOS 26 alert: glass at radius 35, the title (17 semibold) and message (15, secondary) left-aligned, two
    /// actions as capsules side by side, more stacked one above the other.
    static func drawGlass(on p: Picture, device: PictureDevice, title: String, message: String, actions: [(String, Bool)]) {
        let w = min(Glass.width, device.width - 2 * 20)
        let inner = w - 2 * Glass.side
        let titleFont = PictureFont(17, .semibold), messageFont = PictureFont(15)
        let label = p.dark ? PictureColor.white : PictureColor.black
        let secondary = p.dark ? PictureColor(235, 235, 245, alpha: 0.6) : PictureColor(60, 60, 67, alpha: 0.6)
        let th = p.measure(title, font: titleFont, width: inner).height
        let mh = p.measure(message, font: messageFont, width: inner).height
        let textH = Glass.top + th + (th > 0 && mh > 0 ? Glass.spacing : 0) + mh + Glass.bottom
        let buttonFont = PictureFont(17, .medium)
        let lineH = p.measure("Allow", font: buttonFont).height
        let buttonH = lineH + 2 * Glass.buttonPadding
        let stacked = actions.count > 2
        let rows = stacked ? actions.count : min(1, actions.count)
        let actionsH = actions.isEmpty ? 0 : 2 * Glass.actionsPadding + Double(rows) * buttonH + Double(max(0, rows - 1)) * Glass.buttonSpacing
        let h = textH + actionsH
        let r = PictureRect(x: (device.width - w) / 2, y: (device.height - h) / 2, width: w, height: h)
        p.shadow(r, radius: Glass.radius, opacity: 0.12, blur: 30, dy: 10)
        GlassMaterial.draw(on: p, in: r, radius: Glass.radius, dark: p.dark, tint: p.dark ? 0.72 : 0.74)
        var y = r.y + Glass.top
        if th > 0 { y += p.text(title, x: r.x + Glass.side, y: y, width: inner, font: titleFont, color: label, align: .left) + Glass.spacing }
        if mh > 0 { p.text(message, x: r.x + Glass.side, y: y, width: inner, font: messageFont, color: secondary, align: .left) }
        let fill = p.dark ? PictureColor(118, 118, 128, alpha: 0.32) : PictureColor(120, 120, 128, alpha: 0.16)
        let left = r.x + Glass.actionsPadding, span = w - 2 * Glass.actionsPadding
        let bw = stacked ? span : (span - Double(max(0, actions.count - 1)) * Glass.buttonSpacing) / Double(max(1, actions.count))
        for (i, a) in actions.enumerated() {
            let x = stacked ? left : left + Double(i) * (bw + Glass.buttonSpacing)
            let by = r.y + textH + Glass.actionsPadding + (stacked ? Double(i) * (buttonH + Glass.buttonSpacing) : 0)
            let b = PictureRect(x: x, y: by, width: bw, height: buttonH)
            p.fillRounded(b, radius: buttonH / 2, fill)
            p.text(a.0, x: b.x + 12, y: b.y + Glass.buttonPadding, width: bw - 24, font: PictureFont(17, a.1 ? .semibold : .medium),
                   color: label, maxLines: 1, align: .center)
        }
    }
}
