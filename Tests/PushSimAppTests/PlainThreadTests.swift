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

    /// CThreads/PictureHeap.c asks for huge pages only where /proc/buddyinfo shows 32 MB free in 2 MB blocks: order 9
    /// (2 MB) counts once, order 10 (4 MB) twice, in every zone; a line that is not eleven counts counts nothing.
    @Test func freeHugeBlocksAreCountedFromBuddyinfo() {
        let machine = """
        Node 0, zone      DMA      0      0      0      0      0      0      0      0      1      1      3
        Node 0, zone    DMA32      2      2      3      1      2      2      1      4      4      2    752
        Node 0, zone   Normal   2127   1294    882    640    350    126     57     44    106     85    449

        """
        #expect(PlainThread.freeHugeBlocks(buddyinfo: machine) == (1 + 2 * 3) + (2 + 2 * 752) + (85 + 2 * 449))
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "Node 0, zone   Normal   1 2 3 4 5 6 7 8 9 10 11") == 10 + 22)
        // A kernel with other block sizes (more or fewer orders), a cut line, text that is not the file: none.
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "Node 0, zone   Normal   1 2 3 4 5 6 7 8 9 10 11 12\n") == 0)
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "Node 0, zone   Normal   1 2 3 4 5 6 7 8 9 10\n") == 0)
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "Node 0, zone   Normal   1 2 3 4 5 6 7 8 9 x 11\n") == 0)
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "") == 0)
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "zone") == 0)
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "no zones here\nat all 1 2 3") == 0)
        // The counts of one line do not run on into the next.
        #expect(PlainThread.freeHugeBlocks(buddyinfo: "Node 0, zone A 1 2 3 4 5\n6 7 8 9 10 11\n") == 0)
    }

    /// On a thread of its own, the picture heap is adopted only where huge pages are on request, and what the thread
    /// allocates after it is ordinary memory (written and read back whole).
    @Test func thePictureHeapIsAdoptedOnlyWhereHugePagesAreOnRequest() {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var adopted = false, intact = false
        PlainThread.start(name: "pushsim.heap") {
            adopted = PlainThread.adoptPictureHeap()
            let bytes = [UInt8](unsafeUninitializedCapacity: 1_800_000) { buffer, count in
                for i in 0..<buffer.count { buffer[i] = UInt8(truncatingIfNeeded: i &* 31) }
                count = buffer.count
            }
            intact = bytes.indices.allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 &* 31) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(intact)
        if !PlainThread.hugePagesOnRequest { #expect(!adopted) }
    }
}
