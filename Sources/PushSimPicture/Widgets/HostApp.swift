// The app a primer or a banner appears over: status bar, large title, subtitle and a grouped list of rows.

public enum HostApp {
    static let background = PictureColor(242, 242, 247)
    static let secondary = PictureColor(60, 60, 67, alpha: 0.6)

    /// Draw the app; `rows` are (title, detail). `dark`: the phone's dark appearance (iOS's grouped dark colours).
    public static func draw(on p: Picture, device: PictureDevice, title: String, subtitle: String, rows: [(String, String)],
                            dark: Bool = false) {
        let background = dark ? PictureColor.black : background, label = dark ? PictureColor.white : .black
        let secondary = dark ? PictureColor(235, 235, 245, alpha: 0.6) : secondary
        p.fill(PictureRect(x: 0, y: 0, width: device.width, height: device.height), background)
        StatusBar.draw(on: p, device: device, color: label)
        var y = device.safeTop + 8
        y += p.text(title, x: 16, y: y, width: device.width - 32, font: PictureFont(34, .bold), color: label, maxLines: 1)
        y += p.text(subtitle, x: 16, y: y, width: device.width - 32, font: PictureFont(15), color: secondary, maxLines: 1) + 16
        let rowH = 44.0
        let bottom = device.height - device.safeBottom - 8
        let visible = rows.prefix(max(0, Int((bottom - y) / rowH)))
        if !visible.isEmpty {
            let group = PictureRect(x: 16, y: y, width: device.width - 32, height: rowH * Double(visible.count))
            p.fillRounded(group, radius: 10, dark ? PictureColor(28, 28, 30) : .white)
            for (i, row) in visible.enumerated() {
                let r = PictureRect(x: group.x, y: group.y + Double(i) * rowH, width: group.width, height: rowH)
                let separator = dark ? PictureColor(84, 84, 88, alpha: 0.6) : PictureColor(60, 60, 67, alpha: 0.29)
                if i > 0 { p.fill(PictureRect(x: r.x + 16, y: r.y, width: r.width - 16, height: 0.5), separator) }
                p.text(row.0, x: r.x + 16, y: r.y + 12, width: r.width * 0.55, font: PictureFont(17), color: label, maxLines: 1)
                p.text(row.1 + "  ›", x: r.x + r.width * 0.45, y: r.y + 13, width: r.width * 0.55 - 16, font: PictureFont(15),
                       color: secondary, maxLines: 1, align: .right)
            }
        }
        StatusBar.drawHomeIndicator(on: p, device: device, color: label)
    }
}
