// PushwooshForegroundPush's configuration (`foregroundNotificationWith(style:duration:vibration:disappearedPushAnimation:)`
// and its setters), with the module's defaults and fixed timings.

import Foundation

/// How a foreground banner leaves: `disappearedPushAnimation`.
public enum ForegroundPushDisappear: String, Sendable, Equatable, CaseIterable {
    /// `.balls`: after `duration` seconds the banner bursts into 12 pt round tiles that fly off and fade.
    case balls
    /// `.regularPush`: after a fixed 3.0 s (the configured duration is ignored) it slides 300 pt up in 0.4 s.
    case regular
}

/// `PWForegroundPushHapticFeedback`: played once the banner shows, only when the push had an attachment.
public enum ForegroundPushHaptic: String, Sendable, Equatable, CaseIterable {
    case none, light, medium, heavy, soft, rigid, notification
}

/// Everything the module can be configured with. Colours are `#RRGGBB` values (the module takes `UIColor`s).
public struct ForegroundPushConfiguration: Sendable, Equatable {
    public var disappear: ForegroundPushDisappear = .regular
    /// Whole seconds (`Int` in the SDK); only `.balls` uses it.
    public var duration = 3
    public var vibration: ForegroundPushHaptic = .none
    /// `gradientColors`: a left-to-right gradient; wins over `backgroundColor` when not empty.
    public var gradientColors: [PrimerColor] = []
    public var backgroundColor: PrimerColor?
    /// nil: white on the classic banner.
    public var titleColor: PrimerColor?
    public var messageColor: PrimerColor?
    /// `usePushAnimation` (default true): the wobbling wave mask; false: a plain rounded rectangle.
    public var usePushAnimation = true
    /// Whether the host set a delegate that implements `didTapForegroundPush(_:)`: without one a tap does nothing.
    public var hasDelegate = true
    /// `useLiquidView` (default false): the glass variant, taken only on iOS 26 and later (FP-1).
    public var useLiquidView = false
    /// The iOS release the phone runs (`--ios`): the module's one run-time branch on it is `useLiquidView`'s.
    public var ios = IOSVersion.default

    public init() {}

    // MARK: the module's fixed numbers (PushwooshForegroundPushImplementation.swift, ForegroundPushShape.swift)

    /// The banner is 90 % of the window's width, centred, its top 65 pt below the window's top (no safe area).
    public static let widthFraction = 0.9
    public static let topInset = 65.0
    /// 16 pt padding; a 48 pt icon; 12 pt between icon and text; 8 pt before the image.
    public static let padding = 16.0, iconSize = 48.0, iconSpacing = 12.0, imageSpacing = 8.0
    /// Entry: from 100 pt higher, rotated −0.05 rad, alpha 0, to rest with a spring (0.5 s, damping 0.6, velocity 1.2).
    public static let entryDuration = 0.5, entryOffset = -100.0, entryRotation = -0.05
    public static let springDamping = 0.6, springVelocity = 1.2
    /// `.regularPush` hides after a fixed 3.0 s, moving 300 pt up in 0.4 s (ease-in), alpha unchanged.
    public static let regularHideDelay = 3.0, regularHideDuration = 0.4, regularHideDistance = 300.0
    /// `.balls`: each 12 pt tile flies for a random 0.5–1.2 s.
    public static let ballSize = 12.0, ballMinDuration = 0.5, ballMaxDuration = 1.2
    /// The wave mask's keyframe loop.
    public static let wobblePeriod = 3.5
    /// The default background: `systemBlue` → `systemGreen`, left to right.
    public static let defaultGradient = [PrimerColor(r: 0, g: 122, b: 255), PrimerColor(r: 52, g: 199, b: 89)]

    /// The variant `drawPush` picks: with `useLiquidView` on iOS 26 it calls `showGlassNotification`, whose glass is
    /// compiled only by Swift 6.2 (`#if compiler(>=5.13) && swift(>=6.2)`); the shipped XCFramework is built by Swift
    /// 5.10, so it runs the `#else` branch: the card under a `UIBlurEffect(style: .systemMaterial)` view, the default
    /// gradient still drawn beneath it (the style is applied with `useLiquidView: false`), title and body black unless
    /// set (`PushwooshForegroundPush/PushwooshForegroundPushImplementation.swift` `drawPush`, `showGlassNotification`,
    /// `ForegroundPushShape.swift` `applyBackground`, 7.1.3 `f8c5cc8`, unchanged at 7.2.6 `93694e4`).
    public var blurred: Bool { ios.foregroundPushBlurs(useLiquidView: useLiquidView) }

    /// The text's colour when none is set: white on the classic card, black on the blurred one.
    public var defaultTextColor: PrimerColor { blurred ? PrimerColor(r: 0, g: 0, b: 0) : PrimerColor(r: 255, g: 255, b: 255) }
    public var resolvedTitleColor: PrimerColor { titleColor ?? defaultTextColor }
    public var resolvedMessageColor: PrimerColor { messageColor ?? defaultTextColor }

    /// `.systemMaterial` in the light appearance, drawn as a white veil over the blurred card: its blur is of the
    /// card's own gradient, already smooth, so only the tint shows. Apple publishes no material values; 0.72 is
    /// pushsim's approximation of the light material's whiteness.
    public static let materialTint = 0.72

    /// Seconds from showing to the start of the hide.
    public var hideDelay: Double { disappear == .regular ? Self.regularHideDelay : Double(max(0, duration)) }
    /// Seconds the hide animation takes (the longest tile flight for `.balls`).
    public var hideDuration: Double { disappear == .regular ? Self.regularHideDuration : Self.ballMaxDuration }

    /// The background, first match wins: the gradient, the solid colour, the default gradient.
    public var background: [PrimerColor] {
        if !gradientColors.isEmpty { return gradientColors }
        if let backgroundColor { return [backgroundColor] }
        return Self.defaultGradient
    }

    /// The wave mask's edge offsets in points (top, right, bottom, left) at `t` seconds into its loop: keyframes
    /// (0,0,0,0) → (8,−6,5,−4) → (−6,8,−8,6) → (0,0,0,0) over 3.5 s, ease-in-ease-out, repeating.
    public static func wobble(at t: Double) -> (top: Double, right: Double, bottom: Double, left: Double) {
        let keys: [(Double, Double, Double, Double)] = [(0, 0, 0, 0), (8, -6, 5, -4), (-6, 8, -8, 6), (0, 0, 0, 0)]
        var p = t.truncatingRemainder(dividingBy: wobblePeriod) / wobblePeriod
        if p < 0 { p += 1 }
        p = p * p * (3 - 2 * p)  // ease-in-ease-out over the whole loop
        let seg = min(2, Int(p * 3)), f = p * 3 - Double(seg)
        let a = keys[seg], b = keys[seg + 1]
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2), mix(a.3, b.3))
    }

    /// The entry spring's progress (0 at the start, 1 at rest; it overshoots on the way) `t` seconds in: a damped
    /// oscillator with damping ratio 0.6 and initial velocity 1.2 distances a second, settled by 0.5 s.
    public static func entryProgress(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < entryDuration else { return 1 }
        let zeta = springDamping
        let omega = 4.6 / (zeta * entryDuration)  // e^(−ζωT) ≈ 1 %: at rest when the animation ends
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let v0 = springVelocity
        let x = exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - v0) / wd * sin(wd * t))
        return 1 - x
    }
}
