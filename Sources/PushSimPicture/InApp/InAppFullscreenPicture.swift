// Fullscreen (PWFullscreenInAppView): the cover's colour and picture full-bleed, title, message and buttons at the
// bottom over a scrim, the close chip under the status bar; a plain fade in and out.

import Foundation
import PushSimEngine

enum InAppFullscreenPicture {
    static let textInset = 24.0, textBottom = 28.0, textSpacing = 8.0, beforeButtons = 20.0, scrimAbove = 48.0
    static let closeTop = 12.0, closeRight = 16.0
    static let titleFont = InAppChrome.font(30, .bold), messageFont = InAppChrome.font(16)

    static func draw(_ pr: InAppPresentation, _ f: InAppFullscreen, _ d: InAppDrawing) {
        InAppMotion.fade(pr.phase).apply(d, center: (d.screen.midX, d.screen.midY)) {
            d.picture.fill(d.screen, PictureColor(f.cover.background))
            if let url = f.cover.image { InAppChrome.image(d, url, in: d.screen, mode: .aspectFill) }
            bottomStack(d, title: f.title, message: f.message, buttons: f.buttons, titleFont: titleFont)
            InAppChrome.systemOverlays(d)
            if pr.message.content.showsCloseChip {
                InAppChrome.closeChip(d, right: d.device.width - closeRight, top: d.device.safeTop + closeTop)
            }
        }
    }

    /// The text and button stack 24 pt from the sides and 28 pt above the safe area, the scrim 48 pt above it
    /// (fullscreen's, and video's with a 28 pt title).
    static func bottomStack(_ d: InAppDrawing, title: InAppText?, message: InAppText?, buttons: [InAppButton], titleFont: PictureFont) {
        let width = d.device.width - 2 * textInset
        let th = InAppChrome.measure(d, title, font: titleFont, width: width)
        let mh = InAppChrome.measure(d, message, font: messageFont, width: width)
        let textHeight = th + mh + (th > 0 && mh > 0 ? textSpacing : 0)
        let bh = InAppChrome.buttonsHeight(buttons.count)
        guard textHeight > 0 || bh > 0 else { return }
        let buttonsTop = d.device.height - d.device.safeBottom - textBottom - bh
        let textTop = buttonsTop - (bh > 0 && textHeight > 0 ? beforeButtons : 0) - textHeight
        InAppChrome.bottomScrim(d, from: textTop - scrimAbove, in: d.screen)
        var y = textTop
        y += InAppChrome.text(d, title, x: textInset, y: y, width: width, font: titleFont, align: .left)
        if th > 0 && mh > 0 { y += textSpacing }
        InAppChrome.text(d, message, x: textInset, y: y, width: width, font: messageFont, align: .left)
        InAppChrome.buttons(d, buttons, x: textInset, y: buttonsTop, width: width)
    }
}
