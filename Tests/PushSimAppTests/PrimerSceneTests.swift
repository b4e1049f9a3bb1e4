// The primer scene driven like a user and like a script: events, timing, the store across runs, keys and mouse.

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens
@testable import PushSimStore

/// 2026-01-31 09:00:00 UTC: a fixed wall clock so frames do not change from run to run.
let primerWall: Double = 1_769_850_000

func primerRun(_ scene: PrimerScene, _ script: String, size: Size = Size(width: 80, height: 24)) throws -> (events: [String], frame: String) {
    let runner = HeadlessRunner(scene: scene, size: size)
    try runner.run(Script.parse(script))
    return (scene.sink.events.map(\.jsonLine), scene.render(at: runner.now).plainText)
}

func makeScene(_ config: PrimerConfig, device: SimulatedDevice = SimulatedDevice(), store: Store? = nil,
               reduceMotion: Bool = false, wall: Double = primerWall) -> PrimerScene {
    PrimerScene(config: config, device: device, wallClock: wall, store: store, sink: EventSink(), reduceMotion: reduceMotion)
}

@Suite struct PrimerSceneTests {
    let sheet = PrimerConfig().style(.sheet).title("Stay in the loop").message("Turn on notifications to hear when your order is ready.")

    // The contract's events for: present, accept, the system prompt, Allow (spec §2.2, §5.3): the sheet's onAccept runs
    // when its 0.26 s dismiss ends, so iOS's prompt and the outcome come together then.
    // Issue 38 item 4: `--min-interval 1e308` and `advance 1e308` trapped converting the duration and the clock to Int.
    @Test func hugeDurationsAndClocksAreSaidNotConverted() {
        #expect(PrimerScene.duration(1e308) == "\(JSONValue.formatNumber(1e308)) s")
        #expect(PrimerScene.duration(86_400) == "1 d")
        #expect(PrimerScene.clock(1e308) == "after year 9999")
        #expect(PrimerScene.clock(.infinity) == "after year 9999")
        #expect(PrimerScene.time(1e308) == "after year 9999")
        #expect(PrimerScene.time(-1e300) == "before year 1")
    }

