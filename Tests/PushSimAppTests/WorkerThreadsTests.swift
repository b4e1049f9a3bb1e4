// The image workers' own thread pool (issue 14: libdispatch's pool woke an idle process every second).

import Foundation
import Testing
@testable import PushSimApp

@Suite struct WorkerThreadsTests {
    final class Log: @unchecked Sendable {
        let lock = NSLock()
        var items: [String] = []
        func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    }

    @Test func everyJobRunsAndWaitUntilIdleWaitsForThem() {
        let pool = WorkerThreads(name: "test", maxThreads: 3)
        let log = Log()
        for i in 0..<40 { pool.run(i % 2 == 0 ? .high : .low) { usleep(200); log.add("\(i)") } }
        pool.waitUntilIdle()
        #expect(Set(log.items) == Set((0..<40).map { "\($0)" }))
        // Reused after being idle.
        pool.run(.low) { log.add("again") }
        pool.waitUntilIdle()
        #expect(log.items.last == "again")
    }

    // The page on screen goes before pre-fetches queued earlier.
    @Test func highPriorityJobsGoFirst() {
        let pool = WorkerThreads(name: "test", maxThreads: 1)
        let log = Log()
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        pool.run(.low) { started.signal(); gate.wait(); log.add("first") }  // holds the only thread while the others queue
        started.wait()
        for i in 0..<3 { pool.run(.low) { log.add("low \(i)") } }
        pool.run(.high) { log.add("high") }
        gate.signal()
        pool.waitUntilIdle()
        #expect(log.items == ["first", "high", "low 0", "low 1", "low 2"])
    }
}
