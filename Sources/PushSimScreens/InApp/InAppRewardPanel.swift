// The prize (`PWInAppRewardView`): title, message, the dashed promo chip ("Copied!" for 1.6 s) and the reward's button.

import PushSimEngine

enum InAppRewardPanel {
    struct Layout {
        var title: InAppTextBlock
        var message: InAppTextBlock
        var chipRows: Int
        var buttonRows: Int
        var gap: Int
        var hasChip: Bool
        var hasButton: Bool
        var height: Int {
            let parts = [title.height, message.height, hasChip ? chipRows : 0, hasButton ? buttonRows : 0].filter { $0 > 0 }
            return parts.reduce(0, +) + gap * max(0, parts.count - 1)
        }
    }

    /// The roomiest layout that fits `maxHeight` rows: framed chip and button and gaps first, then one-row forms,
    /// then fewer message and title lines.
    static func layout(_ reward: InAppReward, width: Int, maxHeight: Int, grid: InAppGrid) -> Layout {
        let big = InAppContractButton.rows(grid)
        var l = Layout(title: InAppTextBlock(reward.title, width: width, maxLines: 2, bold: true),
                       message: InAppTextBlock(reward.message, width: width, maxLines: 2),
                       chipRows: big, buttonRows: big, gap: 1, hasChip: reward.code != nil, hasButton: reward.button != nil)
        let steps: [(inout Layout) -> Void] = [
            { $0.gap = 0 }, { $0.chipRows = 1 }, { $0.buttonRows = 1 },
            { $0.message = InAppTextBlock(reward.message, width: width, maxLines: 1) },
            { $0.title = InAppTextBlock(reward.title, width: width, maxLines: 1) },
            { $0.message = InAppTextBlock(nil, width: width, maxLines: 0) },
        ]
        for step in steps where l.height > maxHeight { step(&l) }
        return l
    }

    /// Draw the panel centred in `rect` (over `surface`, whose contrast colour the chip takes without a title colour);
    /// records the promo chip and the button (`button 1`); returns the rows it took.
    @discardableResult
    static func draw(_ reward: InAppReward, in rect: Rect, surface: InAppColor, copied: Bool, ctx: inout InAppDrawContext,
                     on layer: inout InAppLayer) -> Rect {
        guard rect.width >= 6, rect.height >= 1 else { return rect }
        let l = layout(reward, width: rect.width, maxHeight: rect.height, grid: ctx.grid)
        var y = rect.y + max(0, (rect.height - l.height) / 2)
        let taken = Rect(x: rect.x, y: y, width: rect.width, height: min(l.height, rect.maxY - y))
        func gap() { y += l.gap }
        if l.title.height > 0 { y = l.title.draw(in: rect, y: y, centered: true, on: &layer); gap() }
        if l.message.height > 0 { y = l.message.draw(in: rect, y: y, centered: true, on: &layer); gap() }
        if l.hasChip, let code = reward.code, y < rect.maxY {
            let ink = reward.title?.color ?? InAppColor(surface.contrast)
            let chip = drawChip(code, copied: copied, ink: ink, rows: min(l.chipRows, rect.maxY - y), in: rect, y: y, on: &layer)
            ctx.hits.add(chip, .promoChip)
            y = chip.maxY
            gap()
        }
        if l.hasButton, let button = reward.button, y < rect.maxY {
            let r = Rect(x: rect.x, y: y, width: rect.width, height: min(l.buttonRows, rect.maxY - y))
            InAppContractButton.draw(button, in: r, on: &layer)
            ctx.hits.add(r, .button(1))
        }
        return taken
    }

    /// The promo chip: the code and a copy icon (or "✓ Copied!") inside a dashed frame.
    static func drawChip(_ code: String, copied: Bool, ink: InAppColor, rows: Int, in rect: Rect, y: Int,
                         on layer: inout InAppLayer) -> Rect {
        let label = copied ? "✓ Copied!" : TextWidth.sanitized(code) + "  ⧉"
        let w = min(rect.width, max(14, TextWidth.of(label) + 6))
        let r = Rect(x: rect.x + (rect.width - w) / 2, y: y, width: w, height: rows >= 3 ? 3 : 1)
        let line = Style(fg: ink.over(layer.bg(r.x, r.y)))
        if r.height == 3 {
            for x in r.x..<r.maxX {
                layer.canvas.text(x == r.x ? "╭" : x == r.maxX - 1 ? "╮" : "┄", x: x, y: r.y, style: line, maxWidth: 1)
                layer.canvas.text(x == r.x ? "╰" : x == r.maxX - 1 ? "╯" : "┄", x: x, y: r.maxY - 1, style: line, maxWidth: 1)
            }
        }
        let mid = r.y + r.height / 2
        layer.canvas.text("┆", x: r.x, y: mid, style: line)
        layer.canvas.text("┆", x: r.maxX - 1, y: mid, style: line)
        layer.centered(label, in: r.insetBy(dx: 2, dy: 0), y: mid, color: ink, attrs: .bold)
        return r
    }
}

extension InAppColor {
    /// A cell colour as a config colour (opaque), for drawing with the config-colour helpers.
    init(_ c: Color) {
        let v = c.rgbComponents ?? (0, 0, 0)
        self.init(red: Double(v.r) / 255, green: Double(v.g) / 255, blue: Double(v.b) / 255)
    }
}
