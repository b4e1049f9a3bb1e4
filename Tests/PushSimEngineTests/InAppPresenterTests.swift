// The native in-app presenter on a simulated clock: queue, duplicates, gates, ShouldDisplay, frequency, pip rules and
// the delegate's callbacks at the SDK's moments (PushwooshInAppUI, PWInAppPipController, PWInAppFrequencyStore).

import Testing
@testable import PushSimEngine

/// Messages built directly (the parser is another branch's), and a driver that logs `t event id`.
enum InAppPlayFixtures {
    static let white = InAppColor.white, black = InAppColor.black
    static func text(_ s: String) -> InAppText { InAppText(text: s, color: black) }
    static func button(_ s: String, _ a: InAppAction) -> InAppButton {
        InAppButton(text: text(s), background: white, borderColor: black, borderRadius: 12, action: a)
    }
    static func modal(_ id: String?, dim: Bool = true, buttons: [InAppButton] = [button("Go", .url("https://x.io/go"))],
                      showClose: Bool = true) -> InAppMessage {
        InAppMessage(id: id, content: .modal(InAppCard(background: white, title: text("Hi"), showClose: showClose, buttons: buttons, dimBackground: dim)))
    }
    static func sheet(_ id: String?, dim: Bool = true) -> InAppMessage {
        InAppMessage(id: id, content: .sheet(InAppCard(background: white, showClose: false, buttons: [], dimBackground: dim)))
    }
    static func banner(_ id: String?, auto: Double = 6, position: InAppBanner.Position = .top, action: InAppAction = .url("https://x.io/b")) -> InAppMessage {
        InAppMessage(id: id, content: .banner(InAppBanner(position: position, autoDismiss: auto, title: text("Shipped"), background: white,
                                                          action: action, showClose: false)))
    }
    static func pip(_ id: String?, action: InAppAction? = nil, fallback: String? = nil) -> InAppMessage {
        InAppMessage(id: id, content: .pip(InAppPip(position: .bottomRight, width: 0.4, aspectRatio: 0.5625, url: "https://x.io/v.m3u8",
                                                    fallback: fallback, loop: false, muted: true, action: action, showClose: false)))
    }
    static func video(_ id: String?, fallback: String? = nil, loop: Bool = false) -> InAppMessage {
        InAppMessage(id: id, content: .video(InAppVideo(url: "https://x.io/v.m3u8", fallback: fallback, buttons: [], loop: loop, muted: true, showClose: false)))
    }
    static func carousel(_ id: String?, count: Int = 3) -> InAppMessage {
        InAppMessage(id: id, content: .carousel(InAppCarousel(showClose: false, items: (0..<count).map { i in
            InAppCarouselItem(title: text("Slide \(i)"), action: i == 0 ? .url("https://x.io/c0") : nil)
        })))
    }
    static func stories(_ id: String?, durations: [Double] = [5, 7.5, 30], loop: Bool = false) -> InAppMessage {
        InAppMessage(id: id, content: .stories(InAppStories(showClose: true, loop: loop, items: durations.enumerated().map { i, d in
            InAppStoryItem(duration: d, buttons: i == durations.count - 1 ? [button("Cook", .url("https://x.io/cook"))] : [])
        })))
    }
    static let reward = InAppReward(title: text("You won"), code: "SAVE20", button: button("Shop", .url("https://x.io/shop")))
    static func scratch(_ id: String?, threshold: Double = 0.55, image: String? = nil, revealButton: Bool = true) -> InAppMessage {
        InAppMessage(id: id, content: .scratchcard(InAppScratchCard(
            revealThreshold: threshold, cover: InAppCover(background: InAppColor(red: 0.7, green: 0.7, blue: 0.72), image: image),
            background: .solid(white), revealButton: revealButton ? button("Reveal", .close) : nil, reward: reward, showClose: false)))
    }
    static func wheel(_ id: String?, win: Int = 1) -> InAppMessage {
        let segs = (0..<4).map { i in
            InAppWheelSegment(message: text("S\(i)"), weight: 1, reward: i == 1 ? InAppReward(title: text("Free ship"), code: "SHIPFREE") : nil)
        }
        return InAppMessage(id: id, content: .spinwheel(InAppSpinWheel(segments: segs, winIndex: win, background: .solid(white),
                                                                      spinButton: button("SPIN", .close), reward: reward, showClose: false)))
    }
}

