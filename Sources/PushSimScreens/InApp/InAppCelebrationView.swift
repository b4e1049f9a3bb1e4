// The reward's celebration in cells (`PWInAppRewardView.celebrate`, `PWInAppConfetti.burst`): confetti pieces as small
// coloured glyphs that tumble as they fall, the shimmer as a lighter band sweeping across the reward panel, and the
// pulse as the panel laid out a cell wider (the drawings call `pulsed`). Laid on the screen after the message itself:
// neither the emitter nor the band is clipped to the panel, so both reach past the message's own cells.

import PushSimEngine

/// Where a template put the things that celebrate, in the layer's cells.
struct InAppCelebrationSite: Equatable {
    /// The card the reveal's and the stop's volleys fall from, and what clips them (a gradient card clips its
    /// content; a solid card does not, so its confetti falls over the app as well).
    var card: Rect?
    var cardClip: Rect?
    /// The reward panel as laid out (a claim's volley, the band), and what clips it (the scratch area; the wheel's
    /// gradient card).
    var panel: Rect?
    var panelClip: Rect?
}

enum InAppCelebrationView {
    /// The default palette (`PWInAppConfetti`): systemPink, systemYellow, systemTeal, systemOrange, systemPurple.
    static let palette: [Color] = [.rgb(255, 45, 85), .rgb(255, 204, 0), .rgb(48, 176, 199), .rgb(255, 149, 0), .rgb(175, 82, 222)]

    /// `rect` grown about its centre by the pulse's scale (1 … 1.05): a panel 40 columns wide is a column wider on each
    /// side at the peak.
    static func pulsed(_ rect: Rect, _ scale: Double) -> Rect {
        guard scale > 1, scale.isFinite else { return rect }
        let dx = Int((Double(rect.width) * (scale - 1) / 2).rounded()), dy = Int((Double(rect.height) * (scale - 1) / 2).rounded())
        return Rect(x: rect.x - dx, y: rect.y - dy, width: rect.width + 2 * dx, height: rect.height + 2 * dy)
    }

    /// The band and the confetti over `canvas`, where the message was laid (moved by `dx`, `dy`, at `alpha`).
    static func draw(_ p: InAppPresentation, site: InAppCelebrationSite, grid: InAppGrid, options: InAppDrawOptions,
                     alpha: Double, dx: Int, dy: Int, on canvas: inout Canvas) {
        guard alpha > 0 else { return }
        let screen = grid.screen.intersection(canvas.bounds)
        func moved(_ r: Rect) -> Rect { Rect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        if let band = p.celebration.shimmer, let panel = site.panel {
            let clip = site.panelClip.map { moved($0).intersection(screen) } ?? screen
            shimmer(band, panel: moved(panel), clip: clip, grid: grid, mono: options.monochrome, alpha: alpha, on: &canvas)
        }
        for burst in p.confetti {
            let anchor = burst.anchor == .card ? site.card : site.panel
            guard let view = anchor else { continue }
            let clip = (burst.anchor == .card ? site.cardClip : site.panelClip).map { moved($0).intersection(screen) } ?? screen
            confetti(burst, view: moved(view), clip: clip, grid: grid, alpha: alpha, on: &canvas)
        }
    }

    /// The white band (60 % of the panel's width, 0 → 40 % → 0 across it, tilted from (0, 0.4) to (1, 0.6)) lightening
    /// what it passes over. Without colours its brightest part turns blank cells to `░` and text bold.
    static func shimmer(_ centre: Double, panel: Rect, clip: Rect, grid: InAppGrid, mono: Bool, alpha: Double,
                        on canvas: inout Canvas) {
        let pw = Double(panel.width) * grid.ptPerColumn, ph = Double(panel.height) * grid.ptPerRow
        guard pw > 0, ph > 0 else { return }
        let bw = pw * InAppCelebration.bandWidth
        let left = (centre - InAppCelebration.bandWidth / 2) * pw
        // The gradient's axis in points: from (0, 0.4 h) to (bw, 0.6 h) of the band.
        let ax = bw, ay = 0.2 * ph, len2 = ax * ax + ay * ay
        let x0 = panel.x + Int((left / grid.ptPerColumn).rounded(.down))
        let x1 = panel.x + Int(((left + bw) / grid.ptPerColumn).rounded(.up))
        let box = Rect(x: x0, y: panel.y, width: max(0, x1 - x0), height: panel.height).intersection(clip)
        guard !box.isEmpty else { return }
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX {
                let px = (Double(x - panel.x) + 0.5) * grid.ptPerColumn - left, py = (Double(y - panel.y) + 0.5) * grid.ptPerRow
                guard px >= 0, px <= bw else { continue }
                let t = (px * ax + (py - 0.4 * ph) * ay) / len2
                let k = min(max(t, 0), 1)
                let white = InAppCelebration.bandPeak * (1 - abs(2 * k - 1)) * alpha
                guard white > 0.01 else { continue }
                var c = canvas[x, y]
                if c.isContinuation { continue }
                if mono {
                    guard white >= 0.2 else { continue }
                    if c.grapheme == " " { c.glyph = Glyph("░") } else { c.attrs.insert(.bold) }
                } else {
                    c.bg = (c.bg == .default ? InAppPaint.hostBackground : c.bg).mixed(with: .white, white)
                    c.fg = (c.fg == .default ? InAppPaint.nearBlack : c.fg).mixed(with: .white, white)
                }
                canvas[x, y] = c
            }
        }
    }

    /// Each piece at its cell: a bar when it lies flat, upright when it stands, a diamond on its way round, a dot when
    /// it is small; in its colour over whatever is there.
    static func confetti(_ burst: InAppConfettiBurst, view: Rect, clip: Rect, grid: InAppGrid, alpha: Double,
                         on canvas: inout Canvas) {
        let width = Double(view.width) * grid.ptPerColumn
        let colours = burst.colors.isEmpty ? palette : burst.colors.map(\.opaque)
        for piece in burst.particles(width: width) {
            let x = view.x + Int((piece.x / grid.ptPerColumn).rounded(.down))
            let y = view.y + Int((piece.y / grid.ptPerRow).rounded(.down))
            guard clip.contains(x: x, y: y) else { continue }
            let under = canvas[x, y]
            if under.isContinuation || TextWidth.of(under.grapheme) > 1 { continue }
            let ink = colours[piece.color % colours.count]
            let bg = under.bg
            canvas[x, y] = Cell(glyph(piece), fg: alpha < 1 ? (bg == .default ? InAppPaint.hostBackground : bg).mixed(with: ink, alpha) : ink,
                                bg: bg, attrs: .bold)
        }
    }

    static func glyph(_ piece: InAppConfettiParticle) -> String {
        if piece.scale < 0.55 { return "▪" }
        var a = piece.angle.truncatingRemainder(dividingBy: .pi)
        if a < 0 { a += .pi }
        switch a / .pi {
        case ..<0.125, 0.875...: return "▬"
        case 0.375..<0.625: return "▮"
        default: return "◆"
        }
    }
}
