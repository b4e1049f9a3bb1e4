// Threads started on another core: the work runs, once, on a named thread that may then use every CPU.

import Foundation
import Testing
@testable import PushSimApp

@Suite struct PlainThreadTests {
    /// The calling thread's name, as the kernel keeps it.
    static func threadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }

    /// The CPUs the calling thread may run on (its status's Cpus_allowed_list).
    static func allowedCPUs() -> String {
        let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }.map(String.init) ?? "?"
    }

    @Test func theWorkRunsOnceOnANamedThreadFreeToUseEveryCPU() {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var name = ""
        nonisolated(unsafe) var runs = 0
        nonisolated(unsafe) var widened = false
        let all = Self.allowedCPUs()
        #expect(PlainThread.start(name: "pushsim.test") {
            name = Self.threadName()
            widened = Self.allowedCPUs() == all
            runs += 1
            done.signal()
        })
        #expect(done.wait(timeout: .now() + 10) == .success)
        usleep(10_000)
        #expect(runs == 1)
        #expect(name == "pushsim.test")
        #expect(widened)
    }

    @Test func aLongNameIsCutToWhatTheKernelKeeps() {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var name = ""
        PlainThread.start(name: "pushsim.a-very-long-thread-name") {
            name = Self.threadName()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(name == "pushsim.a-very-")
    }

    @Test func theProgramsWritableDataIsMadePresent() {
        // The test binary has a .data and a .bss of its own, at least a page of each; made present, it says how much.
        let bytes = PlainThread.prefaultWritableData()
        #expect(bytes > 0)
        #expect(bytes % Int(getpagesize()) == 0)
        // Again: nothing changes but the pages are already there; the same answer.
        #expect(PlainThread.prefaultWritableData() == bytes)
    }

    /// The calling thread's policy, nice value and slice (sched_getattr, read from /proc as `chrt` would not show it).
    static func schedule() -> (nice: Int32, slice: String) {
        let sched = (try? String(contentsOfFile: "/proc/thread-self/sched", encoding: .utf8)) ?? ""
        let slice = sched.split(separator: "\n").first { $0.hasPrefix("se.slice") }.map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) } ?? "?"
        return (getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), slice)
    }

    @Test func theInteractiveSliceKeepsTheNiceValueAndIsInheritedByNewThreads() {
        // On a thread of its own, so the test process's own threads are left as they were.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var before: Int32 = 0, after: Int32 = 0, inherited = "", own = "", took = false
        PlainThread.start(name: "pushsim.slice") {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) + 1)   // a `nice` run: the slice must keep it
            before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            took = PlainThread.requestInteractiveSlice()
            after = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            own = Self.schedule().slice
            let child = DispatchSemaphore(value: 0)
            PlainThread.start(name: "pushsim.slice2") {
                inherited = Self.schedule().slice
                child.signal()
            }
            _ = child.wait(timeout: .now() + 10)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(before == after)
        if took {
            // Linux 6.12 and later: the slice asked for, in nanoseconds, here and in the thread started after.
            #expect(own == String(PlainThread.interactiveSlice))
            #expect(inherited == own)
        }
    }
}
