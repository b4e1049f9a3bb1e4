// Keys and mouse for the native in-app messages in `pushsim inapp`: the screens' key table (`InAppKeys`) and hit maps
// (`InAppScreen.draw`) name the contract's step; this turns it into the gesture, on the message it is for.

import PushSimEngine
import PushSimScreens

extension NativeInApp {
    /// A key for what is on screen; false when it is not one of its keys (the host app gets it).
    public func key(_ k: Key, at t: Double) -> Bool {
        let shown = presentations(at: t)
        guard let target = InAppKeys.action(for: k, on: shown) else { return false }
        let onPip = target.index.map { shown.indices.contains($0) && shown[$0].message.layout == .pip } ?? false
        perform(target.action, onPip: onPip, at: t)
        return true
    }

    func perform(_ a: InAppKeyAction, onPip: Bool, at t: Double) {
        func g(_ x: InAppGesture) { _ = gesture(x, onPip: onPip, at: t) }
        switch a {
        case .button(let n): g(.button(n - 1))
        case .close: g(.close)
        case .tap: g(.tap)
        case .tapOutside: g(.tapOutside)
        case .tapZone(let z): g(.tapAt(Self.zoneX(z)))
        case .holdToggle:
            g(holding ? .fingerUp : .fingerDown)
            holding.toggle()
        case .swipe(let d): g(.swipe(InAppGesture.Direction(rawValue: d.rawValue) ?? .down))
        case .scratchMove(let dx, let dy): moveBrush(dx: dx, dy: dy, at: t)
        case .scratchFinger:
            brushDown.toggle()
            g(brushDown ? .scratchDown(brush) : .scratchUp)
        case .reveal: g(.reveal)
        case .spin: g(.spin)
        case .claim: g(.claim)
        case .mute: g(.mute)
        case .expand: g(.expand)
        case .pipThrow(let dx, let dy): pipThrow(dx: dx, dy: dy, at: t)
        case .videoReady: g(.videoReady)
        case .videoFail: g(.videoFail)
        case .videoEnd: g(.videoEnd)
        case .dismissAll: dismiss(at: t)
        case .toggleBackground: setBackground(!presenter.inBackground, at: t)
        case .togglePause: setPaused(!presenter.isPaused, at: t)
        }
    }

    /// The middle of each third, as `tap left|middle|right` taps.
    static func zoneX(_ z: InAppStoryZone) -> Double {
        switch z {
        case .left: return 1.0 / 6
        case .middle: return 0.5
        case .right: return 5.0 / 6
        }
    }

    /// The keyboard's finger on the scratch card moves by one grid cell; while down the move is part of the stroke,
    /// and the SDK checks the threshold after it.
    func moveBrush(dx: Int, dy: Int, at t: Double) {
        brush = InAppPoint(x: min(1, max(0, brush.x + Double(dx) / Double(InAppScratchState.columns))),
                           y: min(1, max(0, brush.y + Double(dy) / Double(InAppScratchState.rows))))
        guard brushDown else { return }
        _ = gesture(.scratchMove(brush), at: t)
        // A move that revealed takes the foil, and with it the keys that scratch: the keyboard's finger lifts there,
        // ending its stroke (its `scratch` event) — space would not reach the foil any more to lift it.
        if presenter.current?.presentation(at: t).scratch.revealed == true {
            brushDown = false
            _ = gesture(.scratchUp, at: t)
        }
    }

    /// Arrow keys throw the pip toward that side; it settles in the nearest corner.
    func pipThrow(dx: Int, dy: Int, at t: Double) {
        guard let p = presenter.pip?.presentation(at: t) else { return }
        let s = p.screen
        let x = dx == 0 ? p.pipCenter.x / s.width : (dx < 0 ? 0 : 1)
        let y = dy == 0 ? p.pipCenter.y / s.height : (dy < 0 ? 0 : 1)
        _ = gesture(.pipDrag(InAppPoint(x: x, y: y)), onPip: true, at: t)
    }

    // MARK: Mouse

    /// Where each message's elements are on a screen of `size` at `t` (drawn off screen: a headless run may never
    /// have drawn a frame).
    public func hits(in size: Size, at t: Double) -> [InAppHitMap] {
        var c = Canvas(size: size)
        return InAppScreen.draw(presentations(at: t), at: t, on: &c)
    }

    /// What is at a cell: the topmost message's element there, or the app.
    public func hit(x: Int, y: Int, in size: Size, at t: Double) -> InAppHit {
        InAppScreen.hit(hits(in: size, at: t), x: x, y: y)
    }

