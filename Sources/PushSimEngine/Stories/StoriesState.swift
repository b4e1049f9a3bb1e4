// The stories player's state (spec §1.4–1.9): which page, its clock, the one-shot timer, the finger, the phase.

public struct StoriesState: Sendable, Equatable {
    public enum Phase: String, Sendable, Equatable {
        /// Parsed, not started (the collapsed notification).
        case idle
        case playing
        /// The last page's timer completed and looping is off: the bar is full and frozen.
        case completed
        /// No valid pages: the notification body is shown; taps do nothing.
        case fallback
        /// Dismissed by the user or by the call-to-action: nothing moves any more.
        case dismissed
    }

    /// The single one-shot timer; a tick whose generation differs is stale and ignored.
    public struct PageTimer: Sendable, Equatable {
        public var generation: Int
        public var fireAt: Double
    }

    /// A finger on the story: where it went down, and whether the 0.25 s long press was recognised.
    public struct Finger: Sendable, Equatable {
        public var downAt: Double
        public var x: Double
        public var width: Double
        public var generation: Int
        public var longPress: Bool
    }

    /// spec §1.6: `minimumPressDuration`.
    public static let longPressThreshold = 0.25

    /// The shortest time a page shows: one frame of a 60 Hz display. The SDK has no minimum: push stories and the
    /// native in-app stories (`PWStoriesInAppView.scheduleAutoAdvance`, PushwooshInApp/Views/PWStoriesInAppView.swift,
    /// pushwoosh-ios-sdk 7.2.0) schedule a one-shot `Timer` for the page's duration as given, and Foundation replaces
    /// only an interval ≤ 0 (by 0.1 ms: developer.apple.com/documentation/foundation/timer/scheduledtimer(withtimeinterval:repeats:block:)).
    /// The next page's timer is scheduled inside the last one's callback, so on the phone a page lasts at least one
    /// pass of the main run loop, and the screen changes at most once a display refresh; how many passes fit in a
    /// frame depends on the phone, so what a shorter page does cannot be seen. A page of `duration: 1e-300` with
    /// `loop` would otherwise turn for ever at one simulated instant: this bounds it to 60 pages a second, in
    /// simulated and in real time.
    public static let shortestPage = 1.0 / 60

    public var pages: [StoryPage]
    /// The fallback text (spec §1.8).
    public var body: String
    public var options: StoriesOptions
    public internal(set) var phase: Phase = .idle
    public internal(set) var index = 0
    public internal(set) var timer: PageTimer?
    public internal(set) var finger: Finger?
    /// Long-press pause in effect (spec §1.6).
    public internal(set) var paused = false
    /// Playback held by the host (terminal too small); no events, like a view that is not visible.
    public internal(set) var suspended = false
    /// Completed passes (`finish` events).
    public internal(set) var finishes = 0
    /// When the current page's clock started, back-dated on resume so the bar continues (spec §1.5).
    var pageStart = 0.0
    /// The elapsed time shown while the clock is stopped (paused, suspended, completed, dismissed).
    var frozenElapsed: Double?
    var timerGeneration = 0
    var fingerGeneration = 0

    public init(pages: [StoryPage], body: String = "", options: StoriesOptions = StoriesOptions()) {
        self.pages = pages
        self.body = body
        self.options = options
    }

    public init(payload: StoriesPayload, options: StoriesOptions = StoriesOptions()) {
        self.init(pages: payload.pages, body: payload.body, options: options)
    }

    public var page: StoryPage? { pages.indices.contains(index) ? pages[index] : nil }
    public var isLastPage: Bool { index == pages.count - 1 }
    /// True while the page clock runs (the SDK's display link).
    public var isRunning: Bool { phase == .playing && frozenElapsed == nil }

    /// Seconds the current page has been showing, as the progress bar sees it.
    public func elapsed(at now: Double) -> Double {
        if let f = frozenElapsed { return f }
        guard phase == .playing else { return 0 }
        return max(0, now - pageStart)
    }

    /// spec §1.5: elapsed / max(duration, 0.01), clamped to 0…1.
    public func fraction(at now: Double) -> Double {
        guard let page else { return 0 }
        return min(max(elapsed(at: now) / max(page.duration, 0.01), 0), 1)
    }

    /// spec §1.5: pages before the active one are full, the active one shows its fraction, later ones are empty.
    public func segmentFractions(at now: Double) -> [Double] {
        guard phase != .fallback, phase != .idle else { return Array(repeating: 0, count: pages.count) }
        let f = fraction(at: now)
        return pages.indices.map { $0 < index ? 1 : $0 == index ? f : 0 }
    }

    public func timeLeft(at now: Double) -> Double {
        guard let page else { return 0 }
        return max(0, page.duration - elapsed(at: now))
    }

    /// The next moment something is due on its own: the page timer or the long-press threshold.
    public var nextDeadline: Double? {
        var d = timer?.fireAt
        if let f = finger, !f.longPress {
            let t = f.downAt + StoriesState.longPressThreshold
            d = min(d ?? t, t)
        }
        return d
    }
}
