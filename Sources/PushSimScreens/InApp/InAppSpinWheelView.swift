// spinwheel (`PWSpinWheelInAppView`): the centred card with title, message and the wheel; once the wheel has
// faded after its stop, the resolved prize's reward panel fading in in its place.

import PushSimEngine

enum InAppSpinWheelView {
    static func draw(_ w: InAppSpinWheel, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        // A square wheel area: as many rows as half its columns, plus the pointer's row.
        let (card, slot) = InAppCenteredCard.drawGame(surface: w.background, title: w.title, message: w.message,
                                                      preferred: { $0 / 2 + 1 }, minimum: 6, bottom: 24, ctx: &ctx, on: &layer)
        ctx.celebration.card = card
        if w.background.isGradient { ctx.celebration.cardClip = card; ctx.celebration.panelClip = card }
        if let area = slot {
            if ctx.p.rewardVisible {
                // The panel pulses one cell wider at its peak; a solid card does not clip its band or a claim's confetti.
                let before = ctx.p.rewardFade < 1 ? layer.canvas : nil
                ctx.celebration.panel = InAppRewardPanel.draw(w.resolvedReward, in: InAppCelebrationView.pulsed(area, ctx.p.celebration.pulse),
                                                              surface: w.background.first, copied: ctx.p.copied, ctx: &ctx, on: &layer)
                // It fades in over the card (0.3 s; Reduce Motion 0.15 s).
                if let before { layer.fade(area, toward: before, by: 1 - ctx.p.rewardFade) }
            } else if ctx.p.wheel.wheelFade < 1 {
                InAppWheel.draw(w, state: ctx.p.wheel, in: area, surface: w.background.first, ctx: &ctx, on: &layer)
            }
        }
        return card
    }
}
