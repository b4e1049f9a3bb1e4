// The side panel beside the phone: the simulated device's state, the clocks, the outcome log and the keys.

public struct PrimerPanel: Equatable, Sendable {
    /// Label/value pairs shown at the top (status, clock, last shown, throttle).
    public var facts: [(String, String)]
    /// Newest last; the panel shows as many of the latest as fit.
    public var log: [String]
    public var keys: [String]

    public init(facts: [(String, String)], log: [String], keys: [String]) {
        self.facts = facts
        self.log = log
        self.keys = keys
    }

    public static func == (a: PrimerPanel, b: PrimerPanel) -> Bool {
        a.facts.map { $0.0 + "\u{0}" + $0.1 } == b.facts.map { $0.0 + "\u{0}" + $0.1 } && a.log == b.log && a.keys == b.keys
    }

    /// Panels narrower than this are not drawn (the phone gets the whole screen).
    public static let minWidth = 30
    /// A wider terminal does not widen the panel: its lines are short, and the phone and the panel stay together.
    public static let maxWidth = 64

    public func draw(in r: Rect, on canvas: inout Canvas) {
        guard r.width >= 10, r.height >= 4 else { return }
        canvas.fill(r, with: Cell(" "))
        for y in r.y..<r.maxY { canvas.text("│", x: r.x, y: y, style: Style(fg: .rgb(88, 88, 96))) }
        let x = r.x + 2, w = r.width - 3
        var y = r.y
        func heading(_ s: String) {
            guard y < r.maxY else { return }
            canvas.text(s, x: x, y: y, style: Style(attrs: [.bold]), maxWidth: w)
            y += 1
        }
        heading("Device")
        let labelW = (facts.map { TextWidth.of($0.0) }.max() ?? 0) + 1
        for (k, v) in facts where y < r.maxY {
            canvas.text(k, x: x, y: y, style: Style(fg: .rgb(150, 150, 160)), maxWidth: w)
            canvas.text(TextWidth.truncate(v, to: max(1, w - labelW)), x: x + labelW, y: y, maxWidth: max(1, w - labelW))
            y += 1
        }
        y += 1
        let keyLines = keys.flatMap { TextWidth.wrap($0, width: w) }
        let logRows = max(0, r.maxY - y - 1 - (keyLines.isEmpty ? 0 : keyLines.count + 1))
        heading("Log")
        let shown = log.flatMap { TextWidth.wrap($0, width: w) }.suffix(max(0, logRows))
        for l in shown where y < r.maxY {
            canvas.text(l, x: x, y: y, maxWidth: w)
            y += 1
        }
        if !keyLines.isEmpty {
            y = max(y + 1, r.maxY - keyLines.count)
            for l in keyLines where y < r.maxY {
                canvas.text(l, x: x, y: y, style: Style(fg: .rgb(150, 150, 160)), maxWidth: w)
                y += 1
            }
        }
    }
}
