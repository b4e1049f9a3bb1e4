// A primer scene as the phone shows it: the host app, then the alert or the sheet at its position (spec §2.3, §2.4),
// iOS's own permission prompt, or Settings.

import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens

public enum PrimerPicture {
    // UIKit's dynamic system colours, light and dark (the primer's defaults are these).
    static func label(_ p: Picture) -> PictureColor { p.dark ? .white : .black }
    static func secondaryLabel(_ p: Picture) -> PictureColor { p.dark ? PictureColor(235, 235, 245, alpha: 0.6) : PictureColor(60, 60, 67, alpha: 0.6) }
    static let systemBlue = PictureColor(IOSColor.systemBlue)
    static func tertiaryFill(_ p: Picture) -> PictureColor { PictureColor(118, 118, 128, alpha: p.dark ? 0.24 : 0.12) }
    static func tertiaryLabel(_ p: Picture) -> PictureColor { p.dark ? PictureColor(235, 235, 245, alpha: 0.3) : PictureColor(60, 60, 67, alpha: 0.3) }
    /// The sheet's card: systemBackground, elevated in dark appearance.
    static func sheetBackground(_ p: Picture) -> PictureColor { p.dark ? PictureColor(28, 28, 30) : .white }

    /// `dark`: the phone in dark appearance (the app, iOS's alerts, the primer's default system colours).
    public static func draw(_ scene: PrimerScene, at t: Double, on p: Picture, device: PictureDevice, images: PictureImages, dark: Bool = false) {
        p.dark = dark
        let s = scene.state
        if s.settingsOpen {
            drawSettings(on: p, device: device, appName: scene.appName, on: s.device.notificationsOnInSettings)
            return
        }
        HostApp.draw(on: p, device: device, title: scene.appName, subtitle: "Welcome back",
                     rows: [("Today's picks", ""), ("Your orders", ""), ("Wishlist", ""), ("Offers near you", ""), ("Account", "")])
        if let pres = s.presentation {
            let k = scene.progress(pres, at: t)
            if pres.config.style == .alert {
                p.withAlpha(k) {
                    p.fill(PictureRect(x: 0, y: 0, width: device.width, height: device.height), PictureColor.black.alpha(0.2))
                    SystemAlert.draw(on: p, device: device, title: pres.config.title ?? "", message: pres.config.message ?? "",
                                     actions: [(pres.config.declineTitle, true), (pres.config.acceptTitle, false)],
                                     // The app's own UIAlertController (`PWPushPrimerPresenter.m`): its design follows
                                     // UIDesignRequiresCompatibility; the permission prompt below is the system's.
                                     glass: device.ios.appAlertIsGlass(compatibility: device.appCompatibility))
                }
            } else {
                // spec §2.4: the backdrop fades from clear to black at 50 %.
                p.fill(PictureRect(x: 0, y: 0, width: device.width, height: device.height), PictureColor.black.alpha(0.5 * k))
                drawSheet(pres.config, progress: k, on: p, device: device, images: images)
            }
        }
        if s.systemPrompt != nil {
            p.fill(PictureRect(x: 0, y: 0, width: device.width, height: device.height), PictureColor.black.alpha(0.2))
            SystemAlert.draw(on: p, device: device, title: PrimerAlert.promptTitle(appName: scene.appName), message: PrimerAlert.promptMessage,
                             actions: [("Don\u{2019}t Allow", false), ("Allow", true)])
        }
    }

    // MARK: - Sheet

    struct Metrics {
        var hero: Double, badge: Double, titleSize: Double, messageSize: Double, accept: Double, decline: Double
    }

    static func metrics(_ position: PrimerPosition) -> Metrics {
        position == .center
            ? Metrics(hero: 88, badge: 64, titleSize: 22, messageSize: 15, accept: 52, decline: 46)
            : Metrics(hero: 104, badge: 72, titleSize: 24, messageSize: 15.5, accept: 54, decline: 48)
    }

    static func accent(_ c: PrimerConfig) -> PictureColor { c.acceptButtonColor.map { PictureColor($0) } ?? systemBlue }

