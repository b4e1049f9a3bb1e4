// The chrome every native in-app template shares (the SDK's PWInAppStyle): the card surface and its shadow, the
// contract button, the close chip, backdrops, iOS's system colours, the fonts and the animation curves, in points.

import Foundation
import PushSimEngine
import PushSimScreens

/// What a template's drawing needs besides its presentation: the picture, the phone, full-size images, the appearance.
public struct InAppDrawing {
    public let picture: Picture
    public let device: PictureDevice
    public let images: PictureImages
    /// The phone's dark appearance: iOS's system colours (the wheel's palette, the reveal border, the pointer) and
    /// the host app change with it; the campaign's own colours are already the dark overlay's, merged by the parser.
    public let dark: Bool

    public init(picture: Picture, device: PictureDevice, images: PictureImages, dark: Bool) {
        self.picture = picture
        self.device = device
        self.images = images
        self.dark = dark
    }

    /// The whole screen.
    var screen: PictureRect { PictureRect(x: 0, y: 0, width: device.width, height: device.height) }
    /// The safe area: below the status bar, above the home indicator.
    var safe: PictureRect {
        PictureRect(x: 0, y: device.safeTop, width: device.width, height: device.height - device.safeTop - device.safeBottom)
    }
    /// `UIColor.label`.
    var label: PictureColor { dark ? .white : .black }
}

extension PictureColor {
    /// A campaign colour (CSS hex with alpha, already parsed).
    public init(_ c: InAppColor) { self.init(r: c.red, g: c.green, b: c.blue, a: c.alpha) }
}

public enum InAppChrome {
    /// `PWInAppStyle.cardCornerRadius`.
    public static let cardRadius = 24.0
    /// The contract button: fixed height 52, 1.5 pt border, rounded 16 semibold title; stacked 10 apart.
    public static let buttonHeight = 52.0, buttonBorder = 1.5, buttonSpacing = 10.0
    static let buttonFont = font(16, .semibold)
    /// The close chip: a 34 pt circle, 40 % black (the glass material is approximated by its scrim), white 12 pt xmark.
    public static let closeChip = 34.0
    static let closeScrim = PictureColor.black.alpha(0.4)

    /// `PWInAppStyle.rounded(size, weight)` is SF Rounded, which only Apple platforms have: pictures use the project's
    /// pinned family (Liberation Sans, see `PictureFont.family`) at the same size and weight.
    static func font(_ size: Double, _ weight: PictureFont.Weight = .regular) -> PictureFont { PictureFont(size, weight) }

    /// `PWInAppStyle.contrastColor(on:)`: text on a light surface (luminance > 0.65) is white 0.12, else white.
    static func contrast(on c: InAppColor) -> PictureColor { c.isLight ? PictureColor(r: 0.12, g: 0.12, b: 0.12) : .white }

    // MARK: - iOS's system colours, light and dark (UIColor.systemIndigo…)

    enum System: CaseIterable {
        case indigo, pink, teal, orange, purple, green, yellow

        func color(dark: Bool) -> PictureColor {
            switch self {
            case .indigo: return dark ? PictureColor(94, 92, 230) : PictureColor(88, 86, 214)
            case .pink: return dark ? PictureColor(255, 55, 95) : PictureColor(255, 45, 85)
            case .teal: return dark ? PictureColor(64, 200, 224) : PictureColor(48, 176, 199)
            case .orange: return dark ? PictureColor(255, 159, 10) : PictureColor(255, 149, 0)
            case .purple: return dark ? PictureColor(191, 90, 242) : PictureColor(175, 82, 222)
            case .green: return dark ? PictureColor(48, 209, 88) : PictureColor(52, 199, 89)
            case .yellow: return dark ? PictureColor(255, 214, 10) : PictureColor(255, 204, 0)
            }
        }
    }

    // MARK: - Surfaces

    /// `applyCardShadow`: black, opacity 0.28, radius 28, offset (0, 16).
    static func cardShadow(_ d: InAppDrawing, _ r: PictureRect, radius: Double = cardRadius, corners: Picture.Corners = .all) {
        d.picture.shadow(r, radius: radius, opacity: 0.28, blur: 28, dy: 16, corners: corners)
    }

    /// A solid card (`makeSurface` below iOS 26, where it is not Liquid Glass) with its shadow.
    static func solidCard(_ d: InAppDrawing, _ r: PictureRect, _ color: InAppColor, radius: Double = cardRadius,
                          corners: Picture.Corners = .all) {
        cardShadow(d, r, radius: radius, corners: corners)
        d.picture.fillRounded(r, radius: radius, PictureColor(color), corners: corners)
    }

    /// The scratch card's and spin wheel's `background`: a solid card with its shadow, or (≥ 2 colours)
    /// `makeGradientSurface`, a diagonal gradient from (0.1, 0) to (0.9, 1) of the card, opaque, without a shadow.
    static func surface(_ d: InAppDrawing, _ r: PictureRect, _ s: InAppSurface) {
        switch s {
        case .solid(let c):
            solidCard(d, r, c)
        case .gradient(let stops):
            d.picture.fillGradient(r, radius: cardRadius, colors: stops.map { PictureColor($0).alpha(1) },
                                   from: (r.x + 0.1 * r.width, r.y), to: (r.x + 0.9 * r.width, r.maxY))
        }
    }

    /// The status bar and the home indicator stay over a full-screen template, in white on its dark picture.
    static func systemOverlays(_ d: InAppDrawing) {
        StatusBar.draw(on: d.picture, device: d.device, color: .white)
        StatusBar.drawHomeIndicator(on: d.picture, device: d.device, color: .white)
    }

