// An inbox scene as the phone shows it: the large title, then the cards from the first visible row (spec §3.3, §3.5).

import Foundation
import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens

public enum InboxPicture {
    static let side = 16.0
    static let spacing = 12.0
    static let pad = 14.0
    /// spec §3.3 Style.default fonts.
    static let titleFont = PictureFont(16, .semibold)
    static let bodyFont = PictureFont(14)
    static let dateFont = PictureFont(13)
    static let buttonFont = PictureFont(14, .medium)

    struct Colors {
        var t: InboxTheme
        var page: PictureColor { PictureColor(t.page) }
        var card: PictureColor { PictureColor(t.card) }
        func title(_ read: Bool) -> PictureColor { PictureColor(read ? t.titleRead : t.titleUnread) }
        func body(_ read: Bool) -> PictureColor { PictureColor(read ? t.bodyRead : t.bodyUnread) }
        var date: PictureColor { PictureColor(t.date) }
        var accent: PictureColor { PictureColor(t.accent) }
        var dark: Bool { t.page == .black }
    }

    public static func draw(_ scene: InboxScene, at t: Double, on p: Picture, device: PictureDevice, images: PictureImages) {
        let m = scene.displayModel(at: t)
        let c = Colors(t: m.context.theme)
        // Relative image paths are beside the feed file that named them, as the scene resolves them.
        let images = ResolvingImages(images: images, resolve: scene.resolve)
        p.fill(PictureRect(x: 0, y: 0, width: device.width, height: device.height), c.page)
        StatusBar.draw(on: p, device: device, color: c.dark ? .white : .black)
        var y = device.safeTop + 8
        y += p.text("Inbox", x: side, y: y, width: device.width - 2 * side, font: PictureFont(34, .bold), color: c.title(false), maxLines: 1)
        let feed = m.feed
        if !feed.rows.isEmpty {
            let line = "\(feed.rows.count) message\(feed.rows.count == 1 ? "" : "s") · \(InboxCard.drawnUnreadCount(feed, m.context)) unread"
            y += p.text(line, x: side, y: y, width: device.width - 2 * side, font: PictureFont(15), color: c.date, maxLines: 1)
        }
        y += 12
        if let frame = m.refreshFrame {
            // Pull to refresh in progress: the table's refresh control above the first card.
            Spinner.draw(on: p, centerX: device.width / 2, centerY: y + 16, radius: 10, frame: frame, color: c.date)
            y += 40
        }
        switch feed.screenState {
        case .empty, .error:
            let text = feed.screenState == .empty ? feed.attributes.emptyMessage : feed.attributes.errorMessage
            p.text(text, x: side, y: device.height / 2 - 10, width: device.width - 2 * side, font: PictureFont(17), color: c.title(true), align: .center)
        case .list:
            let width = device.width - 2 * side
            let bottom = device.height
            var i = max(0, min(m.top, feed.rows.count - 1))
            while i < feed.rows.count, y < bottom {
                let row = feed.rows[i]
                if let d = m.deleting, d.row == i {
                    y += swiped(row, progress: d.progress, on: p, y: y, width: width, colors: c, context: m.context, images: images) + spacing
                } else {
                    y += card(row, on: p, x: side, y: y, width: width, colors: c, context: m.context, images: images) + spacing
                }
                i += 1
            }
        }
        StatusBar.drawHomeIndicator(on: p, device: device, color: c.dark ? .white : .black)
    }

    /// Swipe to delete part way (spec §3.9): the card slid left over the red "Delete" action, as far as `progress` has it.
    static func swiped(_ row: InboxRow, progress: Double, on p: Picture, y: Double, width: Double, colors c: Colors,
                       context: InboxCardContext, images: ResolvingImages) -> Double {
        let shift = min(1, max(0, progress)) * 90
        var h = 0.0
        p.clipped(to: PictureRect(x: 0, y: y, width: side + width, height: 2000)) {
            h = card(row, on: p, x: side - shift, y: y, width: width, colors: c, context: context, images: images)
        }
        guard shift > 0 else { return h }
        let action = PictureRect(x: side + width - shift + 8, y: y, width: shift - 8, height: h)
        p.fillRounded(action, radius: 16, PictureColor(context.theme.destructive))
        if shift >= 60 {
            p.text("Delete", x: action.x, y: action.midY - 9, width: action.width, font: PictureFont(15, .semibold), color: .white,
                   maxLines: 1, align: .center)
        }
        return h
    }

