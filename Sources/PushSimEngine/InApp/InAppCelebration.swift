// The reward's celebration as the SDK plays it (`Views/PWInAppRewardView.swift`, 7.2.x): a confetti volley
// (`PWInAppConfetti.burst`, a CAEmitterLayer) when the scratch card reveals, the wheel stops or the promo chip is tapped,
// and `celebrate()` — a white shimmer band sweeping twice across the panel and the panel's pulse to 1.05 — once the
// panel is on screen. None of it under Reduce Motion. The SDK's emitter is random; pushsim seeds every particle from the
// message id and the burst, so a run, a snapshot and a recording of the same input show the same confetti.

import Foundation

/// One `PWInAppConfetti.burst`: where, when, in which colours.
public struct InAppConfettiBurst: Sendable, Equatable {
    /// The view the emitter is added to: the scratch card's or wheel's card (a reveal, a stop), or the reward panel (a
    /// tap on the promo chip).
    public enum Anchor: Sendable, Equatable { case card, rewardPanel }
    public var anchor: Anchor
    /// Seconds since the burst began.
    public var age: Double
    /// The campaign's colours (the wheel's segment colours that were given); empty = the SDK's default palette.
    public var colors: [InAppColor]
    public var seed: UInt64
    public init(anchor: Anchor, age: Double, colors: [InAppColor] = [], seed: UInt64) {
        self.anchor = anchor; self.age = age; self.colors = colors; self.seed = seed
    }

    /// The volleys a drawing can draw: those of a finite age, their colours' channels kept to 0 … 1 (not-a-number as 0).
    public static func sanitized(_ bursts: [InAppConfettiBurst]) -> [InAppConfettiBurst] {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        return bursts.filter { $0.age.isFinite }.map { b in
            var b = b
            b.colors = b.colors.map { InAppColor(red: unit($0.red), green: unit($0.green), blue: unit($0.blue), alpha: unit($0.alpha)) }
            return b
        }
    }

    /// How many colours the emitter has a cell for (the default palette has five).
    public var colorCount: Int { colors.isEmpty ? InAppConfetti.defaultPaletteCount : colors.count }

    /// Every particle alive at `age`, in points from the anchor view's top-left corner, for a view `width` wide.
    public func particles(width: Double) -> [InAppConfettiParticle] {
        InAppConfetti.particles(seed: seed, colors: colorCount, age: age, width: width)
    }
}

/// One confetti piece: an 8 × 5 pt rounded rect (radius 1.5) centred at (x, y), turned by `angle`, scaled by `scale`.
public struct InAppConfettiParticle: Sendable, Equatable {
    public var x: Double, y: Double
    public var angle: Double
    public var scale: Double
    /// Which colour: an index into the burst's colours, or into the default palette.
    public var color: Int
    /// Seconds since this piece was born (a drawing may brighten the young ones).
    public var age: Double
}

/// The emitter's numbers (`PWInAppConfetti.burst`): a line 80 % of the view's width, 8 pt above its top; each colour
/// a cell with birth rate 8/s, lifetime 3.2 s, velocity 190 ± 70 pt/s at longitude π within a π/5 cone, y acceleration
/// 110 pt/s², spin 3.4 ± 2.5 rad/s, scale 0.7 ± 0.35; the layer emits for 0.7 s and is removed after 4.5 s.
public enum InAppConfetti {
    public static let birthRate = 8.0, lifetime = 3.2, emitFor = 0.7, removedAfter = 4.5
    public static let velocity = 190.0, velocityRange = 70.0
    /// CAEmitterCell angles run from +x toward +y (Apple's own example turns −π/2 to emit upward on iOS), so the SDK's
    /// longitude π sends the pieces to the left; gravity bends them down.
    public static let longitude = Double.pi, emissionRange = Double.pi / 5
    public static let yAcceleration = 110.0
    public static let spin = 3.4, spinRange = 2.5
    public static let scale = 0.7, scaleRange = 0.35
    public static let width = 8.0, height = 5.0, cornerRadius = 1.5
    public static let lineFraction = 0.8, lineY = -8.0
    /// systemPink, systemYellow, systemTeal, systemOrange, systemPurple.
    public static let defaultPaletteCount = 5
    /// The last piece is born before 0.7 s and lives 3.2 s: after this nothing of a burst is on screen.
    public static let visibleFor = emitFor + lifetime

