// UIActivityIndicatorView: twelve spokes fading round the circle, the brightest at `frame`.

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
}
