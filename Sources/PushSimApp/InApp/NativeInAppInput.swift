// Keys and mouse for the native in-app messages in `pushsim inapp`: one key per gesture of the contract's steps, the
// hints the status line shows for the message on screen, and the `?` help.

import PushSimEngine
import PushSimScreens

extension NativeInApp {
    /// A key for the message on screen; false when it is not one of its keys (the host app gets it).
    public func key(_ k: Key, at t: Double) -> Bool {
        guard let f = focused else {
            // With nothing on screen only the app-state keys apply.
            switch k {
            case .char("B"): setBackground(!presenter.inBackground, at: t); return true
            case .char("P"): setPaused(!presenter.isPaused, at: t); return true
            default: return false
            }
        }
        let layout = f.layout
        switch k {
        case .char(let c) where c >= "1" && c <= "9":
            _ = gesture(.button((c.wholeNumberValue ?? 1) - 1), at: t)
        case .char("c"): _ = gesture(.close, at: t)
        case .enter, .char("t"):
            _ = gesture(layout == .stories ? .tapAt(5.0 / 6) : .tap, at: t)
        case .char("o"): _ = gesture(.tapOutside, at: t)
        case .left:
            switch layout {
            case .stories: _ = gesture(.tapAt(1.0 / 6), at: t)
            case .scratchcard: moveBrush(dx: -1, dy: 0, at: t)
            case .pip where presenter.current == nil: pipKey(dx: -1, dy: 0, at: t)
            default: _ = gesture(.swipe(.right), at: t)  // the previous page comes in from the left
            }
        case .right:
            switch layout {
            case .stories: _ = gesture(.tapAt(5.0 / 6), at: t)
            case .scratchcard: moveBrush(dx: 1, dy: 0, at: t)
            case .pip where presenter.current == nil: pipKey(dx: 1, dy: 0, at: t)
            default: _ = gesture(.swipe(.left), at: t)
            }
        case .up:
            switch layout {
            case .scratchcard: moveBrush(dx: 0, dy: -1, at: t)
            case .pip where presenter.current == nil: pipKey(dx: 0, dy: -1, at: t)
            default: _ = gesture(.swipe(.up), at: t)
            }
        case .down:
            switch layout {
            case .scratchcard: moveBrush(dx: 0, dy: 1, at: t)
            case .pip where presenter.current == nil: pipKey(dx: 0, dy: 1, at: t)
            default: _ = gesture(.swipe(.down), at: t)
            }
        case .space:
            switch layout {
            case .scratchcard:
                // Space puts the brush down (a stroke starts where it is) or lifts it.
                brushDown.toggle()
                if brushDown { _ = gesture(.scratch([brush]), at: t) }
            case .stories: _ = gesture(holding ? .fingerUp : .fingerDown, at: t); holding.toggle()
            case .spinwheel: _ = gesture(.spin, at: t)
            default: _ = gesture(.tap, at: t)
            }
        case .char("h") where layout == .stories:
            _ = gesture(holding ? .fingerUp : .fingerDown, at: t)
            holding.toggle()
        case .char("r"): _ = gesture(.reveal, at: t)
        case .char("s"): _ = gesture(.spin, at: t)
        case .char("y"): _ = gesture(.claim, at: t)
        case .char("m"): _ = gesture(.mute, at: t)
        case .char("e"): _ = gesture(.expand, at: t)
        case .char("v"): _ = gesture(.videoReady, at: t)
        case .char("V"): _ = gesture(.videoFail, at: t)
        case .char("n"): _ = gesture(.videoEnd, at: t)
        case .char("d"): dismiss(at: t)
        case .char("B"): setBackground(!presenter.inBackground, at: t)
        case .char("P"): setPaused(!presenter.isPaused, at: t)
        default: return false
        }
        return true
    }

