// The inbox's rich cards as the SDK's cells draw them (PushwooshInboxKit/Public/PushwooshInboxCarouselCell.swift,
// …VideoCell.swift, …WalletCell.swift): the carousel's paged slides with their captions and page dots, the video's
// poster with the play badge, the wallet card with its hero and the black "Add to Apple Wallet" button.

import Foundation
import PushSimEngine
import PushSimScreens

extension InboxPicture {
    /// The gallery and the poster are 190 pt high, inset 5.5 pt in the card (radius 16); the text block below is inset
    /// 32 pt on the left (the unread dot's gutter) and 16 on the right; the title is one line, the body two.
    static let galleryHeight = 190.0
    static let hostInset = 5.5

    /// A carousel card (radius 24): the slide the card shows, its caption (17 pt semibold over a scrim from 55 % of
    /// the height), the page dots (white, others at 45 %) 8 pt above the gallery's bottom, the pin chip, then the text.
    static func carousel(_ row: InboxRow, on p: Picture, x: Double, y: Double, width: Double, colors c: Colors,
                         context: InboxCardContext, images: ResolvingImages) -> Double {
        let m = row.message
        let slides = InboxCarouselSlide.decode(m, sdk: context.attributes.sdk)
        let current = context.slide(of: m.code, count: slides.count)
        let text = textBlockHeight(m, on: p, width: width, bodyLines: 2, top: 14, bottom: 18)
        let h = hostInset + galleryHeight + text
        let r = PictureRect(x: x, y: y, width: width, height: h)
        p.fillRounded(r, radius: 24, c.card)
        let g = PictureRect(x: r.x + hostInset, y: r.y + hostInset, width: width - 2 * hostInset, height: galleryHeight)
        p.clipped(to: g, radius: 16) {
            p.fill(g, PictureColor(120, 120, 128, alpha: 0.16))
            guard slides.indices.contains(current) else { return }
            let slide = slides[current]
            drawImage(images.image(slide.image), in: g, radius: 0, colors: c, on: p)
            if let caption = slide.title.map(TextWidth.sanitized), !caption.isEmpty {
                let top = g.maxY - g.height * 0.55
                p.fillGradient(PictureRect(x: g.x, y: top, width: g.width, height: g.maxY - top),
                               colors: [.clear, PictureColor.black.alpha(0.55)], from: (0, top), to: (0, g.maxY))
                let font = PictureFont(17, .semibold)
                let ch = p.measure(caption, font: font, width: g.width - 36, maxLines: 2).height
                p.text(caption, x: g.x + 18, y: g.maxY - 22 - ch, width: g.width - 36, font: font, color: .white, maxLines: 2)
            }
        }
        if slides.count > 1, context.attributes.ios.inboxGlassPageDots {
            glassPageDots(count: slides.count, current: current, gallery: g, dark: c.dark, on: p)
        } else if slides.count > 1 {
            // UIPageControl: 7 pt dots 9 pt apart, centred, 8 pt above the gallery's bottom.
            let n = Double(slides.count), step = 16.0
            let start = g.midX - (n - 1) * step / 2
            for i in slides.indices {
                p.fillCircle(x: start + Double(i) * step, y: g.maxY - 8 - 13, radius: 3.5, i == current ? .white : PictureColor.white.alpha(0.45))
            }
        }
        if row.pinned && context.attributes.pinIndicatorVisible { pinChip(on: p, x: g.maxX - 14 - 28, y: g.y + 14) }
        if text > 0, context.attributes.ios.inboxCarouselTextPlate {
            // IK-10 (`PushwooshInboxCarouselCell.swift` `installCarouselLayout`, 7.1.2+, `#available(iOS 26.0, *)` only):
            // a thin-material plate at alpha 0.45, radius 16, 5.5 pt from the card's sides, 10 pt around the text.
            let plate = PictureRect(x: r.x + hostInset, y: g.maxY + 14 - 10, width: width - 2 * hostInset, height: text - 14 - 18 + 20)
            p.withAlpha(0.45) { GlassMaterial.thinMaterial(on: p, in: plate, radius: 16, dark: c.dark) }
        }
        drawTextBlock(m, on: p, card: r, top: g.maxY + 14, bodyLines: 2, colors: c, context: context)
        return h
    }

