// Draws the push primer in every style and position (spec §2.3–2.4) over a dimmed host app: state in, cells out.

import PushSimEngine

/// What to draw: the presenting builder's config, the keyboard focus and the animation progress.
public struct PrimerView: Equatable, Sendable {
    public var config: PrimerConfig
    /// The button with keyboard focus (marked ▸ ◂); nil hides the marker.
    public var focus: PrimerButton?
    /// 0 = off screen / backdrop clear, 1 = in place / backdrop at 50 % (the in and out animations move it).
    public var progress: Double
    /// The hero image (bottom, center) or icon (top), when the media layer has one.
    public var image: ImageSlot

    public init(config: PrimerConfig, focus: PrimerButton? = .accept, progress: Double = 1, image: ImageSlot = .none) {
        self.config = config
        self.focus = focus
        self.progress = progress
        self.image = image
    }
}

/// Where things landed, for mouse hit tests.
public struct PrimerHitAreas: Equatable, Sendable {
    public var card: Rect
    public var accept: Rect
    public var decline: Rect
    public init(card: Rect, accept: Rect, decline: Rect) {
        self.card = card
        self.accept = accept
        self.decline = decline
    }
    public static let none = PrimerHitAreas(card: Rect(x: 0, y: 0, width: 0, height: 0),
                                            accept: Rect(x: 0, y: 0, width: 0, height: 0),
                                            decline: Rect(x: 0, y: 0, width: 0, height: 0))
}

/// iOS light-mode system colours, as the SDK's defaults name them.
public enum IOSColor {
    public static let systemBackground = Color.rgb(255, 255, 255)
    public static let groupedBackground = Color.rgb(242, 242, 247)
    public static let label = Color.rgb(0, 0, 0)
    /// secondaryLabel (60,60,67 at 60 %) over white.
    public static let secondaryLabel = Color.rgb(138, 138, 142)
    public static let tertiaryLabel = Color.rgb(197, 197, 199)
    /// tertiarySystemFill (118,118,128 at 12 %) over white.
    public static let tertiaryFill = Color.rgb(239, 239, 240)
    public static let separator = Color.rgb(198, 198, 200)
    public static let systemBlue = Color.rgb(0, 122, 255)
    public static let systemGreen = Color.rgb(52, 199, 89)
    public static let alertBackground = Color.rgb(237, 237, 240)
}

extension Color {
    public init(_ c: PrimerColor) { self = .rgb(c.r, c.g, c.b) }
}

public enum PrimerScreen {
    /// Cells asked of the media layer for the hero (bottom, center) or the icon (top); nil when none is shown.
    public static func imageSize(_ c: PrimerConfig) -> Size? {
        guard c.style == .sheet else { return nil }
        switch c.position {
        case .bottom: return Size(width: 10, height: 5)
        case .center: return Size(width: 8, height: 4)
        case .top: return Size(width: 4, height: 2)
        }
    }

    /// The image the SDK would use: a local image wins over imageURL; the top banner ignores imageURL.
    public static func imageReference(_ c: PrimerConfig) -> String? {
        guard c.style == .sheet else { return nil }
        if let i = c.image, !i.isEmpty { return i }
        if c.position == .top { return nil }
        if let u = c.imageURL, !u.isEmpty { return u }
        return nil
    }

    /// Dim `area` toward black by `amount` (the backdrop is black at 50 % when fully in).
    public static func dim(_ area: Rect, on canvas: inout Canvas, amount: Double) {
        guard amount > 0 else { return }
        canvas.coverImages(in: area)  // a pixel picture cannot be dimmed: it shows as cells under the backdrop
        canvas.update(area) { cell in
            cell.fg = (cell.fg == .default ? IOSColor.label : cell.fg).darkened(amount)
            cell.bg = (cell.bg == .default ? IOSColor.groupedBackground : cell.bg).darkened(amount)
        }
    }

