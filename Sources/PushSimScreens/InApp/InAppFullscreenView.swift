// fullscreen (`PWFullscreenInAppView`): the cover's colour and image full-bleed, a scrim from 48 pt above the bottom
// stack (title, message, buttons, 28 pt above the safe-area bottom), and the close chip at the top right.

import PushSimEngine

enum InAppFullscreenView {
    static func draw(_ f: InAppFullscreen, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let screen = ctx.grid.screen
        layer.fill(screen, f.cover.background)
        if let url = f.cover.image {
            InAppImageWell.draw(url, in: screen, background: f.cover.background.opaque, ctx: ctx, on: &layer)
        }
        ctx.hits.add(screen, .body)
        InAppBottomStack.draw(title: f.title, message: f.message, buttons: f.buttons, bottomPad: 28, scrimLead: 48,
                              ctx: &ctx, on: &layer)
        if ctx.p.message.content.showsCloseChip { InAppBottomStack.topChip(ctx: &ctx, on: &layer) }
        ctx.hits.blocksApp = true
        return screen
    }
}

/// The full-screen templates' bottom stack (fullscreen and video): inset 24 pt, spacing 8 (20 before the buttons),
/// over a scrim that starts `scrimLead` points above it.
enum InAppBottomStack {
    static func draw(title: InAppText?, message: InAppText?, buttons: [InAppButton], bottomPad: Double, scrimLead: Double,
                     ctx: inout InAppDrawContext, on layer: inout InAppLayer) {
        let g = ctx.grid
        let screen = g.screen
        let inset = max(1, g.cols(24) - 1)
        var parts: [InAppStack.Part] = [.text(title, maxLines: 3, bold: true), .text(message, maxLines: 4, bold: false)]
        if !buttons.isEmpty { parts += [.gap(max(1, g.rows(20))), .buttons(buttons, rows: InAppContractButton.rows(g))] }
        var stack = InAppStack(parts, width: max(1, screen.width - 2 * inset), centered: false)
        let pad = max(1, g.rows(bottomPad))
        stack.fit(max(0, screen.height - 3 - pad))
        guard stack.height > 0 else { return }
        let top = screen.maxY - pad - stack.height
        Scrim.apply(to: &layer.canvas, in: screen, fromY: top - max(1, g.rows(scrimLead)))
        stack.draw(in: screen, y: top, buttonInset: inset, ctx: &ctx, on: &layer)
    }

    /// The close chip at the safe-area top + 12 pt, 16 pt from the right.
    static func topChip(ctx: inout InAppDrawContext, on layer: inout InAppLayer) {
        let g = ctx.grid
        ctx.hits.add(InAppCloseChip.draw(right: g.screen.maxX - max(1, g.cols(16) - 1), y: g.safe.y + g.rows(12), on: &layer), .closeChip)
    }
}
