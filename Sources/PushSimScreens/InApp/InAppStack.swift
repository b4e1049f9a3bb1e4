// A template's vertical stack (image, title, message, buttons, a game area) fitted to the rows there are.

import PushSimEngine

/// The column of parts a card or a full-screen template shows, top to bottom. When it does not fit, it gives up room
/// in a fixed order: gaps, then framed buttons become one-row pills, then flexible parts (an image, the scratch area,
/// the wheel) shrink toward their minimum, then texts lose lines (messages first).
struct InAppStack {
    enum Part {
        case gap(Int)
        case text(InAppText?, maxLines: Int, bold: Bool)
        case buttons([InAppButton], rows: Int)
        /// A part the template draws itself (named), `preferred` rows when there is room, never below `minimum`.
        case flexible(String, preferred: Int, minimum: Int)
    }

    var parts: [Part]
    let width: Int
    let centered: Bool

    init(_ parts: [Part], width: Int, centered: Bool) {
        self.parts = parts
        self.width = width
        self.centered = centered
    }

    func rows(_ part: Part) -> Int {
        switch part {
        case .gap(let n): return n
        case .text(let t, let maxLines, let bold): return InAppTextBlock(t, width: width, maxLines: maxLines, bold: bold).height
        case .buttons(let b, let rows): return b.count * rows
        case .flexible(_, let preferred, _): return preferred
        }
    }

    var height: Int { parts.reduce(0) { $0 + rows($1) } }

    /// Shrink until the stack fits `maxHeight` rows (or nothing more can go).
    mutating func fit(_ maxHeight: Int) {
        func shrink(_ body: (Part) -> Part?) {
            for i in parts.indices where height > maxHeight { if let p = body(parts[i]) { parts[i] = p } }
        }
        shrink { if case .gap(let n) = $0, n > 0 { return .gap(0) }; return nil }
        shrink { if case .buttons(let b, let r) = $0, r > 1 { return .buttons(b, rows: 1) }; return nil }
        while height > maxHeight {
            var shrunk = false
            for i in parts.indices where height > maxHeight {
                if case .flexible(let id, let pref, let minimum) = parts[i], pref > minimum {
                    parts[i] = .flexible(id, preferred: pref - 1, minimum: minimum)
                    shrunk = true
                }
            }
            if !shrunk { break }
        }
        for bold in [false, true] {
            for lines in stride(from: 3, through: 0, by: -1) where height > maxHeight {
                shrink {
                    if case .text(let t, let n, let b) = $0, b == bold, n > lines { return .text(t, maxLines: lines, bold: b) }
                    return nil
                }
            }
        }
    }

    /// Draw the texts (`width` wide, centred in `rect`) and the buttons (across `rect` less `buttonInset` each side)
    /// from row `y`; returns each flexible part's rectangle (across all of `rect`).
    /// Buttons are numbered from `firstButton` in the hit map.
    @discardableResult
    func draw(in rect: Rect, y top: Int, buttonInset: Int, ctx: inout InAppDrawContext, on layer: inout InAppLayer,
              firstButton: Int = 1, buttonDim: Double = 0) -> [String: Rect] {
        var y = top
        var number = firstButton
        var flexible: [String: Rect] = [:]
        for part in parts {
            switch part {
            case .gap(let n): y += n
            case .text(let t, let maxLines, let bold):
                y = InAppTextBlock(t, width: width, maxLines: maxLines, bold: bold)
                    .draw(in: Rect(x: rect.x + (rect.width - width) / 2, y: rect.y, width: width, height: rect.height), y: y,
                          centered: centered, on: &layer)
            case .buttons(let buttons, let rows):
                for b in buttons {
                    let r = Rect(x: rect.x + buttonInset, y: y, width: max(0, rect.width - 2 * buttonInset), height: rows)
                    if r.maxY <= rect.maxY {
                        InAppContractButton.draw(b, in: r, on: &layer, dimmed: buttonDim)
                        ctx.hits.add(r, .button(number))
                    }
                    number += 1
                    y += rows
                }
            case .flexible(let id, let rows, _):
                flexible[id] = Rect(x: rect.x, y: y, width: rect.width, height: rows)
                y += rows
            }
        }
        return flexible
    }
}
