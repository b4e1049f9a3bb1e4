// A plain drawing of the native in-app messages on screen (a box in each template's place with its text and state),
// used until the terminal screens of PushSimScreens/InApp take over; `--frames` shows what plays.

import PushSimEngine
import PushSimScreens

public enum NativeInAppPlaceholder {
    static let card = Style(fg: .white, bg: .rgb(44, 44, 46))
    static let dim = Style(fg: .rgb(160, 160, 160), bg: .rgb(44, 44, 46))

    public static func draw(_ shown: [InAppPresentation], notice: String?, at t: Double, on c: inout Canvas) {
        for p in shown { draw(p, on: &c) }
        if let notice, c.width > 4 {
            let line = " " + TextWidth.truncate(TextWidth.sanitized(notice), to: c.width - 4) + " "
            c.text(line, x: 1, y: 1, style: Style(fg: .white, bg: .rgb(160, 40, 40), attrs: .bold))
        }
    }

    /// Where the template sits, in cells.
    static func rect(_ p: InAppPresentation, in size: Size) -> Rect {
        let w = size.width, h = size.height
        switch p.message.content {
        case .stories, .fullscreen, .video:
            return Rect(x: 0, y: 0, width: w, height: h)
        case .banner(let b):
            let bh = min(h, 4)
            return Rect(x: 1, y: b.position == .top ? 1 : max(0, h - bh - 1), width: max(0, w - 2), height: bh)
        case .sheet:
            let sh = min(h, max(6, h / 2))
            return Rect(x: 0, y: h - sh, width: w, height: sh)
        case .pip:
            if p.pipExpanded { return Rect(x: 0, y: 0, width: w, height: h) }
            let sx = Double(w) / p.screen.width, sy = Double(h) / p.screen.height
            let pw = max(12, Int((p.screen.width * widthFraction(p) * sx).rounded()))
            let ph = max(4, Int((p.screen.width * widthFraction(p) * aspect(p) * sy).rounded()))
            let x = Int((p.pipCenter.x * sx).rounded()) - pw / 2, y = Int((p.pipCenter.y * sy).rounded()) - ph / 2
            return Rect(x: min(max(0, x), max(0, w - pw)), y: min(max(0, y), max(0, h - ph)), width: min(pw, w), height: min(ph, h))
        default:
            let cw = min(w - 4, 48), ch = min(h - 2, 14)
            return Rect(x: (w - cw) / 2, y: (h - ch) / 2, width: max(0, cw), height: max(0, ch))
        }
    }

    static func widthFraction(_ p: InAppPresentation) -> Double { if case .pip(let x) = p.message.content { return x.width }; return 0.4 }
    static func aspect(_ p: InAppPresentation) -> Double { if case .pip(let x) = p.message.content { return x.aspectRatio }; return 0.5625 }

    static func draw(_ p: InAppPresentation, on c: inout Canvas) {
        let r = rect(p, in: c.size)
        guard r.width >= 6, r.height >= 3 else { return }
        var title = "\(p.message.layout.rawValue) \(p.message.id ?? "")"
        switch p.phase {
        case .entering(let f): title += " ↗ \(Int(f * 100))%"
        case .leaving(let f): title += " ↘ \(Int(f * 100))%"
        case .shown: break
        }
        OverlayBox.draw(into: &c, r, title: title, style: card)
        if p.message.content.showsCloseChip { c.text("✕", x: r.maxX - 3, y: r.y, style: card) }
        var y = r.y + 1
        func line(_ s: String, _ style: Style = card) {
            guard y < r.maxY - 1 else { return }
            c.text(TextWidth.truncate(TextWidth.sanitized(s), to: r.width - 4), x: r.x + 2, y: y, style: style)
            y += 1
        }
        for l in lines(p) { line(l.0, l.1 ? Style(fg: .white, bg: card.bg, attrs: .bold) : card) }
        let buttons = self.buttons(p)
        if !buttons.isEmpty {
            line(buttons.enumerated().map { "[\($0.offset + 1) \($0.element)]" }.joined(separator: " "), Style(fg: .black, bg: .rgb(220, 220, 220)))
        }
    }