    @Test func acceptThenAllowEvents() throws {
        let (events, frame) = try primerRun(makeScene(sheet), "wait 1; accept; wait 0.5; allow")
        #expect(events == [
            #"{"t":0,"event":"shown","style":"sheet","position":"bottom"}"#,
            #"{"t":1.26,"event":"system_prompt"}"#,
            #"{"t":1.26,"event":"outcome","outcome":"accepted"}"#,
            #"{"t":1.5,"event":"authorization","status":"authorized"}"#,
        ])
        #expect(frame.contains("Status   authorized"))
    }

    @Test func goldenFrames() throws {
        let scene = makeScene(sheet)
        // The frames recorded before iOS 26: the alert with its separators (iOS 26's: the test below).
        scene.ios = .v18
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("wait 0.6"))
        assertSnapshot(of: scene.render(at: runner.now).plainText, as: .lines, named: "sheet-with-panel")
        try runner.perform(Script.parse("accept; wait 0.3")[0])
        try runner.perform(Script.parse("wait 0.3")[0])
        assertSnapshot(of: scene.render(at: runner.now).plainText, as: .lines, named: "system-prompt-with-panel")
        try runner.perform(Script.parse("deny")[0])
        try runner.perform(Script.parse("key o")[0])
        assertSnapshot(of: scene.render(at: runner.now).plainText, as: .lines, named: "settings-with-panel")
    }

    // iOS's permission prompt in the iOS 26 design (WWDC25 "Get to know the new design system",
    // https://developer.apple.com/videos/play/wwdc2025/356/: bolder, left-aligned text; capsule buttons, no separators),
    // the system's whatever the app's UIDesignRequiresCompatibility says.
    @Test func systemPromptInTheIOS26Design() throws {
        for compat in [false, true] {
            let scene = makeScene(sheet)
            scene.appCompatibility = compat
            let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
            try runner.run(Script.parse("wait 0.6; accept; wait 0.6"))
            let text = scene.render(at: runner.now).plainText
            #expect(text.contains("( Don't Allow )"), "app-compat \(compat)")
            #expect(!text.contains("├"), "app-compat \(compat)")
            if !compat { assertSnapshot(of: text, as: .lines, named: "system-prompt-ios26") }
        }
    }

    // Narrow terminals: no panel, a status line instead.
    @Test func narrowHasStatusLine() throws {
        let (_, frame) = try primerRun(makeScene(PrimerConfig()), "wait 0.1", size: Size(width: 60, height: 20))
        #expect(!frame.contains("Device"))
        #expect(frame.split(separator: "\n").last?.hasPrefix("notDetermined · — · ? help · q quit") == true)
        // A bottom sheet ends above the status line, so its last button stays visible.
        let (_, sheetFrame) = try primerRun(makeScene(sheet), "wait 1", size: Size(width: 60, height: 24))
        let lines = sheetFrame.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[lines.count - 3].contains("Not now"))
    }

    // The sheet slides in over 0.5 s; with --reduce-motion it is in place at once, and outcomes keep SDK timing.
    @Test func animationAndReduceMotion() throws {
        let moving = makeScene(sheet)
        moving.resize(to: Size(width: 80, height: 24), at: 0)
        let early = moving.render(at: 0.1).plainText
        let settled = moving.render(at: 0.6).plainText
        #expect(early != settled)
        #expect(moving.nextDeadline() == 0.05)
        let still = makeScene(sheet, reduceMotion: true)
        still.resize(to: Size(width: 80, height: 24), at: 0)
        #expect(still.render(at: 0.1).plainText == settled)
        #expect(still.nextDeadline() == nil)
        let (events, _) = try primerRun(makeScene(sheet, reduceMotion: true), "decline; wait 0.1")
        #expect(!events.contains { $0.contains("outcome") }, "the outcome still waits for the 0.26 s dismiss")
        let (later, _) = try primerRun(makeScene(sheet, reduceMotion: true), "decline; wait 0.3")
        #expect(later.last == #"{"t":0.26,"event":"outcome","outcome":"declined"}"#)
    }

    // Malformed steps are script errors; a step with nothing to act on is a warning instead (AbsentTargetTests).
    @Test func stepErrors() throws {
        #expect(throws: ScriptError.self) { try primerRun(makeScene(sheet), "settings maybe") }
        #expect(throws: ScriptError.self) { try primerRun(makeScene(sheet), "advance -3") }
        let (events, _) = try primerRun(makeScene(sheet), "decline; accept")
        #expect(events.contains { $0.contains(#""message":"step 2 (accept) needs the primer; the primer is already closing""#) })
    }

    // The store keeps the answer and the throttle across runs (the real wall clock moves between them).
    @Test func storeAcrossRuns() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-primer-\(UUID().uuidString).sqlite").path
        let throttled = sheet.minInterval(3_600)
        do {
            let store = try Store(path: path)
            _ = try primerRun(makeScene(throttled, device: try store.loadDevice(), store: store), "wait 1; accept; wait 0.3; allow")
        }
        let store = try Store(path: path)
        let device = try store.loadDevice()
        #expect(device == SimulatedDevice(status: .authorized, systemPromptShown: true, lastShownAt: primerWall))
        try store.saveDevice(SimulatedDevice(status: .notDetermined, systemPromptShown: true, lastShownAt: primerWall))
        let (events, _) = try primerRun(makeScene(throttled, device: try store.loadDevice(), store: store, wall: primerWall + 600), "wait 1")
        #expect(events == [#"{"t":0,"event":"outcome","outcome":"suppressed","reason":"throttled"}"#])
        let (again, _) = try primerRun(makeScene(throttled, device: try store.loadDevice(), store: store, wall: primerWall + 600),
                                       "advance 3000; present")
        #expect(again.last == #"{"t":0,"event":"shown","style":"sheet","position":"bottom"}"#)
    }

    @Test func keyboard() throws {
        let (events, _) = try primerRun(makeScene(sheet), "key tab; key enter; wait 1")
        #expect(events.last == #"{"t":0.26,"event":"outcome","outcome":"declined"}"#)
        let (esc, _) = try primerRun(makeScene(sheet), "key esc; wait 1")
        #expect(esc.last?.contains("declined") == true)
        let (a, _) = try primerRun(makeScene(PrimerConfig()), "key a; key d")
        #expect(a.suffix(2) == [#"{"t":0,"event":"outcome","outcome":"accepted"}"#, #"{"t":0,"event":"authorization","status":"denied"}"#])
        let (s, frame) = try primerRun(makeScene(PrimerConfig()), "key a; key a; key s; key }; key ]")
        #expect(s.last == #"{"t":0,"event":"authorization","status":"provisional"}"#)
        #expect(frame.contains("Clock    2026-02-01 10:00"))
    }

    @Test func mouse() throws {
        let scene = makeScene(sheet)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("wait 1"))
        _ = scene.render(at: runner.now)
        let hits = scene.hits
        try runner.run(Script.parse("click \(hits.decline.x + 3),\(hits.decline.y); wait 1"))
        #expect(scene.sink.events.last?.event["outcome"] == "declined")
        try runner.run(Script.parse("present; wait 1; click 5,2; wait 1"))
        #expect(scene.sink.events.last?.event["outcome"] == "declined", "a click on the backdrop is a tap outside")
        try runner.run(Script.parse("present; wait 1"))
        _ = scene.render(at: runner.now)
        try runner.run(Script.parse("click \(scene.hits.accept.x + 3),\(scene.hits.accept.y); wait 0.5"))
        _ = scene.render(at: runner.now)
        let prompt = try #require(scene.promptHits)
        try runner.run(Script.parse("click \(prompt.right.x + 2),\(prompt.right.y)"))
        #expect(scene.state.device.status == .authorized)
    }

    // Denied: accept opens Settings; switching notifications on there authorizes.
    @Test func deniedToSettingsAndBack() throws {
        let scene = makeScene(sheet, device: SimulatedDevice(status: .denied))
        let (events, frame) = try primerRun(scene, "wait 1; accept; wait 0.5; key space")
        #expect(events == [
            #"{"t":0,"event":"shown","style":"sheet","position":"bottom"}"#,
            #"{"t":1.26,"event":"open_settings"}"#,
            #"{"t":1.26,"event":"outcome","outcome":"redirectedToSettings"}"#,
            #"{"t":1.5,"event":"authorization","status":"authorized"}"#,
        ])
        #expect(frame.contains("Allow Notifications") && frame.contains("ON ●"))
        let (off, _) = try primerRun(makeScene(sheet, device: SimulatedDevice(status: .authorized)), "settings off; present")
        #expect(off.suffix(2) == [#"{"t":0,"event":"authorization","status":"denied"}"#, #"{"t":0,"event":"shown","style":"sheet","position":"bottom"}"#])
    }

    // spec §2.2 #5 (corrected): with no connected scene the primer is still shown — events, stamp, on-screen flag — in a
    // window no one sees: nothing on the phone, no tap reaches it, and later presents meet the flag.
    @Test func backgroundAppShowsThePrimerUnseen() throws {
        let scene = makeScene(sheet.minInterval(0), device: SimulatedDevice(hasWindowScene: false))
        let (events, frame) = try primerRun(scene, "wait 1; key a; key esc; click 20,20; window on; present; wait 1")
        #expect(events == [
            #"{"t":0,"event":"shown","style":"sheet","position":"bottom","visible":false}"#,
            #"{"t":1,"event":"outcome","outcome":"suppressed","reason":"onScreen"}"#,
        ])
        #expect(!frame.contains("Stay in the loop") && !frame.contains("Not now"), "nothing of the primer is drawn")
        #expect(frame.contains("Today's picks"), "the host app is not dimmed")
        #expect(frame.contains("Unseen   primer holds the flag"))
        #expect(scene.log.contains { $0.hasSuffix("shown sheet bottom (unseen: no scene)") })
        #expect(scene.log.contains { $0.hasSuffix(PrimerReducer.sceneless) })
        do { _ = try primerRun(makeScene(sheet, device: SimulatedDevice(hasWindowScene: false)), "accept") } catch let e as ScriptError {
            #expect(e.description == #"script step 1 ("accept"): "# + PrimerReducer.sceneless)
        }
        let keyed = makeScene(sheet, device: SimulatedDevice(status: .authorized))
        let (_, background) = try primerRun(keyed, "key w")
        #expect(background.contains("Window   no scene (background)"))
        #expect(keyed.log.last?.hasSuffix("app in background (no scene)") == true)
        #expect(throws: ScriptError.self) { try primerRun(makeScene(sheet), "window maybe") }
    }

    // spec §2.2 (corrected): on screen too, iOS's prompt and Settings come at the end of the sheet's 0.26 s dismiss —
    // while it runs the sheet is leaving over the host app — and the log puts 0.26 s between the tap and them.
    @Test func promptAndSettingsAppearWhenTheDismissEnds() throws {
        for (status, marker) in [(AuthorizationStatus.notDetermined, "Would Like to Send You"), (.denied, "Allow Notifications")] {
            let scene = makeScene(sheet, device: SimulatedDevice(status: status))
            let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
            try runner.run(Script.parse("wait 1; accept"))
            var frames: [(Double, String)] = []
            for step in ["wait 0.1", "wait 0.15", "wait 0.01"] {
                try runner.perform(Script.parse(step)[0])
                frames.append((runner.now, scene.render(at: runner.now).plainText))
            }
            #expect(frames.map(\.0) == [1.1, 1.25, 1.26])
            #expect(!frames[0].1.contains(marker) && !frames[1].1.contains(marker), "\(status): not during the dismiss")
            #expect(frames[0].1.contains("Stay in the loop"), "\(status): the sheet is still leaving at 1.1")
            #expect(frames[2].1.contains(marker), "\(status): there when the dismiss ends")
            let log = scene.log.map { String($0.drop(while: { $0 != " " }).dropFirst()) }
            let times = scene.log.map { String($0.prefix(11)) }
            let tap = try #require(log.firstIndex(of: "tap accept"))
            let then = try #require(log.firstIndex(of: status == .denied ? "open Settings" : "iOS prompt"))
            #expect(times[tap] == "09:00:01.00" && times[then] == "09:00:01.26")
        }
    }

    @Test func samplesBuildAndBehave() throws {
        let r = Resources.locate()
        let samples = SampleCatalog.primerSamples(r)
        #expect(samples.count == 7)
        #expect(samples.last?.title == "QA walkthrough", "issue 13 item 11: the home screen lists the walkthrough")
        for s in samples { _ = try s.makeScene() }
        let specs = PrimerSampleSpec.all
        let throttled = try #require(specs.first { $0.file == "throttled.json" })
        let t = try throttled.makeScene(r, wallClock: primerWall)
        #expect(t.sink.events.map(\.event) == [Event("outcome", ["outcome": "suppressed", "reason": "throttled"])])
        #expect(throttled.command == "pushsim primer --config Resources/primer/throttled.json --last-shown-ago 3600")
        let denied = try #require(specs.first { $0.file == "denied.json" }).makeScene(r, wallClock: primerWall)
        let (events, _) = try primerRun(denied, "accept; wait 1")
        #expect(events.last?.contains("redirectedToSettings") == true)
        let center = try #require(specs.first { $0.file == "sheet-center.json" }).config(r)
        #expect(center.backgroundGradient?.map(\.description) == ["#0B1F4D", "#1E3A8A"])
        #expect(center.cornerRadius == 24 && center.buttonCornerRadius == 14 && center.acceptButtonColor?.description == "#22C55E")
    }
}

