// TextWidth.of(String)'s fast path for narrow text (U+0020–U+007E, U+00A0–U+02FF read from the UTF-8 bytes) gives
// exactly the sum of its graphemes' widths, and steps aside for everything else.

import Testing
@testable import PushSimCanvas

@Suite struct TextWidthNarrowTests {
    /// The width as the grapheme walk gives it.
    private func graphemeSum(_ s: String) -> Int { s.reduce(0) { $0 + TextWidth.of($1) } }

    @Test(arguments: [
        "", "Spring sale", "▸ opened myshop://sale", "tap right · 12 s · iPhone 17 Pro · iOS 26", "Crème brûlée à 5 €",
        "Ærø ß ŋ ɐ ʰ ˈ", "e\u{301}", "a\u{0300}b", "\u{AD}soft", "C1\u{85}control", "tab\there", "del\u{7F}", "\u{A0}nbsp",
        "東京の夜", "🌃 night", "👍🏽", "🇯🇵", "x\u{200D}y", "é\u{20DD}", "\u{2FF}\u{300}", "\u{1100}\u{1161}",
    ])
    func theFastPathIsTheGraphemeSum(_ s: String) {
        #expect(TextWidth.of(s) == graphemeSum(s), "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func onlyNarrowTextTakesIt() {
        #expect(TextWidth.narrowWidth("Crème · ʰ") == 9)
        #expect(TextWidth.narrowWidth("e\u{301}") == nil, "a combining mark joins its base")
        #expect(TextWidth.narrowWidth("C1\u{85}") == nil, "C1 controls are the grapheme walk's")
        #expect(TextWidth.narrowWidth("tab\t") == nil)
        #expect(TextWidth.narrowWidth("東京") == nil)
    }

    /// Random strings over the boundaries (controls, Latin, the combining marks from U+0300, wide and emoji scalars):
    /// the same width either way, 3,000 times (a fixed seed, so a failure repeats).
    @Test func randomStringsAgree() {
        var seed: UInt64 = 0x5EED_2026_1202
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let pools: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x2FF, 0x2F0...0x36F, 0x3000...0x303F, 0x1F300...0x1F3FF, 0xFE00...0xFE0F]
        for _ in 0..<3000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int(next() % 12) {
                // Mostly narrow text, so the fast path is taken often; now and then a scalar from the other pools.
                let pool = next() % 4 == 0 ? pools[Int(next() % UInt64(pools.count))] : pools[Int(next() % 2)]
                if let u = Unicode.Scalar(pool.lowerBound + UInt32(next() % UInt64(pool.count))) { s.append(u) }
            }
            let text = String(s)
            #expect(TextWidth.of(text) == graphemeSum(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// truncate's shortcuts (a string of at most `width` bytes; narrow text) give what the grapheme walk gives.
    @Test func truncateAgreesWithTheGraphemeWalk() {
        func walk(_ s: String, _ width: Int) -> String {
            guard width > 0 else { return "" }
            var w = 0, kept = s.startIndex, i = s.startIndex
            while i < s.endIndex {
                let gw = TextWidth.of(s[i])
                if w + gw > width { return String(s[..<kept]) + "…" }
                w += gw
                i = s.index(after: i)
                if w <= width - 1 { kept = i }
            }
            return s
        }
        var seed: UInt64 = 0x7E47_2026
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0x4E00...0x4E80, 0x1F300...0x1F3FF, 0x00...0x1F]
        var cases = ["Spring sale", "Crème brûlée", "東京の夜景", "👍🏽👍🏽", "e\u{301}e\u{301}e", "", "·"]
        for _ in 0..<2000 {
            var u = String.UnicodeScalarView()
            for _ in 0..<Int(next() % 16) {
                let pool = next() % 3 == 0 ? pools[Int(next() % UInt64(pools.count))] : pools[Int(next() % 2)]
                if let c = Unicode.Scalar(pool.lowerBound + UInt32(next() % UInt64(pool.count))) { u.append(c) }
            }
            cases.append(String(u))
        }
        for s in cases {
            for width in 0...18 {
                #expect(TextWidth.truncate(s, to: width) == walk(s, width), "\(s.unicodeScalars.map { String($0.value, radix: 16) }) at \(width)")
            }
        }
    }
}
