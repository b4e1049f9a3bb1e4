// Splits an index range into contiguous chunks worked on by every core at once (a 100,000-message feed load).

import Dispatch
import Foundation

public enum ChunkedWork {
    /// How many chunks `count` items make: one per active core, but none smaller than `minimum` items (below
    /// that, starting a thread costs more than the work it takes over).
    public static func chunkCount(_ count: Int, minimum: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, min(max(1, cores), count / max(1, minimum)))
    }

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
        // concurrentPerform runs the iterations on the calling thread and the pool, and waits for every one;
        // `body` does not escape, so it is handed over without a copy.
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                work(c, range(c, of: chunks, count: count))
            }
        }
    }
}
