// PushwooshForegroundPush's banner in cells: 90 % of the width, 65 pt below the top, a gradient card with the app's
// icon, the title and the whole body, and the attachment under them; its entry, its hide and the balls' burst.

import PushSimEngine

public enum ForegroundPushBanner {
    /// The phone the points are measured on (`DefaultPhone`, an iPhone 15: 393 × 852 pt): the screen's cells stand for it.
    public static let devicePoints = (width: DefaultPhone.width, height: DefaultPhone.height)
    /// The icon's cells (48 pt) and the attachment's rows.
    public static let icon = Size(width: 5, height: 2)
    public static let imageRows = 5

    /// The card's columns and first row at rest, in a screen of `size`.
    public static func frame(in size: Size) -> (x: Int, y: Int, width: Int) {
        let w = max(0, Int((Double(size.width) * ForegroundPushConfiguration.widthFraction).rounded()))
        let y = Int((ForegroundPushConfiguration.topInset / devicePoints.height * Double(size.height)).rounded())
        return ((size.width - w) / 2, y, w)
    }

    /// The text column's width inside a card `width` cells wide.
    static func textWidth(_ width: Int) -> Int { max(1, width - 4 - icon.width - 2) }

    /// The image's cells inside a card `width` cells wide.
    public static func imageSize(cardWidth width: Int) -> Size { Size(width: max(1, width - 4), height: imageRows) }

    /// The title and body lines (each wrapped in full: the SDK sets no line limit).
    static func lines(_ push: ForegroundPush, width: Int) -> (title: [String], body: [String]) {
        let tw = textWidth(width)
        let title = push.title.isEmpty ? [] : TextWidth.wrap(TextWidth.sanitized(push.title), width: tw)
        let body = push.body.isEmpty ? [] : TextWidth.wrap(TextWidth.sanitized(push.body), width: tw)
        return (title, body)
    }

    /// Rows of the card: a padding row, the header (icon beside title and body), the image, a padding row.
    public static func height(_ b: ShownForegroundPush, width: Int) -> Int {
        let l = lines(b.push, width: width)
        return 2 + max(icon.height, l.title.count + l.body.count) + (b.hasImage ? 1 + imageRows : 0)
    }

    /// The card's rectangle at `t` (moved by its entry or regular hide), before clipping to the screen.
    public static func rect(_ b: ShownForegroundPush, presenter: ForegroundPushPresenter, in size: Size, at t: Double) -> Rect {
        let f = frame(in: size)
        let m = presenter.motion(b, at: t)
        let dy = Int((m.dy / devicePoints.height * Double(size.height)).rounded())
        return Rect(x: f.x, y: f.y + dy, width: f.width, height: height(b, width: f.width))
    }

    /// The background colour at column `i` of `n`: the configured gradient (or solid colour, or the default blue →
    /// green), left to right.
    static func background(_ colors: [PrimerColor], _ i: Int, _ n: Int) -> Color {
        let cs = colors.map { Color.rgb($0.r, $0.g, $0.b) }
        guard cs.count > 1, n > 1 else { return cs.first ?? .default }
        let p = Double(i) / Double(n - 1) * Double(cs.count - 1)
        let k = min(cs.count - 2, Int(p))
        return cs[k].mixed(with: cs[k + 1], p - Double(k))
    }

    /// The card's colour at column `i` of `n`: the background, under the systemMaterial tint when the card is blurred
    /// (iOS 26 with useLiquidView, `ForegroundPushConfiguration.blurred`).
    static func cardBackground(_ config: ForegroundPushConfiguration, _ i: Int, _ n: Int) -> Color {
        let bg = background(config.background, i, n)
        return config.blurred ? bg.mixed(with: .rgb(255, 255, 255), ForegroundPushConfiguration.materialTint) : bg
    }

    /// Draw every banner of `presenter` at `t`, bottom to top; `image` gives each attachment's cells. Returns the
    /// topmost banner's rectangle on screen (for hit tests), nil when none is tappable.
    @discardableResult
    public static func draw(_ presenter: ForegroundPushPresenter, at t: Double, appName: String,
                            image: (String, Size) -> ImageSlot, on canvas: inout Canvas) -> Rect? {
        var top: Rect?
        for b in presenter.shown {
            let r = rect(b, presenter: presenter, in: canvas.size, at: t)
            let m = presenter.motion(b, at: t)
            if let burst = m.burst {
                drawBurst(b, presenter: presenter, r: r, progress: burst, at: t, on: &canvas)
                continue
            }
            // Fading in from alpha 0: not drawn at first, then dim.
            guard m.alpha >= 0.2 else { continue }
            drawCard(b, config: presenter.configuration, r: r, dim: m.alpha < 0.6, at: t, appName: appName,
                     image: b.hasImage ? b.push.attachment.map { image($0, imageSize(cardWidth: r.width)) } : nil, on: &canvas)
            if b.hidingSince == nil { top = r.intersection(canvas.bounds) }
        }
        return top
    }

    /// Cells of each corner the wave mask leaves to the app `t` seconds into the wave: 2 near the loop's far points
    /// (an edge moved by more than 5 pt), else 1.
    static func cornerCut(at t: Double) -> Int {
        let w = ForegroundPushConfiguration.wobble(at: t)
        return max(abs(w.top), abs(w.right), abs(w.bottom), abs(w.left)) > 5 ? 2 : 1
    }

