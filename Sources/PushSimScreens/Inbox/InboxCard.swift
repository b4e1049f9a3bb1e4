// One inbox card drawn from its row: banner, captioned, classic, carousel, video and wallet (spec §3.5), sized by width.

import Foundation
import PushSimEngine

/// What every card needs besides its row.
public struct InboxCardContext {
    public var theme: InboxTheme
    public var attributes: InboxAttributes
    public var dates: InboxDateFormatter
    /// The image for a URL at a size; `.none` draws placeholder art.
    public var image: (String, Size) -> ImageSlot
    /// The classic avatar's fallback letter comes from the app's display name.
    public var appName: String
    /// Rows marked read on display (7.2.7 `automaticReadOnDisplay`) whose unread dot stays drawn until the next
    /// table reload: marking them read does not reload their rows.
    public var drawnUnread: Set<String> = []

    /// The slide each carousel card shows, by message code (the first when it has not been paged).
    public var slides: [String: Int] = [:]

    /// The slide a carousel card shows, within its slides.
    public func slide(of code: String, count: Int) -> Int { max(0, min(slides[code] ?? 0, count - 1)) }

    public init(theme: InboxTheme, attributes: InboxAttributes, dates: InboxDateFormatter,
                image: @escaping (String, Size) -> ImageSlot = { _, _ in .none }, appName: String = "App") {
        self.theme = theme
        self.attributes = attributes
        self.dates = dates
        self.image = image
        self.appName = appName
    }
}

public enum InboxCard {
    public static let imageRows = 5
    public static let bannerRows = 6
    public static let walletRows = 3
    public static let avatarWidth = 5, avatarHeight = 3

    /// The buttons the card shows (only captioned and classic, only with inline buttons on).
    static func buttons(_ row: InboxRow, _ a: InboxAttributes) -> [InboxButton] {
        a.inlineButtonsEnabled && row.kind.rendersButtons ? row.buttons : []
    }

    static func bodyText(_ m: InboxMessage) -> String { TextWidth.sanitized(m.message ?? "") }

    static func titleText(_ m: InboxMessage) -> String { TextWidth.sanitized(m.title ?? "") }

    static func bodyLines(_ m: InboxMessage, width: Int, max: Int) -> [String] {
        let b = bodyText(m)
        return b.isEmpty ? [] : TextWidth.wrap(b, width: width, maxLines: max)
    }

    /// The header's "N unread": the cards drawn unread, so it agrees with their dots. Read on display (7.2.7,
    /// `markDisplayedAsRead()` in `IK/Public/PushwooshInboxKitViewController.swift`, pushwoosh-ios-sdk b1518f7)
    /// marks the visible rows read in the store without reloading them: their dots stay until the next reload, and
    /// the header counts them with the rows still unread until then.
    ///
    /// Counted without visiting the rows (a frame of a 100,000-message feed used to count them all, most of a
    /// scroll step): the feed keeps `unreadCount` through every action, and every code in `drawnUnread` is a row
    /// on screen that is read — codes go in only from a read on display's `read` event, leave when any later action
    /// stores a status for them (a delete, a tap, a button), and the set is emptied by every reload and by mark all
    /// read. `InboxReleaseSceneTests` checks this against counting the rows after each of those.
    public static func drawnUnreadCount(_ feed: InboxFeed, _ c: InboxCardContext) -> Int {
        feed.unreadCount + c.drawnUnread.count
    }

    /// The same count by visiting every row: what `drawnUnreadCount` must always equal (tests only).
    public static func countedDrawnUnread(_ rows: [InboxRow], _ c: InboxCardContext) -> Int {
        rows.reduce(0) { $0 + (isUnread($1, c) ? 1 : 0) }
    }

    /// Drawn unread: not read, or read on display and not yet redrawn.
    public static func isUnread(_ row: InboxRow, _ c: InboxCardContext) -> Bool {
        !row.message.isRead || (!c.drawnUnread.isEmpty && c.drawnUnread.contains(row.code))
    }

    /// The captioned card's round icon (7.2.5, `PushwooshInboxCaptionedCell.swift`): 32 pt, leading the text block,
    /// drawn in this many cells.
    public static let iconWidth = 4, iconHeight = 2

