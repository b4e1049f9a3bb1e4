// A player's state at one moment as the drawings need it (`InAppPresentation`), and whether anything on it is moving
// (so the terminal draws frames only while something moves).

extension InAppPlayer {
    public func presentation(at t: Double) -> InAppPresentation {
        var p = InAppPresentation(message: message, phase: phase(at: t), screen: device.screen, reduceMotion: reduceMotion)
        p.page = page
        if let s = stories {
            p.page = s.index
            p.pageProgress = s.phase == .idle ? 0 : s.fraction(at: clamped(t))
            p.held = s.paused
        }
        p.elapsed = max(0, clamped(t) - presentedAt)
        p.dragOffset = dragOffset(at: t)
        p.scratch = scratch
        if let r = revealedAt {
            let fade = Self.foilFade(reduceMotion: reduceMotion)
            p.scratch.foilFade = Self.progress(t, from: r, over: fade)
        }
        if let g = borderGrows { p.scratch.border = Self.progress(t, from: g.from, over: g.until - g.from) }
        if case .scratchcard = message.content { p.rewardVisible = scratch.revealed }
        if let spin, let at = spunAt {
            let stop = at + spin.duration
            p.wheel.angle = spin.angle(after: t - at)
            p.wheel.spinning = t < stop
            p.wheel.hubFade = Self.progress(t, from: at, over: InAppWheelSpin.hubFade)
            if t >= stop, case .spinwheel(let w) = message.content {
                p.wheel.stoppedIndex = w.winIndex
                let fadeStart = stop + InAppWheelSpin.panelDelay(reduceMotion: reduceMotion)
                p.wheel.wheelFade = Self.progress(t, from: fadeStart, over: InAppWheelSpin.wheelFade(reduceMotion: reduceMotion))
            }
            if let pa = panelAt {
                p.rewardVisible = t + 1e-9 >= pa
                p.rewardFade = Self.progress(t, from: pa, over: InAppWheelSpin.panelFade(reduceMotion: reduceMotion))
            }
        }
        if let c = copiedAt { p.copied = t < c + Self.copiedFor }
        p.confetti = confetti(at: t)
        p.celebration = celebration(at: t)
        p.player = player
        p.player.position = playedBefore + (playingSince.map { max(0, clamped(t) - $0) } ?? 0)
        if player.status == .loading, let r = readyAt, clamped(t) >= r {
            // Ready on its own by now, even if no timer has been fired for it yet (a picture of any moment).
            p.player.status = .playing
            p.player.position = clamped(t) - r
        }
        if case .pip = message.content {
            p.pipExpanded = pipExpanded
            p.pipCenter = pipCenter(at: t)
        }
        return p
    }

    /// How far an animation of `duration` seconds from `start` has run at `t`, 0 … 1.
    static func progress(_ t: Double, from start: Double, over duration: Double) -> Double {
        duration > 0 ? min(1, max(0, (t - start) / duration)) : (t + 1e-9 >= start ? 1 : 0)
    }

    /// Time stops for the message when its out-animation starts.
    func clamped(_ t: Double) -> Double { closingAt.map { min($0, t) } ?? t }

    public func phase(at t: Double) -> InAppPresentation.Phase {
        if let c = closingAt { return .leaving(min(1, max(0, (t - c) / outDuration))) }
        let e = t - presentedAt
        return e < inDuration ? .entering(max(0, e / inDuration)) : .shown
    }

    func dragOffset(at t: Double) -> Double {
        guard let s = settle else { return dragOffset }
        let f = min(1, max(0, (t - s.at) / s.duration))
        return s.from * (1 - f)
    }

    func pipCenter(at t: Double) -> InAppPoint {
        guard let m = pipMove else { return pipCentre(pipCorner) }
        let f = min(1, max(0, (t - m.at) / m.duration))
        if f >= 1 { return m.to }
        return InAppPoint(x: m.from.x + (m.to.x - m.from.x) * f, y: m.from.y + (m.to.y - m.from.y) * f)
    }

    /// Whether the picture changes on its own at `t` (an animation, a progress bar, a spinning wheel, a playing video).
    public func isMoving(at t: Double) -> Bool {
        if let c = closingAt { return t < c + outDuration }
        if t < presentedAt + inDuration { return true }
        if settle != nil || pipMove != nil { return true }
        if let e = expandChangedAt, t < e + Self.pipSpring { return true }
        if let s = stories, s.phase == .idle || s.isRunning { return true }
        // The foil fades, then the border grows.
        if let g = borderGrows, t < g.until { return true }
        // Confetti falls for 3.9 s after a volley; the shimmer sweeps for 1.8 s. Then nothing wakes the terminal.
        if let e = celebrationEnds, t < e { return true }
        if let spin, let at = spunAt, let pa = panelAt {
            // The turn (the hub fades in its first 0.2 s), then, after the wheel's still pause, its fade and the panel's.
            if t < at + spin.duration { return true }
            if let f = wheelFadeStart, t + 1e-9 >= f, t < pa + InAppWheelSpin.panelFade(reduceMotion: reduceMotion) { return true }
        }
        return false
    }

    /// When the stopped wheel starts to fade (after its 1.0 s pause, 0.4 s under Reduce Motion).
    var wheelFadeStart: Double? {
        guard let spin, let at = spunAt else { return nil }
        return at + spin.duration + InAppWheelSpin.panelDelay(reduceMotion: reduceMotion)
    }

    /// The next moment after `t` the picture changes though nothing moves smoothly: a playing video's readout (whole
    /// seconds), the stopped wheel's pause ending. (A spinner's steps are the drawing's to ask for: it alone knows
    /// whether an image is still loading.)
    public func nextTick(after t: Double) -> Double? {
        guard closingAt == nil else { return nil }
        var next: [Double] = []
        if player.status == .playing, let since = playingSince {
            let position = playedBefore + max(0, t - since)
            next.append(since + (position + 1).rounded(.down) - playedBefore)
        }
        if let f = wheelFadeStart, t < f { next.append(f) }
        return next.min()
    }

    /// The app goes to the background (the player pauses) or comes back (it plays on).
    mutating func appState(background: Bool, at t: Double) {
        guard closingAt == nil, player.status == .playing else { return }
        if background, let since = playingSince {
            playedBefore += t - since
            playingSince = nil
        } else if !background && playingSince == nil {
            playingSince = t
        }
    }
}
