// The native in-app messages in `pushsim inapp`, headless: the contract's steps and events (cli-contract "Native in-app
// messages") with the SDK's parser, the bundled samples, the store's display counts and the socket's answer.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens
@testable import PushSimStore

@Suite struct NativeInAppSceneTests {
    static func sample(_ name: String) -> String { Resources.locate().path("inapp/\(name)") }

    /// A scene with the SDK's parser, `files` arriving at t=0, then `script`; the events as `t name id extra`.
    func run(_ files: [String], _ script: String, options: InAppPresenterOptions = InAppPresenterOptions(wallStart: 1_785_000_000),
             caps: Bool = false, dark: Bool = false, store: Store? = nil) throws -> (InAppScene, [String]) {
        let scene = InAppScene(sink: EventSink())
        let intake = InAppIntake.sdk()
        let native = scene.attachNative(intake: intake, options: options, capsEnabled: caps, isDark: dark, store: store)
        for f in files { native.deliver(try intake.read(Self.sample(f)), at: 0) }
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        try runner.run(Script.parse(script))
        let lines = scene.sink.events.map { e -> String in
            var s = "\(JSONValue.formatNumber(TimedEvent.roundMillis(e.t))) \(e.event.name)"
            if let id = e.event["id"] { s += " \(id.stringValue ?? "null")" }
            for k in ["layout", "reason", "key", "url", "index", "fraction", "promoCode"] {
                if let v = e.event[k] { s += " \(v.stringValue ?? v.jsonText())" }
            }
            return s
        }
        return (scene, lines)
    }