    /// The captioned text block's width, and the icon that leads it (7.2.5: only when it differs from the hero).
    static func captionedText(_ row: InboxRow, _ c: InboxCardContext, _ iw: Int) -> (width: Int, icon: String?) {
        guard let icon = row.captionedIcon(sdk: c.attributes.sdk) else { return (iw, nil) }
        return (Swift.max(1, iw - iconWidth - 1), icon)
    }

    /// Cells inside the border and the 1-cell padding.
    static func inner(_ width: Int) -> Int { Swift.max(1, width - 4) }

    /// Rows the card takes at this width, borders included.
    public static func height(_ row: InboxRow, context c: InboxCardContext, width: Int) -> Int {
        let m = row.message
        let iw = inner(width)
        let btn = buttons(row, c.attributes).isEmpty ? 0 : 1
        switch row.kind {
        case .banner:
            return 2 + bannerRows
        case .captioned:
            let date = TextWidth.of(c.dates.string(m.sendDate))
            let (tw, icon) = captionedText(row, c, iw)
            let t = titleLines(row, width: tw, dateWidth: date, unread: isUnread(row, c) && !c.attributes.sdk.inboxCaptionedIcon).count
            let text = Swift.max(1, t) + bodyLines(m, width: tw, max: 3).count
            return 2 + imageRows + (icon == nil ? text : Swift.max(iconHeight, text)) + btn
        case .classic, .default:
            let tw = Swift.max(1, width - 10)
            let content = Swift.max(avatarHeight, 1 + bodyLines(m, width: tw, max: 2).count)
            return 2 + content + btn
        case .carousel, .video:
            return 2 + imageRows + (row.kind == .carousel ? 1 : 0) + 1 + bodyLines(m, width: iw, max: 2).count
        case .wallet:
            return 2 + walletRows + 1 + bodyLines(m, width: iw, max: 2).count
        }
    }

    /// The captioned title: up to 2 lines; the first shares its row with the date.
    static func titleLines(_ row: InboxRow, width: Int, dateWidth: Int, unread: Bool) -> [String] {
        let t = titleText(row.message)
        if t.isEmpty { return [] }
        let first = Swift.max(1, width - dateWidth - 1 - (unread ? 2 : 0))
        let lines = TextWidth.wrap(t, width: first, maxLines: 1)
        guard let l0 = lines.first else { return [] }
        if TextWidth.of(l0) >= TextWidth.of(t) || !l0.hasSuffix("…") { return [l0] }
        // Re-wrap so the second line continues where the first stopped.
        let all = TextWidth.wrap(t, width: first)
        if all.count <= 1 { return all }
        let rest = all.dropFirst().joined(separator: " ")
        return [all[0]] + TextWidth.wrap(rest, width: width, maxLines: 1)
    }

