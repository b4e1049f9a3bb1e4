// A run's inbox: what its tab sent, its timers and the server's notices, taken all at once by the run's loop.

import Synchronization

/// Bounded: beyond `limit` waiting inputs the oldest are dropped, so a tab that floods the socket costs a fixed amount
/// of memory (a loop busy drawing takes everything that came meanwhile in one go and draws once for it).
public final class Mailbox<Item: Sendable>: Sendable {
    public let limit: Int

    private struct State {
        var items: [Item] = []
        var dropped = 0
        var waiter: CheckedContinuation<[Item], Never>?
    }

    private let state = Mutex(State())

    public init(limit: Int = 256) { self.limit = max(1, limit) }

    public func post(_ item: Item) {
        let handoff: (CheckedContinuation<[Item], Never>, [Item])? = state.withLock { s in
            if let w = s.waiter {
                s.waiter = nil
                return (w, [item])
            }
            if s.items.count >= limit {
                s.items.removeFirst()
                s.dropped += 1
            }
            s.items.append(item)
            return nil
        }
        if let (w, items) = handoff { w.resume(returning: items) }
    }

    /// Everything waiting, in order; suspends until something comes when nothing waits.
    public func next() async -> [Item] {
        await withCheckedContinuation { (c: CheckedContinuation<[Item], Never>) in
            let ready: [Item]? = state.withLock { s in
                if !s.items.isEmpty {
                    defer { s.items.removeAll(keepingCapacity: true) }
                    return s.items
                }
                s.waiter = c
                return nil
            }
            if let ready { c.resume(returning: ready) }
        }
    }

    public var dropped: Int { state.withLock { $0.dropped } }
}
