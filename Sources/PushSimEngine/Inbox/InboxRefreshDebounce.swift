// The debounced merge reload InboxKit schedules after every inbox notification (spec §3.8 "Inbox notifications").

/// `scheduleInboxRefresh`: every `…DidUpdate` / `…DidReceiveInPush` cancels the pending reload and schedules a new
/// one `max(0, 1.5 s − time since the last notification-driven reload)` later. Before any reload has run the time
/// since is taken as 0, so the first waits the full 1.5 s and a burst of notifications keeps pushing it out; once
/// one has run, a notification well after it reloads at once. Times are the scene's seconds since start.
public struct InboxRefreshDebounce: Sendable, Equatable {
    public static let minimumInterval = 1.5

    /// When the pending reload runs; nil when none is pending.
    public private(set) var deadline: Double?
    /// When the last notification-driven reload ran; nil before the first.
    public private(set) var lastRefresh: Double?

    public init() {}

    /// A notification at `now`: replaces any pending reload.
    public mutating func notify(at now: Double) {
        let elapsed = lastRefresh.map { now - $0 } ?? 0
        deadline = now + max(0, InboxRefreshDebounce.minimumInterval - elapsed)
    }

    /// Whether the pending reload is due at `now`; when it is, it counts as run at its deadline.
    public mutating func fire(at now: Double) -> Bool {
        guard let d = deadline, now >= d - 1e-9 else { return false }
        deadline = nil
        lastRefresh = d
        return true
    }
}
