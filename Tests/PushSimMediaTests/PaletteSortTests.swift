// The counting sort `make release` gives chafa's median-cut palette: the same order as qsort for chafa's comparators,
// qsort itself for anything else.

import CImaging
import Foundation
import Testing

@Suite struct PaletteSortTests {
    /// chafa 1.12's four comparators (chafa/internal/chafa-palette.c, compare_rgba_0…3): one byte of a pixel, subtracted.
    static let chafaComparators: [pushsim_compare_fn] = [
        { Int32($0!.load(fromByteOffset: 0, as: UInt8.self)) - Int32($1!.load(fromByteOffset: 0, as: UInt8.self)) },
        { Int32($0!.load(fromByteOffset: 1, as: UInt8.self)) - Int32($1!.load(fromByteOffset: 1, as: UInt8.self)) },
        { Int32($0!.load(fromByteOffset: 2, as: UInt8.self)) - Int32($1!.load(fromByteOffset: 2, as: UInt8.self)) },
        { Int32($0!.load(fromByteOffset: 3, as: UInt8.self)) - Int32($1!.load(fromByteOffset: 3, as: UInt8.self)) },
    ]

    /// `count` pixels from a fixed generator; `spread` values per byte, so a small spread makes many ties.
    static func pixels(_ count: Int, spread: UInt32, seed: UInt64) -> [UInt32] {
        var state = seed
        return (0..<count).map { _ in
            var v: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                v |= (UInt32(truncatingIfNeeded: state >> 33) % spread) << UInt32(shift)
            }
            return v
        }
    }

    static func sorted(_ values: [UInt32], _ compare: pushsim_compare_fn, ours: Bool) -> [UInt32] {
        var v = values
        v.withUnsafeMutableBytes {
            if ours { pushsim_palette_qsort($0.baseAddress, values.count, 4, compare) }
            else if let base = $0.baseAddress { qsort(base, values.count, 4, compare) }
        }
        return v
    }

    @Test func findsTheChannelOfEachOfChafasComparators() {
        #expect(Self.chafaComparators.map(pushsim_palette_sort_channel) == [0, 1, 2, 3])
    }

    /// Equal bytes keep their order (glibc's qsort is a merge sort), so the median cut picks the same samples and
    /// chafa the same palette: checked against Swift's stable sort and against qsort, ties many and few, at the
    /// palette's 32,768 samples and at the small sizes of its later cuts.
    @Test(arguments: [0, 1, 2, 3])
    func sortsByTheChannelKeepingTheOrderOfTies(channel: Int) {
        for (count, spread) in [(0, 256), (1, 256), (2, 3), (7, 2), (128, 5), (1000, 256), (32_768, 256), (32_768, 9)] {
            let values = Self.pixels(count, spread: UInt32(spread), seed: UInt64(count * 31 + spread * 7 + channel))
            let ours = Self.sorted(values, Self.chafaComparators[channel], ours: true)
            let stable = values.enumerated().sorted {
                let a = UInt8(truncatingIfNeeded: $0.element >> (8 * channel)), b = UInt8(truncatingIfNeeded: $1.element >> (8 * channel))
                return a != b ? a < b : $0.offset < $1.offset
            }.map(\.element)
            #expect(ours == stable, "channel \(channel), \(count) pixels over \(spread) values")
            #expect(ours == Self.sorted(values, Self.chafaComparators[channel], ours: false), "channel \(channel), \(count) pixels")
        }
    }

    /// Another comparator (a whole word, two bytes, the wrong direction, no order at all) or another element size is
    /// qsort's to sort: the result is qsort's.
    @Test func leavesEveryOtherSortToQsort() {
        let others: [pushsim_compare_fn] = [
            { let a = $0!.load(as: UInt32.self), b = $1!.load(as: UInt32.self); return a < b ? -1 : a > b ? 1 : 0 },
            { let a = $0!.load(as: UInt16.self), b = $1!.load(as: UInt16.self); return Int32(a) - Int32(b) },
            { Int32($1!.load(fromByteOffset: 2, as: UInt8.self)) - Int32($0!.load(fromByteOffset: 2, as: UInt8.self)) },
            { _, _ in 0 },
        ]
        let values = Self.pixels(5_000, spread: 6, seed: 11)
        for compare in others {
            #expect(pushsim_palette_sort_channel(compare) == -1)
            #expect(Self.sorted(values, compare, ours: true) == Self.sorted(values, compare, ours: false))
        }
        // 8-byte elements ordered by their first byte: not the palette's 4-byte pixels.
        var wide = Self.pixels(2_000, spread: 4, seed: 5).map { UInt64($0) }, expected = wide
        let first: pushsim_compare_fn = { Int32($0!.load(as: UInt8.self)) - Int32($1!.load(as: UInt8.self)) }
        wide.withUnsafeMutableBytes { pushsim_palette_qsort($0.baseAddress, 2_000, 8, first) }
        expected.withUnsafeMutableBytes { qsort($0.baseAddress!, 2_000, 8, first) }
        #expect(wide == expected)
    }
}
