// The hidden `pushsim inbox --bench` timing mode behind bench/inbox.sh: load, scroll and mark-read on a real store.

import Foundation
import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

enum InboxBench {
    static func ms(_ since: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - since) / 1e6 }

    /// The middle value (the mean of the two middle ones for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let v = values.sorted(), n = v.count
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
    }

    /// CPU time this thread has used, in ms.
    static func threadCPUMs() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// The unread codes among the first `n` rows. A function of its own: written inline, the copy of the feed it
    /// reads (`scene.feed`) lived on to the end of `run`, so the next change to the rows copied all 100,000 of them
    /// (with read on display on, that was mark all read, and half of its time).
    @inline(never)
    static func unreadCodes(_ scene: InboxScene, among n: Int) -> [String] {
        scene.model.feed.rows.prefix(n).filter { !$0.message.isRead }.map(\.code)
    }

    static func run(files: [String], attributes: InboxAttributes, now: Date, store path: String?, size: Size) -> Never {
        let storePath = path ?? NSTemporaryDirectory() + "pushsim-inbox-bench-\(getpid()).sqlite"
        let t0 = DispatchTime.now().uptimeNanoseconds
        let sink = EventSink()
        sink.memoryLimit = 16
        let scene: InboxScene
        do {
            let store = try Store(path: storePath)
            scene = try InboxScene(files: files, attributes: attributes, now: now, store: store, sink: sink)
        } catch let e as UserError { fail(e) } catch { fail(UserError("\(error)")) }
        scene.resize(to: size, at: 0)
        _ = scene.render(at: 0)
        let firstFrame = ms(t0)

        // Each step and each mark-read is timed on its own and the median kept, as the sqlite3 peer's statements are
        // (bench/inbox.sh): a mean took in every moment another job held the core, which the peer's median leaves out.
        let steps = 1000
        var stepTimes: [Double] = []
        stepTimes.reserveCapacity(steps)
        for _ in 0..<steps {
            let t1 = DispatchTime.now().uptimeNanoseconds
            scene.handle(.key(.down), at: 0)
            _ = scene.render(at: 0)
            stepTimes.append(ms(t1))
        }
        let scroll = median(stepTimes)

        let unread = unreadCodes(scene, among: 200)
        var markTimes: [Double] = []
        for c in unread {
            let t2 = DispatchTime.now().uptimeNanoseconds
            scene.markReadForBench(c)
            markTimes.append(ms(t2))
        }
        let marked = markTimes.count
        let markRead = marked == 0 ? 0 : median(markTimes)

        // Every other message is still unread: the `m` key marks them all, in memory and in the store.
        let unreadBefore = scene.feed.unreadCount
        let t3 = DispatchTime.now().uptimeNanoseconds
        let cpu3 = threadCPUMs()
        scene.markAllReadForBench()
        let markAllRead = ms(t3)
        // CPU time too: on a busy machine the wall time mostly measures the wait for a core.
        let markAllReadCPU = threadCPUMs() - cpu3

        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let rssMB = Double(usage.ru_maxrss) / 1024  // Linux reports kilobytes
        #else
        getrusage(RUSAGE_SELF, &usage)
        let rssMB = Double(usage.ru_maxrss) / 1_048_576  // macOS reports bytes
        #endif
        let out: JSONObject = [
            "messages": .number(Double(scene.feed.rows.count)),
            "firstFrameMs": .number((firstFrame * 10).rounded() / 10),
            "scrollStepMs": .number((scroll * 1000).rounded() / 1000),
            "markReadMs": .number((markRead * 1000).rounded() / 1000),
            "markReadSamples": .number(Double(marked)),
            "markAllReadMs": .number((markAllRead * 10).rounded() / 10),
            "markAllReadCount": .number(Double(unreadBefore)),
            "markAllReadCPUMs": .number((markAllReadCPU * 10).rounded() / 10),
            "maxResidentMB": .number(rssMB.rounded()),
            // The load parses and builds rows on every core (ChunkedWork); the figure depends on how many there are.
            "cores": .number(Double(ChunkedWork.cores)),
        ]
        print(JSONValue.object(out).jsonText())
        if path == nil { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storePath + s) } }
        exit(0)
    }
}
