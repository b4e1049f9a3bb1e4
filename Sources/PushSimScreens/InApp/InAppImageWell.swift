// An image of a template (`PWInAppImageLoader.load`): the picture, a spinner while it loads, the grey placeholder.

import PushSimEngine

enum InAppImageWell {
    /// Draw `url` into `rect`: the rendered cells (centred when the media layer fitted them smaller), a spinner over
    /// `background` while loading, and the SDK's light-grey placeholder (with the reason) once it failed. Without a
    /// media layer the well names the file, so a tester sees which picture goes where.
    static func draw(_ url: String, in rect: Rect, background: Color, ctx: InAppDrawContext, on layer: inout InAppLayer) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch ctx.images(url, Size(width: rect.width, height: rect.height)) {
        case .image(let c):
            layer.fill(rect, color: background)
            layer.canvas.blit(c, x: rect.x + max(0, (rect.width - c.width) / 2), y: rect.y + max(0, (rect.height - c.height) / 2))
        case .loading:
            layer.fill(rect, color: background)
            layer.spinner(at: ctx.now, x: rect.x + rect.width / 2, y: rect.y + rect.height / 2,
                          style: Style(fg: background.mixed(with: .white, 0.8)))
        case .failed(let why):
            layer.fill(rect, color: InAppPaint.placeholder)
            label(["⚠ " + StoriesScreen.fileName(of: url), why], in: rect, on: &layer, fg: IOSColor.secondaryLabel)
        case .none:
            let tint = background.mixed(with: .rgb(128, 128, 128), 0.35)
            layer.fill(rect, color: tint)
            label(["▨ " + StoriesScreen.fileName(of: url)], in: rect, on: &layer, fg: tint.mixed(with: Palette.luma(tint) > 128 ? .black : .white, 0.6))
        }
    }

    static func label(_ lines: [String], in rect: Rect, on layer: inout InAppLayer, fg: Color) {
        let shown = Array(lines.prefix(rect.height))
        let y0 = rect.y + (rect.height - shown.count) / 2
        for (k, line) in shown.enumerated() {
            layer.canvas.centered(line, in: rect.insetBy(dx: 1, dy: 0), y: y0 + k, style: Style(fg: fg))
        }
    }
}

extension Palette {
    static func luma(_ c: Color) -> Int { c.rgbComponents.map { luma($0.r, $0.g, $0.b) } ?? 0 }
}
