// What an image slot shows when its image cannot be had: a grey gradient, a headline, the file name and why.

public enum Placeholder {
    public static func draw(on p: Picture, in r: PictureRect, title: String, detail: String, reason: String?,
                            colors: (PictureColor, PictureColor)) {
        p.fillGradient(r, colors: [colors.0, colors.1], from: (r.x, r.y), to: (r.maxX, r.maxY))
        let w = r.width - 32
        guard w > 20 else { return }
        var y = r.y + r.height / 3
        y += p.text(title, x: r.x + 16, y: y, width: w, font: PictureFont(17, .bold), color: .white, maxLines: 1, align: .center)
        y += p.text(detail, x: r.x + 16, y: y + 2, width: w, font: PictureFont(13), color: PictureColor(200, 200, 200), maxLines: 1, align: .center) + 12
        if let reason {
            p.text(reason, x: r.x + 16, y: y, width: w, font: PictureFont(13), color: PictureColor(230, 200, 120), maxLines: 4, align: .center)
        }
    }
}
