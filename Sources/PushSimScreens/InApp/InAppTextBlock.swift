// A template's title or message: wrapped by display width to a number of lines, in the config's colour.

import PushSimEngine

struct InAppTextBlock {
    var lines: [String]
    var color: InAppColor
    var bold: Bool

    init(_ text: InAppText?, width: Int, maxLines: Int, bold: Bool = false) {
        // Only what `maxLines` lines can show is read (`shownPrefix`), as the stories do: a 10 MB message without
        // spaces took seconds a frame, and a running inapp answered notify every 5.5 s (issue 38).
        let t = text.map { TextWidth.sanitized(String(TextWidth.shownPrefix($0.text, width: max(width, 1), maxLines: max(maxLines, 1)))) } ?? ""
        lines = t.isEmpty || width < 1 || maxLines < 1 ? [] : TextWidth.wrap(t, width: width, maxLines: maxLines)
        color = text?.color ?? .white
        self.bold = bold
    }

    var height: Int { lines.count }

    /// Draw from row `y` in `rect`'s columns, centred or from the left; returns the row after the last line.
    @discardableResult
    func draw(in rect: Rect, y: Int, centered: Bool, on layer: inout InAppLayer) -> Int {
        for (k, line) in lines.enumerated() {
            if centered { layer.centered(line, in: rect, y: y + k, color: color, attrs: bold ? .bold : []) }
            else { layer.text(line, x: rect.x, y: y + k, color: color, attrs: bold ? .bold : [], maxWidth: rect.width) }
        }
        return y + lines.count
    }
}
