// The SDK's presenter (`PushwooshInAppUI`, `PWInAppPipController`; Pushwoosh/pushwoosh-ios-sdk,
// iOS_SDK/Pushwoosh/PushwooshInApp/Presentation/, 7.2.x) on a simulated clock: arrival, the FIFO queue with one
// shared-window message at a time, the pip beside it, the background and pause gates, the host's `ShouldDisplay`,
// frequency, and every delegate callback as an event at the SDK's moment.
//
// The host's delegate here answers only `ShouldDisplay` (`--decline`) and calls nothing back, so the SDK's re-entrancy
// rules (a `present` or `dismiss` from inside a callback) never come into play: every step runs after the callbacks
// of the one before have fired.

/// What the presenter asks the runtime to do, at a moment of the simulated clock.
public enum InAppEffect: Sendable, Equatable {
    case emit(Event)
    /// `UIApplication.open`: the runtime records it and reports `open_url`.
    case openURL(String)
    /// `recordShown`: persist the id's new display count and last-shown time.
    case recordShown(id: String, record: InAppDisplayRecord)
    /// A tap the messages did not take reaches the app.
    case passThrough
}

public struct TimedInAppEffect: Sendable, Equatable {
    public var t: Double
    public var effect: InAppEffect
    public init(t: Double, effect: InAppEffect) { self.t = t; self.effect = effect }
}

public struct InAppPresenterOptions: Sendable, Equatable {
    public var device: InAppDevice
    public var reduceMotion: Bool
    /// Ids the host's `pushwooshInAppShouldDisplay` answers false for.
    public var declined: Set<String>
    /// The wall clock (Unix seconds) at t = 0, for expiry and cooldown.
    public var wallStart: Double
    public init(device: InAppDevice = InAppDevice(), reduceMotion: Bool = false, declined: Set<String> = [], wallStart: Double = 0) {
        self.device = device; self.reduceMotion = reduceMotion; self.declined = declined; self.wallStart = wallStart
    }
}

public struct InAppPresenter: Sendable, Equatable {
    public var options: InAppPresenterOptions
    public var frequency: InAppFrequency
    /// The FIFO queue, first to show first.
    public var queue: ArraySlice<InAppMessage> { waiting[head...] }
    /// The queue's storage and where its front is: dequeuing moves an index, not every message behind it (a flood
    /// of thousands stays linear).
    var waiting: [InAppMessage] = []
    var head = 0
    /// How many queued messages carry each id: the duplicate check without walking a long queue.
    var queuedIDs: [String: Int] = [:]
    /// The shared-window message (`current`): cleared when its dismiss starts.
    public private(set) var current: InAppPlayer?
    public private(set) var pip: InAppPlayer?
    /// Messages in their out-animation (a shared one and pips), oldest first.
    public private(set) var leaving: [Leaving] = []
    /// Pips that arrived while paused, in order.
    public private(set) var pendingPips: [InAppMessage] = []
    public private(set) var isPaused = false
    public private(set) var inBackground = false
    /// Seconds the wall clock was moved on by `advance` (beyond the run's own time).
    public private(set) var wallAdvance = 0.0
    public private(set) var now = 0.0
    var out: [TimedInAppEffect] = []

    public struct Leaving: Sendable, Equatable {
        public var player: InAppPlayer
        public var isPip: Bool
    }

    public init(options: InAppPresenterOptions = InAppPresenterOptions(), frequency: InAppFrequency = InAppFrequency()) {
        self.options = options
        self.frequency = frequency
    }

    /// Unix seconds at run time `t`.
    public func wall(at t: Double) -> Double { options.wallStart + t + wallAdvance }

    /// The effects so far, in order; the buffer empties.
    public mutating func takeEffects() -> [TimedInAppEffect] {
        defer { out.removeAll() }
        return out
    }

    /// `isPresenting`: a shared-window message or a pip is on screen.
    public var isPresenting: Bool { current != nil || pip != nil }