    /// `makeBackdrop(dimmed: true, opacity:)`: black over the whole screen.
    static func backdrop(_ d: InAppDrawing, opacity: Double) {
        guard opacity > 0 else { return }
        d.picture.fill(d.screen, PictureColor.black.alpha(opacity))
    }

    // MARK: - Controls

    /// `makeContractButton`: fill, 1.5 pt border inside the bounds, corner radius `border.radius`, the title centred
    /// on one line; a title too long for the button shrinks to 0.8 of its size, then ends in an ellipsis.
    static func button(_ d: InAppDrawing, _ b: InAppButton, in r: PictureRect) {
        let p = d.picture
        let radius = min(b.borderRadius, r.height / 2)
        p.fillRounded(r, radius: radius, PictureColor(b.background))
        p.strokeRounded(r, radius: radius, PictureColor(b.borderColor), lineWidth: buttonBorder)
        let title = TextWidth.sanitized(b.text.text)
        let room = r.width - 24
        let natural = p.measure(title, font: buttonFont).width
        let f = natural > room ? font(buttonFont.size * max(0.8, room / natural), .semibold) : buttonFont
        let h = p.measure(title, font: f, width: room, maxLines: 1).height
        p.text(title, x: r.x + 12, y: r.midY - h / 2, width: room, font: f, color: PictureColor(b.text.color), maxLines: 1, align: .center)
    }

    /// Buttons stacked vertically at full width, 10 apart; the height they take.
    static func buttonsHeight(_ count: Int) -> Double {
        count == 0 ? 0 : Double(count) * buttonHeight + Double(count - 1) * buttonSpacing
    }

    static func buttons(_ d: InAppDrawing, _ buttons: [InAppButton], x: Double, y: Double, width: Double,
                        shadow: Bool = false) {
        for (i, b) in buttons.enumerated() {
            let r = PictureRect(x: x, y: y + Double(i) * (buttonHeight + buttonSpacing), width: width, height: buttonHeight)
            // The stories' buttons: a shadow of opacity 0.28, radius 14, offset (0, 6).
            if shadow { d.picture.shadow(r, radius: min(b.borderRadius, buttonHeight / 2), opacity: 0.28, blur: 14, dy: 6) }
            button(d, b, in: r)
        }
    }

    /// `makeCloseButton`: the 34 pt chip with its top-right corner at (right, top).
    static func closeChip(_ d: InAppDrawing, right: Double, top: Double, size: Double = closeChip, symbol: Double = 12) {
        closeChipBackground(d, right: right, top: top, size: size)
        InAppSymbols.xmark(d.picture, centerX: right - size / 2, centerY: top + size / 2, size: symbol, .white)
    }

    /// The chip's circle alone, for the other chips on the same material (video's mute, the pip's mute and expand).
    static func closeChipBackground(_ d: InAppDrawing, right: Double, top: Double, size: Double = closeChip) {
        d.picture.fillCircle(x: right - size / 2, y: top + size / 2, radius: size / 2, closeScrim)
    }

    // MARK: - Text and images

    /// A text object's height at `width` (0 when absent).
    static func measure(_ d: InAppDrawing, _ t: InAppText?, font f: PictureFont, width: Double, maxLines: Int = 0,
                        lineSpacing: Double = 0) -> Double {
        guard let t else { return 0 }
        return d.picture.measure(TextWidth.sanitized(t.text), font: f, width: width, maxLines: maxLines, lineSpacing: lineSpacing).height
    }

    /// Draw a text object in its colour; the height used.
    @discardableResult
    static func text(_ d: InAppDrawing, _ t: InAppText?, x: Double, y: Double, width: Double, font f: PictureFont,
                     align: Picture.Align, maxLines: Int = 0, lineSpacing: Double = 0) -> Double {
        guard let t else { return 0 }
        return d.picture.text(TextWidth.sanitized(t.text), x: x, y: y, width: width, font: f, color: PictureColor(t.color),
                              maxLines: maxLines, align: align, lineSpacing: lineSpacing)
    }

    /// `PWInAppImageLoader`'s final failure: a flat light-grey image (white 0.88) stretched over the frame.
    static let placeholder = PictureColor(r: 0.88, g: 0.88, b: 0.88)

    /// An image from the config drawn into `r` (a snapshot waits for it, so no spinner), or the SDK's grey
    /// placeholder when it cannot be had (the reason goes to standard error with the picture's other warnings).
    static func image(_ d: InAppDrawing, _ url: String, in r: PictureRect, mode: Picture.ContentMode, radius: Double = 0) {
        switch d.images.image(url) {
        case .image(let img): d.picture.image(img, in: r, mode: mode, radius: radius)
        case .failed: d.picture.fillRounded(r, radius: radius, placeholder)
        }
    }

    /// The decoded image's height ÷ width, when it can be had.
    static func aspect(_ d: InAppDrawing, _ url: String) -> Double? {
        guard case .image(let img) = d.images.image(url), img.width > 0 else { return nil }
        return Double(img.height) / Double(img.width)
    }

    /// The bottom scrim of fullscreen, video and stories: clear at `top` to black 75 % at the bottom of `r`.
    static func bottomScrim(_ d: InAppDrawing, from top: Double, in r: PictureRect) {
        let from = max(r.y, top)
        guard from < r.maxY else { return }
        d.picture.fillGradient(PictureRect(x: r.x, y: from, width: r.width, height: r.maxY - from),
                               colors: [.clear, PictureColor.black.alpha(0.75)], from: (0, from), to: (0, r.maxY))
    }
}