/// A media layer stand-in: one image that arrives after it is first asked for, and one failure.
final class PrimerFakeImages: ImageSource {
    var asked: [(String, Size)] = []
    var ready = false
    var pending: [Diagnostic] = []
    func slot(for url: String, size: Size) -> ImageSlot {
        asked.append((url, size))
        if url.hasSuffix("broken.png") { return .failed("404") }
        return ready ? .image(Canvas(width: size.width, height: size.height, fill: Cell("▓"))) : .loading
    }
    func prefetch(_ urls: [String]) {}
    var isBusy: Bool { !ready }
    func takeDiagnostics() -> [Diagnostic] { defer { pending = [] }; return pending }
}

@Suite struct PrimerSceneImageTests {
    @Test func heroImageThroughTheMediaLayer() throws {
        let images = PrimerFakeImages()
        let cfg = PrimerConfig().style(.sheet).imageURL("https://example.com/hero.png").title("Hi")
        let scene = PrimerScene(config: cfg, device: SimulatedDevice(), wallClock: primerWall, store: nil,
                                sink: EventSink(), reduceMotion: true, images: images)
        scene.resize(to: Size(width: 80, height: 24), at: 0)
        #expect(!scene.render(at: 0).plainText.contains("▓"))
        #expect(images.asked.first?.0 == "https://example.com/hero.png")
        #expect(images.asked.first?.1 == Size(width: 10, height: 5))
        #expect(scene.nextDeadline() == 0.05, "the scene wakes to pick up the image")
        images.ready = true
        images.pending = [Diagnostic(path: "imageURL", "https://example.com/other.png: HTTP 404")]
        scene.advance(to: 0.05)
        #expect(scene.render(at: 0.05).plainText.contains("▓▓▓▓▓▓▓▓▓▓"))
        #expect(scene.nextDeadline() == nil)
        #expect(scene.sink.events.last?.event == Event("warning", ["path": "imageURL", "message": "https://example.com/other.png: HTTP 404"]))
    }
}

