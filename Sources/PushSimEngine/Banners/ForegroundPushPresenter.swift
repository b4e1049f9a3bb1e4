// PushwooshForegroundPush's banners as a state machine: shown after their attachment, stacked with no queue, hidden
// by their own timers, removed at once by a tap that reaches the delegate.

/// One foreground banner on screen.
public struct ShownForegroundPush: Sendable, Equatable {
    /// `f1`, `f2`, … in arrival order.
    public var id: String
    public var push: ForegroundPush
    /// When it appeared (after its attachment was downloaded).
    public var shownAt: Double
    /// Whether the attachment arrived: the picture under the header.
    public var hasImage: Bool
    /// When its hide started (`timeout`); nil while it rests.
    public var hidingSince: Double?
}

public enum ForegroundPushAction: Sendable, Equatable {
    /// `showForegroundPush(userInfo:)`.
    case arrive(ForegroundPush)
    /// The attachment of the push waiting with this id finished downloading (`loaded`: an image came).
    case attachmentDone(id: String, loaded: Bool)
    /// A tap on the banner on top at that point (the topmost that is not leaving).
    case tap
}

/// Banners stack at the same place, later ones on top; each has its own timer; nothing pauses them and nothing pans
/// them (`PushwooshForegroundPushImplementation.swift`: `showForegroundPush`, `drawPush`, the hide animations and
/// the tap handler). Times are the run's seconds.
public struct ForegroundPushPresenter: Sendable, Equatable {
    public var configuration: ForegroundPushConfiguration
    /// On screen, bottom to top.
    public private(set) var shown: [ShownForegroundPush] = []
    /// Pushes whose attachment is downloading: they appear when it is done.
    public private(set) var waiting: [(id: String, push: ForegroundPush)] = []
    private var issued = 0

    public init(configuration: ForegroundPushConfiguration = ForegroundPushConfiguration()) {
        self.configuration = configuration
    }

    public static func == (a: ForegroundPushPresenter, b: ForegroundPushPresenter) -> Bool {
        a.configuration == b.configuration && a.shown == b.shown && a.issued == b.issued
            && a.waiting.map(\.id) == b.waiting.map(\.id) && a.waiting.map(\.push) == b.waiting.map(\.push)
    }

    /// The id the next push gets.
    public var nextID: String { "f\(issued + 1)" }

    /// When the hide of `b` starts.
    public func hideStart(_ b: ShownForegroundPush) -> Double { b.shownAt + configuration.hideDelay }

    /// The next moment something changes by itself (a hide starts or ends).
    public var nextDeadline: Double? {
        shown.map { b in b.hidingSince.map { $0 + configuration.hideDuration } ?? hideStart(b) }.min()
    }

    /// Whether an animation is running at `t` (the entry spring, a hide): the screen needs frames.
    public func animating(at t: Double) -> Bool {
        shown.contains { b in
            t < b.shownAt + ForegroundPushConfiguration.entryDuration || b.hidingSince != nil
        }
    }

    /// Feed an action at `now`; returns the events, in order.
    public mutating func reduce(_ action: ForegroundPushAction, at now: Double) -> [Event] {
        var events = advance(to: now)
        switch action {
        case .arrive(let push):
            issued += 1
            let id = "f\(issued)"
            if push.attachment != nil {
                // The SDK downloads the attachment first (synchronously, no timeout) and shows the banner after.
                waiting.append((id, push))
            } else {
                events += show(id, push, image: false, at: now)
            }
        case .attachmentDone(let id, let loaded):
            guard let i = waiting.firstIndex(where: { $0.id == id }) else { break }
            let w = waiting.remove(at: i)
            events += show(w.id, w.push, image: loaded, at: now)
            // The haptic plays only on the attachment path, right after the banner shows.
            if configuration.vibration != .none {
                events.append(Event("haptic", ["style": .string(configuration.vibration.rawValue), "id": .string(id)]))
            }
        case .tap:
            guard let i = shown.lastIndex(where: { $0.hidingSince == nil }) else { break }
            let b = shown[i]
            events.append(Event("foreground_push_tap", ["id": .string(b.id), "title": .string(b.push.title),
                                                        "delegate": .bool(configuration.hasDelegate)]))
            // Without a delegate implementing didTapForegroundPush a tap does nothing; with one, the delegate gets
            // the whole userInfo and the banner is removed at once, with no animation.
            if configuration.hasDelegate {
                shown.remove(at: i)
                events.append(Event("foreground_push_hide", ["id": .string(b.id), "reason": "tap"]))
            }
        }
        return events
    }

