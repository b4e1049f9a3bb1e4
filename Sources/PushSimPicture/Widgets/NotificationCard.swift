// An iOS notification banner: app icon, app name and "now", bold title, body, an optional thumbnail on the right.

import PushSimEngine
import PushSimMedia
import PushSimScreens

public enum NotificationCard {
    public static let inset = 8.0
    public static let radius = 22.0
    static let padding = 14.0
    static let icon = 38.0
    static let thumbnail = 40.0
    static let thumbTop = 18.0
    /// The body's lines, iOS's answer for the surface (`NotificationLines`, the one the terminal and validate use); on
    /// the lock screen the subtitle's line comes first in the same text.
    static func bodyLines(_ layout: Layout) -> Int {
        switch layout {
        case .banner: NotificationLines.on(.banner).body
        case .lockScreen: NotificationLines.on(.lockScreen).subtitle + NotificationLines.on(.lockScreen).body
        }
    }

    /// How the card lays out its text. `banner`: the app icon large on the left, the text beside it (the in-app and
    /// foreground banners). `lockScreen`: the small icon in the header line and the text across the card, less the
    /// thumbnail — the geometry `NotificationText` cuts the collapsed notification's text at, so the picture shows
    /// the text the terminal and `validate` report (a card `NotificationText.horizontalInsets` − 28 pt narrower
    /// than the phone, as the stories' lock screen draws it, has exactly the model's text width).
    public enum Layout: Sendable { case banner, lockScreen }

    /// The card's height for this text at `width` points.
    public static func height(on p: Picture, title: String, body: String, width: Double, thumbnail hasThumb: Bool,
                              layout: Layout = .banner) -> Double {
        let tw = textWidth(width, hasThumb, layout)
        let t = title.isEmpty ? 0 : p.measure(title, font: titleFont, width: tw, maxLines: 1).height
        let b = body.isEmpty ? 0 : p.measure(body, font: bodyFont, width: tw, maxLines: bodyLines(layout)).height
        // The thumbnail sits below the header line, so with one the card is at least that tall.
        let leftIcon = layout == .banner ? icon : 0
        return max(leftIcon, header + t + b, hasThumb ? thumbTop + thumbnail : 0) + 2 * padding
    }

    /// The lock screen's small app icon in the header line.
    static let smallIcon = 18.0

    static let titleFont = PictureFont(15, .semibold)
    static let bodyFont = PictureFont(15)
    static let metaFont = PictureFont(13)
    /// The header line: the app's name and "now", as the terminal's banner shows them above the title.
    static let header = 18.0

    static func textWidth(_ width: Double, _ hasThumb: Bool, _ layout: Layout = .banner) -> Double {
        switch layout {
        case .banner: width - 2 * padding - icon - 10 - (hasThumb ? thumbnail + 10 : 0) - 34
        case .lockScreen: width - 2 * padding - (hasThumb ? NotificationText.thumbnailWidth : 0)
        }
    }

    /// Draw the card in `r` (its height from `height`). `thumb` is drawn aspect-fill on the right when given.
    /// `glass`: the system's platter on iOS 26 and later (the lock screen, the expanded notification): the same
    /// geometry and text, on Liquid Glass over what is behind instead of the earlier opaque fill.
    public static func draw(on p: Picture, in r: PictureRect, appName: String, title: String, body: String,
                            thumbnail thumb: PictureImages.Outcome?, dark: Bool = false, layout: Layout = .banner, glass: Bool = false) {
        let fg = dark ? PictureColor.white : PictureColor.black
        let meta = dark ? PictureColor(170, 170, 176) : PictureColor(110, 110, 116)
        if glass {
            drawPlatter(on: p, in: r, dark: dark)
        } else {
            let bg = dark ? PictureColor(40, 40, 44, alpha: 0.92) : PictureColor(246, 246, 248, alpha: 0.96)
            p.shadow(r, radius: radius, opacity: 0.12, blur: 18, dy: 6)
            p.fillRounded(r, radius: radius, bg)
        }
        // The app icon: a rounded square with a bell, like an app with no icon of its own.
        let side = layout == .banner ? icon : smallIcon
        let iconRect = PictureRect(x: r.x + padding, y: r.y + padding, width: side, height: side)
        p.fillGradient(iconRect, radius: side * 9 / 38, colors: [PictureColor(64, 156, 255), PictureColor(0, 98, 230)],
                       from: (iconRect.x, iconRect.y), to: (iconRect.x, iconRect.maxY))
        Bell.draw(on: p, centerX: iconRect.midX, centerY: iconRect.midY, size: side * 0.52, color: .white)
        let tx = layout == .banner ? iconRect.maxX + 10 : r.x + padding
        let tw = textWidth(r.width, thumb != nil, layout)
        let nameX = iconRect.maxX + (layout == .banner ? 10 : 6)
        p.text("now", x: r.maxX - padding - 40, y: r.y + padding, width: 40, font: metaFont, color: meta, maxLines: 1, align: .right)
        p.text(TextWidth.sanitized(appName).uppercased(), x: nameX, y: r.y + padding, width: r.maxX - padding - 44 - nameX, font: metaFont,
               color: meta, maxLines: 1)
        var y = r.y + padding + header
        if !title.isEmpty { y += p.text(title, x: tx, y: y, width: tw, font: titleFont, color: fg, maxLines: 1) }
        if !body.isEmpty { p.text(body, x: tx, y: y, width: tw, font: bodyFont, color: fg, maxLines: bodyLines(layout)) }
        if let thumb {
            let tr = PictureRect(x: r.maxX - padding - thumbnail, y: r.y + padding + thumbTop, width: thumbnail, height: thumbnail)
            switch thumb {
            case .image(let img): p.image(img, in: tr, radius: 8)
            case .failed: p.fillRounded(tr, radius: 8, meta.alpha(0.25))
            }
        }
    }

    /// The iOS 26 platter: Apple publishes no radius or inset for it, so the earlier card's geometry stays and only
    /// the material changes (Liquid Glass on the lock screen's notifications: https://www.macstories.net/stories/ios-and-ipados-26-the-macstories-review/6).
    static func drawPlatter(on p: Picture, in r: PictureRect, dark: Bool) {
        p.shadow(r, radius: radius, opacity: 0.06, blur: 18, dy: 6)
        GlassMaterial.draw(on: p, in: r, radius: radius, dark: dark, tint: dark ? 0.5 : 0.55)
    }
}