    static func particles(seed: UInt64, colors: Int, age: Double, width: Double) -> [InAppConfettiParticle] {
        guard age >= 0, age < visibleFor, colors > 0, width.isFinite, width > 0 else { return [] }
        var out: [InAppConfettiParticle] = []
        let line = width * lineFraction
        for c in 0..<min(colors, 64) {
            // Each cell's births are 1/8 s apart from a phase of its own, while the layer emits.
            var phaseRandom = InAppRandom(seed: seed ^ (UInt64(c + 1) &* 0x9e37_79b9_7f4a_7c15))
            let phase = phaseRandom.unit() / birthRate
            var k = 0
            while true {
                let born = phase + Double(k) / birthRate
                guard born < emitFor else { break }
                defer { k += 1 }
                let a = age - born
                guard a >= 0, a < lifetime else { continue }
                var r = InAppRandom(seed: seed ^ (UInt64(c + 1) << 40) ^ (UInt64(k + 1) &* 0xbf58_476d_1ce4_e5b9))
                let x0 = width / 2 + (r.unit() - 0.5) * line
                let v = velocity + velocityRange * r.signed()
                let direction = longitude + emissionRange / 2 * r.signed()
                let turn = spin + spinRange * r.signed()
                let s = scale + scaleRange * r.signed()
                out.append(InAppConfettiParticle(x: x0 + v * cos(direction) * a,
                                                 y: lineY + v * sin(direction) * a + yAcceleration * a * a / 2,
                                                 angle: turn * a, scale: s, color: c, age: a))
            }
        }
        return out
    }
}

/// `celebrate()` at one moment: the shimmer band and the pulse (both absent outside their time).
public struct InAppCelebration: Sendable, Equatable {
    /// The band's centre as a fraction of the panel's width: −0.3 (just off its left edge) … 1.3 (off its right), eased
    /// in and out over each of its two 0.9 s sweeps; nil when no band is on screen.
    public var shimmer: Double?
    /// The panel's scale about its centre: 1 → 1.05 over 0.36 s, back to 1 over 0.54 s, 0.1 s after `celebrate()`.
    public var pulse: Double
    public init(shimmer: Double? = nil, pulse: Double = 1) { self.shimmer = shimmer; self.pulse = pulse }

    /// The band is 60 % of the panel's width; white at 0 → 40 % → 0 across it, tilted from (0, 0.4) to (1, 0.6).
    public static let bandWidth = 0.6, bandPeak = 0.4
    public static let sweep = 0.9, sweeps = 2.0
    public static let pulseDelay = 0.1, pulseDuration = 0.9, pulseScale = 1.05, pulseUp = 0.4
    /// From `celebrate()` to the last change it makes (the band's second sweep ends at 1.8 s).
    public static let duration = max(sweep * sweeps, pulseDelay + pulseDuration)

    /// The celebration `elapsed` seconds after `celebrate()` was called.
    public init(elapsed e: Double) {
        self.init()
        if e >= 0, e < Self.sweep * Self.sweeps {
            let within = e.truncatingRemainder(dividingBy: Self.sweep) / Self.sweep
            shimmer = -Self.bandWidth / 2 + (1 + Self.bandWidth) * Self.easeInOut(within)
        }
        let p = (e - Self.pulseDelay) / Self.pulseDuration
        if p > 0, p < 1 {
            // Two linear keyframes (UIView.animateKeyframes' default calculation mode).
            let up = Self.pulseUp
            pulse = p < up ? 1 + (Self.pulseScale - 1) * p / up : Self.pulseScale - (Self.pulseScale - 1) * (p - up) / (1 - up)
        }
    }

    public var isIdle: Bool { shimmer == nil && pulse == 1 }

    /// The same celebration with every number a drawing could choke on made drawable: a band that is not finite is
    /// none, the pulse is kept to 1 … 1.05.
    public var sanitized: InAppCelebration {
        InAppCelebration(shimmer: shimmer.flatMap { $0.isFinite ? min(max($0, -1), 2) : nil },
                         pulse: pulse.isFinite ? min(max(pulse, 1), Self.pulseScale) : 1)
    }

    /// CAMediaTimingFunction(name: .easeInEaseOut), the cubic Bézier (0.42, 0, 0.58, 1).
    static func easeInOut(_ x: Double) -> Double { InAppWheelSpin.bezier(x, 0.42, 0, 0.58, 1) }
}

/// A small deterministic generator: SplitMix64 over a seed (the spin's jitter and the confetti use it).
public struct InAppRandom: Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }

    /// FNV-1a of an id's UTF-8 (the seed of everything random about one message).
    public static func seed(id: String?) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in (id ?? "").utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform in 0 ..< 1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
    /// Uniform in −1 ..< 1.
    public mutating func signed() -> Double { unit() * 2 - 1 }
}