/// Runs a presenter and keeps `"t event id"` lines (plus the reason or url where there is one).
struct InAppDriver {
    var p: InAppPresenter
    var log: [String] = []
    var opened: [String] = []
    var recorded: [String: InAppDisplayRecord] = [:]
    init(_ options: InAppPresenterOptions = InAppPresenterOptions(), caps: Bool = false) {
        p = InAppPresenter(options: options, frequency: InAppFrequency(capsEnabled: caps))
    }
    mutating func drain() {
        for e in p.takeEffects() {
            switch e.effect {
            case .emit(let ev):
                var s = "\(JSONValue.formatNumber(TimedInAppEffect.round(e.t))) \(ev.name) \(ev["id"]?.stringValue ?? "null")"
                for k in ["reason", "layout", "url", "index", "fraction", "promoCode"] {
                    if let v = ev[k] { s += " \(v.stringValue ?? v.jsonText())" }
                }
                log.append(s)
            case .openURL(let u): opened.append(u)
            case .recordShown(let id, let r): recorded[id] = r
            case .passThrough: log.append("\(JSONValue.formatNumber(TimedInAppEffect.round(e.t))) passThrough")
            }
        }
    }
    mutating func arrive(_ m: InAppMessage, at t: Double) { p.advance(to: t); p.arrive(m, at: t); drain() }
    mutating func wait(until t: Double) { p.advance(to: t); drain() }
    @discardableResult mutating func gesture(_ g: InAppGesture, at t: Double) -> Bool { let r = p.gesture(g, at: t); drain(); return r }
}

extension TimedInAppEffect {
    static func round(_ t: Double) -> Double { (t * 1000).rounded() / 1000 }
}

@Suite struct InAppPresenterTests {
    typealias F = InAppPlayFixtures

    @Test func didPresentAtTheStartOfTheInAnimationAndDidCloseAfterTheOutAnimation() {
        var d = InAppDriver()
        d.arrive(F.modal("m1"), at: 0)
        #expect(d.log == ["0 inapp_will_present m1 modal", "0 inapp_did_present m1 modal"])
        d.gesture(.button(0), at: 2)
        d.wait(until: 5)
        #expect(Array(d.log.dropFirst(2)) == ["2 inapp_clicked m1 https://x.io/go", "2.22 inapp_closed m1"])
        #expect(d.opened == ["https://x.io/go"])
    }

    @Test func oneSharedMessageAtATimeFirstInFirstOutTheNextAfterTheOutAnimation() {
        var d = InAppDriver()
        d.arrive(F.modal("a"), at: 0)
        d.arrive(F.modal("b"), at: 0)
        d.arrive(F.modal("c"), at: 0)
        #expect(d.p.queue.map(\.id) == ["b", "c"])
        d.gesture(.close, at: 1)
        d.wait(until: 1.5)
        #expect(d.log.suffix(3) == ["1.22 inapp_closed a", "1.22 inapp_will_present b modal", "1.22 inapp_did_present b modal"])
    }

    @Test func duplicatesByIdAgainstCurrentAndQueueOnlyAndFreeOnceTheDismissStarts() {
        var d = InAppDriver()
        d.arrive(F.modal("a"), at: 0)
        d.arrive(F.modal("a"), at: 0.1)
        d.arrive(F.modal("b"), at: 0.2)
        d.arrive(F.modal("b"), at: 0.3)
        d.arrive(F.modal(nil), at: 0.4)
        d.arrive(F.modal(nil), at: 0.5)
        #expect(d.log.filter { $0.contains("suppressed") } == ["0.1 inapp_suppressed a duplicate", "0.3 inapp_suppressed b duplicate"])
        #expect(d.p.queue.count == 3)
        // `current` clears when the dismiss starts: the same id may arrive during the out-animation.
        d.gesture(.close, at: 1)
        d.arrive(F.modal("a"), at: 1.1)
        #expect(!d.log.contains("1.1 inapp_suppressed a duplicate"))
        #expect(d.p.queue.last?.id == "a")
    }

    @Test func anArrivalDuringTheOutAnimationWithAnEmptyQueueShowsAtOnce() {
        var d = InAppDriver()
        d.arrive(F.modal("a"), at: 0)
        d.gesture(.close, at: 1)
        d.arrive(F.modal("b"), at: 1.1)
        d.wait(until: 2)
        #expect(d.log.suffix(3) == ["1.1 inapp_will_present b modal", "1.1 inapp_did_present b modal", "1.22 inapp_closed a"])
    }

