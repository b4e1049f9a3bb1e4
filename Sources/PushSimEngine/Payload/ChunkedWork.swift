// Splits an index range into contiguous chunks worked on by every core at once (a 100,000-message feed load).

import Foundation

public enum ChunkedWork {
    /// How many chunks `count` items make: one per active core, but none smaller than `minimum` items (below
    /// that, starting a thread costs more than the work it takes over).
    public static func chunkCount(_ count: Int, minimum: Int, cores: Int = ChunkedWork.cores) -> Int {
        max(1, min(max(1, cores), count / max(1, minimum)))
    }

    /// The cores this process may run on. Linux's affinity mask, not the machine's count: under `taskset` or a
    /// container's cpuset, two threads on one core measured 617–704 ms for a load one thread does in about 500.
    public static let cores: Int = {
        #if os(Linux)
        // sched_getaffinity is a GNU extension the Glibc module does not export; it is in every glibc, so it is
        // looked up by name (RTLD_DEFAULT is the null handle).
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
        if let symbol = dlsym(nil, "sched_getaffinity") {
            var set = cpu_set_t()
            let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
            if getAffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 {
                let n = withUnsafeBytes(of: &set) { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
                if n > 0 { return n }
            }
        }
        #endif
        return ProcessInfo.processInfo.activeProcessorCount
    }()

    /// The `c`th of `chunks` contiguous, in-order slices of `0..<count`; together they cover it exactly once.
    public static func range(_ c: Int, of chunks: Int, count: Int) -> Range<Int> {
        (count * c / chunks)..<(count * (c + 1) / chunks)
    }

    /// Calls `body(chunk, range)` for each of `chunks` slices of `0..<count`, concurrently when there is more than
    /// one, and returns when all are done. `body` must only write state that belongs to its own chunk.
    public static func run(chunks: Int, count: Int, _ body: (Int, Range<Int>) -> Void) {
        if chunks <= 1 {
            body(0, 0..<count)
            return
        }
        // Threads of its own, not DispatchQueue.concurrentPerform: the first use of libdispatch's global pool starts
        // a monitor that wakes the process every second for the rest of its life (an idle inbox must not wake).
        // The calling thread works the first chunk; every other thread is joined (not just signalled) before
        // `body`, which does not escape, goes out of scope.
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            var threads: [pthread_t] = []
            for c in 1..<chunks {
                let job = Unmanaged.passRetained(ChunkJob { work(c, range(c, of: chunks, count: count)) }).toOpaque()
                var thread = pthread_t()
                if pthread_create(&thread, nil, { p in
                    Unmanaged<ChunkJob>.fromOpaque(p!).takeRetainedValue().run()
                    return nil
                }, job) == 0 {
                    threads.append(thread)
                } else {
                    Unmanaged<ChunkJob>.fromOpaque(job).takeRetainedValue().run()
                }
            }
            work(0, range(0, of: chunks, count: count))
            for t in threads { pthread_join(t, nil) }
        }
    }
}

/// One chunk's work, handed to its thread through pthread_create's context pointer.
private final class ChunkJob {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
