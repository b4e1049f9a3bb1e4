// The native banner (PWBannerInAppView): a bar 12 pt from the sides, 10 pt inside the safe area at the top or the
// bottom, radius 18, a 52 pt thumbnail, a one-line title and a two-line message, and a plain xmark when `showClose`.

import Foundation
import PushSimEngine

enum InAppBannerPicture {
    static let sideInset = 12.0, edgeInset = 10.0, radius = 18.0
    static let padV = 12.0, padH = 14.0, spacing = 12.0, thumb = 52.0, thumbRadius = 12.0, textSpacing = 2.0, close = 24.0
    static let titleFont = InAppChrome.font(16, .semibold), messageFont = InAppChrome.font(13)

    static func draw(_ pr: InAppPresentation, _ b: InAppBanner, _ d: InAppDrawing) {
        let width = d.device.width - 2 * sideInset
        let textWidth = width - 2 * padH - (b.image != nil ? thumb + spacing : 0) - (b.showClose ? close + spacing : 0)
        let th = InAppChrome.measure(d, b.title, font: titleFont, width: textWidth, maxLines: 1)
        let mh = InAppChrome.measure(d, b.message, font: messageFont, width: textWidth, maxLines: 2)
        let textHeight = th + mh + (th > 0 && mh > 0 ? textSpacing : 0)
        let row = max(b.image != nil ? thumb : 0, textHeight, b.showClose ? close : 0)
        let h = row + 2 * padV
        let top = b.position == .top
        let rest = top ? d.device.safeTop + edgeInset : d.device.height - d.device.safeBottom - edgeInset - h
        // Off-screen is its height and 40 pt beyond its edge; a finger drags it toward that edge.
        let away = (top ? rest : d.device.height - rest - h) + h + 40
        var shift = abs(pr.dragOffset), alpha = 1.0
        switch pr.phase {
        case .shown: break
        case .entering(let t):
            let s = InAppMotion.spring(t, damping: 0.84)
            shift += away * (1 - s)
            alpha = min(1, max(0, s))
        case .leaving(let t):
            let e = InAppMotion.easeInOut(t)
            shift += away * e
            alpha = 1 - e
        }
        let bar = PictureRect(x: sideInset, y: rest + (top ? -shift : shift), width: width, height: h)
        d.picture.withAlpha(alpha) {
            InAppChrome.solidCard(d, bar, b.background, radius: radius)
            var x = bar.x + padH
            if let url = b.image {
                InAppChrome.image(d, url, in: PictureRect(x: x, y: bar.midY - thumb / 2, width: thumb, height: thumb), mode: .aspectFill,
                                  radius: thumbRadius)
                x += thumb + spacing
            }
            var y = bar.midY - textHeight / 2
            y += InAppChrome.text(d, b.title, x: x, y: y, width: textWidth, font: titleFont, align: .left, maxLines: 1)
            if th > 0 && mh > 0 { y += textSpacing }
            InAppChrome.text(d, b.message, x: x, y: y, width: textWidth, font: messageFont, align: .left, maxLines: 2)
            if b.showClose {
                // Not the chip: a plain 12 pt bold xmark, white 60 %, in a 24 pt box.
                InAppSymbols.xmark(d.picture, centerX: bar.maxX - padH - close / 2, centerY: bar.midY, size: 12, PictureColor.white.alpha(0.6))
            }
        }
    }
}
