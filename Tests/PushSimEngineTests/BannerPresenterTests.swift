// The in-app banner state machine on a simulated clock: drop, auto-hide, tap, swipe, drag, queue, stale timers
// (cli-contract "In-app banners").

import Testing
@testable import PushSimEngine

/// Drives a presenter like the scene does: fires due timers in order and records events with their times.
struct BannerHarness {
    var p = BannerPresenter()
    var events: [(t: Double, event: Event)] = []
    var urls: [String] = []
    var now = 0.0

    mutating func send(_ a: BannerAction) { record(p.reduce(a, at: now)) }

    mutating func record(_ fx: [BannerEffect]) {
        for e in fx {
            switch e {
            case .emit(let ev): events.append((now, ev))
            case .openURL(let u): urls.append(u)
            }
        }
    }

    /// Advance the clock to `t`, firing every timer due on the way at its own time.
    mutating func advance(to t: Double) {
        while let timer = p.timer, timer.at <= t + 1e-9 {
            now = timer.at
            record(p.reduce(.timerFired(generation: timer.generation), at: timer.at))
        }
        now = t
    }

    mutating func arrive(_ b: Banner) { send(.arrive(b)) }

    var log: [String] {
        events.map { e in
            let fields = e.event.fields.keys.filter { $0 != "title" }.map { "\($0)=\(e.event.fields[$0]!.stringValue ?? "?")" }
            return "\(JSONValue.formatNumber(TimedEvent.roundMillis(e.t))) \(e.event.name) \(fields.joined(separator: " "))"
        }
    }
}

let hi = Banner(id: "a", title: "Hi", body: "There")

@Suite struct BannerPresenterTests {
    // A banner drops in for 0.3 s, stays `duration` seconds, then hides by timeout.
    @Test func dropsInStaysForItsDurationThenHides() {
        var h = BannerHarness()
        h.arrive(hi)
        #expect(h.p.offset(at: 0) == 1, "it starts above the screen")
        h.advance(to: 0.15)
        #expect(h.p.offset(at: 0.15) > 0 && h.p.offset(at: 0.15) < 1, "mid-drop")
        h.advance(to: 0.3)
        #expect(h.p.offset(at: 0.3) == 0)
        h.advance(to: 4.29)
        #expect(h.log == ["0 banner_show id=a"], "the 4 s start once it has dropped in")
        h.advance(to: 4.3)
        #expect(h.log == ["0 banner_show id=a", "4.3 banner_hide id=a reason=timeout"])
        h.advance(to: 4.55)
        #expect(h.p.current == nil)
        #expect(h.p.timer == nil, "no timer when nothing shows: the run loop can sleep")
    }

    @Test func durationComesFromTheBanner() {
        var h = BannerHarness()
        h.arrive(Banner(id: "x", title: "T", duration: 1.5))
        h.advance(to: 10)
        #expect(h.log == ["0 banner_show id=x", "1.8 banner_hide id=x reason=timeout"])
    }

    @Test func tapEmitsTapOpensTheLinkAndHides() {
        var h = BannerHarness()
        h.arrive(Banner(id: "l", title: "Sale", link: "https://example.com/sale"))
        h.advance(to: 1)
        h.send(.tap)
        #expect(h.log == ["0 banner_show id=l", "1 banner_tap id=l", "1 banner_hide id=l reason=tap"])
        #expect(h.urls == ["https://example.com/sale"])
        h.send(.tap)
        #expect(h.events.count == 3, "a leaving banner ignores taps")
        h.advance(to: 10)
        #expect(h.events.count == 3, "its auto-hide timer was cancelled")
    }

    @Test func tapWithoutLinkOpensNothing() {
        var h = BannerHarness()
        h.arrive(hi)
        h.advance(to: 0.5)
        h.send(.tap)
        #expect(h.urls.isEmpty)
        #expect(h.log.last == "0.5 banner_hide id=a reason=tap")
    }

    @Test func swipeHidesWithReasonSwipe() {
        var h = BannerHarness()
        h.arrive(hi)
        h.advance(to: 2)
        h.send(.swipe)
        #expect(h.log == ["0 banner_show id=a", "2 banner_hide id=a reason=swipe"])
        h.advance(to: 2.25)
        #expect(h.p.current == nil)
    }

    // Dragged up by less than half its height and let go: it settles back and its full duration starts again.
    @Test func shortDragSettlesAndRestartsTheTimer() {
        var h = BannerHarness()
        h.arrive(hi)
        h.advance(to: 3)
        h.send(.drag(fraction: 0.3))
        #expect(h.p.timer == nil, "held by a finger: no timer")
        h.advance(to: 20)
        #expect(h.p.current != nil, "a held banner never times out")
        h.send(.release(fraction: 0.3))
        #expect(h.p.offset(at: 20) == 0.3)
        #expect(h.p.offset(at: 20.1) < 0.3 && h.p.offset(at: 20.1) > 0)
        #expect(h.p.offset(at: 20.2) == 0, "settled")
        h.advance(to: 23.99)
        #expect(h.log == ["0 banner_show id=a"])
        h.advance(to: 24)
        #expect(h.log.last == "24 banner_hide id=a reason=timeout")
    }