    /// The primer with its backdrop over whatever `area` already shows (the host app).
    @discardableResult
    /// `glass`: the app's alert in the iOS 26 design (the `.alert` style; see `PrimerAlert.draw`).
    public static func draw(_ v: PrimerView, in area: Rect, on canvas: inout Canvas, glass: Bool = false) -> PrimerHitAreas {
        let p = min(max(v.progress, 0), 1)
        dim(area, on: &canvas, amount: 0.5 * p)
        guard p > 0, area.width >= 12, area.height >= 6 else { return .none }
        if v.config.style == .alert {
            // The SDK's title and message are empty unless set: an alert of two buttons. Say so rather than look broken.
            let unset = (v.config.title ?? "").isEmpty && (v.config.message ?? "").isEmpty
            return PrimerAlert.draw(title: v.config.title,
                                    message: unset ? "(no title or message set: the SDK leaves both empty by default)" : v.config.message,
                                    left: v.config.declineTitle, right: v.config.acceptTitle, boldLeft: true,
                                    focusLeft: v.focus.map { $0 == .decline }, in: area, on: &canvas, glass: glass)
                .hitAreas(leftIsDecline: true)
        }
        // Each card is drawn on its own layer, then moved (slide) or faded (center) into place.
        var layer = Canvas(size: canvas.size, fill: Cell(""))
        let hits: PrimerHitAreas
        switch v.config.position {
        case .top: hits = drawBanner(v, in: area, on: &layer)
        case .bottom: hits = drawStacked(v, in: area, on: &layer)
        case .center:
            // Scale 0.92 → 1: early in the animation the dialog is a cell narrower on each side.
            hits = drawStacked(v, in: p < 0.6 ? area.insetBy(dx: 1, dy: 0) : area, on: &layer)
        }
        var dy = 0
        var fade = 0.0
        switch v.config.position {
        case .bottom: dy = Int(((1 - p) * Double(hits.card.height)).rounded())
        case .top: dy = -Int(((1 - p) * Double(hits.card.maxY - area.y)).rounded())
        case .center: fade = 1 - p
        }
        composite(layer, onto: &canvas, dy: dy, fade: fade, clip: area)
        return PrimerHitAreas(card: hits.card.offset(dy: dy), accept: hits.accept.offset(dy: dy), decline: hits.decline.offset(dy: dy))
    }

    /// Copy the drawn cells of `layer` (an empty grapheme marks "nothing here") shifted by `dy`, faded toward what
    /// is underneath by `fade`.
    static func composite(_ layer: Canvas, onto canvas: inout Canvas, dy: Int, fade: Double, clip: Rect) {
        // Pictures ride along; while the card still moves or fades they show as cells (pixels would be sent anew
        // for every frame of the animation).
        canvas.carryImages(of: layer, dx: 0, dy: dy, clip: clip, covered: fade > 0 || dy != 0)
        for y in 0..<layer.height {
            let ty = y + dy
            guard ty >= clip.y, ty < clip.maxY else { continue }
            for x in 0..<layer.width {
                var c = layer[x, y]
                guard !(c.grapheme.isEmpty && c.bg == .default && c.fg == .default) else { continue }
                let under = canvas[x, ty]
                if fade > 0 {
                    if fade >= 0.5 { c.grapheme = under.grapheme }  // text fades out first
                    c.bg = c.bg.mixed(with: under.bg, fade)
                    c.fg = c.fg.mixed(with: under.bg, fade)
                }
                canvas[x, ty] = c
            }
        }
    }

    // MARK: colours from the config

    struct Palette {
        var background: (Int, Int, Rect) -> Color
        var title: Color
        var message: Color
        var accent: Color
        var acceptText: Color
        var declineFill: Color?
        var declineText: Color
        var border: Color?
        var outline: Color
    }

