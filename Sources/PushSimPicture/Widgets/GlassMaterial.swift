// iOS 26's Liquid Glass for the system's surfaces, as close as cairo comes: the blurred backdrop, a tint, a light
// sheen from the top and a bright rim.

/// Apple publishes the material's behaviour, not its numbers (https://developer.apple.com/documentation/uikit/uiglasseffect,
/// HIG "Materials", https://developer.apple.com/design/human-interface-guidelines/materials): the blur radius, the
/// tint's opacity and the rim are pushsim's choices, made to look like an iPhone on iOS 26. Refraction at the edges
/// and the highlight that follows the phone's motion are not drawn.
public enum GlassMaterial {
    /// How far behind the glass is blurred, in points.
    public static let blur = 12.0

    /// Draw the glass in `r`. `tint` is the opacity of the white (light) or near-black (dark) over the blur: the
    /// platters' "Clear" look is about half, an alert's more opaque.
    public static func draw(on p: Picture, in r: PictureRect, radius: Double, dark: Bool, tint: Double, corners: Picture.Corners = .all) {
        p.blurBehind(r, radius: radius, blur: blur, corners: corners)
        p.fillRounded(r, radius: radius, dark ? PictureColor(30, 30, 34, alpha: tint) : PictureColor(255, 255, 255, alpha: tint), corners: corners)
        // The sheen: light falling on the top of the glass, gone a third of the way down.
        p.fillGradient(r, radius: radius, corners: corners, colors: [PictureColor.white.alpha(dark ? 0.10 : 0.28), PictureColor.white.alpha(0)],
                       from: (r.x, r.y), to: (r.x, r.y + min(r.height, 60)))
        // The rim: the glass's edge catching the light.
        p.strokeRounded(r, radius: radius, PictureColor.white.alpha(dark ? 0.24 : 0.7), lineWidth: 1)
    }

    /// A `UIBlurEffect(style: .systemThinMaterial)` view: the blurred backdrop under a thin tint, no rim. What the
    /// SDK's inbox shows where its glass is compiled out (the shipped XCFramework, built by Swift 5.10).
    public static func thinMaterial(on p: Picture, in r: PictureRect, radius: Double, dark: Bool) {
        p.blurBehind(r, radius: radius, blur: 10)
        p.fillRounded(r, radius: radius, dark ? PictureColor(37, 37, 40, alpha: 0.55) : PictureColor(250, 250, 252, alpha: 0.5))
    }
}
