// The home screen: menu layout (golden frames), navigation, opening a sample and coming back, errors, small terminals.

import Foundation
import PushSimScreens
import SnapshotTesting
import Testing
@testable import PushSimApp

/// A sample's scene that quits on `q` and counts what it was given.
final class FakeChildScene: Scene {
    var handled: [InputEvent] = []
    var advancedTo: Double = 0
    var size = Size(width: 0, height: 0)
    var exitStatus: Int32?
    var pendingBell = false

    func resize(to size: Size, at now: Double) { self.size = size }
    func handle(_ input: InputEvent, at now: Double) {
        handled.append(input)
        if input == .key(.char("q")) { exitStatus = 0 }
        if input == .key(.char("x")) { exitStatus = 3 }
        if input == .key(.char("b")) { pendingBell = true }
    }
    func advance(to now: Double) { advancedTo = now }
    func nextDeadline() -> Double? { 42 }
    func render(at now: Double) -> Canvas {
        var c = Canvas(size: size)
        c.text("child scene", x: 0, y: 0)
        return c
    }
    func takeRequests() -> [TerminalRequest] {
        defer { pendingBell = false }
        return pendingBell ? [.bell] : []
    }
}

@Suite("Home screen")
struct HomeSceneTests {
    static func catalog(child: FakeChildScene = FakeChildScene()) -> [Sample] {
        [
            Sample(experience: .inbox, title: "Mixed feed", summary: "Every card kind, pinned and unread",
                   keys: "↑/↓ scroll, Enter tap, d delete", command: "pushsim inbox Resources/inbox/mixed.json") { child },
            Sample(experience: .stories, title: "Travel story", summary: "Three pages with a button on the last",
                   keys: "←/→ tap, p hold, q quit", command: "pushsim stories Resources/stories/travel.json") { child },
            Sample(experience: .stories, title: "Broken payload", summary: "Shows how a bad file is reported",
                   keys: "q quit", command: "pushsim stories Resources/stories/broken.json") {
                throw UserError("Resources/stories/broken.json: not valid JSON: line 3, column 7: expected ','")
            },
            Sample(experience: .primer, title: "Bottom sheet", summary: "The soft opt-in sheet on a new device",
                   keys: "a accept, d decline", command: "pushsim primer --config Resources/primer/sheet.json") { child },
        ]
    }

    func home(_ samples: [Sample] = HomeSceneTests.catalog(), size: Size = Size(width: 80, height: 24)) -> HomeScene {
        let h = HomeScene(samples: samples, resourcesRoot: "/opt/pushsim/Resources")
        h.resize(to: size, at: 0)
        return h
    }

    @Test func groupsSamplesByExperienceInCatalogOrder() {
        let h = home()
        #expect(h.samples.map(\.title) == ["Travel story", "Broken payload", "Bottom sheet", "Mixed feed"])
    }

    @Test func menuFrame() {
        let h = home()
        assertSnapshot(of: h.render(at: 0).plainText, as: .lines, named: "menu-80x24")
    }

    @Test func arrowsAndVimKeysMoveTheSelectionWithinBounds() {
        let h = home()
        h.handle(.key(.down), at: 0)
        h.handle(.key(.char("j")), at: 0)
        #expect(h.selected == 2)
        h.handle(.key(.end), at: 0)
        h.handle(.key(.down), at: 0)
        #expect(h.selected == 3)
        h.handle(.key(.char("k")), at: 0)
        h.handle(.key(.up), at: 0)
        h.handle(.key(.home), at: 0)
        h.handle(.key(.up), at: 0)
        #expect(h.selected == 0)
    }

