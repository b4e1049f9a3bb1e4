// Issue 25 item 5: what a frame shows of a text is read from its start only, with the same lines and ellipsis as the
// whole text gives, so a 50 MB title costs a frame what two lines do.

import Testing
@testable import PushSimCanvas

@Suite struct ShownTextTests {
    /// Seeded texts of words, wide characters, runs of spaces, newlines and controls: the bounded functions give
    /// exactly what the whole-text ones give.
    @Test func boundedLinesEqualTheWholeTextsLines() {
        var rng = SplitMix(seed: 25)
        let pieces = ["word", "a", "longerwordthanaline", "日本語", "😀", " ", "   ", "\n", "\u{1B}[2J", "\t", "é", "x\u{301}"]
        for _ in 0..<600 {
            let text = (0..<Int(rng.next() % 80)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            for width in [1, 3, 7, 20] {
                for lines in [1, 2, 3] {
                    let whole = TextWidth.wrap(TextWidth.sanitized(text), width: width, maxLines: lines)
                    #expect(TextWidth.shownLines(text, width: width, maxLines: lines) == whole, "\(text.debugDescription) at \(width)×\(lines)")
                }
                #expect(TextWidth.shownLine(text, width: width) == TextWidth.truncate(TextWidth.sanitized(text), to: width))
            }
        }
    }

    @Test func aHugeTitleIsReadOnlyAsFarAsItCanShow() {
        let title = String(repeating: "word ", count: 2_000_000)
        let prefix = TextWidth.shownPrefix(title, width: 76, maxLines: 2)
        #expect(prefix.utf8.count < 400)
        #expect(TextWidth.shownLines(title, width: 76, maxLines: 2).last?.hasSuffix("…") == true)
        #expect(TextWidth.truncate(title, to: 10) == "word word…")
    }
}

/// A small deterministic generator (the tests' texts are the same on every run).
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