@Suite struct PrimerSceneSizeTests {
    // Any terminal size draws something sensible and never traps, in every style, with the prompt and in Settings.
    @Test func everySizeEveryStyle() throws {
        let sizes = [(1, 1), (5, 3), (12, 6), (20, 6), (30, 10), (46, 8), (75, 24), (76, 24), (200, 60)]
        let long = String(repeating: "通知 notifications 🔔 ", count: 20)
        let configs: [PrimerConfig] = [
            PrimerConfig().title(long).message(long),
            PrimerConfig().style(.sheet).title(long).message(long).acceptButton(long).declineButton(long),
            PrimerConfig().style(.sheet).position(.top).title(long).message(long).buttonBorderColor(PrimerColor(hex: "#FF0000")),
            PrimerConfig().style(.sheet).position(.center).backgroundGradient([PrimerColor(hex: "#000000")!]).buttonBorderColor(PrimerColor(hex: "#FF0000")),
        ]
        for cfg in configs {
            for (w, h) in sizes {
                let scene = makeScene(cfg)
                let runner = HeadlessRunner(scene: scene, size: Size(width: w, height: h))
                try runner.run(Script.parse("wait 0.1; wait 1"))
                #expect(scene.render(at: runner.now).width == w)
                _ = try? runner.run(Script.parse("accept; wait 0.5"))
                _ = scene.render(at: runner.now)
                try runner.run(Script.parse("key o; key space"))
                _ = scene.render(at: runner.now)
                let walk = PrimerWalkthroughScene(config: cfg, wallClock: primerWall) { _ in }
                let wr = HeadlessRunner(scene: walk, size: Size(width: w, height: h))
                try wr.run(Script.parse("wait 1"))
                #expect(walk.render(at: wr.now).height == h)
            }
        }
    }
}