    /// IK-9: `GlassPageDots` (`PushwooshInboxCarouselCell.swift`, 7.1.2+, `#available(iOS 26.0, *)` whatever
    /// `isLiquidGlass` says): one 8 pt drop per page, 7 apart, the current one 22 wide at full alpha and the others at
    /// half, on a container as wide as the row (neither has a radius in the fallback), 12 pt above the gallery's
    /// bottom. The shipped binary's drops are thin-material blurs (`pwInboxGlassEffect`'s fallback).
    static func glassPageDots(count: Int, current: Int, gallery g: PictureRect, dark: Bool, on p: Picture) {
        let dot = 8.0, active = 22.0, spacing = 7.0
        let total = Double(count - 1) * (dot + spacing) + active
        var x = g.midX - total / 2
        let y = g.maxY - 12 - dot
        GlassMaterial.thinMaterial(on: p, in: PictureRect(x: x, y: y, width: total, height: dot), radius: 0, dark: dark)
        for i in 0..<count {
            let w = i == current ? active : dot
            let r = PictureRect(x: x, y: y, width: w, height: dot)
            p.withAlpha(i == current ? 1 : 0.5) { GlassMaterial.thinMaterial(on: p, in: r, radius: dot / 2, dark: dark) }
            x += w + spacing
        }
    }

    /// A video card (radius 20): the poster (or the placeholder when it has none) with the 56 pt play badge, then
    /// the text; the SDK hides the badge when the card has no playable video.
    static func video(_ row: InboxRow, on p: Picture, x: Double, y: Double, width: Double, colors c: Colors,
                      context: InboxCardContext, images: ResolvingImages) -> Double {
        let m = row.message
        let content = InboxVideoContent.decode(m)
        let text = textBlockHeight(m, on: p, width: width, bodyLines: 2, top: 12, bottom: 14)
        let h = hostInset + galleryHeight + text
        let r = PictureRect(x: x, y: y, width: width, height: h)
        p.fillRounded(r, radius: 20, c.card)
        let poster = PictureRect(x: r.x + hostInset, y: r.y + hostInset, width: width - 2 * hostInset, height: galleryHeight)
        if let url = content?.poster {
            drawImage(images.image(url), in: poster, radius: 16, colors: c, on: p)
        } else {
            p.fillRounded(poster, radius: 16, PictureColor(120, 120, 128, alpha: 0.16))
        }
        if content != nil {
            // play.circle.fill: a white disc with the triangle cut out, with its soft shadow.
            p.fillCircle(x: poster.midX, y: poster.midY + 2, radius: 28, PictureColor.black.alpha(0.18))
            p.fillCircle(x: poster.midX, y: poster.midY, radius: 27, .white)
            p.triangle(PictureRect(x: poster.midX - 7, y: poster.midY - 12, width: 21, height: 24), PictureColor(28, 28, 30))
        }
        if row.pinned && context.attributes.pinIndicatorVisible { pinChip(on: p, x: poster.maxX - 14 - 28, y: poster.y + 14) }
        drawTextBlock(m, on: p, card: r, top: poster.maxY + 12, bodyLines: 2, colors: c, context: context)
        return h
    }

