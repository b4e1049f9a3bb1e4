// The bottom sheet (PWSheetInAppView): full width up to 480, top corners 28, the grabber, an aspect-fill image,
// left-aligned text and the buttons, pinned to the bottom edge, over a 60 % dim when `dimBackground`.

import Foundation
import PushSimEngine

enum InAppSheetPicture {
    static let maxWidth = 480.0, radius = 28.0
    static let grabberTop = 8.0, grabber = (width: 36.0, height: 5.0), contentTop = 12.0, spacing = 14.0, bottomInset = 16.0
    static let imageInset = 14.0, imageRadius = 18.0, imageRatio = 0.52, imageCap = 0.4
    static let textInset = 24.0, textSpacing = 6.0
    static let buttonsInset = 20.0, buttonsTop = 10.0
    static let closeInset = 16.0
    static let titleFont = InAppChrome.font(22, .heavy), messageFont = InAppChrome.font(15)

    static func draw(_ pr: InAppPresentation, _ c: InAppCard, _ d: InAppDrawing) {
        let width = min(d.device.width, maxWidth)
        let imageWidth = width - 2 * imageInset
        let imageHeight = c.image == nil ? 0 : min(imageWidth * imageRatio, imageCap * d.safe.height)
        let textWidth = width - 2 * textInset
        let th = InAppChrome.measure(d, c.title, font: titleFont, width: textWidth)
        let mh = InAppChrome.measure(d, c.message, font: messageFont, width: textWidth)
        let hasText = c.title != nil || c.message != nil
        let textTop = c.image == nil ? 8.0 : 2.0
        var h = grabberTop + grabber.height + contentTop
        var parts = 0
        if c.image != nil { h += imageHeight; parts += 1 }
        if hasText { h += (parts > 0 ? spacing : 0) + textTop + th + mh + (th > 0 && mh > 0 ? textSpacing : 0); parts += 1 }
        if !c.buttons.isEmpty { h += (parts > 0 ? spacing : 0) + buttonsTop + InAppChrome.buttonsHeight(c.buttons.count) }
        h += bottomInset + d.device.safeBottom

        // The in/out slide (its height + 40) and a finger dragging it down.
        var slide = max(0, pr.dragOffset), alpha = 1.0
        switch pr.phase {
        case .shown: break
        case .entering(let t):
            if pr.reduceMotion { alpha = InAppMotion.easeInOut(t) } else { slide += (h + 40) * (1 - InAppMotion.spring(t, damping: 0.85)) }
        case .leaving(let t):
            if pr.reduceMotion { alpha = 1 - InAppMotion.easeInOut(t) } else { slide += (h + 40) * InAppMotion.easeIn(t) }
        }
        let sheet = PictureRect(x: (d.device.width - width) / 2, y: d.device.height - h + slide, width: width, height: h)
        if c.dimBackground {
            // The dim fades with the slide: full once the sheet is up.
            let shown = pr.reduceMotion ? alpha : max(0, 1 - (sheet.y - (d.device.height - h)) / (h + 40))
            InAppChrome.backdrop(d, opacity: 0.6 * shown)
        }
        d.picture.withAlpha(alpha) {
            InAppChrome.solidCard(d, sheet, c.background, radius: radius, corners: .top)
            let p = d.picture
            p.fillRounded(PictureRect(x: sheet.midX - grabber.width / 2, y: sheet.y + grabberTop, width: grabber.width, height: grabber.height),
                          radius: grabber.height / 2, InAppChrome.contrast(on: c.background).alpha(0.3))
            var y = sheet.y + grabberTop + grabber.height + contentTop
            var parts = 0
            if let url = c.image {
                let well = PictureRect(x: sheet.x + imageInset, y: y, width: imageWidth, height: imageHeight)
                // quaternarySystemFill behind the picture.
                p.fillRounded(well, radius: imageRadius, PictureColor(118, 118, 128, alpha: d.dark ? 0.18 : 0.08))
                InAppChrome.image(d, url, in: well, mode: .aspectFill, radius: imageRadius)
                y = well.maxY
                parts += 1
            }
            if hasText {
                y += (parts > 0 ? spacing : 0) + textTop
                y += InAppChrome.text(d, c.title, x: sheet.x + textInset, y: y, width: textWidth, font: titleFont, align: .left)
                if th > 0 && mh > 0 { y += textSpacing }
                y += InAppChrome.text(d, c.message, x: sheet.x + textInset, y: y, width: textWidth, font: messageFont, align: .left)
                parts += 1
            }
            if !c.buttons.isEmpty {
                y += (parts > 0 ? spacing : 0) + buttonsTop
                InAppChrome.buttons(d, c.buttons, x: sheet.x + buttonsInset, y: y, width: width - 2 * buttonsInset)
            }
            if c.showClose {
                // Inside the safe area, and never under the status bar when the sheet is very tall.
                InAppChrome.closeChip(d, right: sheet.maxX - closeInset, top: max(sheet.y + closeInset, d.device.safeTop + closeInset))
            }
        }
    }
}