    /// Draw the card with its top-left at (x, y) (y may be above the canvas); returns the buttons' rects.
    @discardableResult
    public static func draw(_ row: InboxRow, into cv: inout Canvas, x: Int, y: Int, width: Int,
                            highlighted: Bool, context c: InboxCardContext) -> [Rect] {
        let h = height(row, context: c, width: width)
        let t = c.theme
        let card = Rect(x: x, y: y, width: width, height: h)
        cv.fill(card, with: Cell(" ", fg: t.titleUnread, bg: t.card))
        box(&cv, card, color: highlighted ? t.highlight : t.border, heavy: highlighted, bg: t.card)
        let m = row.message
        let iw = inner(width)
        let ix = x + 2
        let unread = isUnread(row, c)
        let pin = c.attributes.showsPin(row.pinned)
        var cy = y + 1
        let titleStyle = Style(fg: unread ? t.titleUnread : t.titleRead, attrs: unread ? [.bold] : [])
        let bodyStyle = Style(fg: unread ? t.bodyUnread : t.bodyRead)
        let date = c.dates.string(m.sendDate)
        var buttonRects: [Rect] = []

        func imageArea(_ url: String?, rows: Int, missing: String) {
            let r = Rect(x: x + 1, y: cy, width: width - 2, height: rows)
            drawImage(&cv, r, url: url, missing: missing, context: c)
            if pin { chip(&cv, r, t) }
            cy += rows
        }
        func titleRow(_ text: String, lines: [String]? = nil, x lx: Int? = nil, width lw: Int? = nil, dot: Bool = true) {
            let left = lx ?? ix, w = lw ?? iw
            var tx = left
            if dot && unread && row.kind != .classic && row.kind != .default {
                cv.text("●", x: tx, y: cy, style: Style(fg: t.accent))
                tx += 2
            }
            let dw = TextWidth.of(date)
            let avail = Swift.max(0, left + w - tx - dw - 1)
            let shown = lines?.first ?? TextWidth.truncate(text, to: avail)
            cv.text(shown, x: tx, y: cy, style: titleStyle, maxWidth: avail)
            cv.text(date, x: left + w - dw, y: cy, style: Style(fg: t.date))
            cy += 1
            for extra in (lines ?? []).dropFirst() {
                cv.text(extra, x: left, y: cy, style: titleStyle, maxWidth: w)
                cy += 1
            }
        }
        func body(_ lines: [String], x bx: Int, width bw: Int) {
            for l in lines {
                cv.text(l, x: bx, y: cy, style: bodyStyle, maxWidth: bw)
                cy += 1
            }
        }

        switch row.kind {
        case .banner:
            imageArea(row.imageURL, rows: bannerRows, missing: "✉ No image")
            if unread { cv.text("●", x: x + 2, y: y + 1, style: Style(fg: t.accent, bg: t.card)) }
        case .captioned:
            // 7.2.5 (`PushwooshInboxCaptionedCell.swift`, `5741657`): the unread dot moves onto the hero's top-left
            // corner and a round icon leads the text when it differs from the hero; before, the dot leads the title.
            let heroDot = c.attributes.sdk.inboxCaptionedIcon
            let heroTop = cy
            imageArea(row.imageURL, rows: imageRows, missing: "✉ No image")
            if heroDot && unread { cv.text("●", x: x + 2, y: heroTop, style: Style(fg: t.accent, bg: t.card)) }
            let (tw, icon) = captionedText(row, c, iw)
            let tx = icon == nil ? ix : ix + iconWidth + 1
            let lines = titleLines(row, width: tw, dateWidth: TextWidth.of(date), unread: unread && !heroDot)
            let textTop = cy
            titleRow("", lines: lines.isEmpty ? [""] : lines, x: tx, width: tw, dot: !heroDot)
            body(bodyLines(m, width: tw, max: 3), x: tx, width: tw)
            if let icon {
                let textH = cy - textTop
                let ir = Rect(x: ix, y: textTop + Swift.max(0, textH - iconHeight) / 2, width: iconWidth, height: iconHeight)
                if case .image(let img) = c.image(icon, Size(width: iconWidth, height: iconHeight)) {
                    cv.blit(img, x: ir.x, y: ir.y)
                } else {
                    // Too small for the placeholder's file name: a round mark where the round icon goes.
                    cv.fill(ir, with: Cell(" ", bg: t.border))
                    cv.centered("◍", in: ir, y: ir.y + ir.height / 2, style: Style(fg: t.titleRead, bg: t.border))
                }
                cy = Swift.max(cy, textTop + iconHeight)
            }
        case .classic, .default:
            let tx = x + 8, tw = Swift.max(1, width - 10)
            let contentH = Swift.max(avatarHeight, 1 + bodyLines(m, width: tw, max: 2).count)
            if unread { cv.text("●", x: x + 1, y: y + 1 + (contentH - 1) / 2, style: Style(fg: t.accent)) }
            avatar(&cv, x: x + 2, y: y + 1, row: row, context: c)
            // The title row shows the title, or the message when there is no title (the body still shows it).
            let title = titleText(m).isEmpty ? bodyText(m) : titleText(m)
            let dw = TextWidth.of(date)
            let pinW = pin ? 3 : 0
            let avail = Swift.max(0, tw - dw - 1 - pinW)
            let shown = TextWidth.truncate(title.replacingOccurrences(of: "\n", with: " "), to: avail)
            let used = cv.text(shown, x: tx, y: cy, style: titleStyle, maxWidth: avail)
            if pin { cv.text("📌", x: tx + used + 1, y: cy, style: Style(fg: t.pin)) }
            cv.text(date, x: tx + tw - dw, y: cy, style: Style(fg: t.date))
            cy += 1
            body(bodyLines(m, width: tw, max: 2), x: tx, width: tw)
            cy = y + 1 + contentH
        case .carousel:
            let slides = InboxCarouselSlide.decode(m, sdk: c.attributes.sdk)
            let current = c.slide(of: m.code, count: slides.count)
            imageArea(slides.isEmpty ? nil : slides[current].image, rows: imageRows, missing: "▦ No slides")
            if !slides.isEmpty {
                let dots = slides.indices.map { $0 == current ? "●" : "○" }.joined(separator: " ")
                let dw = cv.text(dots, x: ix, y: cy, style: Style(fg: t.accent), maxWidth: iw)
                if let st = slides[current].title {
                    cv.text(TextWidth.truncate(TextWidth.sanitized(st), to: iw - dw - 2), x: ix + dw + 2, y: cy, style: bodyStyle)
                }
            }
            cy += 1
            titleRow(titleText(m))
            body(bodyLines(m, width: iw, max: 2), x: ix, width: iw)
        case .video:
            let v = InboxVideoContent.decode(m)
            let r = Rect(x: x + 1, y: cy, width: width - 2, height: imageRows)
            imageArea(v?.poster ?? row.imageURL, rows: imageRows, missing: v == nil ? "No video" : "")
            let play = v == nil ? " ▶ no video " : " ▶ "
            cv.centered(play, in: r, y: r.y + max(0, r.height / 2 - 1), style: Style(fg: .white, bg: .rgb(0, 0, 0), attrs: [.bold]))
            titleRow(titleText(m))
            body(bodyLines(m, width: iw, max: 2), x: ix, width: iw)
        case .wallet:
            let pass = InboxWalletPass.decode(m)
            let r = Rect(x: ix, y: cy, width: iw, height: walletRows)
            let passBg = t.accent.mixed(with: t.card, 0.55)
            cv.fill(r, with: Cell(" ", fg: .white, bg: passBg))
            let host = pass.flatMap { URL(string: $0.url)?.host } ?? "no pass URL"
            cv.text("🎫 PASS", x: r.x + 1, y: r.y, style: Style(fg: .white, attrs: [.bold]))
            cv.text(TextWidth.truncate(host, to: iw - 10), x: r.x + 10, y: r.y, style: Style(fg: .white))
            cv.text(pass == nil ? "Nothing to add" : "Add to Apple Wallet ›", x: r.x + 1, y: r.y + 2, style: Style(fg: .white))
            if pin { chip(&cv, r, t) }
            cy += walletRows
            titleRow(titleText(m))
            body(bodyLines(m, width: iw, max: 2), x: ix, width: iw)
        }

        let bs = buttons(row, c.attributes)
        if !bs.isEmpty {
            buttonRects = buttonRow(&cv, bs, x: ix, y: cy, width: iw, t)
        }
        return buttonRects
    }

