// modal (`PWModalInAppView`): a centred card — image well, centred title and message, stacked buttons, close chip —
// over a 60 % black backdrop when `dimBackground` is true.

import PushSimEngine

enum InAppModalView {
    static func draw(_ card: InAppCard, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let g = ctx.grid
        var parts: [InAppStack.Part] = []
        if card.image != nil {
            // While loading the well is at least 180 pt high; the picture then keeps its ratio at full width.
            parts += [.flexible("image", preferred: max(3, g.rows(180)), minimum: 2), .gap(max(0, g.rows(4)))]
        }
        parts += [.text(card.title, maxLines: 2, bold: true), .text(card.message, maxLines: 4, bold: false)]
        if !card.buttons.isEmpty { parts += [.gap(max(1, g.rows(8))), .buttons(card.buttons, rows: InAppContractButton.rows(g))] }
        let spec = InAppCenteredCard.Spec(surface: .solid(card.background), parts: parts,
                                          topPad: card.image == nil ? max(1, g.rows(30)) : 0, bottomPad: max(1, g.rows(20)),
                                          showClose: ctx.p.message.content.showsCloseChip)
        let (rect, placed) = InAppCenteredCard.draw(spec, ctx: &ctx, on: &layer)
        if let url = card.image, let well = placed["image"] {
            // The image is inset 14 pt on top, left and right.
            let inset = max(1, g.cols(14) - 1)
            InAppImageWell.draw(url, in: Rect(x: well.x + inset, y: well.y, width: max(0, well.width - 2 * inset), height: well.height),
                                background: card.background.over(layer.bg(well.x, well.y)), ctx: ctx, on: &layer)
        }
        if spec.showClose { InAppCenteredCard.closeChip(rect, ctx: &ctx, on: &layer) }
        ctx.hits.blocksApp = card.dimBackground
        return rect
    }
}