    @Test func backgroundHoldsTheQueueAndForegroundDrainsIt() {
        var d = InAppDriver()
        d.p.setBackground(true, at: 0)
        d.arrive(F.modal("a"), at: 0)
        #expect(d.log.isEmpty)
        d.p.setBackground(false, at: 3); d.drain()
        #expect(d.log == ["3 inapp_will_present a modal", "3 inapp_did_present a modal"])
    }

    @Test func pauseHoldsQueueAndPipsResumeShowsPendingPipsThenTheQueue() {
        var d = InAppDriver()
        d.p.setPaused(true, at: 0)
        d.arrive(F.modal("a"), at: 0)
        d.arrive(F.pip("p1"), at: 0.1)
        d.arrive(F.pip("p2"), at: 0.2)
        #expect(d.log.isEmpty)
        d.p.setPaused(false, at: 1); d.drain()
        #expect(d.log == ["1 inapp_will_present p1 pip", "1 inapp_did_present p1 pip", "1 inapp_closed p1",
                          "1 inapp_will_present p2 pip", "1 inapp_did_present p2 pip",
                          "1 inapp_will_present a modal", "1 inapp_did_present a modal"])
    }

    @Test func pauseDoesNotHideWhatIsOnScreen() {
        var d = InAppDriver()
        d.arrive(F.modal("a"), at: 0)
        d.p.setPaused(true, at: 1)
        #expect(d.p.current?.message.id == "a")
        d.gesture(.close, at: 2)
        d.wait(until: 3)
        #expect(d.log.last == "2.22 inapp_closed a")
    }

    @Test func declinedAtDequeueIsDiscardedAndTheNextTried() {
        var d = InAppDriver(InAppPresenterOptions(declined: ["a"]))
        d.arrive(F.modal("a"), at: 0)
        d.arrive(F.modal("b"), at: 0)
        #expect(d.log == ["0 inapp_suppressed a declined", "0 inapp_will_present b modal", "0 inapp_did_present b modal"])
        #expect(d.recorded["a"] == nil)
    }

    @Test func expiryAlwaysCapsOnlyWhenSwitchedOnCountsAlwaysRecorded() {
        var opts = InAppPresenterOptions(wallStart: 1_000)
        var d = InAppDriver(opts)
        var m = F.modal("a"); m.expiresAt = 999
        d.arrive(m, at: 0)
        #expect(d.log == ["0 inapp_suppressed a expired"])
        var capped = F.modal("c"); capped.maxDisplays = 1
        d.arrive(capped, at: 1)
        d.gesture(.close, at: 2); d.wait(until: 3)
        d.arrive(capped, at: 4)
        // Caps off: shown again, and counted both times.
        #expect(d.log.filter { $0.contains("did_present c") }.count == 2)
        #expect(d.recorded["c"]?.count == 2)
        opts.wallStart = 2_000
        var on = InAppDriver(opts, caps: true)
        on.p.frequency.records["c"] = InAppDisplayRecord(count: 1, lastShownAt: 1_500)
        on.arrive(capped, at: 0)
        #expect(on.log == ["0 inapp_suppressed c maxDisplays"])
    }

    @Test func cooldownCountsFromTheLastShowOnTheWallClock() {
        var d = InAppDriver(InAppPresenterOptions(wallStart: 10_000), caps: true)
        var m = F.modal("a"); m.cooldown = 3_600
        d.arrive(m, at: 0)
        d.gesture(.close, at: 1); d.wait(until: 2)
        d.arrive(m, at: 2)
        #expect(d.log.last == "2 inapp_suppressed a cooldown")
        d.p.advanceWall(by: 3_600)
        d.arrive(m, at: 3)
        #expect(d.log.last == "3 inapp_did_present a modal")
        #expect(d.recorded["a"] == InAppDisplayRecord(count: 2, lastShownAt: 10_000 + 3 + 3_600))
    }

    @Test func recheckAtDequeueCatchesASiblingShownMeanwhile() {
        var d = InAppDriver(InAppPresenterOptions(wallStart: 0), caps: true)
        var m = F.modal("x"); m.maxDisplays = 1
        d.arrive(F.modal("first"), at: 0)
        d.arrive(m, at: 0)
        // A pip with the same id shows (and counts) while the modal waits.
        d.arrive(F.pip("x"), at: 0.5)
        d.gesture(.close, at: 1)
        d.wait(until: 2)
        #expect(d.log.suffix(2) == ["1.22 inapp_closed first", "1.22 inapp_suppressed x maxDisplays"])
    }

    @Test func newestPipReplacesTheOlderWhoseDidCloseFiresAtOnce() {
        var d = InAppDriver()
        d.arrive(F.pip("p1"), at: 0)
        d.arrive(F.modal("m"), at: 0.5)
        d.arrive(F.pip("p2"), at: 1)
        #expect(d.log.suffix(3) == ["1 inapp_closed p1", "1 inapp_will_present p2 pip", "1 inapp_did_present p2 pip"])
        // The pip and the shared-window message are on screen together, pip first (below).
        #expect(d.p.presentations(at: 1).map(\.message.id) == ["p2", "m"])
    }

    @Test func samePipIdOnScreenIsIgnoredButStillRecorded() {
        var d = InAppDriver()
        d.arrive(F.pip("p"), at: 0)
        d.arrive(F.pip("p"), at: 1)
        #expect(d.log.last == "1 inapp_suppressed p duplicate")
        #expect(d.recorded["p"]?.count == 2)
    }

    @Test func dismissClosesTheSharedMessageAndThePipButKeepsTheQueue() {
        var d = InAppDriver()
        d.arrive(F.pip("p"), at: 0)
        d.arrive(F.modal("a"), at: 0)
        d.arrive(F.modal("b"), at: 0)
        d.p.dismissAll(at: 1); d.drain()
        d.wait(until: 2)
        #expect(d.log.suffix(4) == ["1.22 inapp_closed a", "1.22 inapp_will_present b modal", "1.22 inapp_did_present b modal",
                                    "1.22 inapp_closed p"])
    }

    @Test func outsideTapsPerTemplate() {
        var d = InAppDriver()
        d.arrive(F.modal("dim", dim: true), at: 0)
        d.gesture(.tapOutside, at: 1); d.wait(until: 2)
        #expect(d.log.last == "1.22 inapp_closed dim")
        d.arrive(F.modal("clear", dim: false), at: 2)
        d.gesture(.tapOutside, at: 3)
        #expect(d.log.last == "3 passThrough")
        d.p.dismissAll(at: 3); d.wait(until: 4)
        d.arrive(F.scratch("s"), at: 4)
        d.gesture(.tapOutside, at: 5)
        #expect(d.log.last == "5 passThrough")
        #expect(d.p.current?.message.id == "s")
    }

    @Test func aSheetClosesFromItsScrimAndFromADragPast90Points() {
        var d = InAppDriver()
        d.arrive(F.sheet("s"), at: 0)
        d.gesture(.drag(60), at: 1)
        d.gesture(.release(60, velocity: 100), at: 1)
        #expect(d.p.current != nil)
        #expect(abs((d.p.presentations(at: 1.175).last?.dragOffset ?? 0) - 30) < 1e-9)
        d.gesture(.release(91, velocity: 0), at: 2)
        d.wait(until: 3)
        #expect(d.log.last == "2.25 inapp_closed s")
        d.arrive(F.sheet("v"), at: 3)
        d.gesture(.release(10, velocity: 901), at: 4)
        #expect(d.p.current == nil)
    }

    @Test func aFloodOfTenThousandQueuesEachOnceAndDrainsInOrder() {
        var p = InAppPresenter()
        for i in 0..<10_000 { p.arrive(F.modal("m\(i % 5_000)"), at: 0) }
        let suppressed = p.takeEffects().filter { if case .emit(let e) = $0.effect { return e.name == "inapp_suppressed" }; return false }
        // m0 is on screen; m1…m4999 wait; the second 5,000 are duplicates of them.
        #expect(suppressed.count == 5_000)
        #expect(p.queue.count == 4_999 && p.queue.first?.id == "m1")
        for k in 0..<3 { p.dismissCurrent(at: Double(k)); p.advance(to: Double(k) + 0.5) }
        #expect(p.current?.message.id == "m3" && p.queue.count == 4_996)
        // An id is free again once its message has left the queue.
        p.arrive(F.modal("m1"), at: 4)
        #expect(p.queue.last?.id == "m1")
    }
}
