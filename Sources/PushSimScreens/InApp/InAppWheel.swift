// The spin wheel's disc (`PWSpinWheelInAppView`): equal slices clockwise from 12 o'clock in the segments' colours
// (the palette when unset), white 35 % separators, labels at 0.55 r, turned by the wheel's angle; the pointer at the
// top and the hub with the spin button's colours. Half blocks give two square pixels a cell.

import Foundation
import PushSimEngine

enum InAppWheel {
    /// Monochrome fills, one per slice in turn, so neighbours differ without colour.
    static let textures = ["█", "▒", "▓", "░"]

    static func color(_ w: InAppSpinWheel, _ i: Int) -> Color {
        w.segments[i].color?.opaque ?? InAppPaint.wheelPalette[i % InAppPaint.wheelPalette.count]
    }

    /// The disc's radius in columns for an area (the area less 30 pt each side of the SDK's square, and a row for
    /// the pointer).
    /// A disc short of rows (an 80 × 24 terminal) keeps one column of margin instead, so its labels stay readable.
    static func radius(in area: Rect, insetFraction: Double) -> Double {
        let side = min(Double(area.width), 2 * Double(area.height - 1))
        return max(2, side < 40 ? side / 2 - 1 : side / 2 * (1 - insetFraction))
    }

    /// Draw the disc, pointer and hub in `area`; records the disc (`wheel`) and the hub (`hub`).
    static func draw(_ w: InAppSpinWheel, state: InAppWheelState, in area: Rect, surface: InAppColor, ctx: inout InAppDrawContext,
                     on layer: inout InAppLayer) {
        guard area.width >= 6, area.height >= 4, !w.segments.isEmpty else { return }
        let sdkSide = InAppScratchFoil.areaPoints(screen: ctx.grid.points).width
        let r = radius(in: area, insetFraction: min(0.4, 60 / max(sdkSide, 1)))
        let cx = Double(area.x) + Double(area.width) / 2
        let cy = Double(area.y + 1) + Double(area.height - 1) / 2
        let n = w.segments.count
        let seg = 2 * Double.pi / Double(n)
        let mono = ctx.options.monochrome
        let saved = layer.canvas
        let sep = 0.35

        // The slice under a pixel at (dx, dy) columns from the centre (dy already in columns), nil outside the disc.
        func sample(_ dx: Double, _ dy: Double) -> (index: Int, edge: Bool)? {
            let d = (dx * dx + dy * dy).squareRoot()
            guard d <= r else { return nil }
            var a = atan2(dx, -dy) - state.angle
            a = a.truncatingRemainder(dividingBy: 2 * .pi)
            if a < 0 { a += 2 * .pi }
            let i = min(n - 1, Int(a / seg))
            let along = a - Double(i) * seg
            let edge = min(along, seg - along) * d < 0.5 && d > 1
            return (i, edge)
        }
        func paint(_ s: (index: Int, edge: Bool)?) -> Color? {
            guard let s else { return nil }
            let c = color(w, s.index)
            return s.edge ? c.mixed(with: .white, sep) : c
        }
        let box = Rect(x: Int((cx - r).rounded(.down)), y: Int((cy - r / 2).rounded(.down)),
                       width: Int((2 * r).rounded(.up)) + 1, height: Int(r.rounded(.up)) + 1).intersection(area)
            .intersection(layer.canvas.bounds)
        layer.canvas.coverImages(in: box)
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX {
                let dx = Double(x) + 0.5 - cx
                let top = sample(dx, (Double(y) + 0.25 - cy) * 2), bottom = sample(dx, (Double(y) + 0.75 - cy) * 2)
                guard top != nil || bottom != nil else { continue }
                let under = layer.canvas[x, y].bg
                if mono {
                    let s = sample(dx, (Double(y) + 0.5 - cy) * 2) ?? top ?? bottom!
                    layer.canvas[x, y] = Cell(s.edge ? "·" : textures[s.index % textures.count], fg: color(w, s.index), bg: under)
                    continue
                }
                let t = paint(top) ?? under, b = paint(bottom) ?? under
                layer.canvas[x, y] = t == b ? Cell(" ", bg: t) : Cell("▀", fg: t, bg: b)
            }
        }
        ctx.hits.add(box, .wheel)

        // Labels along each slice's bisector at 0.55 r, no wider than the chord to the next label (text cannot turn
        // with the slice here, so neighbours on one row must not run into each other).
        let room = max(3, Int(2 * 0.55 * r * sin(min(seg, .pi) / 2)) - 1)
        for i in 0..<n {
            let a = (Double(i) + 0.5) * seg + state.angle
            let lx = cx + 0.55 * r * sin(a), ly = cy - 0.55 * r * cos(a) / 2
            let text = TextWidth.truncate(TextWidth.sanitized(w.segments[i].message.text), to: min(room, Int(r)))
            let tw = TextWidth.of(text)
            let x = Int((lx - Double(tw) / 2).rounded()), y = Int(ly.rounded(.down))
            guard y >= box.y, y < box.maxY else { continue }
            let bg = color(w, i)
            layer.canvas.update(Rect(x: x, y: y, width: tw, height: 1)) { $0 = Cell(" ", bg: mono ? $0.bg : bg) }
            layer.text(text, x: x, y: y, color: w.segments[i].message.color, attrs: .bold, maxWidth: tw)
        }

        // The pointer: a downward triangle at the top, in the contrast colour of the card.
        layer.canvas.text("▼", x: Int(cx), y: max(area.y, box.y - 1), style: Style(fg: surface.contrast, attrs: .bold))

        // The hub: a 72 pt circle in the middle of the SDK's disc, in the spin button's colours.
        let hubCols = max(6, Int((2 * r * 72 / max(1, sdkSide - 60)).rounded()))
        let label = TextWidth.of(TextWidth.sanitized(w.spinButton.text.text)) + 4
        let hubW = min(box.width, max(hubCols, label))
        let hubRows = hubW >= 12 && InAppContractButton.rows(ctx.grid) == 3 ? 3 : 1
        let hub = Rect(x: Int(cx) - hubW / 2, y: Int(cy) - hubRows / 2, width: hubW, height: hubRows)
        // Tapped, it fades to alpha 0.35 over 0.2 s.
        let used = state.spinning || state.stoppedIndex != nil
        InAppContractButton.draw(w.spinButton, in: hub, on: &layer, dimmed: used ? (1 - InAppWheelSpin.spentHubAlpha) * state.hubFade : 0)
        ctx.hits.add(hub, .hub)

        // After the stop the wheel fades out toward the card.
        if state.wheelFade > 0 { layer.fade(area, toward: saved, by: state.wheelFade) }
    }
}
