// The stories scene end to end on a simulated clock: script steps, keys, mouse, layout, deadlines, images, reloads.

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimApp
@testable import PushSimEngine
import PushSimScreens

private let threePages: JSONValue = [
    "aps": ["alert": ["title": "Spring sale", "body": "Five looks, one week only."], "category": "PW_STORIES"],
    "pw_stories": ["pages": [
        ["image": "https://x/a.jpg", "duration": 5, "title": "One"],
        ["image": "https://x/b.jpg", "duration": 4, "title": "Two"],
        ["image": "https://x/c.jpg", "duration": 3, "title": "Three", "link": "myapp://buy", "button_title": "Buy"],
    ]],
]

/// A scene and its runner, with the events as compact strings ("show 1").
final class StoriesHarness {
    let sink = EventSink()
    let scene: StoriesScene
    let runner: HeadlessRunner
    var frames: [String] = []

    convenience init(_ doc: JSONValue = threePages, _ config: StoriesScene.Configuration = .init(), size: Size = Size(width: 80, height: 24),
         images: ImageSource = NoImages()) throws {
        try self.init(input: StoriesInput.read(doc), config, size: size, images: images)
    }

    init(input: StoriesInput, _ config: StoriesScene.Configuration = .init(), size: Size = Size(width: 80, height: 24),
         images: ImageSource = NoImages()) throws {
        scene = StoriesScene(input: input, configuration: config, sink: sink, images: images)
        runner = HeadlessRunner(scene: scene, size: size)
        runner.onFrame = { [unowned self] in self.frames.append($0) }
    }

    func run(_ script: String) throws { try runner.run(Script.parse(script)) }

    var log: [String] {
        sink.events.map { e in
            let fields = e.event.fields.map { "\($0.value.stringValue ?? $0.value.jsonText())" }
            return ([JSONValue.formatNumber(TimedEvent.roundMillis(e.t)), e.event.name] + fields).joined(separator: " ")
        }
    }
}

/// An image source that records what it was asked and answers from a table.
final class FakeImages: ImageSource {
    var slots: [String: ImageSlot] = [:]
    var asked: [(String, Size)] = []
    var prefetched: [[String]] = []
    var busy = false
    var pending: [Diagnostic] = []
    func slot(for url: String, size: Size) -> ImageSlot {
        asked.append((url, size))
        return slots[url] ?? .none
    }
    func prefetch(_ urls: [String]) { prefetched.append(urls) }
    var isBusy: Bool { busy }
    func takeDiagnostics() -> [Diagnostic] {
        defer { pending = [] }
        return pending
    }
}

@Suite struct StoriesSceneTests {
    @Test func waitTenPlaysTheContractEvents() throws {
        let h = try StoriesHarness()
        try h.run("wait 10")
        #expect(h.log == ["0 start 3", "0 show 0", "5 show 1", "9 show 2"])
        try h.run("wait 3")
        #expect(h.log.last == "12 finish")
    }

