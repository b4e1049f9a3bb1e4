// Issue 39 item 6: an overlay opens only where it shows (a help too small to draw must not take the next q unseen),
// and the events pane breaks JSON between tokens, never inside a key, a number or a word.

import Testing
@testable import PushSimScreens

@Suite struct SmallScreenOverlayTests {
    @Test func helpBoxFitsExactlyWhereItDrawsSomething() {
        for w in 1...30 {
            for h in 1...8 {
                var c = Canvas(width: w, height: h)
                HelpBox.draw(["q  quit"], title: "Keys", into: &c)
                let drawn = c.plainText.contains { $0 != " " && $0 != "\n" }
                #expect(drawn == HelpBox.fits(Size(width: w, height: h)), "\(w)×\(h)")
            }
        }
    }

    @Test func jsonWrapsAtTokenBoundaries() {
        #expect(TextWidth.wrapTokens(#"{"event":"page_shown","page":2}"#, width: 16)
                == [#"{"event":"#, #""page_shown","#, #""page":2}"#])
        // Inside a string, at its spaces; a comma in a string is no break.
        #expect(TextWidth.wrapTokens(#"{"title":"Spring sale now"}"#, width: 12) == [#"{"title":"#, #""Spring"#, #"sale now"}"#])
        #expect(TextWidth.wrapTokens(#"{"a":"x,y,z","b":1}"#, width: 13) == [#"{"a":"x,y,z","#, #""b":1}"#])
        // Fits whole: one line.
        #expect(TextWidth.wrapTokens(#"{"t":0}"#, width: 40) == [#"{"t":0}"#])
    }

    @Test func jsonWrapMeasuresDisplayWidth() {
        let lines = TextWidth.wrapTokens(#"{"title":"春の セール"}"#, width: 10)
        #expect(lines == [#"{"title":"#, #""春の"#, #"セール"}"#])
        for l in lines { #expect(TextWidth.of(l) <= 10) }
    }

    @Test func aTokenWiderThanTheLineAloneBreaksByWidth() {
        let url = #"{"url":"https://example.com/a/very/long/path"}"#
        let lines = TextWidth.wrapTokens(url, width: 14)
        for l in lines { #expect(TextWidth.of(l) <= 14, "\(lines)") }
        #expect(lines.joined() == url)
        #expect(lines.first == #"{"url":"#)
    }

    @Test func theEventsPaneNeverSplitsAWord() {
        var c = Canvas(width: 30, height: 8)
        EventLogPane.draw([#"{"t":1.25,"event":"button_tapped","url":"https://example.com/sale"}"#], into: &c,
                          rect: Rect(x: 0, y: 0, width: 30, height: 8))
        let text = c.plainText
        #expect(text.contains(#""button_tapped","#), "\(text)")
        #expect(text.contains(#"{"t":1.25,"event":"#), "\(text)")
    }
}
