// In-app stories (PWStoriesInAppView): full screen and black, the page's picture aspect-filled, the push stories'
// progress bar 14 pt under the safe area (PWStoriesProgressBar mirrors it: StoriesPicture.drawBar), text and buttons
// over a bottom scrim, the close chip under the bar when `showClose`.

import Foundation
import PushSimEngine

enum InAppStoriesPicture {
    static let barTop = 14.0, closeBelowBar = 10.0, closeRight = 16.0
    static let textInset = 24.0, textBottom = 24.0, textSpacing = 6.0, beforeButtons = 16.0, scrimAbove = 44.0
    static let titleFont = InAppChrome.font(23, .bold), messageFont = InAppChrome.font(14)
    /// The dismissal slides 40 pt down while it fades (not under Reduce Motion).
    static let leaveSlide = 40.0

    static func draw(_ pr: InAppPresentation, _ s: InAppStories, _ d: InAppDrawing) {
        guard !s.items.isEmpty else { return }
        let page = min(max(pr.page, 0), s.items.count - 1)
        let item = s.items[page]
        var look = InAppMotion.fade(pr.phase)
        if case .leaving(let t) = pr.phase, !pr.reduceMotion { look.dy = leaveSlide * InAppMotion.easeInOut(t) }
        look.apply(d, center: (d.screen.midX, d.screen.midY)) {
            let p = d.picture
            p.fill(d.screen, .black)
            if let url = item.image { InAppChrome.image(d, url, in: d.screen, mode: .aspectFill) }
            drawText(item, d)
            // The bar is the push stories' one (3 pt tracks 4 pt apart, 12 pt insets), 14 pt under the safe area.
            let fractions = s.items.indices.map { $0 < page ? 1 : $0 == page ? pr.pageProgress : 0 }
            p.translated(dx: 0, dy: d.device.safeTop + barTop - StoriesPicture.barTop) {
                StoriesPicture.drawBar(fractions, on: p, width: d.device.width)
            }
            InAppChrome.systemOverlays(d)
            if s.showClose {
                let top = d.device.safeTop + barTop + StoriesPicture.barHeight + closeBelowBar
                InAppChrome.closeChip(d, right: d.device.width - closeRight, top: top)
            }
        }
    }

    /// Title, message and the page's buttons from the bottom up, the scrim starting 44 pt above them.
    static func drawText(_ item: InAppStoryItem, _ d: InAppDrawing) {
        let width = d.device.width - 2 * textInset
        let th = InAppChrome.measure(d, item.title, font: titleFont, width: width, maxLines: 2)
        let mh = InAppChrome.measure(d, item.message, font: messageFont, width: width, maxLines: 2)
        let bh = InAppChrome.buttonsHeight(item.buttons.count)
        let bottom = d.device.height - d.device.safeBottom - textBottom
        let textHeight = th + mh + (th > 0 && mh > 0 ? textSpacing : 0)
        let buttonsTop = bottom - bh
        let textTop = buttonsTop - (bh > 0 && textHeight > 0 ? beforeButtons : 0) - textHeight
        guard textHeight > 0 || bh > 0 else { return }
        InAppChrome.bottomScrim(d, from: textTop - scrimAbove, in: d.screen)
        var y = textTop
        y += InAppChrome.text(d, item.title, x: textInset, y: y, width: width, font: titleFont, align: .left, maxLines: 2)
        if th > 0 && mh > 0 { y += textSpacing }
        InAppChrome.text(d, item.message, x: textInset, y: y, width: width, font: messageFont, align: .left, maxLines: 2)
        InAppChrome.buttons(d, item.buttons, x: textInset, y: buttonsTop, width: width, shadow: true)
    }
}