    /// Buttons in one row, equal widths, one cell apart (fillEqually, 8 pt spacing); many just get narrower.
    static func buttonRow(_ cv: inout Canvas, _ bs: [InboxButton], x: Int, y: Int, width: Int, _ t: InboxTheme) -> [Rect] {
        let n = bs.count
        let gap = 1
        let each = Swift.max(1, (width - gap * (n - 1)) / n)
        var rects: [Rect] = []
        for (i, b) in bs.enumerated() {
            let bx = x + i * (each + gap)
            let w = i == n - 1 ? Swift.max(1, x + width - bx) : each
            let r = Rect(x: bx, y: y, width: w, height: 1)
            cv.fill(r, with: Cell(" ", fg: t.buttonText, bg: t.buttonBackground))
            let label = n <= 9 ? "\(i + 1) \(TextWidth.sanitized(b.title))" : TextWidth.sanitized(b.title)
            cv.centered(label, in: r, y: y, style: Style(fg: t.buttonText, attrs: [.bold]))
            rects.append(r)
        }
        return rects
    }

    static func chip(_ cv: inout Canvas, _ r: Rect, _ t: InboxTheme) {
        cv.text(" 📌 ", x: r.maxX - 5, y: r.y, style: Style(fg: .white, bg: t.chipBackground))
    }

