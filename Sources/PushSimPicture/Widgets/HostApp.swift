// The app a primer or a banner appears over: status bar, large title, subtitle and a grouped list of rows.

import PushSimScreens

public enum HostApp {
    // systemGroupedBackground, secondaryLabel, the grouped cells and separators: light, or dark when the picture is.
    static func background(_ p: Picture) -> PictureColor { p.dark ? .black : PictureColor(242, 242, 247) }
    static func secondary(_ p: Picture) -> PictureColor { p.dark ? PictureColor(235, 235, 245, alpha: 0.6) : PictureColor(60, 60, 67, alpha: 0.6) }
    static func label(_ p: Picture) -> PictureColor { p.dark ? .white : .black }
    static func cell(_ p: Picture) -> PictureColor { p.dark ? PictureColor(28, 28, 30) : .white }
    static func separator(_ p: Picture) -> PictureColor { p.dark ? PictureColor(84, 84, 88, alpha: 0.6) : PictureColor(60, 60, 67, alpha: 0.29) }

    /// Draw the app; `rows` are (title, detail).
    public static func draw(on p: Picture, device: PictureDevice, title: String, subtitle: String, rows: [(String, String)]) {
        p.fill(PictureRect(x: 0, y: 0, width: device.width, height: device.height), background(p))
        StatusBar.draw(on: p, device: device, color: label(p))
        var y = device.safeTop + 8
        y += p.text(title, x: 16, y: y, width: device.width - 32, font: PictureFont(34, .bold), color: label(p), maxLines: 1)
        y += p.text(subtitle, x: 16, y: y, width: device.width - 32, font: PictureFont(15), color: secondary(p), maxLines: 1) + 16
        let rowH = 44.0
        let bottom = device.height - device.safeBottom - 8
        let visible = rows.prefix(max(0, Int((bottom - y) / rowH)))
        if !visible.isEmpty {
            let group = PictureRect(x: 16, y: y, width: device.width - 32, height: rowH * Double(visible.count))
            p.fillRounded(group, radius: 10, cell(p))
            for (i, row) in visible.enumerated() {
                let r = PictureRect(x: group.x, y: group.y + Double(i) * rowH, width: group.width, height: rowH)
                if i > 0 { p.fill(PictureRect(x: r.x + 16, y: r.y, width: r.width - 16, height: 0.5), separator(p)) }
                p.text(row.0, x: r.x + 16, y: r.y + 12, width: r.width * 0.55, font: PictureFont(17), color: label(p), maxLines: 1)
                p.text(row.1 + "  ›", x: r.x + r.width * 0.45, y: r.y + 13, width: r.width * 0.55 - 16, font: PictureFont(15),
                       color: secondary(p), maxLines: 1, align: .right)
            }
        }
        StatusBar.drawHomeIndicator(on: p, device: device, color: label(p))
    }

    /// `pushsim inapp`'s host app, from the words the terminal draws too.
    public static func draw(on p: Picture, device: PictureDevice, _ content: InAppHostContent) {
        draw(on: p, device: device, title: content.title, subtitle: content.subtitle, rows: content.rows.map { ($0.title, $0.detail) })
    }
}