    @Test func enterRunsTheSampleInsideAndLeavingComesBack() {
        let child = FakeChildScene()
        let h = home(Self.catalog(child: child))
        h.handle(.key(.enter), at: 1)
        #expect(h.child != nil)
        #expect(child.size == Size(width: 80, height: 24))
        // The child's clock starts when it opens (at 1): its deadline 42 is 43 on the home screen's clock.
        #expect(h.nextDeadline() == 43)
        #expect(h.render(at: 1).row(0).hasPrefix("child scene"))
        h.handle(.key(.right), at: 2)
        h.advance(to: 3)
        h.resize(to: Size(width: 60, height: 20), at: 3)
        #expect(child.handled == [.key(.right)])
        #expect(child.advancedTo == 2)
        #expect(child.size == Size(width: 60, height: 20))
        h.handle(.key(.char("b")), at: 4)
        #expect(h.takeRequests() == [.bell])
        h.handle(.key(.char("q")), at: 5)
        #expect(h.child == nil)
        #expect(h.exitStatus == nil)
        #expect(h.nextDeadline() == nil)
        #expect(h.render(at: 5).row(0).contains("pushsim"))
        h.handle(.key(.char("q")), at: 6)
        #expect(h.exitStatus == 0)
    }

    /// Issue 13 item 1: a primer sample opened 71 s after the home screen starts its simulated clock at the real time
    /// when it opens (spec §2, the throttle's last-shown time comes from it), not 71 s ahead.
    @Test func aPrimerSampleOpenedLaterStartsItsClockWhenItOpens() throws {
        let samples = SampleCatalog.all(resources: Resources.locate()).filter { $0.experience == .primer }
        let h = home(samples)
        h.advance(to: 71)
        let opened = Date().timeIntervalSince1970
        h.handle(.key(.enter), at: 71)
        let primer = try #require(h.child as? PrimerScene)
        h.advance(to: 72)
        let clock = primer.state.wallClock(at: primer.now)
        #expect(clock >= opened && clock < opened + 1 + 5, "the clock runs \(clock - opened) s ahead")
    }

    /// Issue 13 item 2: `r` on the home screen resets every sample's saved state and says so; a failure says why.
    @Test func rResetsTheSamplesAndSaysSo() {
        var calls = 0
        let h = HomeScene(samples: Self.catalog(), resourcesRoot: "/r", resetSamples: { () throws(UserError) -> String in
            calls += 1
            if calls == 2 { throw UserError("/data/samples/inbox-mixed.sqlite: not a pushsim store") }
            return "Every sample reset"
        })
        h.resize(to: Size(width: 80, height: 24), at: 0)
        // Issue 26: r asks first; any key but y keeps everything.
        h.handle(.key(.char("r")), at: 0)
        #expect(calls == 0)
        #expect(h.render(at: 0).plainText.contains("y reset"))
        h.handle(.key(.char("n")), at: 0)
        #expect(calls == 0)
        #expect(h.message == "Nothing was reset.")
        h.handle(.key(.char("r")), at: 0)
        h.handle(.key(.char("y")), at: 0)
        #expect(calls == 1)
        #expect(h.message == "Every sample reset")
        #expect(h.render(at: 0).plainText.contains("Every sample reset"))
        h.handle(.key(.char("r")), at: 0)
        h.handle(.key(.char("y")), at: 0)
        #expect(h.message == "/data/samples/inbox-mixed.sqlite: not a pushsim store")
        #expect(h.takeRequests() == [.bell])
    }

    @Test func aChildEndingWithAnErrorStatusSaysSo() {
        let h = home()
        h.handle(.key(.enter), at: 0)
        h.handle(.key(.char("x")), at: 1)
        #expect(h.child == nil)
        #expect(h.message == "Travel story ended with status 3")
    }

    @Test func aSampleThatFailsShowsItsOneLineAndRingsTheBell() {
        let h = home()
        h.handle(.key(.down), at: 0)
        h.handle(.key(.enter), at: 0)
        #expect(h.child == nil)
        #expect(h.message == "Resources/stories/broken.json: not valid JSON: line 3, column 7: expected ','")
        #expect(h.takeRequests() == [.bell])
        assertSnapshot(of: h.render(at: 0).plainText, as: .lines, named: "error-line")
        h.handle(.key(.down), at: 0)
        #expect(h.message == nil)
    }

