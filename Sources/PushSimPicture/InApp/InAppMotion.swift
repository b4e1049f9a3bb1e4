// The in- and out-animations of the native templates at a moment: the phase's progress (a fraction of the SDK's
// duration) through the SDK's curve, as a fade, a scale and a slide of the template's card.

import Foundation
import PushSimEngine

/// How a card looks at one moment of its animation: composited at `alpha`, scaled by `scale` about its centre, moved
/// by (`dx`, `dy`). `backdrop` is the dimmed backdrop's share of its opacity.
struct InAppLook: Equatable {
    var alpha = 1.0, scale = 1.0, dx = 0.0, dy = 0.0
    var backdrop = 1.0

    static let rest = InAppLook()

    /// Draw `body` (the card, laid out at rest) as this moment shows it; `center` is the point the scale keeps still.
    func apply(_ d: InAppDrawing, center: Picture.Point, _ body: () -> Void) {
        let p = d.picture
        p.withAlpha(alpha) {
            p.translated(dx: dx, dy: dy) {
                if scale == 1 { body() } else { p.scaled(scale, aboutX: center.x, y: center.y, body) }
            }
        }
    }
}

enum InAppMotion {
    /// UIKit's `animate(withDuration:usingSpringWithDamping:…)` at `t` (0…1 of the duration): a damped spring that
    /// settles within the duration (its envelope e^(−ζωt) is 0.5 % at the end); the initial velocity is not modelled.
    static func spring(_ t: Double, damping zeta: Double) -> Double {
        let t = min(max(t, 0), 1)
        guard t < 1 else { return 1 }
        let decay = 5.3, omega = decay / zeta
        let z = min(zeta, 0.999)
        let wd = omega * (1 - z * z).squareRoot()
        return 1 - exp(-z * omega * t) * (cos(wd * t) + z * omega / wd * sin(wd * t))
    }

    /// `.curveEaseIn`, `.curveEaseOut` and the default `.curveEaseInOut`, as quadratics.
    static func easeIn(_ t: Double) -> Double { let t = min(max(t, 0), 1); return t * t }
    static func easeOut(_ t: Double) -> Double { let t = min(max(t, 0), 1); return 1 - (1 - t) * (1 - t) }
    static func easeInOut(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
    }

    /// `PWInAppStyle.animateIn` / `animateOut` (carousel, scratch card, spin wheel): in, backdrop and card fade in
    /// while the card grows from 0.88 (spring 0.5 s, damping 0.82; Reduce Motion: a 0.2 s fade); out, a 0.22 s fade
    /// while it shrinks to 0.92 (Reduce Motion: 0.15 s, fade only).
    static func sharedCard(_ phase: InAppPresentation.Phase, reduceMotion: Bool) -> InAppLook {
        switch phase {
        case .shown:
            return .rest
        case .entering(let t):
            if reduceMotion { return fade(easeInOut(t)) }
            let s = spring(t, damping: 0.82)
            return InAppLook(alpha: min(1, max(0, s)), scale: 0.88 + 0.12 * s, backdrop: min(1, max(0, s)))
        case .leaving(let t):
            let e = easeInOut(t)
            return InAppLook(alpha: 1 - e, scale: reduceMotion ? 1 : 1 - 0.08 * e, backdrop: 1 - e)
        }
    }

    /// A plain fade in or out (fullscreen, video, the stories' entrance) with the default curve.
    static func fade(_ phase: InAppPresentation.Phase) -> InAppLook {
        switch phase {
        case .shown: return .rest
        case .entering(let t): return fade(easeInOut(t))
        case .leaving(let t): return fade(1 - easeInOut(t))
        }
    }

    static func fade(_ alpha: Double) -> InAppLook { InAppLook(alpha: alpha, backdrop: alpha) }
}
