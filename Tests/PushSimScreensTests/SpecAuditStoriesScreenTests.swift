// Spec audit of the stories drawing rules (spec §1.5, §1.7, §1.8) the older screen tests did not pin yet.

import Testing
@testable import PushSimEngine
@testable import PushSimScreens

private func started(_ pages: [StoryPage], body: String = "The body", until t: Double = 0) -> StoriesState {
    var s = StoriesState(pages: pages, body: body)
    _ = StoriesPlayer.reduce(&s, .start(at: 0))
    _ = StoriesPlayer.advance(&s, to: t)
    return s
}

private func draw(_ s: StoriesState, at t: Double = 0, size: Size = Size(width: 30, height: 22), image: ImageSlot = .none) -> Canvas {
    var c = Canvas(size: size)
    StoriesScreen.draw(s, at: t, image: image, into: &c, rect: c.bounds)
    return c
}

/// Rows whose text contains `needle`.
private func rows(_ c: Canvas, containing needle: String) -> [Int] {
    (0..<c.height).filter { c.row($0).contains(needle) }
}

@Suite struct SpecAuditStoriesScreenTests {
    // spec §1.8: the fallback "Hides the progress bar, button, title and subtitle … a centred white label" with the body.
    @Test func fallbackShowsOnlyTheBodyInWhiteOnBlack() {
        let c = draw(started([], body: "Fallback body"))
        let text = c.plainText
        #expect(!text.contains("─") && !text.contains("█"), "no progress bar")
        let y = rows(c, containing: "Fallback body")
        #expect(y.count == 1)
        let line = c.row(y[0])
        let x = line.distance(from: line.startIndex, to: line.range(of: "Fallback")!.lowerBound)
        #expect(c[x, y[0]].fg == .white)
        #expect(c[0, 0].bg == .black && c[c.width - 1, c.height - 1].bg == .black)
        let left = x, right = c.width - (x + "Fallback body".count)
        #expect(abs(left - right) <= 1, "centred")
    }

    // spec §1.8: an empty body would leave the SDK's label empty; pushsim says so in grey rather than show a blank story.
    @Test func emptyFallbackBodyIsSaidInGrey() {
        let c = draw(started([], body: ""), size: Size(width: 40, height: 22))
        let y = rows(c, containing: "(the notification has no body)")
        #expect(y.count == 1)
        let x = (0..<c.width).first { c[$0, y[0]].grapheme == "(" }!
        #expect(c[x, y[0]].fg != .white)
        #expect(!c.plainText.contains("─"))
    }

    // spec §1.7 Text: "Title: … bold, white, at most 2 lines. Subtitle: … white at 85 % alpha, at most 2 lines."
    @Test func titleAndSubtitleAtMostTwoLinesEach() {
        let long = Array(repeating: "word", count: 40).joined(separator: " ")
        let page = StoryPage(image: "https://x/a.jpg", title: "T " + long, subtitle: "S " + long)
        let c = draw(started([page]))
        let titleRows = (0..<c.height).filter { y in c.row(y).contains("word") && c[2, y].attrs.contains(.bold) }
        let subtitleRows = (0..<c.height).filter { y in c.row(y).contains("word") && !c[2, y].attrs.contains(.bold) }
        #expect(titleRows.count == 2)
        #expect(subtitleRows.count == 2)
        #expect(titleRows.max()! < subtitleRows.min()!, "the title sits above the subtitle")
        #expect(c[2, titleRows[0]].fg == .white)
        #expect(c[2, subtitleRows[0]].fg == .rgb(217, 217, 217), "white at 85 %")
        #expect(c.row(subtitleRows[1]).contains("…"), "the rest is cut with an ellipsis")
    }

