// A timer on NIO's event loops, for the server's waits: no libdispatch worker thread, so an idle server never wakes.

import NIOCore
import NIOPosix

/// `Task.sleep` on Linux waits with a libdispatch timer and resumes on a dispatch worker thread, and the first worker
/// starts libdispatch's pool monitor, which then wakes the process every second for as long as it lives
/// (`_dispatch_workq_init_once`, apple/swift-corelibs-libdispatch `src/event/workqueue.c`). The server's own waits (a
/// run's next deadline, a closing tab's patience) are scheduled on the event loops the server already runs instead.
enum LoopTimer {
    /// Calls `body` once, `milliseconds` from now, on one of NIO's event loops; cancel the result to call it off.
    static func after(milliseconds: Int64, _ body: @escaping @Sendable () -> Void) -> Scheduled<Void> {
        MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .milliseconds(max(0, milliseconds)), body)
    }
}
