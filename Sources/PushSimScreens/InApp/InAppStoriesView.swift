// stories (`PWStoriesInAppView`): full screen on black, the page's image full-bleed, push stories' progress tracks
// (one per page), the close chip under them, and at the bottom the title, message and this page's buttons over a scrim.

import PushSimEngine

enum InAppStoriesView {
    static func draw(_ stories: InAppStories, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let g = ctx.grid
        let screen = g.screen
        layer.fill(screen, color: .black)
        ctx.hits.blocksApp = true
        guard !stories.items.isEmpty else { return screen }
        let page = min(max(ctx.p.page, 0), stories.items.count - 1)
        let item = stories.items[page]
        if let url = item.image { InAppImageWell.draw(url, in: screen, background: .black, ctx: ctx, on: &layer) }
        // The tap zones: the left third goes back, the rest forward (the middle and right thirds both).
        let third = screen.width / 3
        ctx.hits.add(Rect(x: screen.x, y: screen.y, width: third, height: screen.height), .storyZone(.left))
        ctx.hits.add(Rect(x: screen.x + third, y: screen.y, width: screen.width - 2 * third, height: screen.height), .storyZone(.middle))
        ctx.hits.add(Rect(x: screen.maxX - third, y: screen.y, width: third, height: screen.height), .storyZone(.right))

        // Bottom stack: inset 24 pt, 24 pt above the safe-area bottom; title 2 lines, message 2, 16 pt, buttons.
        let inset = max(1, g.cols(24) - 1)
        let width = max(1, screen.width - 2 * inset)
        var parts: [InAppStack.Part] = [.text(item.title, maxLines: 2, bold: true), .text(item.message, maxLines: 2, bold: false)]
        if !item.buttons.isEmpty { parts += [.gap(max(1, g.rows(16))), .buttons(item.buttons, rows: InAppContractButton.rows(g))] }
        var stack = InAppStack(parts, width: width, centered: false)
        let bottomPad = max(1, g.rows(24))
        stack.fit(max(0, screen.height - 4 - bottomPad))
        let top = screen.maxY - bottomPad - stack.height
        if stack.height > 0 {
            // The scrim starts 44 pt above the text.
            Scrim.apply(to: &layer.canvas, in: screen, fromY: top - max(1, g.rows(44)))
            stack.draw(in: screen, y: top, buttonInset: inset, ctx: &ctx, on: &layer)
        }

        // Progress tracks 14 pt under the safe-area top, inset 12 pt: earlier pages full, this one filling, later empty.
        let barY = g.safe.y + g.rows(14)
        let barInset = max(1, g.cols(12))
        let fractions = stories.items.indices.map { $0 < page ? 1 : $0 > page ? 0 : min(max(ctx.p.pageProgress, 0), 1) }
        ProgressBar.draw(fractions, into: &layer.canvas, x: screen.x + barInset, y: barY, width: screen.width - 2 * barInset,
                         fill: .white, trackColor: Color.white.withAlpha(0.3, over: .black))
        if ctx.p.held {
            layer.canvas.text("❚❚ held", x: screen.x + barInset, y: barY + 1, style: Style(fg: .white, attrs: .bold))
        }
        if stories.showClose {
            // 10 pt under the bar, 16 pt from the right.
            let y = barY + max(1, g.rows(10))
            ctx.hits.add(InAppCloseChip.draw(right: screen.maxX - max(1, g.cols(16) - 1), y: y, on: &layer), .closeChip)
        }
        return screen
    }
}