    /// A wallet card (radius 18): the hero (178 pt, only when the message has an image), the title (2 lines) and body
    /// (3 lines), then PassKit's black 46 pt "Add to Apple Wallet" button, hidden when there is no pass URL.
    static func wallet(_ row: InboxRow, on p: Picture, x: Double, y: Double, width: Double, colors c: Colors,
                       context: InboxCardContext, images: ResolvingImages) -> Double {
        let m = row.message
        let pass = InboxWalletPass.decode(m)
        let hero = row.imageURL
        let heroH = hero == nil ? 0 : 178.0
        let textH = textBlockHeight(m, on: p, width: width, bodyLines: 3, titleLines: 2, top: 14, bottom: 0)
        let button = pass == nil ? 0 : 14 + 46.0
        let h = hostInset + heroH + textH + button + 16
        let r = PictureRect(x: x, y: y, width: width, height: h)
        p.fillRounded(r, radius: 18, c.card)
        var top = r.y + hostInset
        if let hero {
            let host = PictureRect(x: r.x + hostInset, y: top, width: width - 2 * hostInset, height: heroH)
            drawImage(images.image(hero), in: host, radius: 16, colors: c, on: p)
            if row.pinned && context.attributes.pinIndicatorVisible { pinChip(on: p, x: host.maxX - 10 - 28, y: host.y + 10) }
            top = host.maxY
        }
        let textBottom = drawTextBlock(m, on: p, card: r, top: top + 14, bodyLines: 3, titleLines: 2, colors: c, context: context)
        if pass != nil {
            let b = PictureRect(x: r.x + 16, y: textBottom + 14, width: width - 32, height: 46)
            p.fillRounded(b, radius: 10, .black)
            p.strokeRounded(b, radius: 10, PictureColor(90, 90, 94), lineWidth: 1)
            // The pass glyph: three stacked cards in Wallet's colours, then the label.
            let label = "Add to Apple Wallet"
            let font = PictureFont(16, .medium)
            let lw = p.measure(label, font: font, maxLines: 1).width
            let gx = b.midX - (lw + 34) / 2
            for (i, color) in [PictureColor(52, 170, 220), PictureColor(255, 196, 0), PictureColor(255, 59, 48)].enumerated() {
                p.fillRounded(PictureRect(x: gx, y: b.midY - 11 + Double(i) * 5, width: 26, height: 12), radius: 2.5, color)
            }
            p.text(label, x: gx + 34, y: b.midY - 10, font: font, color: .white, maxLines: 1)
        }
        return h
    }

    /// The text block's height under a gallery: nothing when the message has neither title nor body (the SDK
    /// collapses it), else its insets, the title line(s) and the body lines, 4 pt apart.
    static func textBlockHeight(_ m: InboxMessage, on p: Picture, width: Double, bodyLines: Int, titleLines: Int = 1,
                                top: Double, bottom: Double) -> Double {
        let title = TextWidth.sanitized(m.title ?? ""), body = TextWidth.sanitized(m.message ?? "")
        guard !title.isEmpty || !body.isEmpty else { return 0 }
        let w = width - 32 - 16
        let th = title.isEmpty ? 0 : p.measure(title, font: titleFont, width: w, maxLines: titleLines).height
        let bh = body.isEmpty ? 0 : p.measure(body, font: bodyFont, width: w, maxLines: bodyLines).height
        return top + th + (th > 0 && bh > 0 ? 4 : 0) + bh + bottom
    }

    /// The title with the date on its right, the body under it, the unread dot 8 pt left of the block; returns the
    /// block's bottom.
    @discardableResult
    static func drawTextBlock(_ m: InboxMessage, on p: Picture, card r: PictureRect, top: Double, bodyLines: Int, titleLines: Int = 1,
                              colors c: Colors, context: InboxCardContext) -> Double {
        let title = TextWidth.sanitized(m.title ?? ""), body = TextWidth.sanitized(m.message ?? "")
        guard !title.isEmpty || !body.isEmpty else { return top - 14 }
        let x = r.x + 32, w = r.width - 32 - 16
        var y = top
        if !title.isEmpty {
            let date = context.dates.string(m.sendDate)
            let dw = p.measure(date, font: dateFont).width
            let th = p.text(title, x: x, y: y, width: w - dw - 8, font: titleFont, color: c.title(m.isRead), maxLines: titleLines)
            p.text(date, x: x + w - dw, y: y + 2, font: dateFont, color: c.date, maxLines: 1)
            if !m.isRead { dot(on: p, x: x - 8 - 8, y: y + 10 - 4, c.accent) }
            y += th + (body.isEmpty ? 0 : 4)
        }
        if !body.isEmpty { y += p.text(body, x: x, y: y, width: w, font: bodyFont, color: c.body(m.isRead), maxLines: bodyLines) }
        return y
    }
}
