// Keeps the SQLite queues of stores a long-running `pushsim serve` is done with, closed, until the process exits.

import GRDB
import Synchronization

/// Why: GRDB marks each `DatabaseQueue`'s dispatch queue with `setSpecific` (its `SchedulingWatchdog`), and libdispatch
/// runs such a value's destructor asynchronously on a global queue when the queue is freed. On Linux the first
/// global-queue worker thread starts libdispatch's pool monitor, a timer on its manager thread that fires every
/// second for the rest of the process (`_dispatch_workq_init_once`, apple/swift-corelibs-libdispatch
/// `src/event/workqueue.c`). `pushsim serve` makes and drops a store for every tab's run, so after the first tab
/// closed the idle server woke once a second for nothing. Parked queues are closed (no file, no SQLite connection
/// is kept) and are never freed, so no destructor runs; at most `limit` are kept (a few KB each), then queues are freed
/// as usual and the monitor's wake-up is the price.
public enum StoreQueueParking {
    private static let state = Mutex<(limit: Int, queues: [DatabaseQueue])>((0, []))

    /// From now on keep up to `limit` dropped store queues instead of freeing them (0, the default: free them).
    public static func keepUntilExit(limit: Int) {
        state.withLock { $0.limit = max(0, limit) }
    }

    /// How many queues are kept now.
    public static var count: Int { state.withLock { $0.queues.count } }

    /// Called with a queue its owner is done with: closed and kept when parking is on and there is room.
    static func park(_ queue: DatabaseQueue) {
        state.withLock { s in
            guard s.queues.count < s.limit else { return }
            // A queue that cannot close (a statement still open) keeps its connection: free it as usual.
            guard (try? queue.close()) != nil else { return }
            s.queues.append(queue)
        }
    }
}
