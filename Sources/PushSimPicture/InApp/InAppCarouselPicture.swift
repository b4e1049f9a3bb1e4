// The carousel (PWCarouselInAppView): a black card 1.32 times as tall as wide, one full-bleed slide per page with
// its text over a bottom scrim, the page dots, the close chip always, over an 80 % dim.

import Foundation
import PushSimEngine

enum InAppCarouselPicture {
    static let sideInset = 22.0, maxWidth = 480.0, ratio = 1.32, heightMargin = 44.0
    static let scrimHeight = 140.0, textInset = 18.0, textBottom = 36.0, textSpacing = 3.0
    static let dot = 7.0, dotPitch = 16.0, dotsBottom = 12.0, pageControlHeight = 26.0
    static let closeInset = 12.0
    static let titleFont = InAppChrome.font(20, .bold), messageFont = InAppChrome.font(14)

    /// The card in the safe area: the width first, narrowed so the height fits 44 pt inside the safe area.
    static func card(_ d: InAppDrawing) -> PictureRect {
        var width = min(d.safe.width - 2 * sideInset, maxWidth)
        var height = width * ratio
        if height > d.safe.height - heightMargin {
            height = d.safe.height - heightMargin
            width = height / ratio
        }
        return PictureRect(x: d.safe.midX - width / 2, y: d.safe.midY - height / 2, width: width, height: height)
    }

    static func draw(_ pr: InAppPresentation, _ c: InAppCarousel, _ d: InAppDrawing) {
        // The parser never lets an empty carousel through; a presentation built by hand might.
        guard !c.items.isEmpty else { return }
        let card = card(d)
        let look = InAppMotion.sharedCard(pr.phase, reduceMotion: pr.reduceMotion)
        InAppChrome.backdrop(d, opacity: 0.8 * look.backdrop)
        let page = min(max(pr.page, 0), c.items.count - 1)
        look.apply(d, center: (card.midX, card.midY)) {
            InAppChrome.cardShadow(d, card)
            d.picture.clipped(to: card, radius: InAppChrome.cardRadius) {
                d.picture.fill(card, .black)
                // The page under the finger and its neighbours, moved by the drag (negative: the content moves left).
                for i in max(0, page - 1)...min(c.items.count - 1, page + 1) {
                    let slide = card.offsetBy(dx: Double(i - page) * card.width + pr.dragOffset)
                    guard slide.maxX > card.x, slide.x < card.maxX else { continue }
                    drawSlide(c.items[i], in: slide, d)
                }
            }
            if c.items.count > 1 { drawDots(count: c.items.count, current: page, card: card, d) }
            InAppChrome.closeChip(d, right: card.maxX - closeInset, top: card.y + closeInset)
        }
    }

    static func drawSlide(_ item: InAppCarouselItem, in r: PictureRect, _ d: InAppDrawing) {
        if let url = item.image { InAppChrome.image(d, url, in: r, mode: .aspectFill) }
        guard item.title != nil || item.message != nil else { return }
        d.picture.fillGradient(PictureRect(x: r.x, y: r.maxY - scrimHeight, width: r.width, height: scrimHeight),
                               colors: [.clear, PictureColor.black.alpha(0.75)], from: (0, r.maxY - scrimHeight), to: (0, r.maxY))
        let width = r.width - 2 * textInset
        let th = InAppChrome.measure(d, item.title, font: titleFont, width: width, maxLines: 2)
        let mh = InAppChrome.measure(d, item.message, font: messageFont, width: width, maxLines: 2)
        var y = r.maxY - textBottom - mh - th - (th > 0 && mh > 0 ? textSpacing : 0)
        y += InAppChrome.text(d, item.title, x: r.x + textInset, y: y, width: width, font: titleFont, align: .left, maxLines: 2)
        if th > 0 && mh > 0 { y += textSpacing }
        InAppChrome.text(d, item.message, x: r.x + textInset, y: y, width: width, font: messageFont, align: .left, maxLines: 2)
    }

    /// UIPageControl: 7 pt dots 16 pt apart, the current one white, the others white 40 %, 12 pt above the bottom.
    static func drawDots(count: Int, current: Int, card: PictureRect, _ d: InAppDrawing) {
        let cy = card.maxY - dotsBottom - pageControlHeight / 2
        let first = card.midX - Double(count - 1) * dotPitch / 2
        for i in 0..<count {
            d.picture.fillCircle(x: first + Double(i) * dotPitch, y: cy, radius: dot / 2, i == current ? .white : PictureColor.white.alpha(0.4))
        }
    }
}