    static func drawSheet(_ c: PrimerConfig, progress k: Double, on p: Picture, device: PictureDevice, images: PictureImages) {
        let image: PictureImages.Outcome? = PrimerScreen.imageReference(c).map { images.image($0) }
        if c.position == .top { return drawBanner(c, progress: k, image: image, on: p, device: device) }
        let m = metrics(c.position)
        let side = 24.0
        let cardWidth = c.position == .center ? device.width - 30 : device.width
        let inner = cardWidth - 2 * side
        let titleFont = PictureFont(m.titleSize, .bold), messageFont = PictureFont(m.messageSize)
        // The vertical stack: grabber (bottom only), accessory, title, message, accept, decline.
        let top = c.position == .bottom ? 34.0 : 28.0
        let accessory = isImage(image) ? m.hero : m.badge
        let th = (c.title ?? "").isEmpty ? 0 : p.measure(c.title!, font: titleFont, width: inner).height
        let mh = (c.message ?? "").isEmpty ? 0 : p.measure(c.message!, font: messageFont, width: inner).height
        var h = top + accessory + 18 + th + (th > 0 ? 8 : 0) + mh + 24 + m.accept + 8 + m.decline
        h += c.position == .bottom ? max(device.safeBottom, 16) : 20
        let card: PictureRect
        if c.position == .bottom {
            card = PictureRect(x: 0, y: device.height - h * k, width: cardWidth, height: h)
        } else {
            card = PictureRect(x: 15, y: (device.height - h) / 2, width: cardWidth, height: h)
        }
        func drawCard() {
            let corners: Picture.Corners = c.position == .bottom ? .top : .all
            let radius = c.effectiveCornerRadius
            p.shadow(card, radius: radius, opacity: 0.18, blur: 22, dy: c.position == .bottom ? -8 : 10, corners: corners)
            if let g = c.backgroundGradient, g.count > 1 {
                // spec §2.4: a linear gradient from the top-left to the bottom-right, clipped to the card.
                p.fillGradient(card, radius: radius, corners: corners, colors: g.map { PictureColor($0) },
                               from: (card.x, card.y), to: (card.maxX, card.maxY))
            } else {
                p.fillRounded(card, radius: radius, c.backgroundColor.map { PictureColor($0) } ?? sheetBackground(p), corners: corners)
            }
            if c.position == .bottom {
                p.fillRounded(PictureRect(x: card.midX - 19, y: card.y + 10, width: 38, height: 5), radius: 2.5, tertiaryLabel(p))
            }
            var y = card.y + top
            let a = PictureRect(x: card.midX - accessory / 2, y: y, width: accessory, height: accessory)
            drawAccessory(image, in: a, accent: accent(c), on: p)
            y = a.maxY + 18
            if th > 0 {
                y += p.text(c.title!, x: card.x + side, y: y, width: inner, font: titleFont,
                            color: c.titleColor.map { PictureColor($0) } ?? label(p), align: .center) + 8
            }
            if mh > 0 {
                y += p.text(c.message!, x: card.x + side, y: y, width: inner, font: messageFont,
                            color: c.messageColor.map { PictureColor($0) } ?? secondaryLabel(p), align: .center)
            }
            y += 24
            button(c.acceptTitle, in: PictureRect(x: card.x + side, y: y, width: inner, height: m.accept), accept: true, c, on: p)
            y += m.accept + 8
            button(c.declineTitle, in: PictureRect(x: card.x + side, y: y, width: inner, height: m.decline), accept: false, c, on: p)
        }
        if c.position == .center {
            // spec §2.4: the centre card scales from 0.92 and fades in.
            p.withAlpha(k) { p.scaled(0.92 + 0.08 * k, aboutX: card.midX, y: card.midY, drawCard) }
        } else {
            drawCard()
        }
    }

    static func isImage(_ o: PictureImages.Outcome?) -> Bool {
        if case .image = o { return true }
        return false
    }

    /// The circular hero image, or (none, or a failure the SDK ignores) the bell badge on the accent at 14 %.
    static func drawAccessory(_ image: PictureImages.Outcome?, in r: PictureRect, accent: PictureColor, on p: Picture) {
        if case .image(let img) = image {
            p.image(img, in: r, radius: r.width / 2)
            return
        }
        p.fillCircle(x: r.midX, y: r.midY, radius: r.width / 2, accent.alpha(0.14))
        Bell.draw(on: p, centerX: r.midX, centerY: r.midY, size: r.width * 0.48, color: accent)
    }

    static func button(_ title: String, in r: PictureRect, accept: Bool, _ c: PrimerConfig, on p: Picture) {
        let radius = c.effectiveButtonCornerRadius
        let bg: PictureColor, fg: PictureColor
        if accept {
            bg = accent(c)
            fg = c.acceptButtonTextColor.map { PictureColor($0) } ?? .white
        } else {
            bg = c.declineButtonColor.map { PictureColor($0) } ?? (c.position == .top ? tertiaryFill(p) : .clear)
            fg = c.declineButtonTextColor.map { PictureColor($0) } ?? (c.position == .top ? label(p) : secondaryLabel(p))
        }
        p.fillRounded(r, radius: radius, bg)
        if let border = c.buttonBorderColor { p.strokeRounded(r, radius: radius, PictureColor(border)) }
        let font = PictureFont(c.position == .top ? 15 : 17, .semibold)
        let h = p.measure(title, font: font, width: r.width - 16, maxLines: 1).height
        p.text(TextWidth.sanitized(title), x: r.x + 8, y: r.midY - h / 2, width: r.width - 16, font: font, color: fg, maxLines: 1, align: .center)
    }

