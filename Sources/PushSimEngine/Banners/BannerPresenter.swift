// The banner state machine: drop in, stay for `duration`, hide by timeout, tap or swipe; a queue for the rest.

/// Why a banner left the screen (the `reason` of `banner_hide`).
public enum BannerHideReason: String, Sendable, Equatable {
    case timeout, swipe, tap
}

public enum BannerAction: Sendable, Equatable {
    /// A banner was sent to the app.
    case arrive(Banner)
    /// The timer with this generation went off; a stale generation is ignored.
    case timerFired(generation: Int)
    case tap
    /// Swiped up and away in one gesture.
    case swipe
    /// A finger went down on the banner and is dragging it: the auto-hide timer stops while it is held.
    case drag(fraction: Double)
    /// The finger let go after dragging up by `fraction` of the banner's height.
    case release(fraction: Double)
}

public enum BannerEffect: Sendable, Equatable {
    case emit(Event)
    case openURL(String)
}

/// Where the banner on screen is in its life. Times are the run's seconds.
public enum BannerPhase: Sendable, Equatable {
    /// Dropping in from above the screen.
    case entering(since: Double)
    /// Resting in place; `settleFrom` is the drag fraction it animates back from after a short drag.
    case visible(since: Double, hideAt: Double, settleFrom: Double)
    /// Held by a finger, dragged up by `fraction`; no timer runs.
    case dragging(fraction: Double)
    /// Leaving upwards, starting from `from` (0 = in place, 1 = gone).
    case leaving(since: Double, from: Double, reason: BannerHideReason)
}

public struct ShownBanner: Sendable, Equatable {
    public var banner: Banner
    public var phase: BannerPhase
}

/// One banner on screen at a time, like the SDK's in-app presenter: a banner arriving while another shows waits
/// in a first-in-first-out queue and drops in once the one on screen has finished leaving.
public struct BannerPresenter: Sendable, Equatable {
    public static let dropDuration = 0.3
    public static let hideDuration = 0.25
    public static let settleDuration = 0.2
    /// A drag released at or beyond this fraction of the banner's height swipes it away.
    public static let swipeThreshold = 0.5
    /// Banners waiting beyond this many are refused (a runaway sender must not grow memory without bound).
    public static let queueLimit = 100

    public private(set) var current: ShownBanner?
    public private(set) var queue: [Banner] = []
    /// The one pending timer: when it fires and its generation. Every phase change takes a new generation.
    public private(set) var timer: (at: Double, generation: Int)?
    public private(set) var generation = 0
    private var issued = 0

    public init() {}

    public static func == (a: BannerPresenter, b: BannerPresenter) -> Bool {
        a.current == b.current && a.queue == b.queue && a.timer?.at == b.timer?.at
            && a.timer?.generation == b.timer?.generation && a.generation == b.generation && a.issued == b.issued
    }

    /// The id the next banner that arrives without one gets: `b1`, `b2`, … (taken when a banner with it arrives).
    public var nextGeneratedID: String { "b\(issued + 1)" }

    public var nextDeadline: Double? { timer?.at }

    /// Feed an action at time `now`; returns what the runtime must do.
    public mutating func reduce(_ action: BannerAction, at now: Double) -> [BannerEffect] {
        switch action {
        case .arrive(let b):
            if b.id == nextGeneratedID { issued += 1 }
            if current == nil { return show(b, at: now) }
            if let why = refusal(of: b) { return [.emit(.warning(Diagnostic(path: "", why)))] }
            queue.append(b)
            return []
        case .timerFired(let g):
            guard let t = timer, t.generation == g, var cur = current else { return [] }
            switch cur.phase {
            case .entering:
                cur.phase = .visible(since: t.at, hideAt: t.at + cur.banner.duration, settleFrom: 0)
                current = cur
                setTimer(t.at + cur.banner.duration)
                return []
            case .visible:
                return hide(.timeout, from: 0, at: t.at)
            case .leaving:
                current = nil
                timer = nil
                generation += 1
                guard !queue.isEmpty else { return [] }
                return show(queue.removeFirst(), at: t.at)
            case .dragging:
                return []
            }
        case .tap:
            guard let cur = current, !cur.isLeaving else { return [] }
            var fx: [BannerEffect] = [.emit(Event("banner_tap", ["id": .string(cur.banner.id)]))]
            if let link = cur.banner.link { fx.append(.openURL(link)) }
            return fx + hide(.tap, from: offset(at: now), at: now)
        case .swipe:
            guard let cur = current, !cur.isLeaving else { return [] }
            return hide(.swipe, from: offset(at: now), at: now)
        case .drag(let f):
            guard var cur = current, !cur.isLeaving else { return [] }
            cur.phase = .dragging(fraction: Self.clamp(f))
            current = cur
            timer = nil
            generation += 1
            return []
        case .release(let f):
            guard var cur = current, !cur.isLeaving else { return [] }
            let f = Self.clamp(f)
            if f >= Self.swipeThreshold { return hide(.swipe, from: f, at: now) }
            // Under the threshold it springs back and its full duration starts again from the release.
            cur.phase = .visible(since: now, hideAt: now + cur.banner.duration, settleFrom: f)
            current = cur
            setTimer(now + cur.banner.duration)
            return []
        }
    }

