// The in-app banner drawn over the host app: a rounded card dropping from the top, with icon, title, body and thumbnail.

import PushSimEngine

public enum BannerOverlay {
    /// Rows of the card: border, app line, title, two body lines, border.
    public static let height = 6
    /// The thumbnail's cells, asked of the media layer.
    public static let thumbnail = Size(width: 6, height: 3)
    public static let maxWidth = 72
    /// Lines of body the card shows (pictures of the banner show as many): iOS's banner (`NotificationLines`).
    public static let bodyLines = NotificationLines.on(.banner).body

    public static let background = Color.rgb(236, 236, 241)
    public static let border = Color.rgb(174, 174, 178)
    public static let iconColor = Color.rgb(0, 122, 255)

    /// Where the card rests when fully shown: one row below the top (under the status bar's clock), 1 cell insets.
    public static func restingRect(in size: Size) -> Rect {
        let w = max(0, min(size.width - 2, maxWidth))
        return Rect(x: (size.width - w) / 2, y: 1, width: w, height: height)
    }

    /// The card's rectangle pushed up by `offset` (0 in place, 1 entirely above the screen).
    public static func rect(in size: Size, offset: Double) -> Rect {
        var r = restingRect(in: size)
        let shift = Int((min(1, max(0, offset)) * Double(height + r.y)).rounded())
        r.y -= shift
        return r
    }

    /// Draw `banner` pushed up by `offset`; returns the part of the card that is on screen (for hit tests).
    @discardableResult
    public static func draw(_ banner: Banner, image: ImageSlot, offset: Double, appName: String = "App",
                            on canvas: inout Canvas) -> Rect {
        let r = rect(in: canvas.size, offset: offset)
        guard r.width >= 6, r.maxY > 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        Box.draw(r, on: &canvas, corners: .rounded, line: Style(fg: border, bg: background), fill: background)
        let inner = Rect(x: r.x + 2, y: r.y + 1, width: r.width - 4, height: r.height - 2)
        let showThumb = banner.image != nil && inner.width >= thumbnail.width + 12
        let textWidth = showThumb ? inner.width - thumbnail.width - 1 : inner.width

        // App line: icon glyph, app name, and "now" on the right, like iOS's notification header.
        let now = "now"
        canvas.text("◉", x: inner.x, y: inner.y, style: Style(fg: iconColor, bg: background, attrs: [.bold]))
        let nameWidth = max(0, inner.width - 3 - TextWidth.of(now) - 1)
        canvas.text(TextWidth.truncate(appName.uppercased(), to: nameWidth), x: inner.x + 2, y: inner.y,
                    style: Style(fg: IOSColor.secondaryLabel, bg: background))
        if inner.width > TextWidth.of(now) + 4 {
            canvas.text(now, x: inner.maxX - TextWidth.of(now), y: inner.y, style: Style(fg: IOSColor.secondaryLabel, bg: background))
        }

        let title = TextWidth.truncate(TextWidth.sanitized(banner.title), to: textWidth)
        canvas.text(title, x: inner.x, y: inner.y + 1, style: Style(fg: IOSColor.label, bg: background, attrs: [.bold]), maxWidth: textWidth)
        let body = TextWidth.wrap(TextWidth.sanitized(banner.body), width: textWidth, maxLines: bodyLines)
        for (i, line) in body.enumerated() {
            canvas.text(line, x: inner.x, y: inner.y + 2 + i, style: Style(fg: IOSColor.label, bg: background), maxWidth: textWidth)
        }
        if showThumb {
            let thumb = Rect(x: inner.maxX - thumbnail.width, y: inner.y + 1, width: thumbnail.width, height: thumbnail.height)
            drawThumbnail(image, at: thumb, on: &canvas)
            // While the card drops or is dragged the thumbnail shows as cells: pixels would be sent for every frame.
            if offset > 0 { canvas.coverImages(in: thumb) }
        }
        return r.intersection(canvas.bounds)
    }

    static func drawThumbnail(_ slot: ImageSlot, at r: Rect, on canvas: inout Canvas) {
        let placeholder = Style(fg: IOSColor.secondaryLabel, bg: IOSColor.tertiaryFill)
        switch slot {
        case .image(let img):
            canvas.blit(img, x: r.x, y: r.y)
        case .loading:
            canvas.fill(r, with: Cell(" ", bg: IOSColor.tertiaryFill))
            canvas.centered("…", in: r, y: r.y + r.height / 2, style: placeholder)
        case .failed:
            canvas.fill(r, with: Cell(" ", bg: IOSColor.tertiaryFill))
            canvas.centered("✕", in: r, y: r.y + r.height / 2, style: placeholder)
        case .none:
            canvas.fill(r, with: Cell("░", fg: IOSColor.tertiaryLabel, bg: IOSColor.tertiaryFill))
        }
    }
}
