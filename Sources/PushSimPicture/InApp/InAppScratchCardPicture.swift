// The scratch card (PWScratchCardInAppView): a card up to 400 wide, title and message, the scratch area (a light
// ticket with the reward panel under the foil), the erased strokes, the reveal's fade and the yellow border growing after
// it, the reveal button; the backdrop stays clear.

import Foundation
import PushSimEngine

enum InAppScratchCardPicture {
    static let sideInset = 28.0, maxWidth = 400.0
    static let stackTop = 28.0, stackSide = 24.0, stackBottom = 16.0, spacing = 14.0
    static let areaRatio = 0.62, areaRadius = 18.0, areaInset = 16.0
    /// The brush: a round-capped line 46 pt wide.
    static let brush = 46.0
    static let closeInset = 16.0
    static let ticket = InAppScratchCard.ticket
    static let titleFont = InAppChrome.font(24, .heavy), messageFont = InAppChrome.font(15)
    static let hintFont = InAppChrome.font(14, .semibold), hintIcon = 26.0, hintSpacing = 6.0

    /// The card and the scratch area in it, laid out at rest.
    static func layout(_ c: InAppScratchCard, _ d: InAppDrawing) -> (card: PictureRect, area: PictureRect) {
        let width = min(d.device.width - 2 * sideInset, maxWidth)
        let inner = width - 2 * stackSide
        let th = InAppChrome.measure(d, c.title, font: titleFont, width: inner)
        let mh = InAppChrome.measure(d, c.message, font: messageFont, width: inner)
        let area = inner * areaRatio
        var above = 0.0
        if c.title != nil { above += th + spacing }
        if c.message != nil { above += mh + spacing }
        let h = stackTop + above + area + (c.revealButton != nil ? spacing + InAppChrome.buttonHeight : 0) + stackBottom
        let card = PictureRect(x: (d.device.width - width) / 2, y: d.screen.midY - h / 2, width: width, height: h)
        return (card, PictureRect(x: card.x + stackSide, y: card.y + stackTop + above, width: inner, height: area))
    }

    static func draw(_ pr: InAppPresentation, _ c: InAppScratchCard, _ d: InAppDrawing) {
        let (card, area) = layout(c, d)
        InAppMotion.sharedCard(pr.phase, reduceMotion: pr.reduceMotion).apply(d, center: (card.midX, card.midY)) {
            InAppChrome.surface(d, card, c.background)
            let inner = area.width
            var y = card.y + stackTop
            if c.title != nil { y += InAppChrome.text(d, c.title, x: area.x, y: y, width: inner, font: titleFont, align: .center) + spacing }
            if c.message != nil { InAppChrome.text(d, c.message, x: area.x, y: y, width: inner, font: messageFont, align: .center) }
            drawArea(pr, c, area, d)
            if let reveal = c.revealButton {
                InAppChrome.button(d, reveal, in: PictureRect(x: area.x, y: area.maxY + spacing, width: inner, height: InAppChrome.buttonHeight))
            }
            if pr.message.content.showsCloseChip {
                InAppChrome.closeChip(d, right: card.maxX - closeInset, top: card.y + closeInset)
            }
            // The reveal's volley: the emitter is the card's last sublayer.
            InAppCelebrationPicture.card(d, pr, card: card, clips: c.background.isGradient)
        }
    }

    /// The ticket with the reward centred on it (cut by the area's corners when taller), then the foil with the
    /// strokes erased, fading out after the reveal; once it has gone, the yellow border (systemYellow 85 %) growing to
    /// 2.5 pt. The area clips the panel's pulse, its band and a claim's confetti.
    static func drawArea(_ pr: InAppPresentation, _ c: InAppScratchCard, _ area: PictureRect, _ d: InAppDrawing) {
        let p = d.picture, s = pr.scratch
        p.clipped(to: area, radius: areaRadius) {
            p.fill(area, PictureColor(ticket))
            let width = area.width - 2 * areaInset
            let h = InAppRewardPicture.height(d, c.reward, width: width)
            InAppCelebrationPicture.panel(d, pr, frame: PictureRect(x: area.x + areaInset, y: area.midY - h / 2, width: width, height: h)) {
                InAppRewardPicture.draw(d, c.reward, x: area.x + areaInset, top: area.midY - h / 2, width: width, background: ticket,
                                        copied: pr.copied)
            }
            // The foil fades 0.45 s ease-out from the reveal, then is hidden.
            let foil = s.revealed ? 1 - InAppMotion.easeOut(s.foilFade) : 1
            guard foil > 0, !(s.revealed && s.foilFade >= 1) else { return }
            p.layer(alpha: foil) {
                drawFoil(c.cover, area, d)
                p.erasing {
                    for stroke in s.strokes {
                        p.strokePolyline(stroke.map { (area.x + $0.x * area.width, area.y + $0.y * area.height) }, width: brush, .black)
                    }
                }
            }
        }
        if s.revealed && s.foilFade >= 1 && s.border > 0 {
            // `glowScratchArea`: a CALayer border (inside the area's bounds, as `strokeRounded` draws), its width growing
            // linearly from 0 to 2.5 pt.
            p.strokeRounded(area, radius: areaRadius, InAppChrome.System.yellow.color(dark: d.dark).alpha(0.85),
                            lineWidth: borderWidth * min(1, s.border))
        }
    }

    /// The revealed area's border at rest (systemYellow 85 %).
    static let borderWidth = 2.5

    /// `cover.image` aspect-filled over `cover.background`; without one, PWFoilGradientView: shade, sheen, shade,
    /// sheen at 0, 0.35, 0.7 and 1 from the top-left corner to the bottom-right (the colour's brightness −0.10 and
    /// +0.12), with the hand.draw icon over "Scratch here" in the contrast colour at 45 %.
    static func drawFoil(_ cover: InAppCover, _ area: PictureRect, _ d: InAppDrawing) {
        let p = d.picture
        p.fill(area, PictureColor(cover.background).alpha(1))
        if let url = cover.image {
            InAppChrome.image(d, url, in: area, mode: .aspectFill)
            return
        }
        let shade = brightened(cover.background, by: -0.10), sheen = brightened(cover.background, by: 0.12)
        p.fillGradient(area, colors: [shade, sheen, shade, sheen], locations: [0, 0.35, 0.7, 1],
                       from: (area.x, area.y), to: (area.maxX, area.maxY))
        let hint = InAppChrome.contrast(on: cover.background).alpha(0.45)
        let label = "Scratch here"
        let lh = p.measure(label, font: hintFont).height
        let top = area.midY - (hintIcon + hintSpacing + lh) / 2
        InAppSymbols.handDraw(p, centerX: area.midX, centerY: top + hintIcon / 2, size: hintIcon, hint)
        p.text(label, x: area.x, y: top + hintIcon + hintSpacing, width: area.width, font: hintFont, color: hint, maxLines: 1, align: .center)
    }

    /// UIColor(hue:saturation:brightness:) with the brightness moved by `delta` (clamped to 0…1), opaque.
    static func brightened(_ c: InAppColor, by delta: Double) -> PictureColor {
        let mx = max(c.red, c.green, c.blue)
        let v = min(1, max(0, mx + delta))
        guard mx > 0 else { return PictureColor(r: v, g: v, b: v) }
        // Same hue and saturation: every channel keeps its ratio to the brightest one.
        let k = v / mx
        return PictureColor(r: c.red * k, g: c.green * k, b: c.blue * k)
    }
}