    /// The next moment after `t` (seconds of the run) when a banner shown at `shownAt` changes its corners: the
    /// screen needs a frame then, and none before.
    public static func nextCornerChange(after t: Double, shownAt: Double) -> Double {
        let now = cornerCut(at: t - shownAt)
        var s = t
        while s < t + ForegroundPushConfiguration.wobblePeriod {
            s += 0.05
            if cornerCut(at: s - shownAt) != now { return s }
        }
        return t + ForegroundPushConfiguration.wobblePeriod
    }

    static func drawCard(_ b: ShownForegroundPush, config: ForegroundPushConfiguration, r: Rect, dim: Bool, at t: Double,
                         appName: String, image: ImageSlot?, on canvas: inout Canvas) {
        guard r.width >= 8 else { return }
        let colors = config.background
        let tc = config.resolvedTitleColor, mc = config.resolvedMessageColor
        let title = Color.rgb(tc.r, tc.g, tc.b), message = Color.rgb(mc.r, mc.g, mc.b)
        let attrs: Attributes = dim ? [.dim] : []
        // The wave mask: its edges move by up to 8 pt over a 3.5 s loop; at the loop's far points the fill leaves a cell
        // more of each corner to the app. Without the animation the corners are plainly rounded.
        let cut = config.usePushAnimation ? cornerCut(at: t - b.shownAt) : 1
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let edgeRow = y == r.y || y == r.maxY - 1
                let fromEdge = min(x - r.x, r.maxX - 1 - x)
                if edgeRow && fromEdge < cut { continue }  // the rounded mask: the app shows through the corners
                let bg = cardBackground(config, x - r.x, r.width)
                canvas[x, y] = Cell(" ", fg: title, bg: bg, attrs: attrs)
            }
        }
        // A faint rounded outline over the gradient: in monochrome it is what shows of the card.
        let edge = config.blurred ? Color.rgb(142, 142, 147) : Color.white.mixed(with: background(colors, 0, 1), 0.5)
        Box.draw(r, on: &canvas, corners: .rounded, line: Style(fg: edge, attrs: attrs))
        let inner = Rect(x: r.x + 2, y: r.y + 1, width: r.width - 4, height: r.height - 2)
        let iconBG = Color.rgb(229, 229, 234)
        let letter = appName.first(where: { !$0.isWhitespace }).map { String($0).uppercased() } ?? "?"
        canvas.fill(Rect(x: inner.x, y: inner.y, width: icon.width, height: icon.height).intersection(canvas.bounds),
                    with: Cell(" ", bg: iconBG, attrs: attrs))
        canvas.text(letter, x: inner.x + icon.width / 2, y: inner.y, style: Style(fg: .rgb(142, 142, 147), bg: iconBG, attrs: attrs))
        let l = lines(b.push, width: r.width)
        let tx = inner.x + icon.width + 2, tw = textWidth(r.width)
        var y = inner.y
        for line in l.title {
            canvas.text(line, x: tx, y: y, style: Style(fg: title, attrs: attrs.union([.bold])), maxWidth: tw)
            y += 1
        }
        for line in l.body {
            canvas.text(line, x: tx, y: y, style: Style(fg: message, attrs: attrs), maxWidth: tw)
            y += 1
        }
        if let image {
            let ir = Rect(x: inner.x, y: inner.y + max(icon.height, l.title.count + l.body.count) + 1,
                          width: inner.width, height: imageRows)
            switch image {
            case .image(let img): canvas.blit(img, x: ir.x, y: ir.y)
            default: canvas.fill(ir.intersection(canvas.bounds), with: Cell("░", fg: .rgb(255, 255, 255), bg: background(colors, 0, 1)))
            }
            // While it moves the picture shows as cells: pixels would be sent for every frame.
            if dim || b.hidingSince != nil { canvas.coverImages(in: ir) }
        }
    }

    /// The `.balls` hide: the card replaced by round tiles that fly off, spin, shrink and fade.
    static func drawBurst(_ b: ShownForegroundPush, presenter: ForegroundPushPresenter, r: Rect, progress: Double, at t: Double,
                          on canvas: inout Canvas) {
        guard let since = b.hidingSince else { return }
        let cols = max(1, r.width / 2), rows = max(1, r.height)
        let colors = presenter.configuration.background
        let pointsPerColumn = devicePoints.width / Double(canvas.size.width)
        let pointsPerRow = devicePoints.height / Double(canvas.size.height)
        for tile in ForegroundPushPresenter.burst(id: b.id, columns: cols, rows: rows) {
            let p = min(1, (t - since) / tile.duration)
            guard p < 1 else { continue }
            let e = 1 - (1 - p) * (1 - p)  // ease-out
            let x = r.x + Int((tile.x * Double(r.width) + tile.dx * e / pointsPerColumn).rounded(.down))
            let y = r.y + Int((tile.y * Double(r.height) + tile.dy * e / pointsPerRow).rounded(.down))
            guard canvas.contains(x: x, y: y) else { continue }
            let color = background(colors, Int(tile.x * Double(r.width)), r.width)
            let under = canvas[x, y]
            canvas[x, y] = Cell(p < 0.5 ? "●" : "•", fg: color, bg: under.bg, attrs: p > 0.75 ? [.dim] : [])
        }
    }
}