    /// Draw one card; returns its height.
    static func card(_ row: InboxRow, on p: Picture, x: Double, y: Double, width: Double, colors c: Colors,
                     context: InboxCardContext, images: ResolvingImages) -> Double {
        let m = row.message
        let read = !InboxCard.isUnread(row, context)
        let buttons = context.attributes.inlineButtonsEnabled && row.kind.rendersButtons ? row.buttons : []
        let pinShown = row.pinned && context.attributes.pinIndicatorVisible
        let image = row.imageURL.map { images.image($0) }
        let date = context.dates.string(m.sendDate)
        let title = TextWidth.sanitized(m.title ?? ""), body = TextWidth.sanitized(m.message ?? "")
        let inner = width - 2 * pad
        switch row.kind {
        case .banner:
            // spec §3.5: image only, 200 pt host inset 5.5 pt (radius 16) in an 18 pt card; dot top-left, pin chip.
            let r = PictureRect(x: x, y: y, width: width, height: 211)
            p.fillRounded(r, radius: 18, c.card)
            let host = r.insetBy(dx: 5.5, dy: 5.5)
            drawImage(image, in: host, radius: 16, colors: c, on: p)
            if !read { dot(on: p, x: r.x + 14, y: r.y + 14, c.accent) }
            if pinShown { pinChip(on: p, x: r.maxX - 14 - 28, y: r.y + 14) }
            return r.height
        case .carousel:
            return carousel(row, on: p, x: x, y: y, width: width, colors: c, context: context, images: images)
        case .video:
            return video(row, on: p, x: x, y: y, width: width, colors: c, context: context, images: images)
        case .wallet:
            return wallet(row, on: p, x: x, y: y, width: width, colors: c, context: context, images: images)
        case .captioned:
            let imageH = image == nil ? 0 : (inner * 0.5).rounded()
            let dateW = p.measure(date, font: dateFont).width
            // 7.2.5 captioned (`PushwooshInboxCaptionedCell.swift`, `5741657`): a 10 pt dot on the hero's top-left
            // corner, and a 32 pt round icon leading the text (12 pt before it) when it differs from the hero.
            let heroDot = row.kind == .captioned && context.attributes.sdk.inboxCaptionedIcon
            let icon = row.kind == .captioned ? row.captionedIcon(sdk: context.attributes.sdk) : nil
            let textX = icon == nil ? pad : pad + 32 + 12
            let textW = inner - (textX - pad)
            let dotW = read || heroDot ? 0.0 : 14
            let titleX = textX + dotW
            let titleW = textW - dateW - 8 - dotW
            let th = title.isEmpty ? 0 : p.measure(title, font: titleFont, width: titleW, maxLines: 2).height
            let bh = body.isEmpty ? 0 : p.measure(body, font: bodyFont, width: textW, maxLines: row.kind == .captioned ? 3 : 2).height
            let btnH = buttons.isEmpty ? 0 : 34 + 10
            let textH = max(max(th, 18) + (bh > 0 ? 4 + bh : 0), icon == nil ? 0 : 32)
            let h = pad + (imageH > 0 ? imageH + 10 : 0) + textH + Double(btnH) + pad
            let r = PictureRect(x: x, y: y, width: width, height: h)
            p.fillRounded(r, radius: 16, c.card)
            var cy = r.y + pad
            if imageH > 0 {
                let ir = PictureRect(x: r.x + pad, y: cy, width: inner, height: imageH)
                drawImage(image, in: ir, radius: 8, colors: c, on: p)
                if pinShown { pinChip(on: p, x: ir.maxX - 8 - 28, y: ir.y + 8) }
                if heroDot && !read { p.fillCircle(x: ir.x + 15, y: ir.y + 15, radius: 5, c.accent) }
                cy += imageH + 10
            }
            let textTop = cy
            if let icon {
                let words = max(th, 18) + (bh > 0 ? 4 + bh : 0)
                let ir = PictureRect(x: r.x + pad, y: textTop + max(0, words - 32) / 2, width: 32, height: 32)
                if case .image(let img) = images.image(icon) { p.image(img, in: ir, radius: 16) }
                else { p.fillCircle(x: ir.midX, y: ir.midY, radius: 16, c.date.alpha(0.25)) }
            }
            if !read && !heroDot { dot(on: p, x: r.x + textX, y: cy + 5, c.accent) }
            p.text(title, x: r.x + titleX, y: cy, width: titleW, font: titleFont, color: c.title(read), maxLines: 2)
            p.text(date, x: r.maxX - pad - dateW, y: cy + 2, font: dateFont, color: c.date, maxLines: 1)
            cy += max(th, 18)
            if bh > 0 {
                p.text(body, x: r.x + textX, y: cy + 4, width: textW, font: bodyFont, color: c.body(read), maxLines: row.kind == .captioned ? 3 : 2)
                cy += 4 + bh
            }
            cy = max(cy, textTop + textH)
            if !buttons.isEmpty { drawButtons(buttons, on: p, x: r.x + pad, y: cy + 10, width: inner, colors: c, blurred: context.blursButtons) }
            return h
        case .classic, .default:
            // spec §3.5 classic: 44 pt avatar; the title falls back to the message; 15.5 pt, semibold when unread.
            let shownTitle = title.isEmpty ? body : title
            let textX = pad + 14 + 44 + 12
            let textW = width - textX - pad
            let dateW = p.measure(date, font: dateFont).width
            let tFont = PictureFont(15.5, read ? .regular : .semibold)
            let bh = body.isEmpty ? 0 : p.measure(body, font: bodyFont, width: textW, maxLines: 2).height
            let textH = 20 + (bh > 0 ? 2 + bh : 0)
            let btnH = buttons.isEmpty ? 0.0 : 34 + 10
            let h = pad + max(44, textH) + btnH + pad
            let r = PictureRect(x: x, y: y, width: width, height: h)
            p.fillRounded(r, radius: 16, c.card)
            if !read { dot(on: p, x: r.x + 6, y: r.y + pad + 22 - 4, c.accent) }
            let av = PictureRect(x: r.x + pad + 14, y: r.y + pad, width: 44, height: 44)
            // The avatar is the icon, not the hero (they differ from 7.2.5 when the message has an attachment).
            if case .image(let img) = (row.kind == .wallet ? image : row.iconURL.map { images.image($0) }) {
                p.image(img, in: av, radius: row.kind == .wallet ? 8 : 22)
            } else {
                p.fillCircle(x: av.midX, y: av.midY, radius: 22, read ? PictureColor(context.theme.avatarRead) : c.accent)
                let letter = context.appName.first.map { String($0).uppercased() } ?? "·"
                p.text(letter, x: av.x, y: av.midY - 11, width: 44, font: PictureFont(19, .semibold), color: .white, maxLines: 1, align: .center)
            }
            var tw = textW - dateW - 8
            if pinShown { tw -= 16 }
            let used = p.measure(shownTitle, font: tFont, width: tw, maxLines: 1).width
            p.text(shownTitle, x: r.x + textX, y: r.y + pad, width: tw, font: tFont, color: c.title(read), maxLines: 1)
            if pinShown { pinGlyph(on: p, x: r.x + textX + used + 5, y: r.y + pad + 3, PictureColor(context.theme.pin)) }
            p.text(date, x: r.maxX - pad - dateW, y: r.y + pad + 2, font: dateFont, color: c.date, maxLines: 1)
            if bh > 0 { p.text(body, x: r.x + textX, y: r.y + pad + 22, width: textW, font: bodyFont, color: c.body(read), maxLines: 2) }
            if !buttons.isEmpty {
                drawButtons(buttons, on: p, x: r.x + textX, y: r.y + pad + max(44, textH) + 10, width: textW, colors: c, blurred: context.blursButtons)
            }
            return h
        }
    }