/// Issue 13 items 5 and 11: `?` opens help in the primer, the walkthrough and the inbox; any key closes it (q too,
/// without leaving); the panel says what it shows.
@Suite struct HelpEverywhereTests {
    @Test func primerHelpOpensAndAnyKeyClosesIt() throws {
        let scene = makeScene(PrimerConfig())
        var (_, frame) = try primerRun(scene, "wait 0.5; key ?")
        #expect(frame.contains("Push primer keys") && frame.contains("wall clock +1 hour"))
        (_, frame) = try primerRun(scene, "key q")
        #expect(!frame.contains("Push primer keys") && scene.exitStatus == nil, "q closes help first")
        #expect(frame.contains("Shown    not stored (min 0)"), "minInterval 0: the SDK stores no last-shown time")
        #expect(frame.contains("shown alert") && !frame.contains("shown alert bottom"))
        (_, frame) = try primerRun(scene, "key q")
        #expect(scene.exitStatus == 0)
    }

    @Test func walkthroughHelp() throws {
        let scene = PrimerWalkthroughScene(config: PrimerConfig(), wallClock: primerWall) { _ in }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 30))
        try runner.run(Script.parse("key ?"))
        #expect(scene.render(at: runner.now).plainText.contains("Walkthrough keys"))
        try runner.run(Script.parse("key q"))
        #expect(!scene.helpShown && !scene.confirmingFinish && scene.exitStatus == nil)
    }

    @Test func theDeniedSampleHasBeenAsked() throws {
        let spec = try #require(PrimerSampleSpec.all.first { $0.file == "denied.json" })
        let scene = try spec.makeScene(Resources.locate(), wallClock: primerWall)
        let (_, frame) = try primerRun(scene, "wait 0.1")
        #expect(frame.contains("Asked    iOS has asked"))
    }
}
