// The modal card (PWModalInAppView): centred, 28 pt from the sides and at most 400 wide, an image well, centred
// title and message, full-width buttons, the close chip, over a 60 % dim when `dimBackground`.

import Foundation
import PushSimEngine

enum InAppModalPicture {
    static let sideInset = 28.0, maxWidth = 400.0, safeMargin = 24.0, spacing = 16.0
    static let imageInset = 14.0, imageRadius = 18.0, imageMinHeight = 180.0
    static let textInset = 24.0, textSpacing = 8.0
    static let buttonsInset = 20.0, buttonsTop = 8.0
    static let closeInset = 20.0
    static let titleFont = InAppChrome.font(24, .heavy), messageFont = InAppChrome.font(15)
    /// The message's paragraph line spacing.
    static let messageLineSpacing = 3.5

    static func draw(_ pr: InAppPresentation, _ c: InAppCard, _ d: InAppDrawing) {
        let width = min(d.device.width - 2 * sideInset, maxWidth)
        let imageWidth = width - 2 * imageInset
        // The well takes the picture's ratio at full width; a picture that cannot be had leaves it at its loading
        // height, filled with the loader's grey placeholder.
        var imageHeight = c.image.map { url in InAppChrome.aspect(d, url).map { imageWidth * $0 } ?? imageMinHeight } ?? 0
        let textWidth = width - 2 * textInset
        let th = InAppChrome.measure(d, c.title, font: titleFont, width: textWidth)
        let mh = InAppChrome.measure(d, c.message, font: messageFont, width: textWidth, lineSpacing: messageLineSpacing)
        let hasText = c.title != nil || c.message != nil
        let textHeight = th + mh + (th > 0 && mh > 0 ? textSpacing : 0)
        let textTop = c.image == nil ? 30.0 : 4.0
        let buttons = InAppChrome.buttonsHeight(c.buttons.count)
        func height() -> Double {
            var h = c.image == nil ? 0 : imageInset + imageHeight
            if hasText { h += (h > 0 ? spacing : 0) + textTop + textHeight }
            h += c.buttons.isEmpty ? buttonsInset : (h > 0 ? spacing : 0) + buttonsTop + buttons + buttonsInset
            return h
        }
        // Top and bottom stay 24 pt inside the safe area: the image well yields first (letterboxing its picture).
        let cap = d.safe.height - 2 * safeMargin
        if height() > cap, c.image != nil { imageHeight = max(0, imageHeight - (height() - cap)) }
        let h = min(height(), cap)
        let y = min(max(d.screen.midY - h / 2, d.safe.y + safeMargin), d.safe.maxY - safeMargin - h)
        let card = PictureRect(x: (d.device.width - width) / 2, y: y, width: width, height: h)

        let look = Self.look(pr.phase, reduceMotion: pr.reduceMotion)
        if c.dimBackground { InAppChrome.backdrop(d, opacity: 0.6 * look.backdrop) }
        look.apply(d, center: (card.midX, card.midY)) {
            InAppChrome.solidCard(d, card, c.background)
            d.picture.clipped(to: card, radius: InAppChrome.cardRadius) {
                var top = card.y
                if let url = c.image {
                    let well = PictureRect(x: card.x + imageInset, y: top + imageInset, width: imageWidth, height: imageHeight)
                    InAppChrome.image(d, url, in: well, mode: .aspectFit, radius: imageRadius)
                    top = well.maxY
                }
                if hasText {
                    top += (top > card.y ? spacing : 0) + textTop
                    let x = card.x + textInset
                    top += InAppChrome.text(d, c.title, x: x, y: top, width: textWidth, font: titleFont, align: .center)
                    if th > 0 && mh > 0 { top += textSpacing }
                    top += InAppChrome.text(d, c.message, x: x, y: top, width: textWidth, font: messageFont, align: .center,
                                            lineSpacing: messageLineSpacing)
                }
                if !c.buttons.isEmpty {
                    top += (top > card.y ? spacing : 0) + buttonsTop
                    InAppChrome.buttons(d, c.buttons, x: card.x + buttonsInset, y: top, width: width - 2 * buttonsInset)
                }
            }
            if pr.message.content.showsCloseChip {
                InAppChrome.closeChip(d, right: card.maxX - closeInset, top: card.y + closeInset)
            }
        }
    }

    /// In: from 22 pt lower and 0.94, fading in (spring 0.55 s, damping 0.8). Out: 0.22 s ease-in to 12 pt lower and
    /// 0.95, fading. Reduce Motion: fades only.
    static func look(_ phase: InAppPresentation.Phase, reduceMotion: Bool) -> InAppLook {
        if reduceMotion { return InAppMotion.fade(phase) }
        switch phase {
        case .shown:
            return .rest
        case .entering(let t):
            let s = InAppMotion.spring(t, damping: 0.8), a = min(1, max(0, s))
            return InAppLook(alpha: a, scale: 0.94 + 0.06 * s, dy: 22 * (1 - s), backdrop: a)
        case .leaving(let t):
            let e = InAppMotion.easeIn(t)
            return InAppLook(alpha: 1 - e, scale: 1 - 0.05 * e, dy: 12 * e, backdrop: 1 - e)
        }
    }
}
