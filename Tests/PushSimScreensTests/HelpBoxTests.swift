// The shared `?` help box: sized to its lines, and readable on a small terminal (issue 13 items 5 and 7).

import Testing
@testable import PushSimScreens

@Suite struct HelpBoxTests {
    let lines = (1...9).map { "key \($0)      what key \($0) does, in a sentence long enough to be cut" }

    @Test func fitsALargeScreenWithMargins() {
        var c = Canvas(width: 100, height: 24)
        HelpBox.draw(lines, title: "Keys", into: &c)
        let text = c.plainText
        for l in lines { #expect(text.contains(l)) }
        #expect(text.contains("any key closes"))
    }

    @Test func aSmallScreenCutsLinesWithAnEllipsisAndCountsTheRest() {
        var c = Canvas(width: 40, height: 10)
        HelpBox.draw(lines, title: "Keys", into: &c)
        let rows = (0..<c.height).map { c.row($0) }
        #expect(rows.contains { $0.contains("key 1") && $0.contains("…") }, "\(c.plainText)")
        #expect(rows.contains { $0.contains("… 2 more: enlarge the terminal") }, "\(c.plainText)")
        for r in rows { #expect(TextWidth.of(r) <= 40) }
    }
}