    // spec §1.7: title and subtitle are "Hidden if nil" — a page without text draws no text rows and no scrim.
    @Test func noTextNoScrim() {
        let img = Canvas(width: 30, height: 22, fill: Cell(" ", bg: .rgb(0, 0, 200)))
        let c = draw(started([StoryPage(image: "https://x/a.jpg")]), image: .image(img))
        for y in 1..<c.height { #expect(c[15, y].bg == .rgb(0, 0, 200), "row \(y) is untouched") }
    }

    // spec §1.7 CTA: "Shown only when the page has a link and a non-empty button_title" — a link alone draws no pill.
    @Test func linkWithoutTitleDrawsNoPill() {
        let s = started([StoryPage(image: "https://x/a.jpg", link: "app://x", title: "Hello")])
        #expect(StoriesScreen.pillFrame(s, rect: Rect(x: 0, y: 0, width: 30, height: 22)) == nil)
        let withTitle = started([StoryPage(image: "https://x/a.jpg", link: "app://x", buttonTitle: "Go", title: "Hello")])
        #expect(StoriesScreen.pillFrame(withTitle, rect: Rect(x: 0, y: 0, width: 30, height: 22)) != nil)
    }

    // spec §1.5: one segment per page across the top; filled segments solid white, the track dimmer (white at 30 %).
    // The fill is the terminal's own foreground (white on a dark terminal; issue 14, see barIsInTheTerminalsOwnColours).
    @Test func barHasOneSegmentPerPageWithWhiteFill() {
        let pages = (0..<3).map { StoryPage(image: "https://x/\($0).jpg", duration: 4) }
        let c = draw(started(pages, until: 6), at: 6)  // page 1 half-way
        let bar = c.row(0)
        #expect(bar.split(separator: " ", omittingEmptySubsequences: true).count == 3)
        let full = (0..<c.width).filter { c[$0, 0].grapheme == "█" }
        let track = (0..<c.width).filter { c[$0, 0].grapheme == "─" }
        #expect(!full.isEmpty && !track.isEmpty)
        #expect(full.allSatisfy { c[$0, 0].fg == ProgressBar.fill })
        #expect(track.allSatisfy { c[$0, 0].fg != ProgressBar.fill })
        #expect(full.max()! < track.min()!, "earlier pages full, later ones empty")
    }

    // spec §1.5 over any image, and issue 14 (bytes per changed cell while a story plays): the bar's row is a band in
    // the terminal's default background and the fill is in its default foreground, with no attributes, so the cell
    // that changes at every bar step is what ncurses resets to after each update and is sent as a bare glyph. The
    // track stays dimmer than the fill; the haptic flash (yellow) is the one coloured fill.
    @Test func barIsInTheTerminalsOwnColours() {
        let pages = (0..<3).map { StoryPage(image: "https://x/\($0).jpg", duration: 4) }
        let picture = Canvas(width: 30, height: 22, fill: Cell("▀", fg: .rgb(250, 240, 20), bg: .rgb(230, 230, 230)))
        let playing = started(pages, until: 5.3)  // page 1 part-way: full cells, a partial eighth and track
        var c = Canvas(width: 30, height: 22)
        StoriesScreen.draw(playing, at: 5.3, image: .image(picture), into: &c, rect: c.bounds)
        let bar = (0..<c.width).map { c[$0, 0] }
        #expect(bar.allSatisfy { $0.bg == .default && $0.attrs == [] }, "the whole row, insets included")
        let filled = bar.filter { ProgressBar.eighths.contains($0.grapheme) || $0.grapheme == ProgressBar.full }
        #expect(filled.count > 1 && filled.contains { ProgressBar.eighths.contains($0.grapheme) })
        #expect(filled.allSatisfy { $0.fg == .default }, "a bar step changes a default-coloured cell")
        #expect(bar.filter { $0.grapheme == ProgressBar.track }.allSatisfy { $0.fg == .rgb(150, 150, 150) })
        #expect(c[5, 1].bg == .rgb(230, 230, 230), "the picture starts on the next row")
        var flashed = Canvas(width: 30, height: 22)
        StoriesScreen.draw(playing, at: 5.3, image: .image(picture), into: &flashed, rect: flashed.bounds, flash: true)
        #expect((0..<30).filter { flashed[$0, 0].grapheme == ProgressBar.full }.allSatisfy { flashed[$0, 0].fg == .rgb(255, 214, 10) })
    }

    // spec §1.7 "Background and image. The background is black": while the page image loads the story is black.
    @Test func loadingIsBlack() {
        let c = draw(started([StoryPage(image: "https://x/a.jpg")]), image: .loading)
        #expect(c[3, 5].bg == .black && c[25, 15].bg == .black)
    }
}
