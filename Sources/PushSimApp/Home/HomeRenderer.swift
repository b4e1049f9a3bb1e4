// Draws the home menu and its help box into a Canvas.

import PushSimScreens

enum HomeRenderer {
    static let headerStyle = Style(fg: .black, bg: .rgb(255, 175, 95), attrs: [.bold])
    static let headingStyle = Style(fg: .rgb(255, 175, 95), attrs: [.bold])
    static let selectedStyle = Style(fg: .black, bg: .rgb(135, 175, 255), attrs: [.bold])
    static let selectedDetailStyle = Style(fg: .black, bg: .rgb(135, 175, 255))
    static let detailStyle = Style(fg: .rgb(138, 138, 138))
    static let messageStyle = Style(fg: .rgb(255, 95, 95), attrs: [.bold])
    static let commandStyle = Style(fg: .rgb(135, 215, 135))
    static let keysStyle = Style(fg: .rgb(188, 188, 188))

    static func draw(_ canvas: inout Canvas, layout: HomeLayout, samples: [Sample], selected: Int, message: String?,
                     resourcesRoot: String) {
        let w = canvas.width, h = canvas.height
        canvas.fill(Rect(x: 0, y: 0, width: w, height: 1), with: Cell(" ", fg: headerStyle.fg, bg: headerStyle.bg!))
        canvas.text(" pushsim", x: 0, y: 0, style: headerStyle)
        let tagline = "Pushwoosh iOS SDK notification previews "
        if TextWidth.of(tagline) + 10 <= w {
            canvas.text(tagline, x: w - TextWidth.of(tagline), y: 0, style: Style(fg: .black, attrs: []))
        }

        if samples.isEmpty {
            let lines = [
                "No samples to show yet.",
                "pushsim looked for bundled samples in \(resourcesRoot);",
                "set PUSHSIM_RESOURCES to the Resources folder, or run a command directly (pushsim --help).",
            ]
            for (k, l) in lines.enumerated() {
                for (j, part) in TextWidth.wrap(l, width: max(1, w - 4), maxLines: 2).enumerated() {
                    canvas.text(part, x: 2, y: HomeLayout.top + 1 + 2 * k + j, style: k == 0 ? Style(attrs: [.bold]) : detailStyle)
                }
            }
        }

        // The "↑ more" / "↓ more" markers sit at the right end of the list's first and last rows; the text on those
        // rows stops short of them (with an ellipsis) instead of running underneath.
        let up = "↑ more", down = "↓ more"
        let upRow = layout.hasMoreAbove ? HomeLayout.top : nil
        let downRow = layout.hasMoreBelow ? HomeLayout.top + layout.listHeight - 1 : nil
        for v in layout.visible {
            let room = v.row == upRow || v.row == downRow ? max(1, w - TextWidth.of(up) - 2) : w
            switch v.line {
            case .blank:
                break
            case .heading(let e):
                canvas.text(TextWidth.truncate(" \(e.rawValue)", to: room), x: 0, y: v.row, style: headingStyle)
            case .title(let i):
                let s = samples[i]
                let on = i == selected
                if on { canvas.fill(Rect(x: 0, y: v.row, width: w, height: 1), with: Cell(" ", bg: selectedStyle.bg!)) }
                let style = on ? selectedStyle : Style(attrs: [.bold])
                let marker = on ? " ▸ " : "   "
                var x = canvas.text(TextWidth.truncate(marker + TextWidth.sanitized(s.title), to: room), x: 0, y: v.row, style: style)
                if x + 4 < room {
                    x += canvas.text(" — ", x: x, y: v.row, style: on ? selectedDetailStyle : detailStyle)
                    canvas.text(TextWidth.truncate(TextWidth.sanitized(s.summary), to: room - x - 1), x: x, y: v.row,
                                style: on ? selectedDetailStyle : Style())
                }
            case .detail(let i):
                let s = samples[i]
                let on = i == selected
                if on { canvas.fill(Rect(x: 0, y: v.row, width: w, height: 1), with: Cell(" ", bg: selectedStyle.bg!)) }
                canvas.text(TextWidth.truncate(TextWidth.sanitized("keys: " + s.keys), to: room - 6), x: 5, y: v.row,
                            style: on ? selectedDetailStyle : detailStyle)
            }
        }
        if let upRow { canvas.text(up, x: w - TextWidth.of(up) - 1, y: upRow, style: detailStyle) }
        if let downRow { canvas.text(down, x: w - TextWidth.of(down) - 1, y: downRow, style: detailStyle) }

        // Above the keys: a sample's error, else the selected sample's command (so users learn the CLI), on up to
        // two lines.
        var note: (text: String, style: Style)?
        if let message {
            note = (message, messageStyle)
        } else if samples.indices.contains(selected) {
            note = ("$ " + samples[selected].command, commandStyle)
        }
        if let note {
            let lines = TextWidth.wrap(TextWidth.sanitized(note.text), width: max(1, w - 2), maxLines: 2)
            for (k, line) in lines.enumerated() {
                canvas.text(line, x: 1, y: h - 1 - lines.count + k, style: note.style)
            }
        }
        let keys = samples.isEmpty ? ["q quit  ? help"]
            : ["↑/↓ move  Enter open  r reset  ? help  q quit", "↑↓ move ⏎ open r reset ? help q quit"]
        let fits = keys.first { TextWidth.of($0) <= w - 2 } ?? keys[keys.count - 1]
        canvas.text(TextWidth.truncate(fits, to: w - 2), x: 1, y: h - 1, style: keysStyle)
    }

    static let helpLines = [
        "↑ / k      previous sample",
        "↓ / j      next sample",
        "PgUp/PgDn  a page up or down",
        "Home / End first or last sample",
        "Enter      open the sample",
        "click      open the sample clicked",
        "wheel      move the selection",
        "r          reset every sample's saved state",
        "q          quit (in a sample, q or Esc: back here)",
        "?          this help",
        "",
        "Leaving a sample comes back here.",
        "Ctrl-C quits from anywhere.",
    ]

    static func drawHelp(_ canvas: inout Canvas) {
        HelpBox.draw(helpLines, into: &canvas)
    }
}
