// Golden text frames of the stories screen, and the progress bar's sub-cell math.

import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

private let samplePages = [
    StoryPage(image: "file:../images/aurora.jpg", duration: 5, title: "Spring sale", subtitle: "Up to 40 % off the new collection, this week only."),
    StoryPage(image: "file:../images/dunes.jpg", duration: 4, title: "Desert tones"),
    StoryPage(image: "https://cdn.example.com/city.png", duration: 6, link: "myshop://sale", buttonTitle: "Shop the sale",
              title: "Your picks are waiting", subtitle: "Free delivery on orders over 50 €."),
]

private func playing(_ pages: [StoryPage] = samplePages, options: StoriesOptions = StoriesOptions(), until t: Double = 0,
                     _ actions: [StoriesAction] = []) -> StoriesState {
    var s = StoriesState(pages: pages, body: "Our summer collection is here.", options: options)
    _ = StoriesPlayer.reduce(&s, .start(at: 0))
    for a in actions { _ = StoriesPlayer.reduce(&s, a) }
    _ = StoriesPlayer.advance(&s, to: t)
    return s
}

private func frame(_ s: StoriesState, at t: Double, size: Size = Size(width: 32, height: 24), image: ImageSlot = .none) -> Canvas {
    var c = Canvas(size: size)
    StoriesScreen.draw(s, at: t, image: image, into: &c, rect: c.bounds)
    return c
}

@Suite struct StoriesScreenTests {
    @Test func firstPage() {
        assertSnapshot(of: frame(playing(), at: 0).plainText, as: .lines, named: "first-page")
    }

    @Test func midProgress() {
        // Page 2 (4 s) at 1.3 s in: the first segment is full, the second part-filled to the eighth.
        let s = playing(until: 6.3)
        #expect(s.index == 1)
        let c = frame(s, at: 6.3)
        assertSnapshot(of: c.plainText, as: .lines, named: "mid-progress")
        #expect(c.row(0).contains("▉") || c.row(0).contains("▎") || c.row(0).contains("▍") || c.row(0).contains("▌") || c.row(0).contains("▋") || c.row(0).contains("▊") || c.row(0).contains("▏"))
    }

    @Test func paused() {
        let s = playing(options: StoriesOptions(longPressPause: true), until: 2, [.fingerDown(x: 15, width: 30, at: 1.5)])
        #expect(s.paused)
        assertSnapshot(of: frame(s, at: 4).plainText, as: .lines, named: "paused")
    }

    @Test func ctaPill() {
        let s = playing(until: 0, [.tap(x: 25, width: 30, at: 0), .tap(x: 25, width: 30, at: 0)])
        let c = frame(s, at: 3)
        assertSnapshot(of: c.plainText, as: .lines, named: "cta-pill")
        let pill = StoriesScreen.pillFrame(s, rect: c.bounds)
        #expect(pill != nil)
        #expect(c.row(pill!.y).contains("Shop the sale"))
    }

    @Test func lastPageFinished() {
        let s = playing(until: 20)
        #expect(s.phase == .completed)
        let c = frame(s, at: 20)
        assertSnapshot(of: c.plainText, as: .lines, named: "last-page-finished")
        #expect(!c.row(0).contains("─"))  // every segment full
    }

    @Test func fallback() {
        let s = playing([])
        assertSnapshot(of: frame(s, at: 0).plainText, as: .lines, named: "fallback")
    }

