// A small pool of plain threads for image work: idle threads sleep on a condition with no timeout, so an idle
// process has no wake-ups at all (libdispatch's global queues run a 1 Hz pool monitor forever once used).

import Foundation

public final class WorkerThreads: @unchecked Sendable {
    public enum Priority: Sendable { case high, low }

    private let condition = NSCondition()
    private var high: [@Sendable () -> Void] = []
    private var low: [@Sendable () -> Void] = []
    private var threads = 0
    private var idle = 0
    private var running = 0
    private let maxThreads: Int
    private let name: String

    public init(name: String, maxThreads: Int) {
        self.name = name
        self.maxThreads = max(1, maxThreads)
    }

    /// Runs `job` on a pool thread; high-priority jobs (the page on screen) go before low ones (pre-fetches).
    public func run(_ priority: Priority, _ job: @escaping @Sendable () -> Void) {
        condition.lock()
        switch priority {
        case .high: high.append(job)
        case .low: low.append(job)
        }
        // A thread is started only when none is free, up to the limit; started threads live as long as the pool.
        if idle == 0 && threads < maxThreads {
            startThread()
        } else {
            condition.signal()
        }
        condition.unlock()
    }

    /// Starts one thread now if none runs, so the first job does not wait for a thread to begin (a millisecond and
    /// more at a start, docs/performance.md); it sleeps on the condition until a job comes.
    public func prestart() {
        condition.lock()
        defer { condition.unlock() }
        guard threads == 0 else { return }
        startThread()
    }

    /// One more pool thread (called with the lock held). When the system refuses one, the jobs stay queued for the
    /// threads there are, and the next `run` tries again.
    private func startThread() {
        threads += 1
        if !PlainThread.start(name: name, { [self] in self.loop() }) { threads -= 1 }
    }

    /// Blocks until every job queued so far has finished (tests and benchmarks; scenes never block).
    public func waitUntilIdle() {
        condition.lock()
        while !high.isEmpty || !low.isEmpty || running > 0 { condition.wait() }
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            while high.isEmpty && low.isEmpty {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = high.isEmpty ? low.removeFirst() : high.removeFirst()
            running += 1
            condition.unlock()
            job()
            condition.lock()
            running -= 1
            // Wakes a waitUntilIdle caller (and nothing else is waiting for a finished job).
            if running == 0 && high.isEmpty && low.isEmpty { condition.broadcast() }
        }
    }
}