    // MARK: Arrival

    /// `present(message)`: frequency first, then the pip branch, else the duplicate check and the queue.
    public mutating func arrive(_ m: InAppMessage, at t: Double) {
        now = max(now, t)
        if let why = frequency.refusal(of: m, wall: wall(at: t)) { return suppress(m, why, at: t) }
        if case .pip = m.content {
            if isPaused { pendingPips.append(m); return }
            return presentPip(m, at: t)
        }
        // Duplicates by id only: the shared message on screen (not one already leaving) and the queue.
        if let id = m.id, current?.message.id == id || queuedIDs[id] != nil {
            return suppress(m, .duplicate, at: t)
        }
        waiting.append(m)
        if let id = m.id { queuedIDs[id, default: 0] += 1 }
        showNextIfIdle(at: t)
    }

    /// Whether the last `arrive` of `m` was refused at once, and why (for `pushsim notify --inapp`'s answer).
    public static func refusal(in effects: [TimedInAppEffect], of m: InAppMessage) -> InAppSuppression? {
        for e in effects {
            guard case .emit(let ev) = e.effect, ev.name == "inapp_suppressed" else { continue }
            if ev["id"] == (m.id.map { .string($0) } ?? .null), let r = ev["reason"]?.stringValue { return InAppSuppression(rawValue: r) }
        }
        return nil
    }

    mutating func suppress(_ m: InAppMessage, _ why: InAppSuppression, at t: Double) {
        emit(Event("inapp_suppressed", ["id": idValue(m), "reason": .string(why.rawValue)]), at: t)
    }

    func idValue(_ m: InAppMessage) -> JSONValue { m.id.map { .string($0) } ?? .null }

    mutating func emit(_ e: Event, at t: Double) { out.append(TimedInAppEffect(t: t, effect: .emit(e))) }

    mutating func record(_ m: InAppMessage, at t: Double) {
        if let r = frequency.record(m, wall: wall(at: t)), let id = m.id {
            out.append(TimedInAppEffect(t: t, effect: .recordShown(id: id, record: r)))
        }
    }

    /// The pip path: no queue, no duplicate check against the queue, no foreground gate.
    mutating func presentPip(_ m: InAppMessage, at t: Double) {
        if let id = m.id, options.declined.contains(id) { return suppress(m, .declined, at: t) }
        // Recorded before the controller looks, so a pip already on screen with this id still counts.
        record(m, at: t)
        if let id = m.id, pip?.message.id == id { return suppress(m, .duplicate, at: t) }
        // `PWInAppPipController.present` (@fd34d7d, every release since) compares the id with `currentMessageId`
        // while the pip window exists, and the animated close keeps both until it ends: a pip with the closing one's
        // id is skipped without a word (its show already counted above); after the close it shows.
        if pip == nil, let id = m.id, let closing = leaving.last(where: \.isPip), closing.player.message.id == id { return }
        if var old = pip {
            // At most one pip: the older one goes without animation, its DidClose at once.
            old.beginClosing(at: t)
            pip = nil
            emit(Event("inapp_closed", ["id": idValue(old.message)]), at: t)
        }
        pip = InAppPlayer(message: m, presentedAt: t, reduceMotion: options.reduceMotion, device: options.device)
        emit(Event("inapp_will_present", ["id": idValue(m), "layout": .string(m.layout.rawValue)]), at: t)
        emit(Event("inapp_did_present", ["id": idValue(m), "layout": .string(m.layout.rawValue)]), at: t)
    }

