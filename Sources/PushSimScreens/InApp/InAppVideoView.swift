// video (`PWVideoInAppView`): full screen black, the player letterboxed, the fullscreen template's bottom stack
// (title 28 pt bold), the mute chip top-left and the close chip top-right (forced without buttons).

import PushSimEngine

enum InAppVideoView {
    static func draw(_ v: InAppVideo, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let g = ctx.grid
        let screen = g.screen
        ctx.hits.add(screen, .body)
        let chipRow = g.safe.y + g.rows(12)
        let muteX = screen.x + max(1, g.cols(16) - 1)
        // The readout sits beside the mute chip.
        InAppPlayerView.draw(.init(poster: v.poster, fallback: v.fallback, loop: v.loop), in: screen, readoutRow: chipRow,
                             readoutX: muteX + 5, ctx: ctx, on: &layer)
        InAppBottomStack.draw(title: v.title, message: v.message, buttons: v.buttons, bottomPad: 28, scrimLead: 48, ctx: &ctx, on: &layer)
        // The mute chip at the safe-area top + 12 pt, 16 pt from the left; the readout sits beside it.
        let mute = InAppPlayerView.chip(InAppPlayerView.muteSymbol(ctx.p.player.muted), x: muteX, y: chipRow, on: &layer)
        ctx.hits.add(mute, .mute)
        if ctx.p.message.content.showsCloseChip { InAppBottomStack.topChip(ctx: &ctx, on: &layer) }
        ctx.hits.blocksApp = true
        return screen
    }
}
