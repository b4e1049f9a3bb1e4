// PushwooshForegroundPush's banners as the phone shows them: 90 % wide, 65 pt below the top, the gradient card with
// its wave-shaped mask, the icon, the title and body in full, the attachment aspect-fit under them; entry, hide, burst.

import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens

public enum ForegroundPushPicture {
    typealias C = ForegroundPushConfiguration

    static let titleFont = PictureFont(18, .bold), bodyFont = PictureFont(16)

    public static func draw(_ scene: InAppScene, at t: Double, on p: Picture, device: PictureDevice, images: PictureImages) {
        let presenter = scene.foreground
        let config = presenter.configuration
        let width = (device.width * C.widthFraction).rounded()
        let x = ((device.width - width) / 2).rounded()
        for b in presenter.shown {
            let m = presenter.motion(b, at: t)
            let textW = width - 2 * C.padding - C.iconSize - C.iconSpacing
            let title = TextWidth.sanitized(b.push.title), body = TextWidth.sanitized(b.push.body)
            let th = title.isEmpty ? 0 : p.measure(title, font: titleFont, width: textW).height
            let bh = body.isEmpty ? 0 : p.measure(body, font: bodyFont, width: textW).height
            let textH = th + bh + (th > 0 && bh > 0 ? 4 : 0)
            let headerH = max(C.iconSize, textH)
            var image: DecodedImage?
            if b.hasImage, let a = b.push.attachment, case .image(let img) = images.image(a) { image = img }
            let imageW = width - 2 * C.padding
            var imageH = 0.0
            if let image { imageH = imageW * Double(image.height) / Double(max(1, image.width)) }
            var h: Double = 2 * C.padding + headerH
            if image != nil { h += C.imageSpacing + imageH }
            let r = PictureRect(x: x, y: C.topInset + m.dy, width: width, height: h)
            let colors = config.background.map { PictureColor($0) }
            if let burst = m.burst, let since = b.hidingSince {
                drawBurst(b.id, r: r, colors: colors, elapsed: t - since, progress: burst, on: p)
                continue
            }
            p.withAlpha(m.alpha) {
                // The mask: a rounded rectangle (radius 15 % of the shorter side) whose edges wobble over 3.5 s; a
                // plain one (10 %) without the animation.
                var shape = r
                var radius = min(r.width, r.height) * 0.1
                if config.usePushAnimation {
                    let w = C.wobble(at: t - b.shownAt)
                    shape = PictureRect(x: r.x + w.left, y: r.y + w.top, width: r.width - w.left + w.right, height: r.height - w.top + w.bottom)
                    radius = min(r.width, r.height) * 0.15
                }
                p.fillGradient(shape, radius: radius, colors: colors, from: (shape.x, shape.midY), to: (shape.maxX, shape.midY))
                // iOS 26 with useLiquidView, the shipped SDK: the systemMaterial blur over the gradient (its tint).
                if config.blurred { p.fillRounded(shape, radius: radius, PictureColor.white.alpha(C.materialTint)) }
                let icon = PictureRect(x: r.x + C.padding, y: r.y + C.padding + (headerH - C.iconSize) / 2, width: C.iconSize, height: C.iconSize)
                p.fillRounded(icon, radius: 8, PictureColor(229, 229, 234))
                let letter = scene.appName.first(where: { !$0.isWhitespace }).map { String($0).uppercased() } ?? "?"
                p.text(letter, x: icon.x, y: icon.midY - 15, width: icon.width, font: PictureFont(24, .medium),
                       color: PictureColor(142, 142, 147), maxLines: 1, align: .center)
                let tx = icon.maxX + C.iconSpacing
                var ty = r.y + C.padding + (headerH - textH) / 2
                let titleColor = PictureColor(config.resolvedTitleColor)
                let bodyColor = PictureColor(config.resolvedMessageColor)
                if th > 0 {
                    p.text(title, x: tx, y: ty, width: textW, font: titleFont, color: titleColor)
                    ty += th + 4
                }
                if bh > 0 { p.text(body, x: tx, y: ty, width: textW, font: bodyFont, color: bodyColor) }
                if let image {
                    let ir = PictureRect(x: r.x + C.padding, y: r.y + C.padding + headerH + C.imageSpacing, width: imageW, height: imageH)
                    p.image(image, in: ir, mode: .aspectFit, radius: 12)
                }
            }
        }
    }

    /// The `.balls` hide: 12 pt tiles from the card fly off, spin, shrink to 0.1 and fade, each on its own clock.
    static func drawBurst(_ id: String, r: PictureRect, colors: [PictureColor], elapsed: Double, progress: Double, on p: Picture) {
        let cols = max(1, Int(r.width / C.ballSize)), rows = max(1, Int(r.height / C.ballSize))
        for tile in ForegroundPushPresenter.burst(id: id, columns: cols, rows: rows) {
            let f = min(1, elapsed / tile.duration)
            guard f < 1 else { continue }
            let e = 1 - (1 - f) * (1 - f)
            let cx = r.x + tile.x * r.width + tile.dx * e, cy = r.y + tile.y * r.height + tile.dy * e
            let k = colors.count > 1 ? tile.x * Double(colors.count - 1) : 0
            let i = min(max(0, colors.count - 2), Int(k))
            let color = colors.count > 1 ? mix(colors[i], colors[i + 1], k - Double(i)) : (colors.first ?? .white)
            p.fillCircle(x: cx, y: cy, radius: C.ballSize / 2 * (1 - 0.9 * e), color.alpha(1 - e))
        }
    }

    static func mix(_ a: PictureColor, _ b: PictureColor, _ f: Double) -> PictureColor {
        PictureColor(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
    }
}
