// carousel (`PWCarouselInAppView`): a black card of ratio 1.32 (at most 480 pt wide) paging through full-bleed slides,
// each with a bottom scrim behind its title and message, page dots, the close chip always, over an 80 % scrim.

import PushSimEngine

enum InAppCarouselView {
    /// The card at rest: the safe width less 22 pt each side (at most 480 pt), height = width × 1.32, and no taller
    /// than the safe height less 44 pt (the width then shrinks to keep the ratio). Both caps are 7.2.1's
    /// (`PWCarouselInAppView.swift@4c81a0b`); pushsim keeps them on every release, as a portrait phone never reaches
    /// them and a terminal's short screen would.
    static func cardSize(_ g: InAppGrid, scale: Double) -> Size {
        var w = min(g.safe.width - 2 * g.cols(22), g.cols(480))
        var h = InAppGrid.rows(forWidth: w, ratio: 1.32)
        let maxH = max(6, g.safe.height - max(1, g.rows(44)))
        if h > maxH { h = maxH; w = Int((Double(h) * 2 / 1.32).rounded()) }
        w = max(8, Int((Double(w) * scale).rounded()))
        h = max(6, Int((Double(h) * scale).rounded()))
        return Size(width: min(w, g.safe.width), height: min(h, g.safe.height))
    }

    static func draw(_ carousel: InAppCarousel, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let g = ctx.grid
        let size = cardSize(g, scale: ctx.scale)
        let rect = Rect(x: g.safe.x + (g.safe.width - size.width) / 2, y: g.safe.y + (g.safe.height - size.height) / 2,
                        width: size.width, height: size.height)
        let frame = Color.rgb(58, 58, 60)
        layer.fill(rect, color: .black)
        Box.draw(rect, on: &layer.canvas, corners: .rounded, line: Style(fg: frame, bg: .black))
        let slide = rect.insetBy(dx: 1, dy: 1)
        ctx.hits.add(slide, .body)
        let count = carousel.items.count
        let page = min(max(ctx.p.page, 0), max(0, count - 1))
        // A drag moves the slides with the finger (in points of the SDK's card, as wide as the slide here).
        let cardPoints = min(g.points.width - 44, 480)
        let shift = Int((ctx.p.dragOffset / cardPoints * Double(slide.width)).rounded())
        for (index, dx) in [(page, shift), (page + 1, shift + slide.width), (page - 1, shift - slide.width)]
        where carousel.items.indices.contains(index) && abs(dx) < slide.width {
            var sub = InAppLayer(over: Canvas(width: slide.width, height: slide.height, fill: Cell(" ", bg: .black)))
            drawSlide(carousel.items[index], size: Size(width: slide.width, height: slide.height), ctx: ctx, on: &sub)
            copy(sub.canvas, to: &layer, at: slide, dx: dx)
        }
        // The page control sits on the card's bottom edge; it follows the scroll (page = round(offset / width)).
        let live = min(max(page - Int((Double(shift) / Double(max(1, slide.width))).rounded()), 0), max(0, count - 1))
        InAppPageDots.draw(count: count, current: live, in: slide, y: rect.maxY - 1, on: &layer)
        // Always shown, whatever `showClose` says; 12 pt from the card's top-right.
        ctx.hits.add(InAppCloseChip.draw(right: slide.maxX - max(0, g.cols(12) - 2), y: slide.y, on: &layer), .closeChip)
        ctx.hits.blocksApp = ctx.p.message.outsideTap == .closes
        return rect
    }

    /// One slide: its image full-bleed (black without), a scrim under its text when it has any, title (2 lines) and
    /// message (2 lines) inset 18 pt, 36 pt above the bottom.
    static func drawSlide(_ item: InAppCarouselItem, size: Size, ctx: InAppDrawContext, on layer: inout InAppLayer) {
        let all = Rect(x: 0, y: 0, width: size.width, height: size.height)
        if let url = item.image { InAppImageWell.draw(url, in: all, background: .black, ctx: ctx, on: &layer) }
        let inset = max(1, ctx.grid.cols(18) - 1)
        let textW = max(1, size.width - 2 * inset)
        let title = InAppTextBlock(item.title, width: textW, maxLines: 2, bold: true)
        let message = InAppTextBlock(item.message, width: textW, maxLines: 2)
        guard title.height + message.height > 0 else { return }
        let bottom = size.height - max(1, ctx.grid.rows(36))
        let top = max(0, bottom - title.height - message.height)
        Scrim.apply(to: &layer.canvas, in: all, fromY: max(0, top - 2))
        let textRect = Rect(x: inset, y: 0, width: textW, height: size.height)
        message.draw(in: textRect, y: title.draw(in: textRect, y: top, centered: false, on: &layer), centered: false, on: &layer)
    }

    /// Copy a slide's cells into `rect`, moved `dx` columns and clipped to it.
    static func copy(_ slide: Canvas, to layer: inout InAppLayer, at rect: Rect, dx: Int) {
        layer.canvas.carryImages(of: slide, dx: rect.x + dx, dy: rect.y, clip: rect, covered: dx != 0)
        for y in 0..<slide.height {
            for x in 0..<slide.width where x + dx >= 0 && x + dx < rect.width {
                layer.canvas[rect.x + x + dx, rect.y + y] = slide[x, y]
            }
        }
    }
}
