// A `wait` over more deadlines than a run may fire (`HeadlessRunner.firingsPerWait`) stops with one sentence (issue 38).

import Testing
@testable import PushSimApp
import PushSimEngine

private let loopingPages: JSONValue = [
    "aps": ["alert": ["title": "Teaser", "body": "Round and round."], "category": "PW_STORIES"],
    "pw_stories": ["pages": [
        ["image": "https://x/a.jpg", "duration": 2, "title": "One"],
        ["image": "https://x/b.jpg", "duration": 2, "title": "Two"],
    ]],
]

@Suite struct HeadlessWaitBoundTests {
    /// `--loop --headless --script "wait 1e9"` turned pages (and wrote their events) for days of real time: the
    /// runner's guard broke out of its loop and then jumped the clock to the target, and the scene caught up every page
    /// on its own. Now the clock stands at the last deadline fired and the step fails, naming where the run stopped.
    @Test func aLoopingStoryWaitedForLongerThanTheRunMayFireStopsWithOneSentence() throws {
        let h = try StoriesHarness(loopingPages, .init(options: StoriesOptions(loop: true), wakeForAnimation: false))
        h.runner.firingsPerWait = 200
        #expect {
            try h.run("wait 1e9")
        } throws: { error in
            guard let e = error as? ScriptError else { return false }
            return e.number == 1 && e.reason.hasPrefix("more than 200 timers fell due in it")
                && e.reason.hasSuffix("give a shorter wait")
        }
        #expect(h.runner.now < 1e6, "the clock stands where the firing stopped, not at the wait's end")
        let shows = h.sink.events.filter { $0.event.name == "show" }.count
        #expect(shows > 0 && shows <= 201)
    }

    @Test func aWaitWithinTheBoundEndsAtItsTarget() throws {
        let h = try StoriesHarness(loopingPages, .init(options: StoriesOptions(loop: true), wakeForAnimation: false))
        h.runner.firingsPerWait = 200
        try h.run("wait 30")
        #expect(h.runner.now == 30)
    }
}
