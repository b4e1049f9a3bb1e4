// Scripted gestures touch where a finger would (issue 24): each step that taps, holds, swipes, scratches or spins puts
// its finger on the cell a click would have to hit to do the same, so a recording's `--touches` marks show it.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct ScriptTouchesTests {
    struct Touch: Equatable {
        var phase: TouchPhase
        var x: Int, y: Int
        var t: Double
    }

    /// Runs `script` on `scene`, returning every scripted touch; `check` runs at each touch, the scene as it is then.
    func touches(_ scene: ScriptableScene, _ script: String, check: ((Touch) -> Void)? = nil) throws -> [Touch] {
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        var out: [Touch] = []
        runner.onTouch = { phase, cell, t in
            let touch = Touch(phase: phase, x: cell.x, y: cell.y, t: t)
            out.append(touch)
            check?(touch)
        }
        try runner.run(Script.parse(script))
        return out
    }

    @Test func withoutARecordingATouchCostsNothingAndChangesNothing() throws {
        let scene = StoriesScene(input: try StoriesScene.load(path: Resources.locate().path("stories/loop-teaser.json")), sink: EventSink())
        let runner = HeadlessRunner(scene: scene, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("tap right; tap right; wait 0.2; button"))
        #expect(scene.sink.events.contains { $0.event.name == "action" })
    }

    @Test func storiesButtonTouchesThePill() throws {
        let scene = StoriesScene(input: try StoriesScene.load(path: Resources.locate().path("stories/loop-teaser.json")), sink: EventSink())
        var pill: Rect?
        let got = try touches(scene, "tap right; tap right; wait 0.2; button") { t in
            if t.phase == .down { pill = StoriesScreen.pillFrame(scene.state, rect: scene.layout.story, layout: scene.textLayout(in: scene.layout.story)) }
        }
        #expect(got.map(\.phase) == [.down, .up])
        let frame = try #require(pill)
        #expect(frame.contains(x: got[0].x, y: got[0].y), "the finger is on the pill \(frame), at \(got[0])")
        #expect(got[0].t == 0.2 && got[1].t == 0.2)
        #expect(scene.touchArea == scene.layout.story, "while it plays, the story's cells are the phone")
    }

    @Test func storiesExpandTouchesTheCollapsedNotification() throws {
        let path = Resources.locate().path("stories/spring-sale.json")
        let scene = StoriesScene(input: try StoriesScene.load(path: path), configuration: .init(collapsed: true, delivery: DeliveryOptions()),
                                 sink: EventSink())
        var card: Rect?, area: Rect?
        let got = try touches(scene, "wait 0.5; expand; wait 0.5") { t in
            if t.phase == .down { card = scene.collapsedFrame; area = scene.touchArea }
        }
        #expect(got.map(\.phase) == [.down, .up])
        let frame = try #require(card)
        #expect(frame.contains(x: got[0].x, y: got[0].y), "the finger is on the notification \(frame)")
        #expect(area == frame, "before it opens, the notification's cells are what a touch maps from")
        #expect(scene.expanded && scene.touchArea == scene.layout.story)
    }

    @Test func primerAcceptAndAllowTouchTheirButtons() throws {
        let config = PrimerConfig().style(.sheet).title("Never miss a drop").message("We'll tell you when your size is back in stock.")
        let scene = PrimerScene(config: config, device: SimulatedDevice(), wallClock: 1_769_850_000, store: nil, sink: EventSink(), appName: "Shop")
        var accept: Rect?, allow: Rect?
        let got = try touches(scene, "wait 1; accept; wait 0.5; allow") { t in
            guard t.phase == .down else { return }
            if accept == nil { accept = scene.hits.accept } else { allow = scene.promptHits?.right }
        }
        #expect(got.map(\.phase) == [.down, .up, .down, .up])
        #expect(try #require(accept).contains(x: got[0].x, y: got[0].y))
        #expect(try #require(allow).contains(x: got[2].x, y: got[2].y))
        #expect(scene.touchArea == scene.phoneRect, "the panel beside the phone is not the phone")
        #expect(scene.state.device.status == .authorized)
    }

    @Test func inboxSelectTapsTheRowAndDeleteSwipesItLeft() throws {
        let path = Resources.locate().path("inbox/mixed.json")
        let now = ISO8601DateFormatter().date(from: "2026-01-31T09:00:00Z")!
        let scene = try InboxScene(files: [path], attributes: InboxAttributes(sdk: .v7_1_3), now: now, timeZone: TimeZone(identifier: "UTC")!,
                                   store: nil, sink: EventSink())
        var row: Rect?
        let got = try touches(scene, "down; select; wait 0.5; delete") { t in
            if t.phase == .down && row == nil {
                let layout = InboxScreen.renderWithLayout(scene.model, size: Size(width: 80, height: 24)).layout
                row = layout.cards.first { $0.row == scene.model.highlighted }?.rect
            }
        }
        #expect(got.map(\.phase) == [.down, .up, .down, .move, .move, .up])
        #expect(try #require(row).contains(x: got[0].x, y: got[0].y), "select taps the highlighted row")
        // The delete: down on the row, then left as the row slides, over the animation's 0.3 s.
        let swipe = Array(got[2...])
        #expect(swipe.map(\.x) == [swipe[0].x, swipe[0].x - 6, swipe[0].x - 12, swipe[0].x - 12])
        #expect(swipe.first?.t == 0.5 && abs((swipe.last?.t ?? 0) - 0.8) < 1e-9)
    }

    @Test func aBannerTapTouchesTheBanner() throws {
        let scene = InAppScene(sink: EventSink(), appName: "Shop")
        var banner: Rect?
        let got = try touches(scene, #"notify {"title":"Flash sale","body":"Two hours only"}; wait 1; banner-tap; wait 0.5"#) { t in
            if t.phase == .down { banner = scene.bannerRect(at: 1) }
        }
        #expect(got.map(\.phase) == [.down, .up])
        #expect(try #require(banner).contains(x: got[0].x, y: got[0].y))
    }

    @Test func aForegroundTapTouchesTheForegroundBanner() throws {
        let scene = InAppScene(sink: EventSink(), appName: "Shop")
        var onBanner = false
        let got = try touches(scene, #"foreground-push {"aps":{"alert":{"title":"Flash sale","body":"Ends tonight"}}}; wait 1; foreground-tap; wait 0.5"#) { t in
            if t.phase == .down { onBanner = scene.foregroundCell.map { $0 == (t.x, t.y) } ?? false }
        }
        #expect(got.map(\.phase) == [.down, .up])
        #expect(onBanner)
        // A click there is the same tap (the banner's own hit test).
        let again = InAppScene(sink: EventSink(), appName: "Shop")
        try HeadlessRunner(scene: again, size: Size(width: 80, height: 24))
            .run(Script.parse(#"foreground-push {"aps":{"alert":{"title":"Flash sale","body":"Ends tonight"}}}; wait 1"#))
        #expect(again.tapForegroundPush(x: got[0].x, y: got[0].y, at: 1))
    }

    @Test func nativeSpinAndScratchTouchTheWheelsHubAndTheScratchArea() throws {
        func native(_ sample: String, _ script: String, element: InAppElement) throws -> [Touch] {
            let scene = InAppScene(sink: EventSink())
            let intake = InAppIntake.sdk()
            let n = scene.attachNative(intake: intake, options: InAppPresenterOptions(wallStart: 1_785_000_000), capsEnabled: false, isDark: false, store: nil)
            n.deliver(try intake.read(Resources.locate().path("inapp/\(sample)")), at: 0)
            var onIt: [Bool] = []
            let got = try touches(scene, script) { t in
                guard t.phase == .down else { return }
                let hit = n.hit(x: t.x, y: t.y, in: Size(width: 80, height: 24), at: t.t).element
                if case .scratchArea = hit, case .scratchArea = element { onIt.append(true) } else { onIt.append(hit == element) }
            }
            #expect(!onIt.isEmpty && onIt.allSatisfy { $0 }, "\(sample): the finger is on \(element)")
            return got
        }
        let spin = try native("spinwheel-daily-bonus.json", "wait 1; spin; wait 1", element: .hub)
        #expect(spin.map(\.phase) == [.down, .up])
        let scratch = try native("scratchcard-black-friday.json", "wait 1; scratch 0.1,0.5 0.5,0.5 0.9,0.5; wait 1", element: .scratchArea(x: 0, y: 0))
        #expect(scratch.map(\.phase) == [.down, .move, .move, .up])
        #expect(scratch[0].x < scratch[1].x && scratch[1].x < scratch[2].x, "left to right across the card")
    }
}
