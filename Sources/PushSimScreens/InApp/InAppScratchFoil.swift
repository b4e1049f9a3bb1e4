// The scratch card's foil over the reward: the brush's path cleared as it goes, the SDK's 16 × 10 grid cells it has
// counted but not cleared shown thinned, "Scratch here" on the generated foil, the fade after the reveal.

import PushSimEngine

enum InAppScratchFoil {
    /// The brush: a round line 46 pt wide.
    static let brush = 46.0

    /// The scratch area in the SDK's points: the card's stack width (screen − 56, at most 400, less 2 × 24) by 0.62 of
    /// it. Strokes arrive as fractions of it; the brush is measured on it.
    static func areaPoints(screen: InAppSize) -> InAppSize {
        let w = min(screen.width - 56, 400) - 48
        return InAppSize(width: max(1, w), height: max(1, w * 0.62))
    }

    /// Which cells of an area `size` cells big the brush has cleared: each cell's centre within 23 pt of a stroke.
    static func cleared(_ strokes: [[InAppPoint]], size: Size, area: InAppSize) -> [Bool] {
        var out = Array(repeating: false, count: size.width * size.height)
        guard size.width > 0, size.height > 0 else { return out }
        let cw = area.width / Double(size.width), ch = area.height / Double(size.height)
        let r = brush / 2
        func stamp(_ a: InAppPoint, _ b: InAppPoint) {
            let ax = a.x * area.width, ay = a.y * area.height, bx = b.x * area.width, by = b.y * area.height
            let x0 = max(0, Int(((min(ax, bx) - r) / cw).rounded(.down))), x1 = min(size.width - 1, Int(((max(ax, bx) + r) / cw).rounded(.down)))
            let y0 = max(0, Int(((min(ay, by) - r) / ch).rounded(.down))), y1 = min(size.height - 1, Int(((max(ay, by) + r) / ch).rounded(.down)))
            guard x0 <= x1, y0 <= y1 else { return }
            let dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy
            for y in y0...y1 {
                for x in x0...x1 where !out[y * size.width + x] {
                    let px = (Double(x) + 0.5) * cw, py = (Double(y) + 0.5) * ch
                    let t = len2 > 0 ? min(max(((px - ax) * dx + (py - ay) * dy) / len2, 0), 1) : 0
                    let qx = ax + t * dx - px, qy = ay + t * dy - py
                    if qx * qx + qy * qy <= r * r { out[y * size.width + x] = true }
                }
            }
        }
        for stroke in strokes {
            guard var last = stroke.first else { continue }
            stamp(last, last)
            for p in stroke.dropFirst() {
                // Points closer than a tenth of a cell add nothing a cell can show.
                if abs(p.x - last.x) * area.width < cw / 10 && abs(p.y - last.y) * area.height < ch / 10 { continue }
                stamp(last, p)
                last = p
            }
        }
        return out
    }

    /// Lay the foil over `area` (whose cells already show the reward). `under` is the area as drawn before the foil.
    static func draw(_ card: InAppScratchCard, state: InAppScratchState, area whole: Rect, ctx: InAppDrawContext, on layer: inout InAppLayer) {
        // A card taller than the terminal loses the foil's cut-off rows, never the foil over what shows.
        let area = whole.intersection(layer.canvas.bounds)
        guard area.width > 0, area.height > 0, state.foilFade < 1 else { return }
        var under = Canvas(width: area.width, height: area.height)
        for y in 0..<area.height { for x in 0..<area.width { under[x, y] = layer.canvas[area.x + x, area.y + y] } }
        let mono = ctx.options.monochrome
        let base = card.cover.background
        if let url = card.cover.image {
            InAppImageWell.draw(url, in: area, background: base.opaque, ctx: ctx, on: &layer)
        } else {
            // The generated foil: a diagonal four-stop gradient around the cover colour (−0.10 / +0.12 brightness).
            let c = base.opaque
            let stops = [c.brightened(0.12), c.brightened(-0.10), c.brightened(0.12), c.brightened(-0.10)].map { InAppColor($0) }
            InAppCardSurface.gradient(area, stops: stops, on: &layer)
            if mono { layer.canvas.update(area) { $0.grapheme = "▒" } }
            let label = "✎ Scratch here"
            if TextWidth.of(label) + 2 <= area.width {
                var ink = InAppColor(base.contrast)
                ink.alpha = 0.45
                let y = area.y + area.height / 2
                layer.canvas.update(Rect(x: area.x + (area.width - TextWidth.of(label)) / 2 - 1, y: y, width: TextWidth.of(label) + 2, height: 1)) {
                    $0.grapheme = " "
                }
                layer.centered(label, in: area, y: y, color: ink, attrs: .bold)
            }
        }
        let clear = cleared(state.strokes, size: Size(width: area.width, height: area.height), area: areaPoints(screen: ctx.grid.points))
        let cols = InAppScratchState.columns, rows = InAppScratchState.rows
        let anyCleared = clear.contains(true) || state.grid.contains(true)
        if anyCleared || state.foilFade > 0 { layer.canvas.coverImages(in: area) }
        for y in 0..<area.height {
            for x in 0..<area.width {
                let u = under[x, y]
                var foil = layer.canvas[area.x + x, area.y + y]
                let gx = min(cols - 1, x * cols / area.width), gy = min(rows - 1, y * rows / area.height)
                let counted = state.grid.indices.contains(gy * cols + gx) && state.grid[gy * cols + gx]
                if clear[y * area.width + x] {
                    foil = u
                } else if counted {
                    // Counted by the SDK's grid, not yet under the brush: the foil is worn, the prize shows through.
                    foil = Cell("░", fg: foil.bg, bg: u.bg)
                }
                if state.foilFade > 0 {
                    let f = state.foilFade
                    if f >= 0.5 { foil.glyph = u.glyph; foil.attrs = u.attrs }
                    foil.bg = foil.bg.mixed(with: u.bg, f)
                    foil.fg = foil.fg.mixed(with: f >= 0.5 ? u.fg : u.bg, f)
                }
                layer.canvas[area.x + x, area.y + y] = foil
            }
        }
    }
}