    /// A press: remembered with what it landed on (a scratch stroke starts at once); false when the app gets it.
    public func press(x: Int, y: Int, in size: Size, at t: Double) -> Bool {
        let h = hit(x: x, y: y, in: size, at: t)
        guard let i = h.index else { mouse = nil; return false }
        let shown = presentations(at: t)
        let onPip = shown.indices.contains(i) && shown[i].message.layout == .pip
        mouse = MouseState(x: x, y: y, at: t, hit: h, layout: shown.indices.contains(i) ? shown[i].message.layout : nil, onPip: onPip)
        // A press on the foil is the stroke's touch-down.
        if case .scratchArea(let fx, let fy) = h.element { _ = gesture(.scratchDown(InAppPoint(x: fx, y: fy)), onPip: onPip, at: t) }
        // A finger on a story: held 0.25 s it pauses the page while it stays down, as on the phone.
        if case .storyZone(let z) = h.element { _ = gesture(.fingerDownAt(Self.zoneX(z)), onPip: false, at: t) }
        return true
    }

    /// A drag: each move over the foil is a move of the stroke (the reveal comes the moment the threshold is crossed,
    /// as on the phone), a sheet follows the finger down; other drags are decided on release.
    public func drag(x: Int, y: Int, in size: Size, at t: Double) {
        guard let m = mouse else { return }
        if m.layout == .sheet {
            mouse?.moves = m.moves.filter { t - $0.t <= 0.1 } + [(y: y, t: t)]
            _ = gesture(.drag(Double(y - m.y) * pointsPerRow(size, at: t)), onPip: false, at: t)
            return
        }
        guard case .scratchArea = m.hit.element else { return }
        if case .scratchArea(let fx, let fy) = hit(x: x, y: y, in: size, at: t).element {
            _ = gesture(.scratchMove(InAppPoint(x: fx, y: fy)), onPip: m.onPip, at: t)
        }
    }

    /// The release: a click is a tap on what was pressed; a drag is a swipe (carousel, stories, banner), a sheet's
    /// drag, a scratch stroke, or a pip's throw; a press held ≥ 0.25 s on a story is a hold.
    public func release(x: Int, y: Int, in size: Size, at t: Double) {
        guard let m = mouse else { return }
        mouse = nil
        let dx = x - m.x, dy = y - m.y
        let pointsPerRow = self.pointsPerRow(size, at: t)
        func g(_ x: InAppGesture) { _ = gesture(x, onPip: m.onPip, at: t) }
        if case .scratchArea = m.hit.element {
            g(.scratchUp)
            return
        }
        if dx == 0 && dy == 0 {
            switch m.hit.element {
            case .closeChip: g(.close)
            case .button(let n): g(.button(n - 1))
            case .body: g(.tap)
            case .storyZone:
                g(.fingerUp)  // a tap in its third, or the end of a hold
            case .hub: g(.spin)
            case .promoChip: g(.claim)
            case .revealButton: g(.reveal)
            case .mute: g(.mute)
            case .expand: g(.expand)
            case .outside: g(.tapOutside)
            case .wheel, .scratchArea: break
            }
            return
        }
        if case .storyZone = m.hit.element { g(.fingerCancel) }
        switch m.layout {
        case .pip:
            g(.pipDrag(InAppPoint(x: min(1, max(0, (Double(x) + 0.5) / Double(size.width))), y: min(1, max(0, (Double(y) + 0.5) / Double(size.height))))))
        case .sheet:
            // Past 90 pt, or faster than 900 pt/s downward, it goes; else it springs back.
            let moved = Double(dy) * pointsPerRow
            g(.drag(moved))
            g(.release(moved, velocity: releaseVelocity(m, y: y, pointsPerRow: pointsPerRow, at: t)))
        default:
            let d: InAppGesture.Direction = abs(dx) * 2 >= abs(dy) ? (dx < 0 ? .left : .right) : (dy < 0 ? .up : .down)
            g(.swipe(d))
        }
    }

    /// The finger's speed as it lets go, in points per second downward, as UIKit's pan measures it: over its last
    /// tenth of a second (else since its last move: a finger that stopped lets go at rest), at least a frame long.
    func releaseVelocity(_ m: MouseState, y: Int, pointsPerRow: Double, at t: Double) -> Double {
        let samples = [(y: m.y, t: m.at)] + m.moves
        let from = samples.first { t - $0.t <= 0.1 } ?? samples[samples.count - 1]
        return Double(y - from.y) * pointsPerRow / max(t - from.t, 1.0 / 60)
    }

    /// How many of the device's points one terminal row stands for.
    func pointsPerRow(_ size: Size, at t: Double) -> Double {
        (presentations(at: t).last?.screen.height ?? InAppSize.iPhone15.height) / Double(max(1, size.height))
    }
}
