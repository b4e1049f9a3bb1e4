// The host app the banners drop over: a status bar, a title bar, a scrolling list of rows, and a status line.

public struct InAppHostState: Sendable, Equatable {
    public var selection = 0
    /// The first list row on screen.
    public var scroll = 0

    public init(selection: Int = 0, scroll: Int = 0) {
        self.selection = selection
        self.scroll = scroll
    }

    /// The list: (title, detail). Long enough to scroll on any terminal.
    public static let rows: [(String, String)] = (0..<40).map { i in
        let kinds = [("Order", "shipped"), ("Wishlist", "price drop"), ("Message", "unread"), ("Coupon", "expires soon"),
                     ("Order", "delivered"), ("Store", "open until 21:00"), ("Review", "rate your purchase"), ("Gift card", "$25")]
        let (name, detail) = kinds[i % kinds.count]
        return ("\(name) #\(1040 + i)", detail)
    }

    /// Move the selection by `delta` rows (clamped) and scroll so it stays among `visible` rows.
    public mutating func move(by delta: Int, visible: Int) {
        selection = min(Self.rows.count - 1, max(0, selection + delta))
        keepVisible(visible)
    }

    public mutating func keepVisible(_ visible: Int) {
        guard visible > 0 else { return }
        if selection < scroll { scroll = selection }
        if selection >= scroll + visible { scroll = selection - visible + 1 }
        scroll = max(0, min(scroll, Self.rows.count - visible))
    }
}

public enum InAppHostScreen {
    public static let background = IOSColor.groupedBackground

    /// The rows of the list on screen: below the status and title bars, above the status line.
    public static func listRect(in size: Size) -> Rect {
        Rect(x: 0, y: 3, width: size.width, height: max(0, size.height - 4))
    }

    /// The list index drawn on screen row `y`, if any.
    public static func row(atY y: Int, host: InAppHostState, size: Size) -> Int? {
        let list = listRect(in: size)
        guard y >= list.y, y < list.maxY else { return nil }
        let i = host.scroll + (y - list.y)
        return i < InAppHostState.rows.count ? i : nil
    }

    /// The screen row of list index `i`, if it is on screen.
    public static func screenY(ofRow i: Int, host: InAppHostState, size: Size) -> Int? {
        let list = listRect(in: size)
        let y = list.y + i - host.scroll
        return y >= list.y && y < list.maxY ? y : nil
    }

    public static func draw(_ host: InAppHostState, appName: String = "App", statusLine: String, on canvas: inout Canvas) {
        let size = canvas.size
        canvas.fill(canvas.bounds, with: Cell(" ", fg: IOSColor.label, bg: background))
        let bold = Style(fg: IOSColor.label, attrs: [.bold])
        canvas.text("9:41", x: 1, y: 0, style: bold)
        let right = "▂▄▆ 100%"
        if size.width >= TextWidth.of(right) + 8 { canvas.text(right, x: size.width - 1 - TextWidth.of(right), y: 0, style: bold) }
        guard size.height >= 3 else { return }
        let bar = Rect(x: 0, y: 1, width: size.width, height: 2)
        canvas.fill(bar, with: Cell(" ", bg: IOSColor.systemBackground))
        let content = InAppHostContent(host, appName: appName)
        canvas.text(TextWidth.truncate(content.title, to: max(0, size.width - 2)), x: 1, y: 1, style: Style(fg: IOSColor.label, attrs: [.bold]))
        canvas.text(TextWidth.truncate(content.subtitle, to: max(0, size.width - 2)), x: 1, y: 2, style: Style(fg: IOSColor.secondaryLabel))
        let list = listRect(in: size)
        for y in list.y..<list.maxY {
            guard let i = row(atY: y, host: host, size: size), content.rows.indices.contains(i - host.scroll) else { break }
            let (name, detail) = content.rows[i - host.scroll]
            let selected = i == host.selection
            let rowStyle = Style(fg: selected ? .white : IOSColor.label, bg: selected ? IOSColor.systemBlue : IOSColor.systemBackground)
            canvas.fill(Rect(x: 1, y: y, width: max(0, size.width - 2), height: 1), with: Cell(" ", bg: rowStyle.bg ?? .default))
            let used = canvas.text(name, x: 2, y: y, style: rowStyle, maxWidth: max(0, size.width - 4))
            let d = detail + " ›"
            let dw = TextWidth.of(d)
            if used + dw + 5 <= size.width {
                canvas.text(d, x: size.width - 2 - dw, y: y,
                            style: Style(fg: selected ? .white : IOSColor.secondaryLabel, bg: rowStyle.bg))
            }
        }
        guard size.height >= 5 else { return }
        let status = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        canvas.fill(status, with: Cell(" ", bg: Color.rgb(44, 44, 46)))
        canvas.text(TextWidth.truncate(TextWidth.sanitized(statusLine), to: max(0, size.width - 2)), x: 1, y: status.y,
                    style: Style(fg: .white, bg: Color.rgb(44, 44, 46)))
    }
}