    @Test func dragOfHalfOrMoreSwipesAway() {
        for f in [0.5, 0.8, 1.0] {
            var h = BannerHarness()
            h.arrive(hi)
            h.advance(to: 1)
            h.send(.drag(fraction: f))
            h.send(.release(fraction: f))
            #expect(h.log.last == "1 banner_hide id=a reason=swipe", "fraction \(f)")
            #expect(h.p.offset(at: 1) == f, "it leaves from where the finger let go")
        }
    }

    @Test func justUnderHalfSettles() {
        var h = BannerHarness()
        h.arrive(hi)
        h.send(.release(fraction: 0.49))
        #expect(h.log == ["0 banner_show id=a"])
    }

    // A timer superseded by a drag or a restart carries an old generation: firing it changes nothing.
    @Test func staleTimerTicksAreIgnored() {
        var h = BannerHarness()
        h.arrive(hi)
        h.advance(to: 0.3)
        let old = h.p.timer!
        #expect(old.at == 4.3)
        h.now = 1
        h.send(.drag(fraction: 0.2))
        h.send(.release(fraction: 0.2))
        h.now = 4.3
        h.record(h.p.reduce(.timerFired(generation: old.generation), at: 4.3))
        #expect(h.log == ["0 banner_show id=a"], "the old 4.3 s timer is stale after the restart")
        #expect(h.p.timer?.at == 5, "the restarted timer is still pending")
        #expect(h.p.current != nil)
    }

    // One banner at a time: later ones wait in arrival order and drop in once the one on screen has left.
    @Test func queuedBannersShowInTurn() {
        var h = BannerHarness()
        h.arrive(Banner(id: "1", title: "one", duration: 1))
        h.advance(to: 0.5)
        h.arrive(Banner(id: "2", title: "two", duration: 1))
        h.arrive(Banner(id: "3", title: "three", duration: 1))
        #expect(h.p.queue.map(\.id) == ["2", "3"])
        h.advance(to: 10)
        #expect(h.log == [
            "0 banner_show id=1", "1.3 banner_hide id=1 reason=timeout",
            "1.55 banner_show id=2", "2.85 banner_hide id=2 reason=timeout",
            "3.1 banner_show id=3", "4.4 banner_hide id=3 reason=timeout",
        ])
        #expect(h.p.current == nil && h.p.queue.isEmpty)
    }

    @Test func aSwipeBringsTheNextOneSooner() {
        var h = BannerHarness()
        h.arrive(Banner(id: "1", title: "one"))
        h.arrive(Banner(id: "2", title: "two"))
        h.advance(to: 1)
        h.send(.swipe)
        h.advance(to: 1.25)
        #expect(h.log.last == "1.25 banner_show id=2")
    }

    @Test func queueHasALimit() {
        var h = BannerHarness()
        h.arrive(hi)
        for i in 0..<BannerPresenter.queueLimit { h.arrive(Banner(id: "q\(i)", title: "q")) }
        h.arrive(Banner(id: "over", title: "q"))
        #expect(h.p.queue.count == BannerPresenter.queueLimit)
        #expect(h.events.last?.event.name == "warning")
    }

    // A banner can be tapped or swiped while it is still dropping in; it leaves from where it is.
    @Test func tapOrSwipeDuringTheDrop() {
        var h = BannerHarness()
        h.arrive(hi)
        h.advance(to: 0.15)
        let at = h.p.offset(at: 0.15)
        h.send(.swipe)
        #expect(h.log.last == "0.15 banner_hide id=a reason=swipe")
        #expect(h.p.offset(at: 0.15) == at, "no jump: it leaves from its mid-drop position")
        #expect(h.p.timer!.at < 0.15 + BannerPresenter.hideDuration, "the rest of the way takes less than a full hide")
        var t = BannerHarness()
        t.arrive(hi)
        t.advance(to: 0.1)
        t.send(.tap)
        #expect(t.log == ["0 banner_show id=a", "0.1 banner_tap id=a", "0.1 banner_hide id=a reason=tap"])
    }

    @Test func actionsWithoutABannerDoNothing() {
        var h = BannerHarness()
        h.send(.tap)
        h.send(.swipe)
        h.send(.drag(fraction: 0.7))
        h.send(.release(fraction: 0.7))
        #expect(h.events.isEmpty && h.p.current == nil)
    }

    @Test func generatedIDsCountOnlyTheOnesUsed() {
        var h = BannerHarness()
        #expect(h.p.nextGeneratedID == "b1")
        h.arrive(Banner(id: "custom", title: "x"))
        #expect(h.p.nextGeneratedID == "b1")
        h.arrive(Banner(id: h.p.nextGeneratedID, title: "y"))
        #expect(h.p.nextGeneratedID == "b2")
    }

    @Test func animationEndsAreReportedForFrames() {
        var h = BannerHarness()
        #expect(h.p.animationEnd(at: 0) == nil)
        h.arrive(hi)
        #expect(h.p.animationEnd(at: 0.1) == 0.3)
        h.advance(to: 1)
        #expect(h.p.animationEnd(at: 1) == nil, "resting: no frames needed")
    }
}
