// A message drawn on its own layer over the host, then laid onto the screen faded and moved as its animation says.

import PushSimEngine

/// A copy of the screen under the message: drawing reads the real colours underneath (a translucent card or button is
/// blended with what it covers), and compositing copies only the message's own cells, its `region` (every template
/// paints the whole of the rectangle it occupies, so nothing else needs telling apart).
public struct InAppLayer {
    public var canvas: Canvas
    /// The cells that are the message's: its card, bar or screen, set once it is drawn.
    public var region = Rect(x: 0, y: 0, width: 0, height: 0)
    /// A spinner is turning on it (an image or the video loading).
    public var spinning = false

    public init(over base: Canvas) {
        canvas = base
        canvas.images = []
    }

    public func isClear(x: Int, y: Int) -> Bool { !region.contains(x: x, y: y) }

    /// The background at a cell, or the host's when the cell is off the canvas (a card larger than the terminal).
    public func bg(_ x: Int, _ y: Int) -> Color { canvas.contains(x: x, y: y) ? canvas[x, y].bg : InAppPaint.hostBackground }

    /// Fade what was drawn in `rect` toward `saved` (the layer as it was before) by `amount`, 0 … 1 (a UIKit view's
    /// alpha, in cells): backgrounds blend into what was under them; a drawn glyph fades into that background, and past
    /// half way the old glyph comes back out of it; at 1 the cells are as they were.
    public mutating func fade(_ rect: Rect, toward saved: Canvas, by amount: Double) {
        let f = min(max(amount, 0), 1)
        let clip = rect.intersection(canvas.bounds).intersection(saved.bounds)
        guard f > 0, !clip.isEmpty else { return }
        for y in clip.y..<clip.maxY {
            for x in clip.x..<clip.maxX {
                let s = saved[x, y]
                guard f < 1 else { canvas[x, y] = s; continue }
                var c = canvas[x, y]
                if f >= 0.5 {
                    c.glyph = s.glyph; c.attrs = s.attrs
                    c.fg = c.bg.mixed(with: s.fg == .default ? s.bg : s.fg, f)
                } else {
                    c.fg = c.fg.mixed(with: s.bg, f)
                }
                c.bg = c.bg.mixed(with: s.bg, f)
                canvas[x, y] = c
            }
        }
    }

    /// Paint `rect` with a config colour, blended with what is under each cell by its alpha. A picture of the message
    /// under it stays a picture: the terminal keeps as cells only those no longer showing the picture's symbols (a
    /// button over a story, a chip over the hero image).
    public mutating func fill(_ rect: Rect, _ color: InAppColor) {
        canvas.update(rect) { cell in cell = Cell(" ", fg: cell.fg, bg: color.over(cell.bg)) }
    }

    /// Paint `rect` with an opaque colour.
    public mutating func fill(_ rect: Rect, color: Color) {
        canvas.fill(rect, with: Cell(" ", bg: color))
    }

    /// One line of text in a config colour (blended over each cell's background), clipped to `maxWidth`.
    @discardableResult
    public mutating func text(_ s: String, x: Int, y: Int, color: InAppColor, attrs: Attributes = [], maxWidth: Int? = nil) -> Int {
        let used = canvas.text(s, x: x, y: y, style: Style(fg: color.opaque, attrs: attrs), maxWidth: maxWidth)
        if color.alpha < 1 { canvas.update(Rect(x: x, y: y, width: used, height: 1)) { $0.fg = color.over($0.bg) } }
        return used
    }

    /// Text centred in `rect` on row `y`, truncated by display width.
    @discardableResult
    public mutating func centered(_ s: String, in rect: Rect, y: Int, color: InAppColor, attrs: Attributes = []) -> Int {
        let t = TextWidth.truncate(TextWidth.sanitized(s), to: rect.width)
        let w = TextWidth.of(t)
        return text(t, x: rect.x + (rect.width - w) / 2, y: y, color: color, attrs: attrs, maxWidth: rect.width)
    }

    /// Lay the message's cells onto `canvas`, `alpha` opaque (a fade) and moved by (dx, dy), inside `clip`.
    /// While it fades or moves its pictures show as cells (pixels would be sent anew every frame).
    public func composite(onto target: inout Canvas, alpha: Double = 1, dx: Int = 0, dy: Int = 0, clip: Rect? = nil) {
        let a = min(max(alpha, 0), 1)
        guard a > 0 else { return }
        let box = (clip ?? target.bounds).intersection(target.bounds)
        // Pictures under the message (a pip's under a card) show as cells where it covers them.
        let own = region.intersection(canvas.bounds)
        guard !own.isEmpty else { return }
        if !target.images.isEmpty {
            target.coverImages(in: Rect(x: own.x + dx, y: own.y + dy, width: own.width, height: own.height).intersection(box))
        }
        target.carryImages(of: canvas, dx: dx, dy: dy, clip: box, covered: a < 1 || dx != 0 || dy != 0)
        for y in own.y..<own.maxY {
            let ty = y + dy
            guard ty >= box.y, ty < box.maxY else { continue }
            for x in own.x..<own.maxX {
                let tx = x + dx
                guard tx >= box.x, tx < box.maxX else { continue }
                var c = canvas[x, y]
                let under = target[tx, ty]
                if a < 1 {
                    if a < 0.5 {
                        // The message's text appears last: under half-way in, the cells keep what was there, tinted.
                        c.glyph = under.glyph
                        c.fg = under.fg.mixed(with: c.bg, a)
                        c.attrs = under.attrs
                    } else {
                        c.fg = c.bg.mixed(with: c.fg, 2 * a - 1)
                    }
                    c.bg = under.bg.mixed(with: c.bg, a)
                }
                put(c, x: tx, y: ty, on: &target, clip: box, layerX: x, layerY: y)
            }
        }
    }

    /// Write one cell without leaving half of a wide grapheme behind at the message's edge.
    private func put(_ c: Cell, x: Int, y: Int, on target: inout Canvas, clip: Rect, layerX: Int, layerY: Int) {
        let old = target[x, y]
        let leftIsOurs = layerX > 0 && !isClear(x: layerX - 1, y: layerY) && x - 1 >= clip.x
        if old.isContinuation && x > 0 && !leftIsOurs { target[x - 1, y].glyph = .space }
        let rightIsOurs = layerX + 1 < canvas.width && !isClear(x: layerX + 1, y: layerY) && x + 1 < clip.maxX
        if x + 1 < target.width && target[x + 1, y].isContinuation && !rightIsOurs { target[x + 1, y].glyph = .space }
        var cell = c
        if cell.isContinuation && !leftIsOurs { cell.glyph = .space }
        if TextWidth.of(cell.grapheme) == 2 && !rightIsOurs { cell.glyph = .space }
        target[x, y] = cell
    }
}