    @Test func cjkAndEmojiTitlesTruncateByWidth() {
        let page = StoryPage(image: "file:../images/city.png", title: "東京タワーからの夜景はとても美しいです、ぜひ一度ご覧ください 🗼✨",
                             subtitle: "👩‍👩‍👧 Family trip 🇯🇵 家族旅行と中文字幕测试：每个汉字占两个单元格宽度。")
        let c = frame(playing([page]), at: 1)
        assertSnapshot(of: c.plainText, as: .lines, named: "cjk-emoji")
        for y in 0..<c.height { #expect(TextWidth.of(c.row(y)) <= c.width) }
        #expect(c.plainText.contains("…"))
    }

    @Test func narrowLayout() {
        let size = StoriesScreen.minimumStorySize(aspectRatio: 1.5)
        #expect(size == Size(width: 24, height: 18))
        let s = playing(until: 0, [.tap(x: 25, width: 30, at: 0), .tap(x: 25, width: 30, at: 0)])
        assertSnapshot(of: frame(s, at: 1, size: size).plainText, as: .lines, named: "narrow")
    }

    @Test func loadingShowsSpinnerOnBlackAndFailureShowsReason() {
        let loading = frame(playing(), at: 0.25, image: .loading)
        #expect(loading.plainText.contains("⠹"))
        #expect(loading[1, 10].bg == .black)
        let failed = frame(playing(), at: 0, image: .failed("HTTP 404 from cdn.example.com"))
        assertSnapshot(of: failed.plainText, as: .lines, named: "image-failed")
        #expect(failed.plainText.contains("HTTP 404"))
    }

    @Test func renderedImageIsBlittedUnderTheOverlay() {
        var img = Canvas(width: 32, height: 24, fill: Cell("▀", fg: .rgb(10, 200, 10), bg: .rgb(0, 0, 200)))
        img[5, 5] = Cell("x")
        let c = frame(playing(), at: 0, image: .image(img))
        #expect(c[5, 5].grapheme == "x")
        #expect(c[10, 10].fg == .rgb(10, 200, 10))
        // The scrim darkens the bottom rows.
        #expect(c[10, 22].bg != .rgb(0, 0, 200))
    }

    @Test func collapsedNotification() {
        var c = Canvas(width: 50, height: 10)
        let f = CollapsedNotification.draw(appName: "Pushsim", title: "Spring sale is on 🌸", body: "Five looks, one week only. Tap to see them.", into: &c, rect: c.bounds)
        assertSnapshot(of: c.plainText, as: .lines, named: "collapsed")
        #expect(f.contains(x: 25, y: 3))
    }

    // A broken payload says why on the screen itself: the fallback body above, the findings below (error first),
    // as many as fit, then how many more and where to read them.
    @Test func fallbackExplainsWhy() {
        let findings = ["pw_stories.pages: none of the 2 pages has a usable image URL; the SDK shows the notification body instead",
                        "pw_stories.pages[0]: has no image; page skipped", "pw_stories.pages[1].image: is a number, not a URL string; page skipped"]
        var roomy = Canvas(width: 50, height: 24)
        StoriesScreen.drawFallback(body: "Our summer collection is here.", warnings: findings, into: &roomy, rect: roomy.bounds)
        assertSnapshot(of: roomy.plainText, as: .lines, named: "fallback-with-findings")
        var tight = Canvas(width: 30, height: 14)
        StoriesScreen.drawFallback(body: "Our summer collection is here.", warnings: findings, into: &tight, rect: tight.bounds)
        let text = tight.plainText
        #expect(text.contains("Why no story:") && text.contains("• pw_stories.pages: none"), "\(text)")
        #expect(text.contains("… 2 more: pushsim validate"))
        var tiny = Canvas(width: 30, height: 8)
        StoriesScreen.drawFallback(body: "Body", warnings: findings, into: &tiny, rect: tiny.bounds)
        #expect(!tiny.plainText.contains("Why"), "no room: the body alone, as the SDK shows it")
    }

    @Test func tooSmallIsOneCentredLine() {
        var c = Canvas(width: 70, height: 6)
        TooSmall.draw(need: Size(width: 24, height: 19), into: &c)
        #expect(c.row(2).trimmingCharacters(in: .whitespaces) == "Terminal too small (70×6): enlarge it to at least 70×19")
    }

    // Every screen says the same thing, as much of it as fits: what it has, what it needs, what to do.
    @Test func tooSmallShortensToFit() {
        let need = Size(width: 40, height: 10)
        #expect(TooSmall.line(need: need, have: Size(width: 60, height: 8)) == "Terminal too small (60×8): enlarge it to at least 60×10")
        #expect(TooSmall.line(need: need, have: Size(width: 34, height: 8)) == "Too small (34×8): enlarge to 40×10")
        #expect(TooSmall.line(need: need, have: Size(width: 27, height: 8)) == "Too small: enlarge to 40×10")
        #expect(TooSmall.line(need: need, have: Size(width: 21, height: 8)) == "Too small: need 40×10")
        #expect(TooSmall.line(need: need, have: Size(width: 12, height: 8)) == "Need 40×10")
        #expect(TooSmall.line(need: need, have: Size(width: 3, height: 8)) == "40×10")
        // Issue 13 item 11: a dimension that is already big enough is kept, never asked to shrink.
        #expect(TooSmall.line(need: Size(width: 24, height: 19), have: Size(width: 40, height: 10)) == "Too small (40×10): enlarge to 40×19")
    }
}

@Suite struct ProgressBarTests {
    @Test func segmentsShareTheWidthWithOneCellGaps() {
        let segs = ProgressBar.segments(count: 3, width: 20)!
        #expect(segs.map(\.count) == [6, 6, 6])
        #expect(segs.map(\.lowerBound) == [0, 7, 14])
        #expect(ProgressBar.segments(count: 4, width: 10)!.map(\.count).reduce(0, +) == 7)
        #expect(ProgressBar.segments(count: 50, width: 30) == nil)
    }

