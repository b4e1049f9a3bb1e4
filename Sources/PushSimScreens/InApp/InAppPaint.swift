// A config's CSS colours (with alpha) as cell colours: composited over what is under them, as UIKit blends them.

import PushSimEngine

extension InAppColor {
    /// The colour with its alpha laid over `base` (a cell's background).
    public func over(_ base: Color) -> Color {
        Color.rgb(Self.byte(red), Self.byte(green), Self.byte(blue)).withAlpha(alpha, over: base)
    }

    /// The colour ignoring alpha.
    public var opaque: Color { .rgb(Self.byte(red), Self.byte(green), Self.byte(blue)) }

    /// `PWInAppStyle.contrastColor`: white 0.12 on a light surface, else white.
    public var contrast: Color { isLight ? InAppPaint.nearBlack : .white }

    static func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
}

extension Color {
    /// This colour at `alpha` laid over `base`; `.default` underneath counts as the host's background.
    func withAlpha(_ alpha: Double, over base: Color) -> Color {
        let under = base == .default ? InAppPaint.hostBackground : base
        return under.mixed(with: self, alpha)
    }

    /// Brightness moved by `amount` (−1 … 1): toward black below zero, toward white above.
    func brightened(_ amount: Double) -> Color { amount < 0 ? darkened(-amount) : mixed(with: .white, amount) }
}

/// The few colours the SDK fixes rather than takes from the config.
public enum InAppPaint {
    /// `UIColor(white: 0.12)`, the contrast colour's dark side.
    public static let nearBlack = Color.rgb(31, 31, 31)
    /// What a transparent cell of the host counts as when blending.
    public static let hostBackground = IOSColor.groupedBackground
    /// The scratch area's "ticket" under the foil: white 0.97.
    public static let ticket = Color.rgb(247, 247, 247)
    /// The image placeholder after a failed load: white 0.88.
    public static let placeholder = Color.rgb(224, 224, 224)
    /// systemYellow, the revealed scratch area's border.
    public static let yellow = Color.rgb(255, 204, 0)
    /// The revealed scratch area's border: systemYellow at 85 % over the ticket.
    public static let revealBorder = yellow.withAlpha(0.85, over: ticket)
    /// The frame the terminal draws round the scratch area before that (the SDK's area has none; cells need an edge).
    public static let areaFrame = Color.rgb(199, 199, 204)
    /// The wheel's palette for segments without a colour: indigo, pink, teal, orange, purple, green.
    public static let wheelPalette: [Color] = [
        .rgb(88, 86, 214), .rgb(255, 45, 85), .rgb(48, 176, 199), .rgb(255, 149, 0), .rgb(175, 82, 222), .rgb(52, 199, 89),
    ]
    /// The close chip: glass with a 40 % black scrim.
    public static let chipShade = 0.4
}