    @Test func filesArriveInOrderAndQueueTheBannerClosesAfterItsTimerThenTheModalShows() throws {
        let (_, ev) = try run(["banner-order-shipped.json", "modal-welcome-dark.json"], "wait 7; button 2; wait 1")
        #expect(ev == ["0 inapp_will_present 40213 banner", "0 inapp_did_present 40213 banner",
                       "6.7 inapp_closed 40213", "6.7 inapp_will_present welcome-2026-q4 modal", "6.7 inapp_did_present welcome-2026-q4 modal",
                       "7.22 inapp_closed welcome-2026-q4"])
    }

    @Test func aRefusedConfigSaysItsKeyOnScreenAndInItsEvent() throws {
        let (scene, ev) = try run(["invalid-modal-title-string.json"], "wait 1")
        let file = Self.sample("invalid-modal-title-string.json")
        #expect(ev == ["0 inapp_dropped modal.title.text"])
        #expect(scene.sink.events.first?.event["file"]?.stringValue == file)
        #expect(scene.render(at: 1).plainText.contains("not shown: `modal.title` must be an object"))
    }

    @Test func theInlineStepsDeliverAndReportANullIdAndTheDarkFallback() throws {
        let config = ##"{"displayType":"Modal","modal":{"background":"#fff","showClose":true,"buttons":[],"dimBackground":false,"dark":{"background":"red"}}}"##
        let (_, ev) = try run([], "inapp \(config); tap-outside; close; wait 1", dark: true)
        #expect(ev == ["0 inapp_dark_fallback null merged config rejected modal.background", "0 inapp_will_present null modal",
                       "0 inapp_did_present null modal", "0 host_click", "0.22 inapp_closed null"])
    }

    @Test func storiesPagesAndTheirClose() throws {
        let (_, ev) = try run(["stories-weekend-recipes.json"], "wait 1; tap right; hold 1; tap left; swipe down; wait 1")
        #expect(ev == ["0 inapp_will_present stories-weekend-recipes stories", "0 inapp_did_present stories-weekend-recipes stories",
                       "0.25 inapp_page stories-weekend-recipes 0", "1 inapp_page stories-weekend-recipes 1",
                       "2 inapp_page stories-weekend-recipes 0", "2.2 inapp_closed stories-weekend-recipes"])
    }

    @Test func carouselPagingAndItsSlideAction() throws {
        let (_, ev) = try run(["carousel-new-arrivals.json"], "swipe left; swipe left; swipe left; swipe right; tap; wait 1")
        #expect(ev.filter { $0.contains("inapp_page") }.map { $0.split(separator: " ").last! } == ["0", "1", "2", "1"])
        #expect(ev.contains { $0.hasPrefix("0 inapp_clicked") })
        #expect(ev.last?.hasPrefix("0.22 inapp_closed") == true)
    }

    @Test func scratchCardStrokesRevealClaimAndItsButton() throws {
        let (_, ev) = try run(["scratchcard-black-friday.json"], "scratch 0.5,0.5; scratch 0,0.5 1,0.5 1,0.2 0,0.2; claim; button 1; wait 1")
        #expect(Array(ev.dropFirst(2)) == ["0 scratch scratch-bf-2026 0.1", "0 reward_revealed scratch-bf-2026 BF25-7QX",
                                           "0 scratch scratch-bf-2026 0.7", "0 reward_claimed scratch-bf-2026 BF25-7QX",
                                           "0 inapp_clicked scratch-bf-2026 https://shop.example.com/black-friday", "0 open_url https://shop.example.com/black-friday",
                                           "0.22 inapp_closed scratch-bf-2026"])
    }

    @Test func spinWheelStopsAfterItsRunAndThePanelTakesTheClaimLater() throws {
        let (_, ev) = try run(["spinwheel-daily-bonus.json"], "spin; wait 5; claim; wait 1; claim; close; wait 1")
        #expect(Array(ev.dropFirst(2)) == ["4.2 spin_stop spin-daily-bonus 1", "4.2 reward_revealed spin-daily-bonus SHIPFREE",
                                           "5 warning", "6 reward_claimed spin-daily-bonus SHIPFREE", "6.22 inapp_closed spin-daily-bonus"])
    }

    @Test func videoAndPipPlayers() throws {
        let (scene, ev) = try run(["video-launch-trailer.json", "pip-live-match.json"], "wait 1; video-fail; mute; pip-drag 0.1,0.1; wait 1; dismiss; wait 1")
        #expect(ev.filter { $0.contains("inapp_closed") } == ["2.22 inapp_closed video-launch-trailer", "2.22 inapp_closed pip-live-match-1127"])
        #expect(scene.native?.presenter.current == nil)
    }

    @Test func pausedAndBackgroundedQueuesAndDecline() throws {
        let (_, ev) = try run([], """
            pause on
            inapp-file \(Self.sample("pip-live-match.json"))
            background
            inapp-file \(Self.sample("banner-order-shipped.json"))
            pause off
            wait 1
            foreground
            """, options: InAppPresenterOptions(declined: ["40213"], wallStart: 1_785_000_000))
        #expect(ev == ["0 inapp_will_present pip-live-match-1127 pip", "0 inapp_did_present pip-live-match-1127 pip",
                       "1 inapp_suppressed 40213 declined"])
    }

    @Test func frequencyCapsCountInTheStoreAcrossRunsAndResetForgetsThem() throws {
        let store = try Store()
        // maxDisplays 1, cooldown one day, ttl 7 days.
        _ = try run(["modal-welcome-dark.json"], "close; wait 1", caps: true, store: store)
        #expect(try store.loadInAppDisplays()["welcome-2026-q4"]?.count == 1)
        let (_, again) = try run(["modal-welcome-dark.json"], "wait 1", caps: true, store: store)
        #expect(again == ["0 inapp_suppressed welcome-2026-q4 maxDisplays"])
        let (_, uncapped) = try run(["modal-welcome-dark.json"], "wait 1", caps: false, store: store)
        #expect(uncapped.first == "0 inapp_will_present welcome-2026-q4 modal")
        try store.reset(inbox: false, primer: false, inapp: true)
        #expect(try store.loadInAppDisplays().isEmpty)
    }

    @Test func expiryUsesTheWallClockAndAdvanceMovesOnlyIt() throws {
        // stories-weekend-recipes expires at 1924992000 (2031-01-01).
        let (_, ev) = try run([], "advance 400000000; inapp-file \(Self.sample("stories-weekend-recipes.json")); wait 1")
        #expect(ev == ["0 inapp_suppressed stories-weekend-recipes expired"])
    }

    @Test func aStepWithoutItsControlWarnsAndABadStepStopsTheScript() throws {
        let (_, ev) = try run(["modal-welcome-dark.json"], "spin")
        #expect(ev.last == "0 warning")
        #expect(throws: ScriptError.self) { try run([], "swipe sideways") }
        #expect(throws: ScriptError.self) { try run([], "scratch 2,0.5") }
        #expect(throws: ScriptError.self) { try run([], "inapp {nope") }
    }

    @Test func everyBundledSampleOpensFromTheHomeScreen() throws {
        let samples = SampleCatalog.all(resources: Resources.locate()).filter { $0.experience == .nativeInApp }
        #expect(samples.count == 13, "the twelve bundled configs and the personalised campaign's ZIP")
        for s in samples {
            let scene = try #require(try s.makeScene() as? InAppScene)
            let shown = scene.sink.events.map(\.event.name)
            if s.title.hasPrefix("Refused") { #expect(shown == ["inapp_dropped"], "\(s.title)") }
            else { #expect(shown.contains("inapp_did_present"), "\(s.title): \(shown)") }
        }
    }

    @Test func theSocketLineCarriesTheConfigAndTheAnswerSaysWhy() throws {
        let d = InAppDelivery(config: ["displayType": "modal"], file: "x.zip", resourceCode: "r-ABC")
        #expect(InAppDelivery(socketLine: d.socketLine) == d)
        #expect(InAppDelivery(socketLine: #"{"title":"banner"}"#) == nil)
        #expect(InAppDeliveryOutcome.accepted(nil).reply == "ok null")
        #expect(InAppDeliveryOutcome.suppressed("a", .cooldown).reply == "error not shown: a was suppressed (cooldown)")
        // Core's injection: the resource code becomes the id when the config has none.
        #expect(d.injected["inAppId"] == .string("r-ABC"))
    }

    @Test func theStatusLineKeepsTheMessagesKeysAndSaysHowManyWait() throws {
        let (scene, _) = try run(["modal-welcome-dark.json", "banner-order-shipped.json", "sheet-notifications.json"], "wait 1")
        let line = scene.statusLine(width: 200)
        #expect(line.hasPrefix("modal · "), "\(line)")
        #expect(line.contains("2 waiting"), "\(line)")
        #expect(TextWidth.of(scene.statusLine(width: 40)) <= 40)
    }

    @Test func theMouseTapsWhatTheScreenDrewThere() throws {
        // Where the modal's first button and close chip are at t=1 on 80 × 24 (the screens' hit map).
        let (probe, _) = try run(["modal-welcome-dark.json"], "wait 1")
        let map = try #require(probe.native?.hits(in: Size(width: 80, height: 24), at: 1).last)
        let b = try #require(map.rect(of: .button(1)))
        let (_, clicked) = try run(["modal-welcome-dark.json"], "wait 1; click \(b.x + b.width / 2),\(b.y); wait 1")
        #expect(clicked.contains("1 inapp_clicked welcome-2026-q4 https://shop.example.com/offers/welcome10"), "\(clicked)")
        let chip = try #require(map.rect(of: .closeChip))
        let (_, closed) = try run(["modal-welcome-dark.json"], "wait 1; click \(chip.x),\(chip.y); wait 1")
        #expect(closed.last == "1.22 inapp_closed welcome-2026-q4")
        // The dimmed backdrop takes a click beside the card and closes it; the app never hears of it.
        let (_, outside) = try run(["modal-welcome-dark.json"], "wait 1; click 0,12; wait 1")
        #expect(outside.last == "1.22 inapp_closed welcome-2026-q4" && !outside.contains { $0.contains("host_click") })
    }

    @Test func aSheetDraggedDownWithTheMouseGoesOrSpringsBack() throws {
        let (probe, _) = try run(["sheet-notifications.json"], "wait 1")
        let map = try #require(probe.native?.hits(in: Size(width: 80, height: 24), at: 1).last)
        let body = try #require(map.entries.first { $0.element == .body }?.rect)
        // One row is 844 / 24 ≈ 35 pt: pressed and let go a row lower after a second is slow and short, it stays.
        let (slow, _) = try run(["sheet-notifications.json"], "wait 1; press \(body.x + 2),\(body.y + 1); wait 1; drag \(body.x + 2),\(body.y + 2); release \(body.x + 2),\(body.y + 2); wait 1")
        #expect(slow.native?.presenter.current != nil)
        // Three rows (≈ 105 pt) is past 90 pt: it goes.
        let (_, far) = try run(["sheet-notifications.json"], "wait 1; press \(body.x + 2),\(body.y + 1); wait 1; drag \(body.x + 2),\(body.y + 4); release \(body.x + 2),\(body.y + 4); wait 1")
        #expect(far.last == "2.25 inapp_closed sheet-order-updates")
    }

    @Test(arguments: [("swipe down 60", false), ("swipe down 90", false), ("swipe down 91", true), ("swipe down 90.5pt", true),
                      ("swipe down 40 900", false), ("swipe down 40 901", true), ("swipe down 0 1200pt/s", true),
                      ("swipe up 200 5000", false), ("swipe down", true)])
    func theSwipeStepDragsTheSheetByADistanceAtASpeed(step: String, closes: Bool) throws {
        // PWSheetInAppView.handlePan: past 90 pt or faster than 900 pt/s downward it closes, else it springs back.
        let (scene, ev) = try run(["sheet-notifications.json"], "wait 1; \(step); wait 1")
        #expect((scene.native?.presenter.current == nil) == closes, "\(step): \(ev)")
        #expect(!ev.contains { $0.contains("warning") })
    }

    @Test func aDistanceOnAnotherTemplateIsAPlainSwipeWithAWarningAndABadOneStopsTheScript() throws {
        let (scene, ev) = try run(["stories-weekend-recipes.json"], "wait 1; swipe down 60; wait 1")
        #expect(ev.contains { $0.hasPrefix("1 warning") }, "\(ev)")
        #expect(scene.native?.presenter.current == nil, "stories take the swipe down and close")
        #expect(throws: (any Error).self) { try run(["sheet-notifications.json"], "wait 1; swipe down sixty") }
        #expect(throws: (any Error).self) { try run(["sheet-notifications.json"], "wait 1; swipe down -5") }
    }

    @Test func aQuickShortMouseFlickClosesTheSheetAsItsSpeedSays() throws {
        let (probe, _) = try run(["sheet-notifications.json"], "wait 1")
        let map = try #require(probe.native?.hits(in: Size(width: 80, height: 24), at: 1).last)
        let body = try #require(map.entries.first { $0.element == .body }?.rect)
        // One row (≈ 35 pt, under 90) in 0.02 s is ≈ 1,760 pt/s: a flick.
        let x = body.x + 2, y = body.y + 1
        let (flick, _) = try run(["sheet-notifications.json"], "wait 1; press \(x),\(y); wait 0.02; drag \(x),\(y + 1); release \(x),\(y + 1); wait 1")
        #expect(flick.native?.presenter.current == nil)
        // The same row, the finger resting a second before it lets go: it springs back.
        let (rest, _) = try run(["sheet-notifications.json"], "wait 1; press \(x),\(y); wait 0.02; drag \(x),\(y + 1); wait 1; release \(x),\(y + 1); wait 1")
        #expect(rest.native?.presenter.current != nil)
    }

    @Test func aMouseStrokeRevealsTheMomentItCrossesTheThresholdNotAtTheRelease() throws {
        let (probe, _) = try run(["scratchcard-black-friday.json"], "wait 1")
        let map = try #require(probe.native?.hits(in: Size(width: 80, height: 24), at: 1).last)
        let area = try #require(map.entries.first { if case .scratchArea = $0.element { return true }; return false }?.rect)
        // Back and forth over every row of the area, 0.1 s a row; the finger comes up long after.
        var script = "wait 1; press \(area.x),\(area.y)"
        for (i, row) in (area.y..<area.maxY).enumerated() {
            script += "; wait 0.1; drag \(i % 2 == 0 ? area.maxX - 1 : area.x),\(row)"
        }
        script += "; wait 2; release \(area.x),\(area.maxY - 1); wait 1"
        let (_, ev) = try run(["scratchcard-black-friday.json"], script)
        let revealed = try #require(ev.first { $0.contains("reward_revealed") })
        let stroke = try #require(ev.first { $0.contains(" scratch ") })
        let tReveal = Double(revealed.split(separator: " ")[0])!, tUp = Double(stroke.split(separator: " ")[0])!
        #expect(tReveal < tUp - 1.9, "revealed mid-stroke (\(revealed)), reported at the release (\(stroke))")
        #expect(ev.filter { $0.contains(" scratch ") }.count == 1, "one stroke, one scratch event")
    }

    @Test func theConfettiAndTheBandWakeTheLoopOnlyWhileTheyMove() throws {
        let (moving, _) = try run(["scratchcard-black-friday.json"], "wait 1; reveal; wait 3")
        #expect(moving.nextDeadline() != nil, "3 s after the reveal the last pieces still fall")
        let (still, _) = try run(["scratchcard-black-friday.json"], "wait 1; reveal; wait 4")
        #expect(still.nextDeadline() == nil, "3.9 s after the reveal nothing moves: no wake-ups")
        let (growing, _) = try run(["scratchcard-black-friday.json"], "wait 1; reveal; wait 0.3",
                                   options: InAppPresenterOptions(reduceMotion: true, wallStart: 1_785_000_000))
        #expect(growing.nextDeadline() != nil, "under Reduce Motion the border still grows 0.2 … 0.35 s after the reveal")
        let (reduced, _) = try run(["scratchcard-black-friday.json"], "wait 1; reveal; wait 0.4",
                                   options: InAppPresenterOptions(reduceMotion: true, wallStart: 1_785_000_000))
        #expect(reduced.nextDeadline() == nil, "under Reduce Motion only the 0.2 s fade and the 0.15 s border moved")
    }

    @Test func theKeysFingerRevealsOnTheArrowThatCrossesTheThreshold() throws {
        // Space puts the finger down in the middle; each arrow then moves it a grid cell: a move, checked at once.
        var keys = ["wait 1", "key space"]
        let rows: [String] = (0..<5).map { _ in "key up" }
        keys += rows + (0..<8).map { _ in "key left" }
        for r in 0..<10 {
            keys += (0..<16).map { _ in r % 2 == 0 ? "key right" : "key left" }
            keys.append("key down")
        }
        let script = keys.joined(separator: "; wait 0.05; ") + "; wait 1"
        let (_, ev) = try run(["scratchcard-black-friday.json"], script)
        let revealed = try #require(ev.firstIndex { $0.contains("reward_revealed") })
        // The reveal came on an arrow, part way through the path (the last arrow is at 1 + 0.05 × 180 = 10 s) …
        let t = Double(ev[revealed].split(separator: " ")[0])!
        #expect(t > 1.5 && t < 9.5, "\(ev[revealed])")
        // … and the keyboard's finger lifted there (its keys went with the foil): the stroke's one `scratch` event.
        #expect(ev[revealed + 1].hasPrefix("\(JSONValue.formatNumber(t)) scratch "), "\(ev)")
        #expect(ev.filter { $0.contains(" scratch ") }.count == 1)
    }
}
