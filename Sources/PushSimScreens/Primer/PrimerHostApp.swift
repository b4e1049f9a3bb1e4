// The simulated phone behind the primer: a simple host app screen, and the Settings page the SDK redirects to.

public enum PrimerHostApp {
    /// A plain app screen (status bar, a title, a short list, a tab bar) for the primer's backdrop to dim.
    public static func draw(in r: Rect, on canvas: inout Canvas, appName: String = "App") {
        canvas.fill(r, with: Cell(" ", fg: IOSColor.label, bg: IOSColor.groupedBackground))
        statusBar(in: r, on: &canvas)
        guard r.height >= 6 else { return }
        canvas.text(TextWidth.truncate(appName, to: r.width - 2), x: r.x + 1, y: r.y + 2, style: Style(fg: IOSColor.label, attrs: [.bold]))
        let items = [("Today's picks", "3 new"), ("Orders", "2 active"), ("Rewards", "120 pts"),
                     ("Stores nearby", "0.4 km"), ("Gift cards", ""), ("Help", "")]
        var y = r.y + 4
        for (name, detail) in items where y < r.maxY - 2 {
            let row = Rect(x: r.x + 1, y: y, width: r.width - 2, height: 1)
            canvas.fill(row, with: Cell(" ", bg: IOSColor.systemBackground))
            canvas.text(name, x: row.x + 1, y: y, style: Style(fg: IOSColor.label), maxWidth: row.width - 2)
            let d = detail + " ›"
            let dw = TextWidth.of(d)
            if dw + TextWidth.of(name) + 3 <= row.width {
                canvas.text(d, x: row.maxX - 1 - dw, y: y, style: Style(fg: IOSColor.secondaryLabel))
            }
            y += 1
        }
        let tabs = Rect(x: r.x, y: r.maxY - 1, width: r.width, height: 1)
        canvas.fill(tabs, with: Cell(" ", bg: IOSColor.systemBackground))
        canvas.centered("Home   Orders   Profile", in: tabs, y: tabs.y, style: Style(fg: IOSColor.secondaryLabel))
    }

    static func statusBar(in r: Rect, on canvas: inout Canvas) {
        let s = Style(fg: IOSColor.label, attrs: [.bold])
        canvas.text("9:41", x: r.x + 1, y: r.y, style: s)
        let right = "▂▄▆ 100%"
        canvas.text(right, x: r.maxX - 1 - TextWidth.of(right), y: r.y, style: s)
    }

    /// Settings › App › Notifications, with the one switch the simulator needs. Returns the switch's cells.
    @discardableResult
    public static func drawSettings(in r: Rect, on canvas: inout Canvas, appName: String = "App", notificationsOn: Bool, focused: Bool = true) -> Rect {
        canvas.fill(r, with: Cell(" ", fg: IOSColor.label, bg: IOSColor.groupedBackground))
        statusBar(in: r, on: &canvas)
        guard r.height >= 8 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        canvas.text("‹ Settings", x: r.x + 1, y: r.y + 1, style: Style(fg: IOSColor.systemBlue))
        canvas.text(TextWidth.truncate(appName, to: r.width - 2), x: r.x + 1, y: r.y + 3, style: Style(fg: IOSColor.label, attrs: [.bold]))
        canvas.text("NOTIFICATIONS", x: r.x + 2, y: r.y + 5, style: Style(fg: IOSColor.secondaryLabel))
        let row = Rect(x: r.x + 1, y: r.y + 6, width: r.width - 2, height: 1)
        canvas.fill(row, with: Cell(" ", bg: IOSColor.systemBackground))
        canvas.text("Allow Notifications", x: row.x + 1, y: row.y, style: Style(fg: IOSColor.label), maxWidth: row.width - 8)
        let sw = notificationsOn ? " ON ●" : "○ OFF"
        let swRect = Rect(x: row.maxX - 1 - TextWidth.of(sw), y: row.y, width: TextWidth.of(sw), height: 1)
        canvas.text(sw, x: swRect.x, y: row.y, style: Style(fg: notificationsOn ? .white : IOSColor.label,
                                                               bg: notificationsOn ? IOSColor.systemGreen : IOSColor.separator,
                                                               attrs: focused ? [.bold] : []))
        let hint = TextWidth.wrap("Space toggles; o or Esc goes back to the app.", width: r.width - 4, maxLines: 2)
        for (i, l) in hint.enumerated() where r.y + 8 + i < r.maxY {
            canvas.text(l, x: r.x + 2, y: r.y + 8 + i, style: Style(fg: IOSColor.secondaryLabel))
        }
        return swRect
    }
}