    /// A click at a cell: on a message it taps it (its close chip, top right, closes it), beside it it is a tap outside.
    public func click(x: Int, y: Int, in size: Size, at t: Double) {
        let shown = presentations(at: t).reversed()
        guard let p = shown.first(where: { NativeInAppPlaceholder.rect($0, in: size).contains(x: x, y: y) }) else {
            _ = gesture(.tapOutside, at: t)
            return
        }
        let r = NativeInAppPlaceholder.rect(p, in: size)
        if p.message.content.showsCloseChip && y == r.y && x >= r.maxX - 4 { _ = gesture(.close, at: t); return }
        switch p.message.layout {
        case .stories: _ = gesture(.tapAt(Double(x - r.x) / Double(max(1, r.width))), at: t)
        case .spinwheel: _ = gesture(.spin, at: t)
        case .scratchcard:
            let f = InAppPoint(x: Double(x - r.x) / Double(max(1, r.width)), y: Double(y - r.y) / Double(max(1, r.height)))
            _ = gesture(.scratch([f]), at: t)
        default: _ = gesture(.tap, at: t)
        }
    }

    /// The scratch brush moves by one grid cell; with the brush down the move is a stroke (checked against the
    /// threshold like a finger's move).
    func moveBrush(dx: Int, dy: Int, at t: Double) {
        let from = brush
        brush = InAppPoint(x: min(1, max(0, brush.x + Double(dx) / Double(InAppScratchState.columns))),
                           y: min(1, max(0, brush.y + Double(dy) / Double(InAppScratchState.rows))))
        if brushDown { _ = gesture(.scratch([from, brush]), at: t) }
    }

    /// Arrow keys throw the pip toward that side; it settles in the nearest corner.
    func pipKey(dx: Int, dy: Int, at t: Double) {
        guard let p = presenter.pip?.presentation(at: t) else { return }
        let s = p.screen
        let x = dx == 0 ? p.pipCenter.x / s.width : (dx < 0 ? 0 : 1)
        let y = dy == 0 ? p.pipCenter.y / s.height : (dy < 0 ? 0 : 1)
        _ = gesture(.pipDrag(InAppPoint(x: x, y: y)), at: t)
    }

    /// The keys of the message on screen, for the status line.
    public var hints: String? {
        guard let f = focused else { return nil }
        let close = f.message.content.showsCloseChip ? "  c close" : ""
        switch f.layout {
        case .modal, .sheet, .fullscreen:
            return "1-9 button\(close)  o outside" + (f.layout == .sheet ? "  ↓ drag down" : "")
        case .carousel: return "←→ page  t tap\(close)  o outside"
        case .stories: return "←→ tap  space hold  ↓ close  1-9 button\(close)"
        case .banner: return "t tap  \(f.message.content.bannerEdge) swipe\(close)"
        case .video: return "1-9 button  m mute  v ready  V fail  n end\(close)"
        case .pip: return "t tap  e expand  ←↑→↓ corner  m mute  c close"
        case .scratchcard: return "←↑→↓ brush  space scratch  r reveal  y copy  1 button\(close)"
        case .spinwheel: return "s spin  y copy  1 button\(close)"
        }
    }

    /// The `?` help for native messages.
    public static let helpLines = [
        "Native in-app messages",
        "1-9             the message's buttons",
        "c               the close chip        d  dismiss() all",
        "t or ⏎          tap it (banner, pip, carousel item)",
        "o               tap the app beside it",
        "← →             carousel pages, story taps",
        "↑ ↓             swipe (sheet, stories, banner)",
        "space / h       stories: hold; wheel: spin",
        "arrows, space   scratch card: move, brush down/up",
        "r  s  y         reveal, spin, copy the promo code",
        "m  e            mute, expand the pip",
        "v  V  n         video ready, fails, ends",
        "B  P            app to background, pause in-apps",
    ]
}

extension InAppContent {
    /// The arrow that swipes a banner toward its own edge.
    var bannerEdge: String {
        if case .banner(let b) = self { return b.position == .top ? "↑" : "↓" }
        return ""
    }
}