    /// `showNextIfIdle`: while nothing is current, not paused, the app is active and something waits, show the first.
    mutating func showNextIfIdle(at t: Double) {
        while current == nil && !isPaused && !inBackground && head < waiting.count {
            let m = dequeue()
            // ShouldDisplay, then the frequency re-check (a sibling with the same id may have shown meanwhile).
            if let id = m.id, options.declined.contains(id) { suppress(m, .declined, at: t); continue }
            if let why = frequency.refusal(of: m, wall: wall(at: t)) { suppress(m, why, at: t); continue }
            record(m, at: t)
            let p = InAppPlayer(message: m, presentedAt: t, reduceMotion: options.reduceMotion, device: options.device)
            current = p
            emit(Event("inapp_will_present", ["id": idValue(m), "layout": .string(m.layout.rawValue)]), at: t)
            emit(Event("inapp_did_present", ["id": idValue(m), "layout": .string(m.layout.rawValue)]), at: t)
            apply(p.appearing(), isPip: false, at: t)
        }
    }

    mutating func dequeue() -> InAppMessage {
        let m = waiting[head]
        head += 1
        if let id = m.id {
            let n = (queuedIDs[id] ?? 1) - 1
            queuedIDs[id] = n > 0 ? n : nil
        }
        if head == waiting.count { waiting.removeAll(keepingCapacity: true); head = 0 }
        else if head >= 1024 && head * 2 >= waiting.count { waiting.removeFirst(head); head = 0 }
        return m
    }

    // MARK: Dismissal

    /// `dismissCurrent`: `current` clears first (a second dismiss is ignored), then the out-animation, then DidClose.
    public mutating func dismissCurrent(at t: Double) {
        guard var p = current else { return }
        p.beginClosing(at: t)
        current = nil
        leaving.append(Leaving(player: p, isPip: false))
    }

    public mutating func dismissPip(at t: Double) {
        guard var p = pip else { return }
        p.beginClosing(at: t)
        pip = nil
        leaving.append(Leaving(player: p, isPip: true))
    }

    /// The API's `dismiss()`: the shared-window message and the pip. The queue stays.
    public mutating func dismissAll(at t: Double) {
        now = max(now, t)
        dismissCurrent(at: t)
        dismissPip(at: t)
    }

    // MARK: Gates

    /// `isPaused`: holds the queue and arriving pips; un-pausing re-presents the pending pips in order (frequency is
    /// checked again), then drains the queue. What is on screen stays.
    public mutating func setPaused(_ on: Bool, at t: Double) {
        now = max(now, t)
        if on { isPaused = true; return }
        guard isPaused else { return }
        isPaused = false
        let pending = pendingPips
        pendingPips = []
        for m in pending { arrive(m, at: t) }
        showNextIfIdle(at: t)
    }

    /// The app leaves or enters the foreground: nothing is dequeued in the background; on return the queue drains.
    public mutating func setBackground(_ on: Bool, at t: Double) {
        now = max(now, t)
        // Players pause in the background and play on when the app comes back.
        current?.appState(background: on, at: t)
        pip?.appState(background: on, at: t)
        inBackground = on
        if !on { showNextIfIdle(at: t) }
    }

    /// `advance SECONDS`: the wall clock only (expiry, ttl, cooldown), not the run's timers.
    public mutating func advanceWall(by seconds: Double) { wallAdvance += seconds }

    // MARK: Gestures

    /// A gesture on what is on screen: the shared-window message first, else the pip. False when nothing on screen
    /// has that control.
    @discardableResult
    public mutating func gesture(_ g: InAppGesture, at t: Double) -> Bool {
        advance(to: t)
        switch g {
        case .tapOutside:
            if var c = current {
                guard let r = c.handle(g, at: t) else { return false }
                current = c
                apply(r, isPip: false, at: t)
            } else {
                out.append(TimedInAppEffect(t: t, effect: .passThrough))
            }
            return true
        case .expand, .pipDrag:
            return onPip(g, at: t)
        default:
            if var c = current, let r = c.handle(g, at: t) {
                current = c
                apply(r, isPip: false, at: t)
                return true
            }
            return onPip(g, at: t)
        }
    }

