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
}
