// scratchcard (`PWScratchCardInAppView`): a centred card (gradient or solid), title and message, the scratch area
// (ratio 0.62, a light ticket with the reward under the foil), the reveal button under it, the close chip.

import PushSimEngine

enum InAppScratchCardView {
    static func draw(_ s: InAppScratchCard, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let g = ctx.grid
        var extra: [InAppStack.Part] = []
        if let b = s.revealButton { extra = [.gap(max(0, g.rows(14))), .buttons([b], rows: InAppContractButton.rows(g))] }
        // The reveal button is not a `button N`: it is `reveal`.
        let before = ctx.hits.entries.count
        let (card, slot) = InAppCenteredCard.drawGame(surface: s.background, title: s.title, message: s.message,
                                                      preferred: { InAppGrid.rows(forWidth: $0, ratio: 0.62) + 2 }, minimum: 5,
                                                      extra: extra, bottom: 16, ctx: &ctx, on: &layer)
        for i in ctx.hits.entries.indices.dropFirst(before) where ctx.hits.entries[i].element == .button(1) {
            ctx.hits.entries[i].element = .revealButton
        }
        ctx.celebration.card = card
        if s.background.isGradient { ctx.celebration.cardClip = card }
        if let frame = slot { drawArea(s, frame: frame, ctx: &ctx, on: &layer) }
        return card
    }

    /// The ticket (white 0.97, radius 18) with the reward inset 16 pt, the foil over it until it has faded, and then a
    /// yellow frame.
    static func drawArea(_ s: InAppScratchCard, frame: Rect, ctx: inout InAppDrawContext, on layer: inout InAppLayer) {
        let p = ctx.p
        let revealed = p.scratch.revealed || p.rewardVisible
        layer.fill(frame, color: InAppPaint.ticket)
        // Once the foil has gone the frame turns systemYellow 85 % as the SDK's border grows to 2.5 pt (0.4 s, linear;
        // Reduce Motion 0.15 s), bold from half way.
        let growth = revealed && p.scratch.foilFade >= 1 ? p.scratch.border : 0
        let line = InAppPaint.areaFrame.mixed(with: InAppPaint.revealBorder, growth)
        Box.draw(frame, on: &layer.canvas, corners: .rounded, line: Style(fg: line, bg: InAppPaint.ticket, attrs: growth >= 0.5 ? .bold : []))
        let area = frame.insetBy(dx: 1, dy: 1)
        ctx.hits.add(area, .scratchArea(x: 0, y: 0))
        // The panel pulses (one cell wider at its peak) inside the area, which clips it, its band and a claim's confetti.
        let panel = InAppCelebrationView.pulsed(area.insetBy(dx: max(0, ctx.grid.cols(16) - 2), dy: 0), p.celebration.pulse).intersection(area)
        var rewardHits = ctx
        rewardHits.hits = InAppHitMap()
        ctx.celebration.panel = InAppRewardPanel.draw(s.reward, in: panel, surface: InAppColor(InAppPaint.ticket), copied: p.copied,
                                                      ctx: &rewardHits, on: &layer)
        ctx.celebration.panelClip = area
        InAppScratchFoil.draw(s, state: p.scratch, area: area, ctx: ctx, on: &layer)
        if let c = p.scratchCursor, !revealed {
            // The keyboard's finger: a cross over the foil, a dot while it scratches.
            let x = area.x + min(area.width - 1, max(0, Int(c.x * Double(area.width))))
            let y = area.y + min(area.height - 1, max(0, Int(c.y * Double(area.height))))
            layer.canvas[x, y] = Cell(p.scratchFingerDown ? "●" : "✚", fg: .rgb(255, 59, 48), bg: layer.bg(x, y), attrs: .bold)
        }
        // Before the reveal the generated foil takes every tap on the area; an image foil lets taps through to the
        // hidden chip and button (a UIImageView is not interactive).
        if revealed || p.scratch.foilFade >= 1 || s.cover.image != nil {
            for e in rewardHits.hits.entries { ctx.hits.add(e.rect, e.element) }
        }
    }
}