    /// A gesture on one of the two: the pip, or the shared-window message (the mouse and keys know which).
    @discardableResult
    public mutating func gesture(_ g: InAppGesture, onPip: Bool, at t: Double) -> Bool {
        advance(to: t)
        if onPip { return self.onPip(g, at: t) }
        guard var c = current, let r = c.handle(g, at: t) else { return false }
        current = c
        apply(r, isPip: false, at: t)
        return true
    }

    mutating func onPip(_ g: InAppGesture, at t: Double) -> Bool {
        guard var p = pip, let r = p.handle(g, at: t) else { return false }
        pip = p
        apply(r, isPip: true, at: t)
        return true
    }

    /// A player's outcomes: events as they are; an action is a click (URL) and then a dismiss; a close dismisses.
    mutating func apply(_ outcomes: [InAppPlayerOutcome], isPip: Bool, at t: Double) {
        for o in outcomes {
            let m = isPip ? pip?.message : current?.message
            switch o {
            case .event(let e): emit(e, at: t)
            case .passThrough: out.append(TimedInAppEffect(t: t, effect: .passThrough))
            case .action(let a):
                guard let m else { continue }
                if case .url(let url) = a {
                    // ClickedAction, (Core's onClicked), then the link opens, then the dismiss.
                    emit(Event("inapp_clicked", ["id": idValue(m), "url": .string(url)]), at: t)
                    out.append(TimedInAppEffect(t: t, effect: .openURL(url)))
                }
                if isPip { dismissPip(at: t) } else { dismissCurrent(at: t) }
            case .close:
                if isPip { dismissPip(at: t) } else { dismissCurrent(at: t) }
            }
        }
    }

    // MARK: Time

    public var nextDeadline: Double? {
        ([current?.nextDeadline, pip?.nextDeadline] + leaving.map { $0.player.closedAt }).compactMap { $0 }.min()
    }

    /// Fire every timer due by `t` at its own time, in time order: page timers, auto-dismiss, the wheel's stop, and
    /// the end of each out-animation (DidClose, then the next queued message).
    public mutating func advance(to t: Double) {
        var guardCount = 0
        while let d = nextDeadline, d <= t + 1e-9, guardCount < 1_000_000 {
            guardCount += 1
            now = max(now, d)
            if let i = leaving.firstIndex(where: { ($0.player.closedAt ?? .infinity) <= d + 1e-9 }) {
                let l = leaving.remove(at: i)
                emit(Event("inapp_closed", ["id": idValue(l.player.message)]), at: d)
                if !l.isPip { showNextIfIdle(at: d) }
                continue
            }
            if var c = current, let cd = c.nextDeadline, cd <= d + 1e-9 {
                let fired = c.advance(to: d)
                current = c
                for (ft, o) in fired { apply([o], isPip: false, at: ft) }
                continue
            }
            if var p = pip, let pd = p.nextDeadline, pd <= d + 1e-9 {
                let fired = p.advance(to: d)
                pip = p
                for (ft, o) in fired { apply([o], isPip: true, at: ft) }
                continue
            }
            break
        }
        now = max(now, t)
    }

    // MARK: Drawing

    /// What is on screen at `t`, bottom first: the pip (and a leaving one), then the shared-window messages (one
    /// leaving, the current one).
    public func presentations(at t: Double) -> [InAppPresentation] {
        let pips = leaving.filter(\.isPip).map(\.player) + [pip].compactMap { $0 }
        let shared = leaving.filter { !$0.isPip }.map(\.player) + [current].compactMap { $0 }
        return (pips + shared).map { $0.presentation(at: t) }
    }

    /// The next moment a playing video's clock readout changes (it shows whole seconds), when nothing else moves.
    public func nextTick(after t: Double) -> Double? {
        [current?.nextTick(after: t), pip?.nextTick(after: t)].compactMap { $0 }.min()
    }

    /// Whether anything on screen moves on its own at `t`.
    public func isMoving(at t: Double) -> Bool {
        !leaving.isEmpty || (current?.isMoving(at: t) ?? false) || (pip?.isMoving(at: t) ?? false)
    }
}