    static func palette(_ c: PrimerConfig) -> Palette {
        let top = c.position == .top
        let base = c.backgroundColor.map(Color.init) ?? IOSColor.systemBackground
        let stops = c.backgroundGradient?.map(Color.init) ?? []
        let background: (Int, Int, Rect) -> Color = { x, y, r in
            guard !stops.isEmpty else { return base }
            if stops.count == 1 { return stops[0] }
            // CAGradientLayer from (0,0) to (1,1): the position along the diagonal in unit coordinates.
            let u = r.width > 1 ? Double(x - r.x) / Double(r.width - 1) : 0
            let v = r.height > 1 ? Double(y - r.y) / Double(r.height - 1) : 0
            let t = min(max((u + v) / 2, 0), 1) * Double(stops.count - 1)
            let i = min(Int(t), stops.count - 2)
            return stops[i].mixed(with: stops[i + 1], t - Double(i))
        }
        let probe = stops.first ?? base
        return Palette(
            background: background,
            title: c.titleColor.map(Color.init) ?? IOSColor.label,
            message: c.messageColor.map(Color.init) ?? IOSColor.secondaryLabel,
            accent: c.acceptButtonColor.map(Color.init) ?? IOSColor.systemBlue,
            acceptText: c.acceptButtonTextColor.map(Color.init) ?? .white,
            declineFill: c.declineButtonColor.map(Color.init) ?? (top ? IOSColor.tertiaryFill : nil),
            declineText: c.declineButtonTextColor.map(Color.init) ?? (top ? IOSColor.label : IOSColor.secondaryLabel),
            border: c.buttonBorderColor.map(Color.init),
            // The card's edge stands in for its shadow: a little darker than the card.
            outline: probe.mixed(with: IOSColor.secondaryLabel, 0.55))
    }

