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

        for v in layout.visible {
            switch v.line {
            case .blank:
                break
            case .heading(let e):
                canvas.text(" \(e.rawValue)", x: 0, y: v.row, style: headingStyle, maxWidth: w)
            case .title(let i):
                let s = samples[i]
                let on = i == selected
                if on { canvas.fill(Rect(x: 0, y: v.row, width: w, height: 1), with: Cell(" ", bg: selectedStyle.bg!)) }
                let style = on ? selectedStyle : Style(attrs: [.bold])
                let marker = on ? " ▸ " : "   "
                var x = canvas.text(marker + s.title, x: 0, y: v.row, style: style, maxWidth: w)
                if x + 4 < w {
                    x += canvas.text(" — ", x: x, y: v.row, style: on ? selectedDetailStyle : detailStyle)
                    let room = w - x - 1
                    canvas.text(TextWidth.truncate(TextWidth.sanitized(s.summary), to: room), x: x, y: v.row,
                                style: on ? selectedDetailStyle : Style())
                }
            case .detail(let i):
                let s = samples[i]
                let on = i == selected
                if on { canvas.fill(Rect(x: 0, y: v.row, width: w, height: 1), with: Cell(" ", bg: selectedStyle.bg!)) }
                canvas.text(TextWidth.truncate(TextWidth.sanitized("keys: " + s.keys), to: w - 6), x: 5, y: v.row,
                            style: on ? selectedDetailStyle : detailStyle)
            }
        }
        if layout.hasMoreAbove { canvas.text("↑ more", x: w - 7, y: HomeLayout.top, style: detailStyle) }
        if layout.hasMoreBelow { canvas.text("↓ more", x: w - 7, y: HomeLayout.top + layout.listHeight - 1, style: detailStyle) }

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
        let keys = samples.isEmpty ? "q quit  ? help" : "↑/↓ move  Enter open  ? help  q quit"
        canvas.text(TextWidth.truncate(keys, to: w - 2), x: 1, y: h - 1, style: keysStyle)
    }

    static let helpLines = [
        "↑ / k      previous sample",
        "↓ / j      next sample",
        "PgUp/PgDn  a page up or down",
        "Home / End first or last sample",
        "Enter      open the sample",
        "click      open the sample clicked",
        "wheel      move the selection",
        "q / Esc    quit (in a sample: leave it)",
        "?          this help",
        "",
        "Leaving a sample comes back here.",
        "Ctrl-C quits from anywhere.",
    ]

    static func drawHelp(_ canvas: inout Canvas) {
        let inner = helpLines.map { TextWidth.of($0) }.max() ?? 0
        let bw = min(canvas.width - 2, inner + 4), bh = min(canvas.height - 2, helpLines.count + 4)
        let box = Rect(x: (canvas.width - bw) / 2, y: (canvas.height - bh) / 2, width: bw, height: bh)
        let border = Style(fg: .white, bg: .rgb(48, 48, 48))
        canvas.fill(box, with: Cell(" ", fg: .white, bg: .rgb(48, 48, 48)))
        for x in box.x..<box.maxX {
            canvas.text(x == box.x ? "╭" : x == box.maxX - 1 ? "╮" : "─", x: x, y: box.y, style: border)
            canvas.text(x == box.x ? "╰" : x == box.maxX - 1 ? "╯" : "─", x: x, y: box.maxY - 1, style: border)
        }
        for y in (box.y + 1)..<(box.maxY - 1) {
            canvas.text("│", x: box.x, y: y, style: border)
            canvas.text("│", x: box.maxX - 1, y: y, style: border)
        }
        canvas.centered(" Keys ", in: Rect(x: box.x, y: box.y, width: bw, height: 1), y: box.y, style: Style(fg: .white, bg: .rgb(48, 48, 48), attrs: [.bold]))
        for (k, l) in helpLines.enumerated() where box.y + 2 + k < box.maxY - 1 {
            canvas.text(l, x: box.x + 2, y: box.y + 2 + k, style: border, maxWidth: bw - 4)
        }
        let close = "any key closes"
        canvas.text(close, x: box.maxX - 2 - TextWidth.of(close), y: box.maxY - 1, style: Style(fg: .rgb(138, 138, 138), bg: .rgb(48, 48, 48)))
    }
}