    /// Why `b` would be dropped if it arrived now (the queue is full), or nil when it would be shown or queued.
    public func refusal(of b: Banner) -> String? {
        guard current != nil, queue.count >= Self.queueLimit else { return nil }
        return "banner \(b.id) dropped: \(Self.queueLimit) banners are already waiting; send it again once some have been shown"
    }

    /// How far the banner on screen is pushed up at `now`: 0 in place, 1 entirely above the screen.
    public func offset(at now: Double) -> Double {
        guard let cur = current else { return 1 }
        switch cur.phase {
        case .entering(let since):
            return 1 - Self.easeOut(Self.progress(now - since, Self.dropDuration))
        case .visible(let since, _, let from):
            return from * (1 - Self.easeOut(Self.progress(now - since, Self.settleDuration)))
        case .dragging(let f):
            return f
        case .leaving(let since, let from, _):
            return from + (1 - from) * Self.easeIn(Self.progress(now - since, Self.leaveDuration(from: from)))
        }
    }

    /// The end of the animation running at `now`, if one is (the screen needs frames until then).
    public func animationEnd(at now: Double) -> Double? {
        guard let cur = current else { return nil }
        let end: Double
        switch cur.phase {
        case .entering(let since): end = since + Self.dropDuration
        case .visible(let since, _, let from): if from == 0 { return nil }; end = since + Self.settleDuration
        case .dragging: return nil
        case .leaving(let since, let from, _): end = since + Self.leaveDuration(from: from)
        }
        return now < end ? end : nil
    }

    private mutating func show(_ b: Banner, at now: Double) -> [BannerEffect] {
        current = ShownBanner(banner: b, phase: .entering(since: now))
        setTimer(now + Self.dropDuration)
        return [.emit(Event("banner_show", ["id": .string(b.id), "title": .string(b.title)]))]
    }

    /// `banner_hide` is emitted when the hide begins, the moment its reason is decided.
    private mutating func hide(_ reason: BannerHideReason, from: Double, at now: Double) -> [BannerEffect] {
        guard var cur = current else { return [] }
        cur.phase = .leaving(since: now, from: from, reason: reason)
        current = cur
        setTimer(now + Self.leaveDuration(from: from))
        return [.emit(Event("banner_hide", ["id": .string(cur.banner.id), "reason": .string(reason.rawValue)]))]
    }

    private mutating func setTimer(_ at: Double) {
        generation += 1
        timer = (at, generation)
    }

    /// A banner already dragged part of the way up leaves in the rest of the time.
    static func leaveDuration(from: Double) -> Double { max(0.05, hideDuration * (1 - from)) }
    static func clamp(_ f: Double) -> Double { f.isFinite ? min(1, max(0, f)) : 0 }
    static func progress(_ elapsed: Double, _ total: Double) -> Double { total <= 0 ? 1 : min(1, max(0, elapsed / total)) }
    static func easeOut(_ p: Double) -> Double { 1 - (1 - p) * (1 - p) }
    static func easeIn(_ p: Double) -> Double { p * p }
}

extension ShownBanner {
    public var isLeaving: Bool { if case .leaving = phase { return true }; return false }
}