    static func fillCard(_ r: Rect, on canvas: inout Canvas, palette: Palette) {
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { canvas[x, y] = Cell(" ", bg: palette.background(x, y, r)) } }
    }

    /// A button: one filled row, or a three-row box when the config sets a border colour.
    static func button(_ label: String, _ r: Rect, on canvas: inout Canvas, fill: Color?, text: Color, border: Color?,
                       radius: Double, focused: Bool, bold: Bool) {
        if let fill { canvas.fill(r, with: Cell(" ", bg: fill)) }
        if let border, r.height >= 3 {
            Box.draw(r, on: &canvas, corners: Box.corners(radius: radius), line: Style(fg: border))
        }
        let inner = border != nil && r.height >= 3 ? r.insetBy(dx: 1, dy: 1) : r
        let shown = focused ? "▸ " + label + " ◂" : label
        canvas.centered(shown, in: inner, y: inner.y + inner.height / 2, style: Style(fg: text, attrs: bold ? [.bold] : []))
    }

    // MARK: bottom sheet and centred dialog

    static func drawStacked(_ v: PrimerView, in area: Rect, on canvas: inout Canvas) -> PrimerHitAreas {
        let c = v.config
        let bottom = c.position == .bottom
        let pal = palette(c)
        let cardX = bottom ? area.x : area.x + 2
        let cardW = bottom ? area.width : area.width - 4
        let innerX = cardX + 3, innerW = max(1, cardW - 6)
        let bordered = pal.border != nil
        let buttonH = bordered ? 3 : 1
        let buttonsH = buttonH * 2 + (bordered ? 0 : 1)
        let image = imageSize(c)!
        var accessoryH = imageReference(c) != nil ? image.height : 3
        let maxH = bottom ? area.height - 1 : area.height - 2
        // spec §2.4: the title label has no line limit; only the terminal's room (the loop below) shortens it.
        var titleLines = TextWidth.wrap(TextWidth.sanitized(c.title ?? ""), width: innerW, maxLines: max(1, area.height))
        var messageLines = TextWidth.wrap(TextWidth.sanitized(c.message ?? ""), width: innerW, maxLines: 6)
        if c.title?.isEmpty ?? true { titleLines = [] }
        if c.message?.isEmpty ?? true { messageLines = [] }
        func height() -> Int {
            let head = bottom ? 3 : 2  // border (+ grabber) + blank
            let text = titleLines.count + messageLines.count
            let accessory = accessoryH > 0 ? accessoryH + 1 : 0
            return head + accessory + text + (text > 0 ? 1 : 0) + buttonsH + 1 + (bottom ? 0 : 1)
        }
        // Too little room: shorten the message, then drop the accessory, then the title's extra lines.
        while height() > maxH && messageLines.count > 1 {
            messageLines = TextWidth.wrap(TextWidth.sanitized(c.message ?? ""), width: innerW, maxLines: messageLines.count - 1)
        }
        if height() > maxH { accessoryH = 0 }
        while height() > maxH && titleLines.count > 1 {
            titleLines = TextWidth.wrap(TextWidth.sanitized(c.title ?? ""), width: innerW, maxLines: titleLines.count - 1)
        }
        let h = min(height(), maxH)
        let cardY = bottom ? area.maxY - h : area.y + max(1, (area.height - h) / 2)
        let card = Rect(x: cardX, y: cardY, width: cardW, height: bottom ? area.maxY - cardY : h)
        fillCard(card, on: &canvas, palette: pal)
        Box.draw(card, on: &canvas, corners: Box.corners(radius: c.effectiveCornerRadius), line: Style(fg: pal.outline),
                 edges: bottom ? [.top, .left, .right] : .all)
        var y = cardY + 1
        if bottom {
            canvas.centered("━━━━", in: Rect(x: innerX, y: y, width: innerW, height: 1), y: y, style: Style(fg: IOSColor.tertiaryLabel))
            y += 2
        } else {
            y += 1
        }
        if accessoryH > 0 {
            drawAccessory(v, slot: image, top: y, in: Rect(x: innerX, y: y, width: innerW, height: accessoryH), on: &canvas, palette: pal)
            y += accessoryH + 1
        }
        for line in titleLines {
            canvas.centered(line, in: Rect(x: innerX, y: y, width: innerW, height: 1), y: y, style: Style(fg: pal.title, attrs: [.bold]))
            y += 1
        }
        for line in messageLines {
            canvas.centered(line, in: Rect(x: innerX, y: y, width: innerW, height: 1), y: y, style: Style(fg: pal.message))
            y += 1
        }
        if !titleLines.isEmpty || !messageLines.isEmpty { y += 1 }
        let accept = Rect(x: innerX, y: y, width: innerW, height: buttonH)
        let decline = Rect(x: innerX, y: y + buttonH + (bordered ? 0 : 1), width: innerW, height: buttonH)
        let radius = c.effectiveButtonCornerRadius
        button(c.acceptTitle, accept, on: &canvas, fill: pal.accent, text: pal.acceptText, border: pal.border,
               radius: radius, focused: v.focus == .accept, bold: true)
        button(c.declineTitle, decline, on: &canvas, fill: pal.declineFill, text: pal.declineText, border: pal.border,
               radius: radius, focused: v.focus == .decline, bold: false)
        return PrimerHitAreas(card: card, accept: accept, decline: decline)
    }

    /// The hero image, or the bell badge (accent at 14 %) when there is no image.
    static func drawAccessory(_ v: PrimerView, slot size: Size, top: Int, in r: Rect, on canvas: inout Canvas, palette pal: Palette) {
        let cx = r.x + (r.width - size.width) / 2
        if imageReference(v.config) != nil {
            let heroRect = Rect(x: cx, y: top, width: size.width, height: size.height)
            if case .image(let cells) = v.image {
                canvas.blit(cells, x: heroRect.x, y: heroRect.y)
            } else {
                // Loading, failed or no media layer: the SDK leaves the circle empty (failures are ignored).
                Box.draw(heroRect, on: &canvas, corners: .rounded, line: Style(fg: pal.outline),
                         fill: pal.background(cx, top, r).mixed(with: IOSColor.secondaryLabel, 0.15))
            }
            return
        }
        let badge = Rect(x: r.x + (r.width - 6) / 2, y: top, width: 6, height: 3)
        let tint = pal.background(badge.x, badge.y, r).mixed(with: pal.accent, 0.14)
        Box.draw(badge, on: &canvas, corners: .rounded, line: Style(fg: pal.accent), fill: tint)
        canvas.text("🔔", x: badge.x + 2, y: badge.y + 1, style: Style(fg: pal.accent))
    }

    // MARK: top banner

    static func drawBanner(_ v: PrimerView, in area: Rect, on canvas: inout Canvas) -> PrimerHitAreas {
        let c = v.config
        let pal = palette(c)
        let cardX = area.x + 2, cardW = area.width - 4
        let innerX = cardX + 2, innerW = max(1, cardW - 4)
        let bordered = pal.border != nil
        let buttonH = bordered ? 3 : 1
        let textX = innerX + 5, textW = max(1, innerW - 5)
        let messageLines = (c.message?.isEmpty ?? true) ? [] : TextWidth.wrap(TextWidth.sanitized(c.message ?? ""), width: textW, maxLines: 2)
        let headerH = max(2, 1 + messageLines.count)
        let h = 1 + headerH + 1 + buttonH + 1 + (bordered ? 0 : 1)
        let card = Rect(x: cardX, y: area.y + 1, width: cardW, height: h)
        fillCard(card, on: &canvas, palette: pal)
        Box.draw(card, on: &canvas, corners: Box.corners(radius: c.effectiveCornerRadius), line: Style(fg: pal.outline))
        let y = card.y + 1
        // The icon: the local image, else the app icon, else the bell on a rounded square (accent at 16 %).
        let icon = Rect(x: innerX, y: y, width: 4, height: 2)
        if case .image(let cells) = v.image, imageReference(c) != nil {
            canvas.blit(cells, x: icon.x, y: icon.y)
        } else {
            canvas.fill(icon, with: Cell(" ", bg: pal.background(icon.x, icon.y, card).mixed(with: pal.accent, 0.16)))
            canvas.text("🔔", x: icon.x + 1, y: icon.y, style: Style(fg: pal.accent))
        }
        let now = "now"
        let titleW = max(1, textW - TextWidth.of(now) - 1)
        canvas.text(TextWidth.truncate(TextWidth.sanitized(c.title ?? ""), to: titleW), x: textX, y: y,
                    style: Style(fg: pal.title, attrs: [.bold]), maxWidth: titleW)
        canvas.text(now, x: innerX + innerW - TextWidth.of(now), y: y, style: Style(fg: IOSColor.secondaryLabel))
        for (i, line) in messageLines.enumerated() {
            canvas.text(line, x: textX, y: y + 1 + i, style: Style(fg: pal.message), maxWidth: textW)
        }
        let by = y + headerH + 1
        let gap = 2
        let bw = (innerW - gap) / 2
        let decline = Rect(x: innerX, y: by, width: bw, height: buttonH)
        let accept = Rect(x: innerX + innerW - bw, y: by, width: bw, height: buttonH)
        let radius = c.effectiveButtonCornerRadius
        button(c.declineTitle, decline, on: &canvas, fill: pal.declineFill, text: pal.declineText, border: pal.border,
               radius: radius, focused: v.focus == .decline, bold: false)
        button(c.acceptTitle, accept, on: &canvas, fill: pal.accent, text: pal.acceptText, border: pal.border,
               radius: radius, focused: v.focus == .accept, bold: true)
        return PrimerHitAreas(card: card, accept: accept, decline: decline)
    }
}

extension Rect {
    func offset(dy: Int) -> Rect { Rect(x: x, y: y + dy, width: width, height: height) }
}