    /// The picture images, asked with the scene's resolution of relative paths.
    struct ResolvingImages {
        var images: PictureImages
        var resolve: (String) -> String
        func image(_ url: String) -> PictureImages.Outcome { images.image(resolve(url)) }
    }

    static func drawImage(_ image: PictureImages.Outcome?, in r: PictureRect, radius: Double, colors c: Colors, on p: Picture) {
        switch image {
        case .image(let img)?:
            p.image(img, in: r, radius: radius)
        case .failed?, nil:
            // spec §3.5: no image (or none to be had): an envelope and "No image"; an image that failed says why,
            // as the stories picture does.
            p.fillRounded(r, radius: radius, c.date.alpha(0.15))
            var reason: String?
            if case .failed(let why)? = image { reason = why }
            let e = PictureRect(x: r.midX - 18, y: r.midY - (reason == nil ? 22 : 34), width: 36, height: 26)
            p.strokeRounded(e, radius: 4, c.date, lineWidth: 2)
            p.text("No image", x: r.x, y: e.maxY + 6, width: r.width, font: PictureFont(13, reason == nil ? .regular : .semibold),
                   color: c.date, maxLines: 1, align: .center)
            if let reason {
                p.text(reason, x: r.x + 12, y: e.maxY + 24, width: r.width - 24, font: PictureFont(12), color: c.date,
                       maxLines: max(1, Int((r.maxY - e.maxY - 28) / 15)), align: .center)
            }
        }
    }

