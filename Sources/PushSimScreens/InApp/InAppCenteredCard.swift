// The centred card of modal, scratch card and spin wheel: width = screen − 2 × 28 pt, at most 400 pt, its stack
// fitted to the safe area less 24 pt above and below, the close chip in its top-right corner.

import PushSimEngine

enum InAppCenteredCard {
    struct Spec {
        var surface: InAppSurface
        var parts: [InAppStack.Part]
        /// Text margins inside the card (modal 24 pt, the games' stack 24 pt).
        var textInset: Double = 24
        /// Button margins inside the card (modal 20 pt, the games 24 pt).
        var buttonInset: Double = 20
        /// Rows above the stack inside the frame (an image sits right under the frame; text 30 pt down).
        var topPad: Int
        var bottomPad: Int
        var showClose: Bool
    }

    /// Card columns at rest: the screen less 28 pt each side, at most 400 pt.
    static func width(_ g: InAppGrid) -> Int { max(10, min(g.screen.width - 2 * g.cols(28), g.cols(400))) }

    /// Draw the card; returns its rectangle and where its flexible parts went.
    static func draw(_ spec: Spec, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> (card: Rect, parts: [String: Rect]) {
        let g = ctx.grid
        let w = min(ctx.scaled(width(g)), g.screen.width)
        let textW = max(1, w - 2 - 2 * max(1, g.cols(spec.textInset) - 1))
        let buttonInset = max(1, g.cols(spec.buttonInset) - 1)
        var stack = InAppStack(spec.parts, width: textW, centered: true)
        let room = g.safe.height - 2 * g.rows(24) - 2 - spec.topPad - spec.bottomPad
        stack.fit(max(1, room))
        let h = min(g.safe.height, stack.height + 2 + spec.topPad + spec.bottomPad)
        let card = Rect(x: g.screen.x + (g.screen.width - w) / 2, y: g.safe.y + (g.safe.height - h) / 2, width: w, height: h)
        ctx.hits.add(card, .body)
        let inner = InAppCardSurface.draw(card, surface: spec.surface, on: &layer)
        let parts = stack.draw(in: inner, y: inner.y + spec.topPad, buttonInset: buttonInset, ctx: &ctx, on: &layer)
        return (card, parts)
    }

    /// The close chip inside the card's top-right corner, recorded as `close`.
    static func closeChip(_ card: Rect, ctx: inout InAppDrawContext, on layer: inout InAppLayer) {
        ctx.hits.add(InAppCloseChip.draw(right: card.maxX - 2, y: card.y + 1, on: &layer), .closeChip)
    }

    /// The games' card (scratch card, spin wheel): title (2 lines), message (3), 14 pt, the game's area (`preferred`
    /// rows for its columns, at least `minimum`), then `extra`; margins 28 pt on top, 24 pt at the sides, `bottom`
    /// below; the close chip 16 pt inside the top-right corner. Returns the card and the area inside the margins.
    static func drawGame(surface: InAppSurface, title: InAppText?, message: InAppText?, preferred: (Int) -> Int, minimum: Int,
                         extra: [InAppStack.Part] = [], bottom: Double, ctx: inout InAppDrawContext,
                         on layer: inout InAppLayer) -> (card: Rect, area: Rect?) {
        let g = ctx.grid
        let inset = max(1, g.cols(24) - 1)
        let areaW = max(6, min(ctx.scaled(width(g)), g.screen.width) - 2 - 2 * inset)
        let parts: [InAppStack.Part] = [.text(title, maxLines: 2, bold: true), .text(message, maxLines: 3, bold: false),
                                        .gap(max(0, g.rows(14))), .flexible("area", preferred: preferred(areaW), minimum: minimum)] + extra
        let spec = Spec(surface: surface, parts: parts, buttonInset: 24, topPad: max(1, g.rows(28)), bottomPad: max(1, g.rows(bottom)),
                        showClose: ctx.p.message.content.showsCloseChip)
        let (card, placed) = draw(spec, ctx: &ctx, on: &layer)
        if spec.showClose {
            ctx.hits.add(InAppCloseChip.draw(right: card.maxX - max(1, g.cols(16) - 2), y: card.y + 1, on: &layer), .closeChip)
        }
        let area = placed["area"].map { Rect(x: $0.x + inset, y: $0.y, width: max(4, $0.width - 2 * inset), height: $0.height) }
        return (card, area)
    }
}
