// sheet (`PWSheetInAppView`): pinned to the bottom, at most 480 pt wide, top corners rounded, a grabber, an
// aspect-fill image, left-aligned texts and buttons; dragged down it follows the finger.

import PushSimEngine

enum InAppSheetView {
    static func draw(_ card: InAppCard, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let g = ctx.grid
        let w = min(g.screen.width, g.cols(480))
        let margin = max(1, g.cols(24) - 1)
        let textW = max(1, w - 2 - 2 * margin)
        var parts: [InAppStack.Part] = []
        if card.image != nil {
            // Height = width × 0.52 (aspect-fill), at most 40 % of the safe area.
            let imageW = max(1, w - 2 - 2 * max(0, g.cols(14) - 1))
            // The cap is 7.2.1's (`PWSheetInAppView.swift@4c81a0b`); pushsim keeps it on every release: on a phone in
            // portrait it never binds, and without it a terminal's short screen would be all image.
            let rows = min(InAppGrid.rows(forWidth: imageW, ratio: 0.52), max(2, g.safe.height * 2 / 5))
            parts += [.flexible("image", preferred: rows, minimum: 2), .gap(max(0, g.rows(2)))]
        } else {
            parts.append(.gap(max(0, g.rows(8))))
        }
        parts += [.text(card.title, maxLines: 2, bold: true), .text(card.message, maxLines: 4, bold: false)]
        if !card.buttons.isEmpty { parts += [.gap(max(1, g.rows(10))), .buttons(card.buttons, rows: InAppContractButton.rows(g))] }
        var stack = InAppStack(parts, width: textW, centered: false)
        // The top edge (with the grabber), the stack, 16 pt above the safe-area bottom; no bottom edge.
        let bottomPad = max(1, g.rows(16))
        stack.fit(max(1, g.safe.height - 1 - bottomPad))
        let h = min(g.safe.height, stack.height + 1 + bottomPad)
        let rect = Rect(x: g.screen.x + (g.screen.width - w) / 2, y: g.screen.maxY - h, width: w, height: h)
        ctx.hits.add(rect, .body)
        let inner = InAppCardSurface.draw(rect, surface: .solid(card.background), on: &layer, edges: [.top, .left, .right])
        // Grabber: 36 × 5 pt, 8 pt from the top, the contrast colour at 30 %.
        let bg = card.background.over(layer.bg(inner.x, inner.y))
        let grab = max(3, g.cols(36))
        layer.canvas.text(String(repeating: "━", count: grab), x: inner.x + (inner.width - grab) / 2, y: rect.y,
                          style: Style(fg: card.background.contrast.withAlpha(0.3, over: bg)))
        let placed = stack.draw(in: inner, y: inner.y, buttonInset: max(1, g.cols(20) - 1), ctx: &ctx, on: &layer)
        if let url = card.image, let well = placed["image"] {
            let inset = max(1, g.cols(14) - 1)
            InAppImageWell.draw(url, in: Rect(x: well.x + inset, y: well.y, width: max(0, well.width - 2 * inset), height: well.height),
                                background: bg.mixed(with: .rgb(118, 118, 128), 0.18), ctx: ctx, on: &layer)
        }
        if card.showClose {
            // 16 pt from the top and the trailing edge, inside the safe area.
            let y = max(g.safe.y, rect.y + max(1, g.rows(16)))
            ctx.hits.add(InAppCloseChip.draw(right: rect.maxX - max(1, g.cols(16) - 1), y: y, on: &layer), .closeChip)
        }
        ctx.hits.blocksApp = ctx.p.message.outsideTap == .closes
        return rect
    }
}