    @Test func fillsWithEighthBlocks() {
        var c = Canvas(width: 4, height: 1)
        ProgressBar.draw([0.5 + 1.0 / 32], into: &c, x: 0, y: 0, width: 4)  // 2 cells and 1/8
        #expect(c.row(0) == "██▏─")
        ProgressBar.draw([0.99], into: &c, x: 0, y: 0, width: 4)
        #expect(c.row(0) == "███▉")
        ProgressBar.draw([0], into: &c, x: 0, y: 0, width: 4)
        #expect(c.row(0) == "────")
        ProgressBar.draw([1, .nan], into: &c, x: 0, y: 0, width: 4)
        #expect(c.row(0) == "█ ──")
    }

    @Test func tooManyPagesDrawOneContinuousBar() {
        var c = Canvas(width: 10, height: 1)
        ProgressBar.draw(Array(repeating: 1, count: 25) + Array(repeating: 0, count: 25), into: &c, x: 0, y: 0, width: 10)
        #expect(c.row(0) == "█████─────")
        #expect(ProgressBar.eighthsSpan(count: 50, width: 10, index: 3) == 1.6)
        #expect(ProgressBar.eighthsSpan(count: 3, width: 20, index: 1) == 48)
    }

    @Test func storySizeKeepsTheAspectRatioInCells() {
        #expect(StoriesScreen.storySize(fitting: Size(width: 80, height: 23), aspectRatio: 1.5) == Size(width: 31, height: 23))
        #expect(StoriesScreen.storySize(fitting: Size(width: 40, height: 100), aspectRatio: 1.5) == Size(width: 40, height: 30))
        #expect(StoriesScreen.storyHeight(width: 40, aspectRatio: 0.5) == 10)
    }

    @Test func crossfadeMixesColoursAndSwitchesGlyphsHalfway() {
        let a = Canvas(width: 2, height: 1, fill: Cell("a", fg: .black, bg: .black))
        let b = Canvas(width: 2, height: 1, fill: Cell("b", fg: .white, bg: .white))
        let quarter = Crossfade.blend(from: a, to: b, 0.25)
        #expect(quarter[0, 0].grapheme == "a")
        #expect(quarter[0, 0].bg == .rgb(64, 64, 64))
        #expect(Crossfade.blend(from: a, to: b, 0.75)[1, 0].grapheme == "b")
        #expect(Crossfade.blend(from: a, to: b, 1) == b)
    }
}
