// UIActivityIndicatorView: twelve spokes fading round the circle, the brightest at `frame` (before iOS 13), or since
// iOS 13 eight round-capped spokes, the brightest at `step`.

import Foundation

public enum Spinner {
    public static func draw(on p: Picture, centerX cx: Double, centerY cy: Double, radius: Double, frame: Int, color: PictureColor) {
        for k in 0..<12 {
            let angle = Double(k) / 12 * 2 * Double.pi - Double.pi / 2
            let age = (k - frame % 12 + 12) % 12
            let alpha = color.a * (1 - Double(age) / 14)
            let x = cx + cos(angle) * radius * 0.7, y = cy + sin(angle) * radius * 0.7
            p.fillCircle(x: x, y: y, radius: radius * 0.16, color.alpha(alpha))
        }
    }

    /// The iOS 13 indicator (`.medium` 20 pt, `.large` 37 pt across): `spokes` round-capped bars from half the radius
    /// out, the one at `step` (0 at 12 o'clock, counted clockwise) at full `color`, each one behind it fainter.
    public static func spokes(on p: Picture, centerX cx: Double, centerY cy: Double, radius: Double, step: Int, spokes n: Int = 8,
                              color: PictureColor) {
        guard n > 0, radius > 0 else { return }
        let width = radius * 0.24
        let inner = radius * 0.5 + width / 2, outer = radius - width / 2
        for k in 0..<n {
            let angle = Double(k) / Double(n) * 2 * Double.pi - Double.pi / 2
            let age = ((step - k) % n + n) % n
            let alpha = color.a * (1 - 0.7 * Double(age) / Double(max(1, n - 1)))
            p.strokePolyline([(cx + cos(angle) * inner, cy + sin(angle) * inner), (cx + cos(angle) * outer, cy + sin(angle) * outer)],
                             width: width, color.alpha(alpha))
        }
    }
}
