// The headless runner: script parsing, exact timer firing inside waits, frames, and common steps.

import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens

/// A scene with one repeating timer and an input log, to observe what the runner delivers and when.
final class MetronomeScene: ScriptableScene {
    var period: Double
    var nextBeat: Double
    var beats: [Double] = []
    var inputs: [(InputEvent, Double)] = []
    var size = Size(width: 0, height: 0)
    var exitStatus: Int32?
    var calls: [Double] = []

    init(period: Double) {
        self.period = period
        nextBeat = period
    }
    func resize(to size: Size, at now: Double) { self.size = size }
    func handle(_ input: InputEvent, at now: Double) {
        inputs.append((input, now))
        if input == .key(.char("q")) { exitStatus = 0 }
    }
    func advance(to now: Double) {
        while nextBeat <= now + 1e-9 {
            beats.append(nextBeat)
            nextBeat += period
        }
    }
    func nextDeadline() -> Double? { nextBeat }
    func render(at now: Double) -> Canvas {
        var c = Canvas(size: size)
        c.text("beats \(beats.count)", x: 0, y: 0)
        return c
    }
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        switch step.name {
        case "poke": return [.call { [weak self] now in self?.calls.append(now) }]
        case "twice": return [.wait(0.5), .wait(0.5)]
        default: return nil
        }
    }
}

@Suite struct HeadlessRunnerTests {
    @Test func scriptSplitsOnSemicolonsAndNewlinesAndSkipsComments() {
        let steps = Script.parse("wait 1; key right\n# a comment\n\nclick 3,4;notify {\"a\":\"x;y\"}")
        #expect(steps.map(\.description) == ["wait 1", "key right", "click 3,4", "notify {\"a\":\"x;y\"}"])
        #expect(steps.map(\.number) == [1, 2, 3, 4])
        #expect(Script.parse("notify {\"a\": 1;\n \"b\": [2; 3]}; wait 1").map(\.name) == ["notify", "wait"])
    }

    @Test func timersFireAtTheirExactTimesInsideAWait() throws {
        let scene = MetronomeScene(period: 0.3)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 20, height: 2))
        try runner.run(Script.parse("wait 1; key x; wait 0.2"))
        #expect(scene.beats.count == 4)
        #expect(abs(scene.beats[3] - 1.2) < 1e-9)
        #expect(scene.inputs.count == 1)
        #expect(scene.inputs[0].1 == 1)
        #expect(abs(runner.now - 1.2) < 1e-9)
    }

    @Test func framesFollowEveryStepAndEndTheRun() throws {
        let scene = MetronomeScene(period: 1)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 10, height: 1))
        var frames: [String] = []
        runner.onFrame = { frames.append($0) }
        try runner.run(Script.parse("wait 2.5"))
        // One frame: the implicit final frame would repeat the last step's (it used to print `--- t=2.5 ---` twice).
        #expect(frames == ["--- t=2.5 ---\nbeats 2\n"])
        frames = []
        try runner.run(Script.parse("wait 0.5; wait 1"))
        #expect(frames == ["--- t=3 ---\nbeats 3\n", "--- t=4 ---\nbeats 4\n"])
    }

    @Test func anEmptyScriptStillEndsWithAFrame() throws {
        let runner = HeadlessRunner(scene: MetronomeScene(period: 1), size: Size(width: 10, height: 1))
        var frames: [String] = []
        runner.onFrame = { frames.append($0) }
        try runner.run([])
        #expect(frames == ["--- t=0 ---\nbeats 0\n"])
    }

    @Test func sceneStepsExpandToPrimitives() throws {
        let scene = MetronomeScene(period: 10)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 10, height: 1))
        try runner.run(Script.parse("twice; poke"))
        #expect(scene.calls == [1])
    }

    @Test func mouseStepsPressAndReleaseAtACell() throws {
        let scene = MetronomeScene(period: 10)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 10, height: 5))
        try runner.run(Script.parse("click 3,4; press 1,2; wait 0.5; release; resize 40x10"))
        let mice = scene.inputs.compactMap { e -> MouseEvent? in if case .mouse(let m) = e.0 { return m }; return nil }
        #expect(mice == [MouseEvent(.press, x: 3, y: 4), MouseEvent(.release, x: 3, y: 4), MouseEvent(.press, x: 1, y: 2), MouseEvent(.release, x: 1, y: 2)])
        #expect(scene.size == Size(width: 40, height: 10))
    }

    @Test func aSceneThatExitsEndsTheScript() throws {
        let scene = MetronomeScene(period: 10)
        let runner = HeadlessRunner(scene: scene, size: Size(width: 10, height: 1))
        try runner.run(Script.parse("key q; key x; key y"))
        #expect(scene.inputs.count == 1)
    }

    @Test func badStepsSayWhichStepAndWhy() {
        let runner = HeadlessRunner(scene: MetronomeScene(period: 1), size: Size(width: 10, height: 1))
        #expect(throws: ScriptError.self) { try runner.run(Script.parse("wait soon")) }
        #expect(throws: ScriptError.self) { try runner.run(Script.parse("click 3")) }
        #expect(throws: ScriptError.self) { try runner.run(Script.parse("key hyperspace")) }
        do {
            try runner.run(Script.parse("wait 1; jump 3"))
            Issue.record("expected an error")
        } catch let e as ScriptError {
            #expect(e.description == "script step 2 (\"jump 3\"): unknown step; the steps here: wait, key, click, press, release, drag, resize")
        } catch { Issue.record("unexpected \(error)") }
    }

    /// Issue 39: an unknown step gets the nearest known one and the list of what the experience takes.
    @Test func anUnknownStepGetsTheNearestKnownOne() {
        let runner = HeadlessRunner(scene: MetronomeScene(period: 1), size: Size(width: 10, height: 1))
        do {
            try runner.run(Script.parse("wiat 1"))
            Issue.record("expected an error")
        } catch let e as ScriptError {
            #expect(e.reason == "unknown step; did you mean `wait`? The steps here: wait, key, click, press, release, drag, resize")
        } catch { Issue.record("unexpected \(error)") }
        #expect(StepSuggestion.nearest("presnt", in: PrimerScene.stepNames) == "present")
        #expect(StepSuggestion.nearest("banner-tapp", in: InAppScene.stepNames) == "banner-tap")
        #expect(StepSuggestion.nearest("xyzzy", in: StoriesScene.stepNames + StepSuggestion.common) == nil)
        #expect(StepSuggestion.distance(String(repeating: "a", count: 10_000), "wait") == 63)
    }

    @Test func eventSinkStampsAndStreams() {
        var lines: [String] = []
        let sink = EventSink { lines.append($0.jsonLine) }
        sink.emit(Event("start", ["pageCount": 3]), at: 0)
        sink.emit(Event("finish"), at: 15.0001)
        #expect(lines == [#"{"t":0,"event":"start","pageCount":3}"#, #"{"t":15,"event":"finish"}"#])
        #expect(sink.names == ["start", "finish"])
    }
}
