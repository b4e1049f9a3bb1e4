// The one line every screen shows when the terminal cannot hold it: what it has, what it needs, what to do.

public enum TooSmall {
    /// The longest of these that fits `size.width`, from the full sentence down to the bare size.
    public static func line(need: Size, have size: Size) -> String {
        // The size to grow to keeps a dimension that is already big enough: 40×10 needing 24×19 grows to 40×19.
        let target = Size(width: max(need.width, size.width), height: max(need.height, size.height))
        let n = "\(target.width)×\(target.height)", h = "\(size.width)×\(size.height)"
        let candidates = [
            "Terminal too small (\(h)): enlarge it to at least \(n)",
            "Too small (\(h)): enlarge to \(n)",
            "Too small: enlarge to \(n)",
            "Too small: need \(n)",
            "Need \(n)",
        ]
        return candidates.first { TextWidth.of($0) <= size.width } ?? n
    }

    /// Blank `canvas` and centre the line on it, with the keys that still work (`q back`) under it when there is room.
    public static func draw(need: Size, into canvas: inout Canvas, style: Style = Style(attrs: [.bold]), keys: String? = nil) {
        canvas.fill(canvas.bounds, with: .blank)
        let size = Size(width: canvas.width, height: canvas.height)
        let y = max(0, (canvas.height - 1) / 2)
        canvas.centered(line(need: need, have: size), in: canvas.bounds, y: y, style: style)
        if let keys, y + 1 < canvas.height, TextWidth.of(keys) <= canvas.width {
            canvas.centered(keys, in: canvas.bounds, y: y + 1, style: Style(attrs: [.dim]))
        }
    }
}
