// One native in-app message on screen, moved by the simulated clock and by gestures: each template's behaviour from
// its view in Pushwoosh/pushwoosh-ios-sdk, iOS_SDK/Pushwoosh/PushwooshInApp/Views/ (7.2.x). The presenter owns the
// queue and the delegate's callbacks; a player only says what its message does (events, an action, a close).

/// What a player asks of the presenter after a gesture or a timer.
public enum InAppPlayerOutcome: Sendable, Equatable {
    /// An event about this message (`inapp_page`, `scratch`, `spin_stop`, `reward_revealed`, `reward_claimed`).
    case event(Event)
    /// Run an action: a URL is a click (`ClickedAction`, then the link opens); every action then dismisses.
    case action(InAppAction)
    /// The normal close path (close chip, swipe, scrim tap, a story's end, a failed video without fallback).
    case close
    /// A tap the message does not take: the app behind gets it.
    case passThrough
}

/// A gesture on the message on screen: the contract's steps, in the SDK's terms. Points are fractions 0…1.
public enum InAppGesture: Sendable, Equatable {
    public enum Direction: String, Sendable, Equatable, CaseIterable { case left, right, up, down }
    /// The Nth button (0-based) of the message, the current story page, or the revealed reward.
    case button(Int)
    case close
    /// The message's own body: the banner, the pip, the current carousel item.
    case tap
    case tapOutside
    /// stories: a tap at this fraction of the width.
    case tapAt(Double)
    /// stories: a finger goes down at the centre (a hold) / comes up.
    case fingerDown
    case fingerUp
    /// stories: a finger goes down at this fraction of the width (the mouse); it comes up with `fingerUp` (a tap there,
    /// or the end of a hold) or moves away with `fingerCancel` (a swipe).
    case fingerDownAt(Double)
    case fingerCancel
    case swipe(Direction)
    /// sheet and banner: a finger dragging the card by this many points toward its edge, then letting go at a speed.
    case drag(Double)
    case release(Double, velocity: Double)
    /// One finger stroke through these points (fractions of the scratch area): a touch-down, a move to each later
    /// point, the finger up.
    case scratch([InAppPoint])
    /// The same stroke a piece at a time, as a mouse or the keys make it: the finger goes down, moves (the threshold is
    /// checked after every move), comes up (the `scratch` event).
    case scratchDown(InAppPoint)
    case scratchMove(InAppPoint)
    case scratchUp
    case reveal, spin, claim, mute, expand
    /// pip: drag the card and let go here (fractions of the screen).
    case pipDrag(InAppPoint)
    case videoReady, videoFail, videoEnd
}

public struct InAppPlayer: Sendable, Equatable {
    public let message: InAppMessage
    /// When the in-animation started (`DidPresent`).
    public let presentedAt: Double
    public let reduceMotion: Bool
    public let device: InAppDevice
    /// When the out-animation started; `DidClose` comes `outDuration` later.
    public internal(set) var closingAt: Double?

    // carousel and stories
    public internal(set) var page = 0
    /// stories: the push stories player, driving pages, timers and holds where the SDK's rules are the same.
    var stories: StoriesState?
    // sheet and banner: a finger's drag, and the spring back after a short one.
    var dragOffset = 0.0
    var settle: Motion?
    // banner
    var bannerDismissAt: Double?
    // video and pip
    var player: InAppPlayerState
    var readyAt: Double?
    var playingSince: Double?
    var playedBefore = 0.0
    // pip
    var pipCorner: InAppPip.Corner = .bottomRight
    var pipExpanded = false
    var pipMove: PointMotion?
    /// When the pip last expanded or collapsed (a 0.35 s spring).
    var expandChangedAt: Double?
    // scratch card
    var scratch = InAppScratchState()
    /// The finger on the scratch area, in points, while a stroke is open (its `scratch` event comes at the finger up).
    var scratchFinger: InAppPoint?
    var strokeOpen = false
    var revealedAt: Double?
    // spin wheel
    var spin: InAppWheelSpin?
    var spunAt: Double?
    var stopped = false
    // reward panel
    var copiedAt: Double?
    /// Every tap on the promo chip whose confetti may still be falling.
    var claimedAt: [Double] = []

    /// A value springing from `from` to 0 over `duration`.
    struct Motion: Sendable, Equatable { var from: Double; var at: Double; var duration: Double }
    struct PointMotion: Sendable, Equatable { var from: InAppPoint; var to: InAppPoint; var at: Double; var duration: Double }

    /// The stories fade-in before playback starts (`PWStoriesInAppView.present`).
    public static let storiesFadeIn = 0.25
    /// A video is ready this long after it appears, unless a `video-ready` or `video-fail` step says otherwise.
    public static let videoReadyAfter = 0.5
    /// The promo chip reads "Copied!" this long.
    public static let copiedFor = 1.6
    /// Sheet: dismissed past 90 pt or faster than 900 pt/s downward; else it springs back in 0.35 s.
    public static let sheetDismissDistance = 90.0, sheetDismissVelocity = 900.0, springBack = 0.35
    /// pip: 14 pt from the safe-area edges; a drag springs to the nearest corner in 0.35 s, expand in 0.35 s.
    public static let pipInset = 14.0, pipSpring = 0.35