    /// Title-ish lines (bold) and state lines.
    static func lines(_ p: InAppPresentation) -> [(String, Bool)] {
        func texts(_ a: InAppText?, _ b: InAppText?) -> [(String, Bool)] {
            [a.map { ($0.text, true) }, b.map { ($0.text, false) }].compactMap { $0 }
        }
        switch p.message.content {
        case .modal(let m), .sheet(let m): return texts(m.title, m.message)
        case .banner(let b): return texts(b.title, b.message)
        case .fullscreen(let f): return texts(f.title, f.message)
        case .carousel(let cz):
            let item = cz.items.indices.contains(p.page) ? cz.items[p.page] : nil
            return texts(item?.title, item?.message) + [("page \(p.page + 1)/\(cz.items.count)", false)]
        case .stories(let s):
            let bars = s.items.indices.map { i in i < p.page ? "━━━" : i == p.page ? progress(p.pageProgress) : "───" }.joined(separator: " ")
            let item = s.items.indices.contains(p.page) ? s.items[p.page] : nil
            return [(bars + (p.held ? " ⏸" : ""), false)] + texts(item?.title, item?.message)
        case .video(let v):
            return texts(v.title, v.message) + [(player(p.player), false)]
        case .pip:
            return [(player(p.player), false)]
        case .scratchcard(let s):
            var out = texts(s.title, s.message)
            out.append((s.revealed(p) ? reward(s.reward, p) : "▒ Scratch here ▒  \(Int((p.scratch.fraction * 100).rounded()))% of \(Int((s.revealThreshold * 100).rounded()))%", false))
            return out
        case .spinwheel(let w):
            var out = texts(w.title, w.message)
            let labels = w.segments.enumerated().map { i, s in p.wheel.stoppedIndex == i ? "▶\(s.message.text)◀" : s.message.text }
            if p.rewardVisible { out.append((reward(w.resolvedReward, p), false)) }
            else {
                out.append((labels.joined(separator: " · "), false))
                let deg = Int((-p.wheel.angle * 180 / .pi).rounded())
                out.append((p.wheel.spinning ? "spinning… \(deg)°" : p.wheel.stoppedIndex == nil ? "[\(w.spinButton.text.text)]" : "stopped", false))
            }
            return out
        }
    }

    static func progress(_ f: Double) -> String {
        let n = Int((f * 3).rounded(.down))
        return String(repeating: "━", count: min(3, n)) + String(repeating: "─", count: max(0, 3 - n))
    }

    static func player(_ s: InAppPlayerState) -> String {
        let mute = s.muted ? "muted" : "sound on"
        return "▶ \(s.status.rawValue) \(JSONValue.formatNumber((s.position * 10).rounded() / 10)) s · \(mute)"
    }

    static func reward(_ r: InAppReward, _ p: InAppPresentation) -> String {
        let code = r.code.map { p.copied ? "Copied!" : "⧉ \($0)" }
        return [r.title?.text, code].compactMap { $0 }.joined(separator: "  ")
    }

    static func buttons(_ p: InAppPresentation) -> [String] {
        switch p.message.content {
        case .modal(let m), .sheet(let m): return m.buttons.map(\.text.text)
        case .fullscreen(let f): return f.buttons.map(\.text.text)
        case .video(let v): return v.buttons.map(\.text.text)
        case .stories(let s): return s.items.indices.contains(p.page) ? s.items[p.page].buttons.map(\.text.text) : []
        case .scratchcard(let s):
            return (s.revealed(p) ? [s.reward.button?.text.text] : [s.revealButton?.text.text]).compactMap { $0 }
        case .spinwheel(let w): return p.rewardVisible ? [w.resolvedReward.button?.text.text].compactMap { $0 } : []
        default: return []
        }
    }
}

extension InAppScratchCard {
    func revealed(_ p: InAppPresentation) -> Bool { p.scratch.revealed }
}