    /// The classic avatar: the image, else the app name's first letter on a circle (blue unread, grey read).
    static func avatar(_ cv: inout Canvas, x: Int, y: Int, row: InboxRow, context c: InboxCardContext) {
        let size = Size(width: avatarWidth, height: avatarHeight)
        // The icon, not the hero: from 7.2.5 the two differ when the message has an attachment.
        if let url = row.iconURL, case .image(let img) = c.image(url, size) {
            cv.blit(img, x: x, y: y)
            return
        }
        let color = isUnread(row, c) ? c.theme.accent : c.theme.avatarRead
        let letter: String
        if row.iconURL != nil {
            letter = "◩"  // an image the layer could not show: a picture glyph instead of the letter
        } else {
            letter = c.appName.first(where: { !$0.isWhitespace }).map { String($0).uppercased() } ?? "·"
        }
        let s = Style(fg: color)
        cv.text("▗███▖", x: x, y: y, style: s)
        cv.text("██", x: x, y: y + 1, style: s)
        cv.text(" ", x: x + 2, y: y + 1, style: Style(fg: .white, bg: color))
        cv.text(TextWidth.truncate(letter, to: 1), x: x + 2, y: y + 1, style: Style(fg: .white, bg: color, attrs: [.bold]))
        cv.text("██", x: x + 3, y: y + 1, style: s)
        cv.text("▝███▘", x: x, y: y + 2, style: s)
    }

    /// An image area: the rendered image, a spinner, the failure reason, or placeholder art naming the file.
    static func drawImage(_ cv: inout Canvas, _ r: Rect, url: String?, missing: String, context c: InboxCardContext) {
        guard r.width > 0, r.height > 0 else { return }
        guard let url, !url.isEmpty else {
            cv.fill(r, with: Cell(" ", fg: c.theme.date, bg: c.theme.border))
            if !missing.isEmpty { cv.centered(missing, in: r, y: r.y + r.height / 2, style: Style(fg: c.theme.titleRead)) }
            return
        }
        switch c.image(url, Size(width: r.width, height: r.height)) {
        case .image(let img):
            cv.blit(img, x: r.x, y: r.y)
        case .loading:
            cv.fill(r, with: Cell(" ", bg: .black))
            cv.centered("⠋ loading", in: r, y: r.y + r.height / 2, style: Style(fg: .white))
        case .failed(let why):
            cv.fill(r, with: Cell(" ", bg: c.theme.border))
            cv.centered("⚠ " + why, in: r, y: r.y + r.height / 2, style: Style(fg: c.theme.titleRead))
        case .none:
            placeholder(&cv, r, url: url)
        }
    }

    /// Placeholder art: a diagonal two-colour wash picked from the URL, with the file name in the middle.
    static func placeholder(_ cv: inout Canvas, _ r: Rect, url: String) {
        var hash: UInt32 = 2166136261
        for b in url.utf8 { hash = (hash ^ UInt32(b)) &* 16777619 }
        let hues: [Color] = [.rgb(88, 86, 214), .rgb(255, 45, 85), .rgb(52, 199, 89), .rgb(255, 149, 0), .rgb(90, 200, 250), .rgb(175, 82, 222)]
        let a = hues[Int(hash % 6)], b = hues[Int((hash / 6) % 6)].darkened(0.5)
        for yy in r.y..<r.maxY {
            for xx in r.x..<r.maxX where cv.contains(x: xx, y: yy) {
                let k = Double((xx - r.x) + 2 * (yy - r.y)) / Double(max(1, r.width + 2 * r.height))
                cv[xx, yy] = Cell(" ", bg: a.mixed(with: b, k).darkened(0.35))
            }
        }
        let name = (url as NSString).lastPathComponent
        cv.centered("🖼 " + (name.isEmpty ? url : name), in: r.insetBy(dx: 1, dy: 0), y: r.y + r.height / 2, style: Style(fg: .white))
    }

    /// A rounded (or heavy, when highlighted) box outline.
    static func box(_ cv: inout Canvas, _ r: Rect, color: Color, heavy: Bool, bg: Color) {
        guard r.width >= 2, r.height >= 2 else { return }
        let (tl, tr, bl, br, hz, vt) = heavy ? ("┏", "┓", "┗", "┛", "━", "┃") : ("╭", "╮", "╰", "╯", "─", "│")
        let s = Style(fg: color, bg: bg)
        cv.text(tl + String(repeating: hz, count: r.width - 2) + tr, x: r.x, y: r.y, style: s)
        cv.text(bl + String(repeating: hz, count: r.width - 2) + br, x: r.x, y: r.maxY - 1, style: s)
        for yy in (r.y + 1)..<(r.maxY - 1) {
            cv.text(vt, x: r.x, y: yy, style: s)
            cv.text(vt, x: r.maxX - 1, y: yy, style: s)
        }
    }
}
