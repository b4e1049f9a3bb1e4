// A UIAlertController in `.alert` style: 270 pt wide, title and message centred, actions side by side (cancel bold).

public enum SystemAlert {
    static let width = 270.0

    /// `actions` in order, each with whether it is drawn semibold (the `.cancel` action, or the preferred one).
    public static func draw(on p: Picture, device: PictureDevice, title: String, message: String, actions: [(String, Bool)]) {
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
}
