// pip (`PWInAppPipContainerView`): a black card of the configured width and aspect ratio, 14 pt inside the safe area
// at its corner (or wherever it is being dragged), with close, mute and expand chips; expanded it fills the screen.

import PushSimEngine

enum InAppPipView {
    /// The card's cells: the collapsed size centred on the presentation's `pipCenter`, kept 14 pt inside the safe
    /// area; the whole screen when expanded.
    static func rect(_ pip: InAppPip, ctx: InAppDrawContext) -> Rect {
        let g = ctx.grid
        if ctx.p.pipExpanded { return g.screen }
        var w = max(10, Int((Double(g.screen.width) * pip.width).rounded()))
        var h = max(4, InAppGrid.rows(forWidth: w, ratio: pip.aspectRatio))
        w = max(6, min(g.safe.width, Int((Double(w) * ctx.scale).rounded())))
        h = max(3, min(g.safe.height, Int((Double(h) * ctx.scale).rounded())))
        let centre = g.cell(at: ctx.p.pipCenter)
        let bounds = g.safe.insetBy(dx: max(0, g.cols(14)), dy: max(0, g.rows(14)))
        let x = min(max(centre.x - w / 2, bounds.x), max(bounds.x, bounds.maxX - w))
        let y = min(max(centre.y - h / 2, bounds.y), max(bounds.y, bounds.maxY - h))
        return Rect(x: x, y: y, width: w, height: h)
    }

    static func draw(_ pip: InAppPip, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let r = rect(pip, ctx: ctx)
        ctx.hits.add(r, .body)
        let expanded = ctx.p.pipExpanded
        // Collapsed it has a frame (radius 16 by default → rounded); expanded, radius 0 and no frame.
        let inner = expanded ? r : r.insetBy(dx: 1, dy: 1)
        InAppPlayerView.draw(.init(poster: pip.poster, fallback: pip.fallback, loop: pip.loop), in: inner,
                             readoutRow: inner.height >= 4 ? inner.maxY - 2 : nil, ctx: ctx, on: &layer)
        if !expanded {
            Box.draw(r, on: &layer.canvas, corners: Box.corners(radius: pip.borderRadius), line: Style(fg: .rgb(99, 99, 102), bg: .black))
        }
        // Chips 6 pt inside the card: close top-right, mute bottom-right, expand bottom-left.
        let top = expanded ? ctx.grid.safe.y : inner.y
        ctx.hits.add(InAppCloseChip.draw(right: inner.maxX, y: top, on: &layer), .closeChip)
        let bottom = inner.maxY - 1
        let muteSymbol = InAppPlayerView.muteSymbol(ctx.p.player.muted)
        ctx.hits.add(InAppPlayerView.chip(muteSymbol, x: inner.maxX - TextWidth.of(muteSymbol) - 2, y: bottom, on: &layer), .mute)
        ctx.hits.add(InAppPlayerView.chip(expanded ? "⤡" : "⤢", x: inner.x, y: bottom, on: &layer), .expand)
        return r
    }
}
