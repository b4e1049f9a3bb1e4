// The one line every screen shows when the terminal cannot hold it: what it has, what it needs, what to do.

public enum TooSmall {
    /// The longest of these that fits `size.width`, from the full sentence down to the bare size.
    public static func line(need: Size, have size: Size) -> String {
        let n = "\(need.width)×\(need.height)", h = "\(size.width)×\(size.height)"
        let candidates = [
            "Terminal too small (\(h)): enlarge it to at least \(n)",
            "Too small (\(h)): enlarge to \(n)",
            "Too small: enlarge to \(n)",
            "Too small: need \(n)",
            "Need \(n)",
        ]
        return candidates.first { TextWidth.of($0) <= size.width } ?? n
    }

    /// Blank `canvas` and centre the line on it.
    public static func draw(need: Size, into canvas: inout Canvas, style: Style = Style(attrs: [.bold])) {
        canvas.fill(canvas.bounds, with: .blank)
        let size = Size(width: canvas.width, height: canvas.height)
        canvas.centered(line(need: need, have: size), in: canvas.bounds, y: max(0, (canvas.height - 1) / 2), style: style)
    }
}