    @Test func warningsComeFirstAtTimeZero() throws {
        let doc: JSONValue = ["pages": [["image": "nope"], ["image": "https://x/a.jpg", "duration": 99]]]
        let h = try StoriesHarness(doc)
        #expect(h.log == [#"0 warning pages[0].image "nope" has no scheme; page skipped"#,
                          "0 warning pages[1].duration 99 is over the 30 s maximum; clamped to 30 s", "0 start 1", "0 show 0"])
    }

    @Test func tapStepsHitTheThirds() throws {
        let h = try StoriesHarness()
        try h.run("tap right; tap middle; tap left; tap 0.2; tap 0.9")
        #expect(h.log.filter { $0.contains("show") } == ["0 show 0", "0 show 1", "0 show 2", "0 show 1", "0 show 0", "0 show 1"])
    }

    @Test func tapStepRejectsNonsense() throws {
        let h = try StoriesHarness()
        #expect(throws: ScriptError.self) { try h.run("tap up") }
        #expect(throws: ScriptError.self) { try h.run("tap 1.5") }
    }

    @Test func holdPausesWithLongPressPauseAndNeverNavigates() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(longPressPause: true)))
        try h.run("wait 1; hold 2; wait 4")
        #expect(h.log == ["0 start 3", "0 show 0", "1.25 pause 0", "3 resume 0", "6.75 show 1"])
    }

    @Test func buttonStepOnTheCTAPage() throws {
        let h = try StoriesHarness()
        try h.run("button; tap right; tap right; wait 1; button; wait 5")
        #expect(h.log.suffix(3) == ["1 action 2 myapp://buy", "1 open_url myapp://buy", "1 dismiss"])
        #expect(h.scene.state.phase == .dismissed)
    }

    @Test func mouseClickOnThePillPressesTheButton() throws {
        let h = try StoriesHarness()
        try h.run("tap right; tap right")
        let story = h.scene.layout.story
        let pill = try #require(StoriesScreen.pillFrame(h.scene.state, rect: story))
        try h.run("click \(pill.x + 3),\(pill.y)")
        #expect(h.log.contains("0 action 2 myapp://buy"))
    }

    @Test func mouseHoldIsALongPress() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(longPressPause: true)))
        let s = h.scene.layout.story
        try h.run("press \(s.x + 2),\(s.y + 5); wait 0.5; release")
        #expect(h.log.suffix(2) == ["0.25 pause 0", "0.5 resume 0"])
        try h.run("press \(s.x + 2),\(s.y + 5); wait 0.1; release")
        #expect(h.log.last == "0.6 show 0")  // a short press in the left third restarts page 0
    }

    @Test func dismissStepAndReplay() throws {
        let h = try StoriesHarness()
        try h.run("wait 1; dismiss; wait 9; key r; wait 1")
        #expect(h.log == ["0 start 3", "0 show 0", "1 dismiss", "10 start 3", "10 show 0"])
    }

    @Test func keysDriveThePlayerAndQuitAfterDismiss() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(longPressPause: true)))
        try h.run("key right; key l; key left; key h; key 3; key 1; key p; wait 1; key p; key q")
        #expect(h.log == ["0 start 3", "0 show 0", "0 show 1", "0 show 2", "0 show 1", "0 show 0", "0 show 1", "0 show 0",
                          "0.25 pause 0", "1 resume 0", "1 dismiss"])
        #expect(h.scene.exitStatus == nil)
        try h.run("key q")
        #expect(h.scene.exitStatus == 0)
    }

    @Test func collapsedStartsAsTheNotificationAndExpandsOnEnter() throws {
        let h = try StoriesHarness(threePages, .init(collapsed: true))
        try h.run("wait 3")
        #expect(h.log.isEmpty)
        #expect(h.scene.nextDeadline() == nil)
        #expect(h.frames.last!.contains("Spring sale"))
        #expect(h.frames.last!.contains("Enter or click to expand"))
        try h.run("key enter; wait 5")
        #expect(h.log == ["3 start 3", "3 show 0", "8 show 1"])
    }

    @Test func expandStepAndClickOnTheBanner() throws {
        let h = try StoriesHarness(threePages, .init(collapsed: true))
        try h.run("click 40,3")
        #expect(h.log == ["0 start 3", "0 show 0"])
        let h2 = try StoriesHarness(threePages, .init(collapsed: true))
        try h2.run("wait 1; expand")
        #expect(h2.log == ["1 start 3", "1 show 0"])
    }

    @Test func fallbackShowsTheBodyAndIgnoresTaps() throws {
        let h = try StoriesHarness(["aps": ["alert": "Plain body"], "pw_stories": ["pages": [1]]])
        try h.run("tap right; hold 1; button; wait 5")
        #expect(h.log.filter { !$0.contains("warning") } == ["0 fallback Plain body"])
        #expect(h.frames.last!.contains("Plain body"))
    }

    @Test func pausedStoryHasNoDeadline() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(longPressPause: true)))
        try h.run("key p; wait 0.5")
        #expect(h.scene.state.paused)
        #expect(h.scene.nextDeadline() == nil)
    }

    @Test func finishedStoryHasNoDeadline() throws {
        let h = try StoriesHarness()
        try h.run("wait 20")
        #expect(h.scene.state.phase == .completed)
        #expect(h.scene.nextDeadline() == nil)
    }

    @Test func deadlineIsTheNextEighthOfAProgressCell() throws {
        let h = try StoriesHarness()  // 80x24: story 31 wide, bar 29 cells, 3 segments of 9 cells = 72 eighths
        #expect(h.scene.layout.story.width == 31)
        let step = 5.0 / 72
        #expect(abs(h.scene.nextDeadline()! - step) < 1e-9)
        try h.run("wait 0.1")
        #expect(abs(h.scene.nextDeadline()! - 2 * step) < 1e-9)
    }

    @Test func headlessSkipsPictureOnlyWakeUps() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(loop: true), wakeForAnimation: false))
        #expect(h.scene.nextDeadline() == 5)
        try h.run("wait 3600")
        #expect(h.sink.names.filter { $0 == "finish" }.count == 300)
    }

    @Test func tooSmallShowsOneLineAndHoldsPlayback() throws {
        let h = try StoriesHarness()
        try h.run("wait 1; resize 20x6; wait 10")
        #expect(h.frames.last!.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == ["--- t=11 ---", "     Need 24×19", " q dismiss · ? keys"])
        try h.run("resize 60x10")
        #expect(h.frames.last!.contains("Terminal too small (60×10): enlarge it to at least 60×19"))
        #expect(h.scene.nextDeadline() == nil)
        try h.run("resize 80x24; wait 4")
        #expect(h.log == ["0 start 3", "0 show 0", "15 show 1"])
    }

    /// Issue 13 item 4: q on the too-small screen does what it does on the story under it: dismiss, then leave, so
    /// `q q` never quits more than the story. The fallback counts the same way.
    @Test func qDismissesThenLeavesEvenWhenTooSmallOrInTheFallback() throws {
        let h = try StoriesHarness()
        try h.run("wait 1; resize 20x6")
        try h.run("key q")
        #expect(h.scene.exitStatus == nil && h.scene.state.phase == .dismissed)
        #expect(h.frames.last!.contains("q quit"))
        try h.run("key q")
        #expect(h.scene.exitStatus == 0)

        let fallback = try StoriesHarness(try JSONParser.parse(#"{"aps":{"alert":"Body only"},"pw_stories":{"pages":[]}}"#))
        try fallback.run("key q")
        #expect(fallback.scene.exitStatus == nil && fallback.scene.state.phase == .dismissed)
        #expect(fallback.frames.last!.contains("r replay · q quit"))
        try fallback.run("key esc")
        #expect(fallback.scene.exitStatus == nil, "Esc never quits the program")
        fallback.scene.leaveAction = .back
        #expect(fallback.scene.render(at: 0).plainText.contains("r replay · q back"))
        try fallback.run("key esc")
        #expect(fallback.scene.exitStatus == 0, "from the home screen, Esc goes back too")
    }

    @Test func hapticsFlashAndRingWithBell() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(haptics: true), bell: true))
        try h.run("tap right")
        #expect(h.log.contains("0 haptic"))
        #expect(h.scene.takeRequests() == [.bell])
        #expect(h.scene.takeRequests().isEmpty)
        #expect(h.scene.flashUntil == StoriesScene.flashDuration)
        try h.run("wait 0.2")
        #expect(h.scene.flashUntil == nil)
    }

    @Test func crossfadeRunsForPointThreeSecondsUnlessReduceMotion() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(crossfade: true)))
        try h.run("tap right")
        #expect(h.scene.crossfadeFrom?.index == 0)
        #expect(h.scene.nextDeadline()! <= 1.0 / 30 + 1e-9)
        try h.run("wait 0.31")
        #expect(h.scene.crossfadeFrom == nil)
        let r = try StoriesHarness(threePages, .init(options: StoriesOptions(crossfade: true, reduceMotion: true)))
        try r.run("tap right")
        #expect(r.scene.crossfadeFrom == nil)
    }

    @Test func imagesAreAskedForTheCurrentPagePrefetchedAndTheirWarningsEmitted() throws {
        let images = FakeImages()
        images.slots["https://x/a.jpg"] = .failed("HTTP 404")
        images.pending = [Diagnostic(path: "pw_stories.pages[0].image", "HTTP 404 from x; showing a placeholder")]
        let h = try StoriesHarness(threePages, images: images)
        #expect(images.prefetched == [["https://x/b.jpg", "https://x/c.jpg"]])
        try h.run("wait 0")
        #expect(images.asked.last?.0 == "https://x/a.jpg")
        #expect(images.asked.last?.1 == Size(width: 31, height: 23))
        #expect(h.frames.last!.contains("HTTP 404"))
        #expect(h.log.contains("0 warning pw_stories.pages[0].image HTTP 404 from x; showing a placeholder"))
        images.busy = true
        #expect(h.scene.nextDeadline()! <= 0.05)
    }

    /// Issue 25 item 9: a resize renders no picture; only a frame drawn at a size asks for the picture at that size.
    /// 2,000 `resize` steps through large sizes cost one render (the first size's) without `--frames`, and one per
    /// frame with it: never the 2,000 (each ~650 ms at 500×200) that rendering at every size cost.
    @Test func resizesRenderThePictureOnlyForTheFramesDrawn() throws {
        let steps = (0..<2000).map { "resize \(500 - $0 % 400)x\(200 - $0 % 170)" }.joined(separator: "; ")
        let images = FakeImages()
        let scene = StoriesScene(input: try StoriesInput.read(threePages), sink: EventSink(), images: images)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))  // no --frames
        try runner.run(Script.parse(steps))
        #expect(images.asked.map(\.1) == [Size(width: 31, height: 23)], "the first size's load, then none")
        // Drawn at the end, the picture is asked for at the size on screen only.
        _ = scene.render(at: runner.now)
        #expect(images.asked.count > 1)
        #expect(images.asked.dropFirst().allSatisfy { $0.1 == scene.storySize })

        // With a frame after every step, each frame asks at its own size (a frame asks twice: the kept backdrop,
        // then the layer it is drawn from; a real source renders once and answers the second from memory).
        let framed = FakeImages()
        let h = try StoriesHarness(threePages, images: framed)
        try h.run(Array(repeating: "resize 300x100; resize 301x100", count: 10).joined(separator: "; "))
        #expect(h.frames.count == 20)
        #expect(framed.asked.count <= 1 + 2 * 20)
        #expect(Set(framed.asked.map { "\($0.1)" }) == Set(["31x23", "\(StoriesScreen.storySize(fitting: Size(width: 300, height: 99), aspectRatio: 1.5))",
                                                         "\(StoriesScreen.storySize(fitting: Size(width: 301, height: 99), aspectRatio: 1.5))"]))
    }

    @Test func theFirstImageIsAskedForAtTheRealSize() throws {
        let images = FakeImages()
        _ = try StoriesHarness(threePages, size: Size(width: 60, height: 31), images: images)
        #expect(images.asked.map(\.1) == [Size(width: 40, height: 30)])
    }

    // spec §1.4: the timer starts when the page is shown, not when its image arrives.
    @Test func imageLoadingDoesNotAffectTiming() throws {
        let images = FakeImages()
        images.slots["https://x/a.jpg"] = .loading
        images.busy = true
        let h = try StoriesHarness(threePages, images: images)
        try h.run("wait 1")
        #expect(h.frames.last!.contains("⠋"))  // spinner on black while loading
        try h.run("wait 4")
        #expect(h.log == ["0 start 3", "0 show 0", "5 show 1"])
    }

    @Test func collapsedAndHelpFrames() throws {
        let h = try StoriesHarness(threePages, .init(collapsed: true), size: Size(width: 60, height: 20))
        try h.run("key ?")
        assertSnapshot(of: h.frames[0], as: .lines, named: "help-over-collapsed")
        try h.run("key x")
        assertSnapshot(of: h.frames.last!, as: .lines, named: "collapsed")
    }

    @Test func crossfadeKeepsThePreviousImageWhileTheNewOneLoads() throws {
        let images = FakeImages()
        images.slots["https://x/a.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("A")))
        images.slots["https://x/b.jpg"] = .loading
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(crossfade: true)), images: images)
        try h.run("tap right")
        #expect(h.frames.last!.contains("AAAA"))
    }

    @Test func eventsPaneAppearsWhenThereIsRoom() throws {
        let h = try StoriesHarness(threePages, .init(eventsPane: true), size: Size(width: 100, height: 30))
        try h.run("tap right")
        #expect(h.scene.layout.pane != nil)
        #expect(h.frames.last!.contains(#""event":"show","index":1"#))
        let narrow = try StoriesHarness(threePages, .init(eventsPane: true), size: Size(width: 50, height: 30))
        #expect(narrow.scene.layout.pane == nil)
    }

    @Test func helpOverlayOpensAndClosesWithoutSideEffects() throws {
        let h = try StoriesHarness()
        try h.run("key ?")
        #expect(h.frames.last!.contains("Keys"))
        try h.run("key right")  // closes the help only
        #expect(!h.frames.last!.contains("Keys"))
        #expect(h.log == ["0 start 3", "0 show 0"])
    }

    @Test func statusLineShowsPageTimeLeftAndLastEvent() throws {
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(loop: true)))
        try h.run("wait 6.5")
        let last = h.frames.last!.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "page 2/3 · 3 s left · looping · ? help · q dismiss · last: show 1")
    }

    /// Issue 26 item 8: the status line always says what q does on the screen shown: it dismisses a playing story,
    /// leaves from the notification, the dismiss screen or a finished pass (back, in a home-screen sample).
    @Test func statusLineSaysWhatQDoesInEveryState() throws {
        func status(_ h: StoriesHarness) -> String { h.frames.last!.split(separator: "\n").last.map(String.init) ?? "" }
        let collapsed = try StoriesHarness(threePages, .init(collapsed: true))
        try collapsed.run("wait 1")
        #expect(status(collapsed).hasSuffix("· q quit"), "\(status(collapsed))")
        let h = try StoriesHarness()
        try h.run("wait 1")
        #expect(status(h).contains("· q dismiss ·"), "\(status(h))")
        try h.run("key q")
        #expect(status(h).contains("dismissed · r replay · q quit"), "\(status(h))")
        let sample = try StoriesHarness()
        sample.scene.leaveAction = .back
        try sample.run("wait 12.5")
        #expect(status(sample).contains("finished · r replay · q back"), "\(status(sample))")
        #expect(!status(sample).contains("q dismiss"))
        let fallback = try StoriesHarness(["aps": ["alert": "Plain body"], "pw_stories": ["pages": [1]]])
        try fallback.run("wait 1")
        #expect(status(fallback).contains("q dismiss"), "\(status(fallback))")
        // A narrow terminal cuts the last event, not the key.
        let narrow = try StoriesHarness(size: Size(width: 40, height: 30))
        try narrow.run("wait 1")
        #expect(status(narrow).contains("q dismiss"), "\(status(narrow))")
    }

    @Test func watchReloadsAChangedFileAndReportsABrokenOne() throws {
        let h = try StoriesHarness()
        var answers: [StoriesScene.Reload] = [.unchanged, .failed(UserError("x.json: not valid JSON: line 1, column 1: oops")),
                                              .changed(try StoriesInput.read(["pages": [["image": "https://y/1.jpg"]]]))]
        h.scene.reloader = { answers.isEmpty ? .unchanged : answers.removeFirst() }
        try h.run("wait 1.6")
        #expect(h.log.suffix(3) == ["1 warning  reload failed, still showing the previous version: x.json: not valid JSON: line 1, column 1: oops",
                                    "1.5 start 1", "1.5 show 0"])
    }

    /// Issue 13 item 9: a broken save says what is wrong and where, in full, on screen (not `last: warning`), until a
    /// save loads; the status line names the warning too.
    @Test func aBrokenSaveUnderWatchIsSpeltOutOnScreen() throws {
        let h = try StoriesHarness(threePages, size: Size(width: 60, height: 24))
        let why = "stories/sale.json: not valid JSON: line 12, column 7: unexpected '}'; expected a key in double quotes"
        var answers: [StoriesScene.Reload] = [.failed(UserError(why)), .unchanged, .unchanged,
                                              .changed(try StoriesInput.read(["pages": [["image": "https://y/1.jpg"]]]))]
        h.scene.reloader = { answers.isEmpty ? .unchanged : answers.removeFirst() }
        try h.run("wait 0.6")
        let frame = h.frames.last!
        let joined = frame.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.contains("line 12, column 7: unexpected '}'; expected a key in double quotes"), "\(frame)")
        for row in frame.split(separator: "\n") { #expect(TextWidth.of(String(row)) <= 60) }
        #expect(!frame.contains("last: warning ·") && !frame.hasSuffix("last: warning"))
        try h.run("wait 1.5")
        #expect(h.scene.reloadError == nil)
        #expect(!h.frames.last!.contains("Not reloaded"))
    }

    /// Issue 13 item 9: an image that fails names the page's image key, not an empty path.
    @Test func anImageWarningNamesThePagesImageKey() throws {
        let images = FailingImages()
        let h = try StoriesHarness(threePages, images: images)
        try h.run("wait 0.1")
        #expect(h.sink.events.map(\.jsonLine).contains { $0.contains(#""path":"pw_stories.pages[0].image""#) }, "\(h.log)")
    }

    // Issue 14: a playing page keeps its picture, scrim and text between frames; a reload that changes the page in
    // place (same index, same image) must still show the new text. (The golden frames after taps and waits pin that
    // a kept backdrop draws what a fresh one did.)
    @Test func theKeptBackdropFollowsAPageChangedInPlace() throws {
        let h = try StoriesHarness()
        // The same three pages, the same images: only the first page's title differs.
        var answers: [StoriesScene.Reload] = [.changed(try StoriesInput.read([
            "pw_stories": ["pages": [
                ["image": "https://x/a.jpg", "duration": 5, "title": "Renamed"],
                ["image": "https://x/b.jpg", "duration": 4, "title": "Two"],
                ["image": "https://x/c.jpg", "duration": 3, "title": "Three", "link": "myapp://buy", "button_title": "Buy"],
            ]]]))]
        try h.run("wait 0.5")
        #expect(h.frames.last!.contains("One"))
        h.scene.reloader = { answers.isEmpty ? .unchanged : answers.removeFirst() }
        try h.run("wait 1.6")
        #expect(h.frames.last!.contains("Renamed"))
        #expect(!h.frames.last!.contains("One"))
    }

    @Test func frameOfTheSpringSaleSample() throws {
        let input = try StoriesScene.load(path: Resources.locate().path("stories/spring-sale.json"))
        let sink = EventSink()
        let scene = StoriesScene(input: input, configuration: .init(), sink: sink)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 60, height: 30))
        var frames: [String] = []
        runner.onFrame = { frames.append($0) }
        try runner.run(Script.parse("wait 2.5; tap right; tap right; tap right; tap right"))
        assertSnapshot(of: frames.last!, as: .lines, named: "spring-sale-cta")
        assertSnapshot(of: frames[0], as: .lines, named: "spring-sale-first")
    }
}

/// Issue 39: `p` (hold) without --long-press-pause changes nothing, as in the SDK (longPressToPauseEnabled is off by
/// default, PushwooshNotificationUI), and the status line says why; with it, nothing is said and the hold pauses.
@Suite struct HoldWithoutPauseTests {
    @Test func pWithoutLongPressPauseSaysWhy() throws {
        let h = try StoriesHarness(size: Size(width: 120, height: 30))
        try h.run("key p; wait 1; key p")
        #expect(h.frames.contains { $0.contains(StoriesScene.holdWithoutPause) }, "\(h.frames.last ?? "")")
        #expect(!h.log.contains { $0.contains("pause") }, "\(h.log)")
    }

    @Test func pWithLongPressPausePausesAndSaysNothingAboutIt() throws {
        var config = StoriesScene.Configuration()
        config.options.longPressPause = true
        let h = try StoriesHarness(threePages, config, size: Size(width: 120, height: 30))
        try h.run("key p; wait 1")
        #expect(h.log.contains { $0.hasSuffix("pause 0") }, "\(h.log)")
        #expect(!h.frames.contains { $0.contains(StoriesScene.holdWithoutPause) })
    }
}
