// The spin wheel (PWSpinWheelInAppView): a card up to 400 wide, title and message, the wheel (equal slices from 12
// o'clock clockwise, labels along each bisector, the pointer, the hub) turned by the presentation's angle, the hub fading
// once tapped, the wheel fading out after the stop; then the reward panel fading in in its place. The backdrop stays
// clear.

import Foundation
import PushSimEngine
import PushSimScreens

enum InAppSpinWheelPicture {
    static let sideInset = 28.0, maxWidth = 400.0
    static let stackTop = 28.0, stackSide = 24.0, stackBottom = 24.0, spacing = 14.0
    /// The disc's inset in its square, the hub's and the pointer's sizes, the pointer 4 pt from the top.
    static let discInset = 30.0, hub = 72.0, pointer = 26.0, pointerTop = 4.0
    static let labelRadius = 0.55
    static let closeInset = 16.0
    static let titleFont = InAppChrome.font(24, .heavy), messageFont = InAppChrome.font(15)
    static let labelFont = InAppChrome.font(14, .bold), hubFont = InAppChrome.font(17, .heavy)

    /// The slice colours when a segment has none, cycled by index.
    static let palette: [InAppChrome.System] = [.indigo, .pink, .teal, .orange, .purple, .green]

    /// The card and, in it, the square of the wheel (or the reward panel's frame once it shows), laid out at rest.
    static func layout(_ pr: InAppPresentation, _ w: InAppSpinWheel, _ d: InAppDrawing) -> (card: PictureRect, body: PictureRect) {
        let width = min(d.device.width - 2 * sideInset, maxWidth)
        let inner = width - 2 * stackSide
        // The wheel leaves the stack once it has faded, and the reward panel takes its place: `collapseWheelIntoReward`
        // lays the stack out inside the panel's fade-in, so the card's height goes from the wheel's square to the
        // panel's on the same curve (centred, the card grows or shrinks at both ends).
        var body = inner
        if pr.rewardVisible {
            let panel = InAppRewardPicture.height(d, w.resolvedReward, width: inner)
            body = inner + (panel - inner) * InAppMotion.easeInOut(pr.rewardFade)
        }
        var above = 0.0
        if w.title != nil { above += InAppChrome.measure(d, w.title, font: titleFont, width: inner) + spacing }
        if w.message != nil { above += InAppChrome.measure(d, w.message, font: messageFont, width: inner) + spacing }
        let h = stackTop + above + body + stackBottom
        let card = PictureRect(x: (d.device.width - width) / 2, y: d.screen.midY - h / 2, width: width, height: h)
        return (card, PictureRect(x: card.x + stackSide, y: card.y + stackTop + above, width: inner, height: body))
    }

    static func draw(_ pr: InAppPresentation, _ w: InAppSpinWheel, _ d: InAppDrawing) {
        let (card, body) = layout(pr, w, d)
        let inner = body.width
        let reward = w.resolvedReward
        InAppMotion.sharedCard(pr.phase, reduceMotion: pr.reduceMotion).apply(d, center: (card.midX, card.midY)) {
            InAppChrome.surface(d, card, w.background)
            let x = card.x + stackSide
            var y = card.y + stackTop
            if w.title != nil { y += InAppChrome.text(d, w.title, x: x, y: y, width: inner, font: titleFont, align: .center) + spacing }
            if w.message != nil { InAppChrome.text(d, w.message, x: x, y: y, width: inner, font: messageFont, align: .center) }
            if pr.rewardVisible {
                // A gradient card clips the panel's band and a claim's confetti; a solid one lets them past its edges.
                let frame = PictureRect(x: x, y: body.y, width: inner, height: InAppRewardPicture.height(d, reward, width: inner))
                let panel = {
                    InAppCelebrationPicture.panel(d, pr, frame: frame) {
                        InAppRewardPicture.draw(d, reward, x: x, top: body.y, width: inner, background: w.background.first, copied: pr.copied)
                    }
                }
                // The panel fades in from alpha 0 (0.3 s, Reduce Motion 0.15 s, the default ease-in-out).
                d.picture.withAlpha(InAppMotion.easeInOut(pr.rewardFade)) {
                    if w.background.isGradient { d.picture.clipped(to: card, radius: InAppChrome.cardRadius, panel) } else { panel() }
                }
            } else {
                d.picture.withAlpha(1 - InAppMotion.easeInOut(pr.wheel.wheelFade)) { drawWheel(pr.wheel, w, in: body, d) }
            }
            if pr.message.content.showsCloseChip {
                InAppChrome.closeChip(d, right: card.maxX - closeInset, top: card.y + closeInset)
            }
            // The stop's volley, in the segment colours given.
            InAppCelebrationPicture.card(d, pr, card: card, clips: w.background.isGradient)
        }
    }

