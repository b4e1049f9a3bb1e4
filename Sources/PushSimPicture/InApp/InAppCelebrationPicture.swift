// The reward's celebration as the phone draws it (`Views/PWInAppRewardView.swift`, 7.2.x): each confetti piece an 8 × 5
// pt rounded rect (radius 1.5) turned and scaled as the emitter moves it, the shimmer a white linear gradient band
// (0 → 40 % → 0) 60 % of the panel wide sweeping across it, and the pulse the panel scaled about its centre.

import PushSimEngine

enum InAppCelebrationPicture {
    /// `PWInAppConfetti`'s default palette: systemPink, systemYellow, systemTeal, systemOrange, systemPurple.
    static let palette: [InAppChrome.System] = [.pink, .yellow, .teal, .orange, .purple]

    /// Every piece of `burst` alive now, over `view` (the card or the reward panel the emitter was added to).
    static func confetti(_ d: InAppDrawing, _ burst: InAppConfettiBurst, view: PictureRect) {
        let p = d.picture
        let colours = burst.colors.isEmpty ? palette.map { $0.color(dark: d.dark) } : burst.colors.map(PictureColor.init)
        let w = InAppConfetti.width, h = InAppConfetti.height
        for piece in burst.particles(width: view.width) {
            let cx = view.x + piece.x, cy = view.y + piece.y, s = piece.scale
            p.rotated(piece.angle, aboutX: cx, y: cy) {
                p.fillRounded(PictureRect(x: cx - w * s / 2, y: cy - h * s / 2, width: w * s, height: h * s),
                              radius: InAppConfetti.cornerRadius * s, colours[piece.color % colours.count])
            }
        }
    }

    /// The band with its centre at `centre` (a fraction of the panel's width), the panel's height, its gradient from
    /// (0, 0.4) to (1, 0.6) of the band.
    static func shimmer(_ d: InAppDrawing, centre: Double, panel: PictureRect) {
        let bw = panel.width * InAppCelebration.bandWidth
        let band = PictureRect(x: panel.x + centre * panel.width - bw / 2, y: panel.y, width: bw, height: panel.height)
        let clear = PictureColor.white.alpha(0), peak = PictureColor.white.alpha(InAppCelebration.bandPeak)
        d.picture.fillGradient(band, colors: [clear, peak, clear], locations: [0, 0.5, 1],
                               from: (band.x, band.y + 0.4 * band.height), to: (band.maxX, band.y + 0.6 * band.height))
    }

    /// Draw the panel's `body` pulsed about its centre, then its band and a claim's confetti over it (both its sublayers,
    /// so the pulse scales them too).
    static func panel(_ d: InAppDrawing, _ pr: InAppPresentation, frame: PictureRect, _ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            let over = {
                body()
                if let c = pr.celebration.shimmer { shimmer(d, centre: c, panel: frame) }
                for b in pr.confetti where b.anchor == .rewardPanel { confetti(d, b, view: frame) }
            }
            let k = pr.celebration.pulse
            if k == 1 { over() } else { d.picture.scaled(k, aboutX: frame.midX, y: frame.midY, over) }
        }
    }

    /// The reveal's or the stop's volley over the card: clipped to a gradient card (`makeGradientSurface` clips), free
    /// over the whole screen from a solid one.
    static func card(_ d: InAppDrawing, _ pr: InAppPresentation, card: PictureRect, clips: Bool) {
        let bursts = pr.confetti.filter { $0.anchor == .card }
        guard !bursts.isEmpty else { return }
        let draw = { for b in bursts { confetti(d, b, view: card) } }
        if clips { d.picture.clipped(to: card, radius: InAppChrome.cardRadius, draw) } else { draw() }
    }
}