    /// Run the timers up to `t`: hides start, finished hides remove their banner.
    public mutating func advance(to t: Double) -> [Event] {
        var events: [Event] = []
        while let d = nextDeadline, d <= t + 1e-9 {
            guard let i = shown.firstIndex(where: { b in (b.hidingSince.map { $0 + configuration.hideDuration } ?? hideStart(b)) == d })
            else { break }
            if shown[i].hidingSince == nil {
                shown[i].hidingSince = d
                events.append(Event("foreground_push_hide", ["id": .string(shown[i].id), "reason": "timeout"]))
            } else {
                shown.remove(at: i)
            }
        }
        return events
    }

    mutating func show(_ id: String, _ push: ForegroundPush, image: Bool, at now: Double) -> [Event] {
        shown.append(ShownForegroundPush(id: id, push: push, shownAt: now, hasImage: image, hidingSince: nil))
        var fields: JSONObject = ["id": .string(id), "title": .string(push.title), "body": .string(push.body)]
        if let a = push.attachment { fields["image"] = image ? .string(a) : .null }
        return [Event("foreground_push_show", fields)]
    }

    /// Where banner `b` is at `t`: its vertical shift in points (negative = up), rotation in radians, opacity, and
    /// how far a `.balls` burst has gone (0–1; nil when not bursting).
    public func motion(_ b: ShownForegroundPush, at t: Double) -> (dy: Double, rotation: Double, alpha: Double, burst: Double?) {
        if let h = b.hidingSince {
            let p = min(1, max(0, (t - h) / configuration.hideDuration))
            switch configuration.disappear {
            case .regular: return (-ForegroundPushConfiguration.regularHideDistance * p * p, 0, 1, nil)  // ease-in
            case .balls: return (0, 0, 1, p)
            }
        }
        let e = ForegroundPushConfiguration.entryProgress(t - b.shownAt)
        let alpha = min(1, max(0, (t - b.shownAt) / ForegroundPushConfiguration.entryDuration))
        return (ForegroundPushConfiguration.entryOffset * (1 - e), ForegroundPushConfiguration.entryRotation * (1 - e), alpha, nil)
    }

    /// The tiles of a `.balls` burst, the same for the same banner every time: each starts at a point of the banner
    /// (fractions 0–1 of its width and height), flies by (dx, dy) points (dx in −150…150, dy in −200…50), spins by
    /// up to ±π, and takes `duration` seconds (0.5–1.2) to shrink to 0.1 and fade out.
    public static func burst(id: String, columns: Int, rows: Int) -> [(x: Double, y: Double, dx: Double, dy: Double, spin: Double, duration: Double)] {
        var seed: UInt64 = 0xcbf29ce484222325
        for b in id.utf8 { seed = (seed ^ UInt64(b)) &* 0x100000001b3 }
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var out: [(Double, Double, Double, Double, Double, Double)] = []
        for r in 0..<max(1, rows) {
            for c in 0..<max(1, columns) {
                let dx = -150 + 300 * next(), dy = -200 + 250 * next()
                let spin = (-1 + 2 * next()) * Double.pi
                let d = ForegroundPushConfiguration.ballMinDuration
                    + (ForegroundPushConfiguration.ballMaxDuration - ForegroundPushConfiguration.ballMinDuration) * next()
                out.append(((Double(c) + 0.5) / Double(max(1, columns)), (Double(r) + 0.5) / Double(max(1, rows)), dx, dy, spin, d))
            }
        }
        return out
    }
}