    public init(message: InAppMessage, presentedAt: Double, reduceMotion: Bool = false, device: InAppDevice = InAppDevice()) {
        self.message = message
        self.presentedAt = presentedAt
        self.reduceMotion = reduceMotion
        self.device = device
        switch message.content {
        case .video(let v):
            player = InAppPlayerState(muted: v.muted)
            readyAt = presentedAt + Self.videoReadyAfter
        case .pip(let p):
            player = InAppPlayerState(muted: p.muted)
            readyAt = presentedAt + Self.videoReadyAfter
            pipCorner = p.position
        default:
            player = InAppPlayerState(muted: true)
        }
        switch message.content {
        case .banner(let b) where b.autoDismiss > 0:
            // The timer starts when the slide-in completes.
            bannerDismissAt = presentedAt + message.layout.inDuration(reduceMotion: reduceMotion) + b.autoDismiss
        case .stories(let s):
            let pages = s.items.map { StoryPage(image: $0.image ?? "", duration: $0.duration) }
            stories = StoriesState(pages: pages, options: StoriesOptions(longPressPause: true, loop: s.loop))
        default: break
        }
    }

    public var layout: InAppLayout { message.layout }
    public var isClosing: Bool { closingAt != nil }
    public var inDuration: Double { layout.inDuration(reduceMotion: reduceMotion) }
    public var outDuration: Double { layout.outDuration(reduceMotion: reduceMotion) }
    /// When `DidClose` fires, once closing.
    public var closedAt: Double? { closingAt.map { $0 + outDuration } }

    var idValue: JSONValue { message.id.map { .string($0) } ?? .null }
    func event(_ name: String, _ fields: JSONObject = [:]) -> InAppPlayerOutcome {
        var f: JSONObject = ["id": idValue]
        for (k, v) in fields { f[k] = v }
        return .event(Event(name, f))
    }

    // MARK: Time

    /// The next moment something happens on its own (a page timer, the banner's auto-dismiss, the video getting
    /// ready, the wheel stopping, "Copied!" ending, a spring settling).
    public var nextDeadline: Double? {
        guard closingAt == nil else { return nil }
        var d: [Double?] = [bannerDismissAt, player.status == .loading ? readyAt : nil,
                            copiedAt.map { $0 + Self.copiedFor }, settle.map { $0.at + $0.duration },
                            pipMove.map { $0.at + $0.duration }]
        if let s = stories {
            d.append(s.phase == .idle ? presentedAt + Self.storiesFadeIn : s.nextDeadline)
        }
        if let spin, let at = spunAt, !stopped { d.append(at + spin.duration) }
        return d.compactMap { $0 }.min()
    }

    /// Fire everything due at or before `t`, each at its own time.
    public mutating func advance(to t: Double) -> [(Double, InAppPlayerOutcome)] {
        var out: [(Double, InAppPlayerOutcome)] = []
        var guardCount = 0
        while closingAt == nil, let d = nextDeadline, d <= t + 1e-9, guardCount < 100_000 {
            guardCount += 1
            for o in fire(at: d) { out.append((d, o)) }
        }
        return out
    }

    mutating func fire(at t: Double) -> [InAppPlayerOutcome] {
        if let b = bannerDismissAt, b <= t + 1e-9 {
            bannerDismissAt = nil
            return [.close]
        }
        if player.status == .loading, let r = readyAt, r <= t + 1e-9 {
            readyAt = nil
            startPlaying(at: r)
            return []
        }
        if let c = copiedAt, c + Self.copiedFor <= t + 1e-9 { copiedAt = nil; return [] }
        if let s = settle, s.at + s.duration <= t + 1e-9 { settle = nil; dragOffset = 0; return [] }
        if let m = pipMove, m.at + m.duration <= t + 1e-9 { pipMove = nil; return [] }
        if let spin, let at = spunAt, !stopped, at + spin.duration <= t + 1e-9 {
            stopped = true
            guard case .spinwheel(let w) = message.content else { return [] }
            return [event("spin_stop", ["index": .number(Double(w.winIndex))]),
                    event("reward_revealed", ["promoCode": w.resolvedReward.code.map { .string($0) } ?? .null])]
        }
        if var s = stories {
            defer { stories = s }
            if s.phase == .idle {
                // Playback starts after the 0.25 s fade-in.
                return storyEffects(StoriesPlayer.reduce(&s, .start(at: presentedAt + Self.storiesFadeIn)))
            }
            return storyEffects(StoriesPlayer.advance(&s, to: t))
        }
        return []
    }

    /// The push stories player's effects in the in-app template's terms (spec'd differences in one place, §7 of the
    /// docs): a page shown is `inapp_page`; the end of the last page without `loop` closes the message (push stories
    /// freeze instead); everything else (start, pause, haptics, prefetch) the in-app template does not report.
    func storyEffects(_ effects: [StoriesEffect]) -> [InAppPlayerOutcome] {
        var out: [InAppPlayerOutcome] = []
        for e in effects {
            guard case .emit(let ev) = e else { continue }
            if ev.name == "show", let i = ev["index"]?.numberValue {
                out.append(event("inapp_page", ["index": .number(i)]))
            } else if ev.name == "finish", stories?.options.loop == false {
                out.append(.close)
            }
        }
        return out
    }

    mutating func startPlaying(at t: Double) {
        player.status = .playing
        playingSince = t
    }

    /// Called by the presenter when the out-animation starts: everything stops moving.
    mutating func beginClosing(at t: Double) {
        guard closingAt == nil else { return }
        closingAt = t
        if var s = stories { _ = StoriesPlayer.reduce(&s, .dismiss(at: t)); stories = s }
        if let since = playingSince { playedBefore += t - since; playingSince = nil }
    }

    /// The events a message reports as it appears: a carousel's first page.
    func appearing() -> [InAppPlayerOutcome] {
        if case .carousel = message.content { return [event("inapp_page", ["index": .number(0)])] }
        return []
    }
}
