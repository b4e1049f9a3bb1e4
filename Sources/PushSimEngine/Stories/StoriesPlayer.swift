// The stories player as a pure reducer: the SDK's `StoriesPlayer` plus the controller's gestures (spec §1.4–1.9).

public enum StoriesPlayer {
    public static func reduce(_ s: inout StoriesState, _ action: StoriesAction) -> [StoriesEffect] {
        switch action {
        case .start(let now):
            return start(&s, at: now)
        case .timerFired(let generation, let now):
            guard let t = s.timer, t.generation == generation, s.phase == .playing else { return [] }
            s.timer = nil
            return pageTimerCompleted(&s, at: now)
        case .fingerDown(let x, let width, let now):
            guard s.finger == nil, s.phase == .playing || s.phase == .completed else { return [] }
            s.fingerGeneration += 1
            s.finger = .init(downAt: now, x: x, width: width, generation: s.fingerGeneration, longPress: false)
            return []
        case .longPressThreshold(let generation, let now):
            guard let f = s.finger, f.generation == generation, !f.longPress else { return [] }
            return recogniseLongPress(&s, at: now)
        case .fingerUp(let now):
            guard let f = s.finger else { return [] }
            var out: [StoriesEffect] = []
            if !f.longPress && now - f.downAt >= StoriesState.longPressThreshold {
                out += recogniseLongPress(&s, at: f.downAt + StoriesState.longPressThreshold)
            }
            let long = s.finger?.longPress ?? false
            s.finger = nil
            if long {
                // spec §1.6: a hold never navigates; its end resumes a pause (a no-op once playback stopped).
                if s.paused {
                    s.paused = false
                    if s.phase == .playing {
                        thaw(&s, at: now)
                        out.append(.emit(Event("resume", ["index": .number(Double(s.index))])))
                    }
                }
                return out
            }
            return out + tap(&s, x: f.x, width: f.width, at: now)
        case .fingerMovedAway(let now):
            guard let f = s.finger else { return [] }
            // UIKit: movement fails the tap recognizer and a long press that has not begun; a begun one goes on to .ended.
            if f.longPress { return reduce(&s, .fingerUp(at: now)) }
            s.finger = nil
            return []
        case .tap(let x, let width, let now):
            guard s.finger == nil else { return [] }
            return tap(&s, x: x, width: width, at: now)
        case .button(let now):
            guard s.phase == .playing || s.phase == .completed, let page = s.page, page.hasCallToAction, let link = page.link else { return [] }
            // spec §1.7 CTA tap: the action callback first, then stop (the bar freezes), then open the link.
            let action = StoriesEffect.emit(Event("action", ["index": .number(Double(s.index)), "link": .string(link)]))
            freeze(&s, at: now)
            s.phase = .dismissed
            s.paused = false
            return [action, .openURL(link), .dismiss]
        case .dismiss(let now):
            guard s.phase != .dismissed else { return [] }
            freeze(&s, at: now)
            s.phase = .dismissed
            s.paused = false
            s.finger = nil
            return [.dismiss]
        case .suspend(let now):
            guard !s.suspended else { return [] }
            s.suspended = true
            freeze(&s, at: now)
            return []
        case .unsuspend(let now):
            guard s.suspended else { return [] }
            s.suspended = false
            if !s.paused { thaw(&s, at: now) }
            return []
        }
    }

    /// Fire everything due at or before `now` in time order, each at its own time.
    public static func advance(_ s: inout StoriesState, to now: Double) -> [StoriesEffect] {
        var out: [StoriesEffect] = []
        var guardCount = 0
        while guardCount < 100_000 {
            guardCount += 1
            let timerAt = s.timer?.fireAt
            let pressAt = s.finger.flatMap { $0.longPress ? nil : $0.downAt + StoriesState.longPressThreshold }
            if let p = pressAt, p <= now, timerAt == nil || p <= timerAt! {
                out += reduce(&s, .longPressThreshold(generation: s.finger!.generation, at: p))
            } else if let t = timerAt, t <= now {
                out += reduce(&s, .timerFired(generation: s.timer!.generation, at: t))
            } else {
                break
            }
        }
        return out
    }

    // MARK: - Steps