    @Test func clickOnASampleOpensItAndWheelMoves() {
        let h = home()
        // Rows: 2 heading, 3–4 Travel story, 5–6 Broken payload, 7 blank, 8 heading, 9–10 Bottom sheet.
        h.handle(.mouse(MouseEvent(.press, x: 10, y: 10)), at: 0)
        #expect(h.selected == 2)
        #expect(h.child == nil)
        h.handle(.mouse(MouseEvent(.release, x: 10, y: 10)), at: 0)
        #expect(h.child != nil)
        h.handle(.key(.char("q")), at: 1)
        h.handle(.mouse(MouseEvent(.wheelUp, x: 0, y: 0)), at: 1)
        #expect(h.selected == 1)
        // A press on one sample and a release on another is not a click.
        h.handle(.mouse(MouseEvent(.press, x: 10, y: 3)), at: 1)
        h.handle(.mouse(MouseEvent(.release, x: 10, y: 9)), at: 1)
        #expect(h.child == nil)
        #expect(h.selected == 0)
    }

    /// Issue 13 item 4: q quits the home screen; a stray Esc never ends the program.
    @Test func qQuitsWithStatusZeroAndEscDoesNot() {
        let a = home(), b = home()
        a.handle(.key(.char("q")), at: 0)
        b.handle(.key(.esc), at: 0)
        #expect(a.exitStatus == 0)
        #expect(b.exitStatus == nil)
    }

    @Test func helpOpensWithQuestionMarkAndAnyKeyClosesIt() {
        let h = home()
        h.handle(.key(.char("?")), at: 0)
        #expect(h.showingHelp)
        assertSnapshot(of: h.render(at: 0).plainText, as: .lines, named: "help")
        h.handle(.key(.char("q")), at: 0)
        #expect(!h.showingHelp)
        #expect(h.exitStatus == nil)
    }

    @Test func emptyCatalogShowsAFriendlyLine() {
        let h = home([])
        h.handle(.key(.enter), at: 0)
        #expect(h.child == nil)
        assertSnapshot(of: h.render(at: 0).plainText, as: .lines, named: "empty")
    }

    @Test func aTinyTerminalShowsOneLineWithTheMinimumSize() {
        let h = home(size: Size(width: 20, height: 6))
        let text = h.render(at: 0).plainText
        #expect(text.split(separator: "\n").filter { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) } == ["Need 40×10"])
        h.resize(to: Size(width: 39, height: 12), at: 0)
        assertSnapshot(of: h.render(at: 0).plainText, as: .lines, named: "too-small-39x12")
    }

    @Test func aLongListScrollsToKeepTheSelectionVisible() {
        let many = (1...12).map { i in
            Sample(experience: .stories, title: "Story \(i)", summary: "Sample number \(i)", keys: "q quit",
                   command: "pushsim stories s\(i).json") { FakeChildScene() }
        }
        let h = home(many, size: Size(width: 50, height: 12))
        for _ in 0..<7 { h.handle(.key(.down), at: 0) }
        let frame = h.render(at: 0)
        #expect(frame.plainText.contains("▸ Story 8"))
        assertSnapshot(of: frame.plainText, as: .lines, named: "scrolled-50x12")
    }

    /// Issue 13 item 7: shrinking to 40×10 keeps the selection on screen, and the "↑ more" / "↓ more" markers
    /// never run into the text on their rows.
    @Test func shrinkingKeepsTheSelectionVisibleAndTheMarkersClear() {
        let h = home(SampleCatalog.all(resources: Resources.locate()))
        for _ in 0..<7 { h.handle(.key(.down), at: 0) }
        let title = h.samples[h.selected].title
        h.resize(to: Size(width: 40, height: 10), at: 0)
        let frame = h.render(at: 0)
        #expect(frame.plainText.contains("▸ " + String(title.prefix(20))), "\(frame.plainText)")
        var sawUp = false, sawDown = false
        for y in 0..<frame.height {
            let row = frame.row(y)
            for marker in ["↑ more", "↓ more"] where row.contains(marker) {
                if marker.hasPrefix("↑") { sawUp = true } else { sawDown = true }
                let before = row.components(separatedBy: marker)[0]
                #expect(before.hasSuffix(" "), "text runs into the marker: \(row)")
                #expect(before.trimmingCharacters(in: .whitespaces).isEmpty || before.dropLast().hasSuffix(" ") || before.dropLast().hasSuffix("…"),
                        "the text before the marker is cut with an ellipsis or a gap: \(row)")
            }
        }
        #expect(sawUp && sawDown)
        for y in 0..<frame.height { #expect(TextWidth.of(frame.row(y)) <= 40) }
    }

