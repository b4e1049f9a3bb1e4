// The spin wheel's run (`PWSpinWheelInAppView`): from 0 to −(2π × turns) − (winIndex + ½) × slice + jitter, on the
// cubic-Bézier (0.12, 0.64, 0.18, 1.0) over 4.2 s (Reduce Motion: 1 turn, 0.7 s). The SDK's jitter is random in
// ±0.3 slice; pushsim seeds it from the message id so the same input always gives the same frames.

public struct InAppWheelSpin: Sendable, Equatable {
    public static let duration = 4.2, reducedDuration = 0.7
    public static let turns = 5, reducedTurns = 1
    /// After the stop: the wheel waits 1.0 s (0.4), fades 0.25 s (0.15), then the panel fades in 0.3 s (0.15).
    public static func panelDelay(reduceMotion: Bool) -> Double { reduceMotion ? 0.4 : 1.0 }
    public static func wheelFade(reduceMotion: Bool) -> Double { reduceMotion ? 0.15 : 0.25 }
    public static func panelFade(reduceMotion: Bool) -> Double { reduceMotion ? 0.15 : 0.3 }
    /// On the tap the hub is disabled and fades to alpha 0.35 over 0.2 s (`UIView.animate(withDuration: 0.2)`, the
    /// default ease-in-out; Reduce Motion does not shorten it).
    public static let hubFade = 0.2, spentHubAlpha = 0.35

    public var startAngle = 0.0
    public var endAngle: Double
    public var duration: Double

    public init(segments: Int, winIndex: Int, id: String?, reduceMotion: Bool) {
        let slice = 2 * Double.pi / Double(max(1, segments))
        let turns = Double(reduceMotion ? Self.reducedTurns : Self.turns)
        endAngle = -(2 * Double.pi * turns) - (Double(winIndex) + 0.5) * slice + Self.jitter(id: id) * slice
        duration = reduceMotion ? Self.reducedDuration : Self.duration
    }

    /// The rotation `elapsed` seconds after the hub tap.
    public func angle(after elapsed: Double) -> Double {
        let x = min(max(elapsed / duration, 0), 1)
        return startAngle + (endAngle - startAngle) * Self.curve(x)
    }

    /// A fraction of a slice in −0.3…0.3, the same for the same id (FNV-1a of the id's UTF-8, then SplitMix64).
    public static func jitter(id: String?) -> Double {
        var r = InAppRandom(seed: InAppRandom.seed(id: id))
        return r.signed() * 0.3
    }

    /// CAMediaTimingFunction(controlPoints: 0.12, 0.64, 0.18, 1.0): progress at time fraction `x`.
    public static func curve(_ x: Double) -> Double { bezier(x, 0.12, 0.64, 0.18, 1.0) }

    /// A unit cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1): solve x(s) = x by Newton, then bisection.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func sx(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        var s = x
        for _ in 0..<8 {
            let e = sx(s) - x
            if abs(e) < 1e-9 { return ((ay * s + by) * s + cy) * s }
            let d = dx(s)
            if abs(d) < 1e-9 { break }
            s -= e / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let v = sx(s)
            if abs(v - x) < 1e-9 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return ((ay * s + by) * s + cy) * s
    }
}