    static func start(_ s: inout StoriesState, at now: Double) -> [StoriesEffect] {
        guard s.phase == .idle else { return [] }
        if s.pages.isEmpty {
            // spec §1.8: no pages → the body, then `storiesViewControllerDidShowFallback`.
            s.phase = .fallback
            return [.emit(Event("fallback", ["body": .string(s.body)]))]
        }
        // spec §1.9: didStart, then didShow(0), then pre-fetch pages 1…n-1.
        var out: [StoriesEffect] = [.emit(Event("start", ["pageCount": .number(Double(s.pages.count))]))]
        s.phase = .playing
        out += show(&s, 0, at: now)
        var seen = Set<String>()
        let later = s.pages.dropFirst().map(\.image).filter { seen.insert($0).inserted }
        if !later.isEmpty { out.append(.prefetch(later)) }
        return out
    }

    /// Show page `i` and restart its clock and timer (every page change restarts the bar, spec §1.5).
    static func show(_ s: inout StoriesState, _ i: Int, at now: Double) -> [StoriesEffect] {
        s.index = i
        s.phase = .playing
        s.pageStart = now
        s.frozenElapsed = nil
        s.timer = nil
        if !s.suspended && !s.paused { schedule(&s, max(s.pages[i].duration, StoriesState.shortestPage), at: now) } else { s.frozenElapsed = 0 }
        return [.emit(Event("show", ["index": .number(Double(i))])), .loadImage(s.pages[i].image)]
    }

    static func schedule(_ s: inout StoriesState, _ after: Double, at now: Double) {
        s.timerGeneration += 1
        // A page's timer is always later than now (past 2^52 s, a frame no longer adds to a Double clock).
        let at = now + max(after, 0)
        s.timer = .init(generation: s.timerGeneration, fireAt: after > 0 && at <= now ? now.nextUp : at)
    }

    /// spec §1.4 timer fire: advance, or complete on the last page (finish once, then loop if asked).
    static func pageTimerCompleted(_ s: inout StoriesState, at now: Double) -> [StoriesEffect] {
        if !s.isLastPage { return show(&s, s.index + 1, at: now) }
        s.phase = .completed
        s.frozenElapsed = s.page?.duration ?? 0
        s.finishes += 1
        var out: [StoriesEffect] = [.emit(Event("finish"))]
        // spec §1.7 loop: didFinish, then restart from page 0 (no second `start`, `show` 0 again).
        if s.options.loop { out += show(&s, 0, at: now) }
        return out
    }

    /// spec §1.6: x < width/3 goes back (restarting page 0 on the first page); anywhere else goes forward.
    static func tap(_ s: inout StoriesState, x: Double, width: Double, at now: Double) -> [StoriesEffect] {
        guard s.phase == .playing || s.phase == .completed else { return [] }
        let haptic: [StoriesEffect] = s.options.haptics ? [.haptic] : []
        if x < width / 3 {
            return haptic + show(&s, max(s.index - 1, 0), at: now)
        }
        if !s.isLastPage { return haptic + show(&s, s.index + 1, at: now) }
        if s.options.loop { return haptic + show(&s, 0, at: now) }
        return []  // forward on the last page: nothing; the timer runs on to completion
    }

    /// spec §1.6: pause only when enabled, not already paused, and the clock is running (not after completion).
    static func recogniseLongPress(_ s: inout StoriesState, at now: Double) -> [StoriesEffect] {
        s.finger?.longPress = true
        guard s.options.longPressPause, !s.paused, s.isRunning, !s.suspended else { return [] }
        s.paused = true
        freeze(&s, at: now)
        return [.emit(Event("pause", ["index": .number(Double(s.index))]))]
    }

    static func freeze(_ s: inout StoriesState, at now: Double) {
        if s.frozenElapsed == nil && s.phase == .playing { s.frozenElapsed = max(0, now - s.pageStart) }
        s.timer = nil
    }

    /// spec §1.5: back-date the clock by the elapsed time and schedule the remainder.
    static func thaw(_ s: inout StoriesState, at now: Double) {
        guard s.phase == .playing, let e = s.frozenElapsed, let page = s.page else { return }
        s.frozenElapsed = nil
        s.pageStart = now - e
        schedule(&s, max(page.duration, StoriesState.shortestPage) - e, at: now)
    }
}