    /// The disc turned by `state.angle`, the pointer at 12 o'clock and the hub, in the square `r`.
    static func drawWheel(_ state: InAppWheelState, _ w: InAppSpinWheel, in r: PictureRect, _ d: InAppDrawing) {
        let p = d.picture
        let cx = r.midX, cy = r.midY, radius = max(0, r.width / 2 - discInset)
        let n = max(1, w.segments.count)
        let slice = 2 * Double.pi / Double(n)
        p.rotated(state.angle, aboutX: cx, y: cy) {
            for (i, segment) in w.segments.enumerated() {
                let start = -Double.pi / 2 + Double(i) * slice
                let fill = segment.color.map(PictureColor.init) ?? palette[i % palette.count].color(dark: d.dark)
                p.wedge(centerX: cx, centerY: cy, radius: radius, from: start, to: start + slice, fill: fill,
                        stroke: (PictureColor.white.alpha(0.35), 1))
            }
            // Each label runs outward along its slice's bisector, centred 0.55 of the radius from the centre.
            for (i, segment) in w.segments.enumerated() {
                let bisector = -Double.pi / 2 + (Double(i) + 0.5) * slice
                let label = TextWidth.sanitized(segment.message.text)
                let size = p.measure(label, font: labelFont)
                p.rotated(bisector, aboutX: cx, y: cy) {
                    p.text(label, x: cx + radius * labelRadius - size.width / 2, y: cy - size.height / 2, font: labelFont,
                           color: PictureColor(segment.message.color))
                }
            }
        }
        // The pointer: a 26 pt downward triangle in the label colour (UIColor.label), with its soft shadow.
        let top = r.y + pointerTop
        let tip: [Picture.Point] = [(cx - pointer / 2, top), (cx + pointer / 2, top), (cx, top + pointer)]
        p.fillPolygon(tip.map { ($0.x, $0.y + 2) }, PictureColor.black.alpha(0.15))
        p.fillPolygon(tip, d.label)
        // The hub: a 72 pt circle with a 2 pt border and a shadow, the spin button's text; once tapped it fades to alpha
        // 0.35 over 0.2 s (ease-in-out).
        let b = w.spinButton
        let spent = state.spinning || state.stoppedIndex != nil || state.angle != 0
        p.withAlpha(spent ? 1 - (1 - InAppWheelSpin.spentHubAlpha) * InAppMotion.easeInOut(state.hubFade) : 1) {
            let disc = PictureRect(x: cx - hub / 2, y: cy - hub / 2, width: hub, height: hub)
            p.shadow(disc, radius: hub / 2, opacity: 0.25, blur: 8, dy: 3)
            p.fillCircle(x: cx, y: cy, radius: hub / 2, PictureColor(b.background))
            p.strokeCircle(x: cx, y: cy, radius: hub / 2 - 1, PictureColor(b.borderColor), lineWidth: 2)
            let text = TextWidth.sanitized(b.text.text)
            let th = p.measure(text, font: hubFont, width: hub - 8, maxLines: 1).height
            p.text(text, x: disc.x + 4, y: cy - th / 2, width: hub - 8, font: hubFont, color: PictureColor(b.text.color), maxLines: 1, align: .center)
        }
    }
}