    @Test func aLongCommandWrapsOntoTwoLinesAboveTheKeys() {
        let s = Sample(experience: .stories, title: "Spring sale", summary: "Five pages", keys: "q",
                       command: "pushsim stories Resources/stories/spring-sale.json --haptics --long-press-pause --crossfade") {
            FakeChildScene()
        }
        let frame = home([s], size: Size(width: 60, height: 12)).render(at: 0)
        #expect(frame.row(9).hasPrefix(" $ pushsim stories Resources/stories/spring-sale.json"))
        #expect(frame.row(10).hasPrefix(" --haptics --long-press-pause --crossfade"))
        #expect(frame.row(11).hasPrefix(" ↑/↓ move"))
    }

    @Test func wideAndHostileSummariesStayOnTheirLine() {
        let s = Sample(experience: .stories, title: "春のセール 🌸", summary: "二ページ目にボタン\u{7}\u{1B}[31m", keys: "q",
                       command: "pushsim stories 春.json") { FakeChildScene() }
        let h = home([s], size: Size(width: 40, height: 10))
        let frame = h.render(at: 0)
        for y in 0..<frame.height { #expect(TextWidth.of(frame.row(y)) <= 40) }
        #expect(!frame.plainText.contains("\u{1B}"))
        assertSnapshot(of: frame.plainText, as: .lines, named: "wide-text-40x10")
    }
}

@Suite("Home demo page")
struct HomeDemoSceneTests {
    @Test func deadlinesFollowEighthCellsAndStopWhilePaused() {
        let d = HomeDemoScene(pageSeconds: 5)
        d.resize(to: Size(width: 80, height: 24), at: 0)
        // (80 - 2 - 2) / 3 = 25 cells per segment, 200 eighths over 5 s: one every 25 ms.
        #expect(abs(d.nextDeadline()! - 0.025) < 1e-9)
        d.advance(to: 1.0)
        #expect(abs(d.nextDeadline()! - 1.025) < 1e-9)
        d.handle(.key(.char("p")), at: 1.0)
        #expect(d.nextDeadline() == nil)
        d.advance(to: 100)
        #expect(d.page == 0)
        d.handle(.key(.char("p")), at: 100)
        d.advance(to: 104.0)
        #expect(d.page == 1)
        #expect(d.render(at: 104).row(0).contains("█"))
    }

    /// The demo page draws the story page's bar (ProgressBar, the terminal's default colours: docs/stories.md), not a
    /// coloured bar of its own, so `pushsim --demo` measures what a playing story sends for each bar step.
    @Test func barIsTheStoryPagesBar() {
        let d = HomeDemoScene(pageSeconds: 5)
        d.resize(to: Size(width: 80, height: 24), at: 0)
        d.advance(to: 2.5)
        let c = d.render(at: 2.5)
        // Segments of 25, 25 and 26 cells (ProgressBar.segments over 78); half of the first: 12 cells and 4 eighths.
        #expect(c.row(0) == " " + String(repeating: "█", count: 12) + "▌" + String(repeating: "─", count: 12) + " "
                + String(repeating: "─", count: 25) + " " + String(repeating: "─", count: 26) + " ")
        var bar = Canvas(size: Size(width: 80, height: 1))
        ProgressBar.draw([0.5, 0, 0], into: &bar, x: 1, y: 0, width: 78)
        for x in 1..<79 { #expect(c[x, 0] == bar[x, 0], "cell \(x)") }
        #expect(c[5, 0].fg == .default && c[5, 0].bg == .default, "the fill is the terminal's own colours")
        // Page 3's segment is 26 cells: 208 eighths over 5 s.
        d.handle(.key(.right), at: 2.5)
        d.handle(.key(.right), at: 2.5)
        #expect(d.page == 2)
        #expect(abs(d.nextDeadline()! - (2.5 + 5.0 / 208)) < 1e-9)
    }
}
