// Splitting work over the cores: the chunks cover every index once, in order, and each runs exactly once.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct ChunkedWorkTests {
    @Test func chunkCountRespectsCoresAndTheMinimum() {
        #expect(ChunkedWork.chunkCount(10_000, minimum: 2_000, cores: 2) == 2)
        #expect(ChunkedWork.chunkCount(10_000, minimum: 2_000, cores: 16) == 5, "never a chunk under the minimum")
        #expect(ChunkedWork.chunkCount(1_999, minimum: 2_000, cores: 8) == 1)
        #expect(ChunkedWork.chunkCount(0, minimum: 2_000, cores: 8) == 1)
        #expect(ChunkedWork.chunkCount(10_000, minimum: 2_000, cores: 0) == 1)
        #expect(ChunkedWork.cores >= 1)
    }

    @Test func rangesCoverEveryIndexOnceInOrder() {
        for (count, chunks) in [(0, 1), (1, 1), (7, 3), (10_001, 4), (5, 5)] {
            let ranges = (0..<chunks).map { ChunkedWork.range($0, of: chunks, count: count) }
            #expect(ranges.flatMap { Array($0) } == Array(0..<count), "\(count) in \(chunks)")
        }
    }

    @Test func everyChunkRunsOnce() {
        let count = 9_000, chunks = 3
        let seen = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        seen.initialize(repeating: 0)
        defer { seen.deallocate() }
        nonisolated(unsafe) let out = seen
        ChunkedWork.run(chunks: chunks, count: count) { c, range in
            for i in range { out[i] += c + 1 }
        }
        #expect((0..<count).allSatisfy { seen[$0] == $0 / 3_000 + 1 })
    }
}