    /// spec §2.4 `.top`: 15 pt insets, 8 pt below the safe area; a 40 pt icon, title and message, "now"; then
    /// [decline, accept] of equal width, 42 pt high, 10 pt apart. It slides down from above the screen.
    static func drawBanner(_ c: PrimerConfig, progress k: Double, image: PictureImages.Outcome?, on p: Picture, device: PictureDevice) {
        let width = device.width - 30
        let pad = 14.0
        let textX = pad + 40 + 12
        let textW = width - textX - pad - 36
        let titleFont = PictureFont(15, .semibold), messageFont = PictureFont(14)
        let th = max(18, p.measure(c.title ?? "", font: titleFont, width: textW, maxLines: 1).height)
        let mh = p.measure(c.message ?? "", font: messageFont, width: textW, maxLines: 2).height
        let header = max(40, th + 2 + mh)
        let h = pad + header + 14 + 42 + pad
        let restY = device.safeTop + 8
        let card = PictureRect(x: 15, y: restY - (1 - k) * (restY + h + 10), width: width, height: h)
        let radius = c.effectiveCornerRadius
        p.shadow(card, radius: radius, opacity: 0.18, blur: 22, dy: 6)
        if let g = c.backgroundGradient, g.count > 1 {
            p.fillGradient(card, radius: radius, colors: g.map { PictureColor($0) }, from: (card.x, card.y), to: (card.maxX, card.maxY))
        } else {
            p.fillRounded(card, radius: radius, c.backgroundColor.map { PictureColor($0) } ?? sheetBackground(p))
        }
        let icon = PictureRect(x: card.x + pad, y: card.y + pad, width: 40, height: 40)
        if case .image(let img) = image {
            p.image(img, in: icon, radius: 9)
        } else {
            p.fillRounded(icon, radius: 9, accent(c).alpha(0.16))
            Bell.draw(on: p, centerX: icon.midX, centerY: icon.midY, size: 22, color: accent(c))
        }
        p.text("now", x: card.maxX - pad - 34, y: card.y + pad, width: 34, font: PictureFont(13), color: secondaryLabel(p), maxLines: 1, align: .right)
        var y = card.y + pad
        y += p.text(c.title ?? "", x: card.x + textX, y: y, width: textW, font: titleFont,
                    color: c.titleColor.map { PictureColor($0) } ?? label(p), maxLines: 1) + 2
        p.text(c.message ?? "", x: card.x + textX, y: y, width: textW, font: messageFont,
               color: c.messageColor.map { PictureColor($0) } ?? secondaryLabel(p), maxLines: 2)
        let by = card.y + pad + header + 14
        let bw = (width - 2 * pad - 10) / 2
        button(c.declineTitle, in: PictureRect(x: card.x + pad, y: by, width: bw, height: 42), accept: false, c, on: p)
        button(c.acceptTitle, in: PictureRect(x: card.x + pad + bw + 10, y: by, width: bw, height: 42), accept: true, c, on: p)
    }

    // MARK: - Settings

    static func drawSettings(on p: Picture, device: PictureDevice, appName: String, on enabled: Bool) {
        HostApp.draw(on: p, device: device, title: "Notifications", subtitle: appName, rows: [])
        let row = PictureRect(x: 16, y: device.safeTop + 120, width: device.width - 32, height: 52)
        p.fillRounded(row, radius: 10, sheetBackground(p))
        p.text("Allow Notifications", x: row.x + 16, y: row.y + 16, width: row.width - 90, font: PictureFont(17), color: label(p), maxLines: 1)
        let sw = PictureRect(x: row.maxX - 16 - 51, y: row.midY - 15.5, width: 51, height: 31)
        p.fillRounded(sw, radius: 15.5, enabled ? PictureColor(IOSColor.systemGreen) : (p.dark ? PictureColor(57, 57, 61) : PictureColor(233, 233, 235)))
        p.shadow(PictureRect(x: enabled ? sw.maxX - 29 : sw.x + 2, y: sw.y + 2, width: 27, height: 27), radius: 13.5, opacity: 0.15, blur: 4, dy: 2)
        p.fillCircle(x: enabled ? sw.maxX - 15.5 : sw.x + 15.5, y: sw.midY, radius: 13.5, .white)
    }
}
