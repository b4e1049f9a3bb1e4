// banner (`PWBannerInAppView`): a bar 12 pt from the sides, 10 pt under the safe-area top (or above its bottom), with
// an optional square thumbnail, a one-line title, a two-line message and a plain ✕; the app beside it stays live.

import PushSimEngine

enum InAppBannerView {
    static func draw(_ banner: InAppBanner, ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        let g = ctx.grid
        let side = max(1, g.cols(12))
        let w = max(8, g.screen.width - 2 * side)
        // Row insets 12 pt, 14 pt left and right (inside the frame); a 52 pt thumbnail; the close button's column.
        let closeW = banner.showClose ? 3 : 0
        var thumbRows = 0
        var textW = max(1, w - 4 - closeW)
        let title0 = InAppTextBlock(banner.title, width: textW, maxLines: 1, bold: true)
        let message0 = InAppTextBlock(banner.message, width: textW, maxLines: 2)
        var contentRows = max(1, title0.height + message0.height)
        if banner.image != nil {
            thumbRows = max(2, contentRows)
            textW = max(1, textW - 2 * thumbRows - 1)
        }
        let title = InAppTextBlock(banner.title, width: textW, maxLines: 1, bold: true)
        let message = InAppTextBlock(banner.message, width: textW, maxLines: 2)
        contentRows = max(thumbRows, title.height + message.height, 1)
        let h = contentRows + 2
        let y = banner.position == .top ? g.safe.y + g.rows(10) : g.screen.maxY - g.rows(10) - h
        let rect = Rect(x: g.screen.x + (g.screen.width - w) / 2, y: y, width: w, height: h)
        ctx.hits.add(rect, .body)
        let inner = InAppCardSurface.draw(rect, surface: .solid(banner.background), on: &layer)
        var x = inner.x + 1
        if let url = banner.image {
            let thumb = Rect(x: x, y: inner.y + (contentRows - thumbRows) / 2, width: 2 * thumbRows, height: thumbRows)
            InAppImageWell.draw(url, in: thumb, background: banner.background.over(layer.bg(thumb.x, thumb.y)), ctx: ctx, on: &layer)
            x = thumb.maxX + 1
        }
        let textRect = Rect(x: x, y: inner.y, width: textW, height: contentRows)
        let top = inner.y + (contentRows - title.height - message.height) / 2
        message.draw(in: textRect, y: title.draw(in: textRect, y: top, centered: false, on: &layer), centered: false, on: &layer)
        if banner.showClose {
            ctx.hits.add(InAppCloseChip.draw(right: inner.maxX, y: inner.y, on: &layer, plain: true), .closeChip)
        }
        return rect
    }
}