    /// spec §3.3: 14 pt medium, blue text on blue at 12 %, radius 10; side by side, equal widths.
    /// `blurred`: IK-4 (`PushwooshInboxCell.swift` `applyButtons`, 7.1.2 to 7.2.6, `#available(iOS 26.0, *)` only): on
    /// iOS 26 a thin-material blur behind each title at the same radius, and no accent fill.
    static func drawButtons(_ buttons: [InboxButton], on p: Picture, x: Double, y: Double, width: Double, colors c: Colors, blurred: Bool = false) {
        let n = Double(buttons.count)
        let bw = (width - 8 * (n - 1)) / n
        for (i, b) in buttons.enumerated() {
            let r = PictureRect(x: x + Double(i) * (bw + 8), y: y, width: bw, height: 34)
            if blurred {
                GlassMaterial.thinMaterial(on: p, in: r, radius: 10, dark: c.dark)
            } else {
                p.fillRounded(r, radius: 10, c.accent.alpha(c.dark ? 0.16 : 0.12))
            }
            p.text(TextWidth.sanitized(b.title), x: r.x + 6, y: r.y + 8, width: bw - 12, font: buttonFont, color: PictureColor(c.t.buttonText),
                   maxLines: 1, align: .center)
        }
    }

    static func dot(on p: Picture, x: Double, y: Double, _ color: PictureColor) {
        p.fillCircle(x: x + 4, y: y + 4, radius: 4, color)
    }

    /// spec §3.5: a 28 pt chip, black at 42 %, with a white pin.
    static func pinChip(on p: Picture, x: Double, y: Double) {
        p.fillCircle(x: x + 14, y: y + 14, radius: 14, PictureColor.black.alpha(0.42))
        pinGlyph(on: p, x: x + 8, y: y + 7, .white)
    }

    /// `pin.fill`: a round head on a short needle, about 13 pt.
    static func pinGlyph(on p: Picture, x: Double, y: Double, _ color: PictureColor) {
        p.fillCircle(x: x + 6, y: y + 4.5, radius: 4.5, color)
        p.fill(PictureRect(x: x + 5.25, y: y + 8, width: 1.5, height: 6), color)
    }
}

extension InboxCardContext {
    /// IK-4: the inline buttons sit on a blur on this phone's iOS with this SDK release.
    var blursButtons: Bool { attributes.ios.inboxBlursInlineButtons(sdk: attributes.sdk) }
}
