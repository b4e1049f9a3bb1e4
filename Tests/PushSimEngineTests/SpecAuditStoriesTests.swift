// Spec audit of Push Stories (spec §1.2–1.10, §5.9, §7): rules the older suites did not pin yet, one test each.

import Testing
@testable import PushSimEngine

private func page(_ image: String = "https://x/a.jpg", _ extra: JSONObject = [:]) -> JSONValue {
    var o: JSONObject = ["image": .string(image)]
    for (k, v) in extra { o[k] = v }
    return .object(o)
}

private func block(_ images: String...) -> JSONValue {
    .object(["pages": .array(images.map { page($0) })])
}

@Suite struct SpecAuditStoriesLookupTests {
    // spec §1.2 item 1: "If root pw_stories is not a dictionary … the parser moves on" — any non-object type, not only strings.
    @Test func rootOfAnyNonObjectTypeFallsThrough() {
        for root: JSONValue in [.array([page()]), .number(42), .bool(true), .null] {
            let p = StoriesPayloadParser.parse(["pw_stories": root, "userdata": ["pw_stories": block("https://ud/1.jpg")]])
            #expect(p.source == .userdata, "root \(root.jsonText())")
            #expect(p.pages.map(\.image) == ["https://ud/1.jpg"])
        }
    }

    // spec §1.2 item 2: "userInfo["u"], then userInfo["userdata"]" — u wins when both hold a block.
    @Test func uWinsOverUserdataWhenBothHoldABlock() {
        let p = StoriesPayloadParser.parse(["u": ["pw_stories": block("https://u/1.jpg")],
                                            "userdata": ["pw_stories": block("https://ud/1.jpg")]])
        #expect(p.source == .customData)
        #expect(p.pages.map(\.image) == ["https://u/1.jpg"])
    }

    // spec §1.2 item 2: "The first container holding a dictionary-valued pw_stories wins" — a non-object one in u is passed over.
    @Test func nonObjectPwStoriesInUFallsThroughToUserdata() {
        let p = StoriesPayloadParser.parse(["u": ["pw_stories": "pages"], "userdata": ["pw_stories": block("https://ud/1.jpg")]])
        #expect(p.source == .userdata)
        #expect(p.pages.count == 1)
        #expect(p.diagnostics.contains { $0.path == "u.pw_stories" })
    }

    // spec §1.2 item 2: "A string is parsed with JSONSerialization and must give a dictionary."
    @Test func uStringHoldingAnArrayIsSkipped() {
        let arrayText = JSONValue.array([.object(["pw_stories": block()])]).jsonText()
        let p = StoriesPayloadParser.parse(["u": .string(arrayText), "userdata": ["pw_stories": block("https://ud/1.jpg")]])
        #expect(p.source == .userdata)
        #expect(p.diagnostics.contains { $0.path == "u" && $0.message.contains("not an object") })
    }

    // spec §1.2 item 2: "Each container may be a dictionary or a JSON-encoded string" — userdata as a dictionary.
    @Test func userdataAsADictionary() {
        let p = StoriesPayloadParser.parse(["userdata": ["pw_stories": block("https://ud/1.jpg", "https://ud/2.jpg")]])
        #expect(p.source == .userdata)
        #expect(p.pages.count == 2)
    }

    // spec §1.2 item 2: a container that is neither a dictionary nor a string (a number, an array) is not a container.
    @Test func containerOfAnotherTypeIsSkipped() {
        let p = StoriesPayloadParser.parse(["u": 7, "userdata": .array([.object(["pw_stories": block()])])])
        #expect(p.pages.isEmpty)
        #expect(p.source == nil)
    }

    // spec §1.2 item 3: the block needs `pages`; a block with other keys only is empty (no fall-through to u either).
    @Test func blockWithoutPagesIsEmptyAndDoesNotFallThrough() {
        let p = StoriesPayloadParser.parse(["pw_stories": ["page": [page()]], "u": ["pw_stories": block()]])
        #expect(p.pages.isEmpty)
        #expect(p.source == .root)
        #expect(p.diagnostics.contains { $0.severity == .error && $0.path == "pw_stories" })
    }

    // spec §5.9 / §1.2 "Sample app quirk": the SDK's pre-fetcher uses the full parser, so a u-only payload has images to
    // pre-fetch. `pushsim prefetch` reads its URLs through StoriesInput.read, the same path as playback.
    @Test func prefetchSeesPagesDeliveredUnderU() throws {
        let u = JSONValue.object(["pw_stories": block("https://u/1.jpg", "https://u/2.jpg")]).jsonText()
        let input = try StoriesInput.read(.object(["aps": ["category": "PW_STORIES"], "u": .string(u)]))
        #expect(input.shape == .userInfo)
        #expect(input.payload.pages.map(\.image) == ["https://u/1.jpg", "https://u/2.jpg"])
    }
}

@Suite struct SpecAuditStoriesPageTests {
    private func one(_ extra: JSONObject) -> StoriesPayload {
        StoriesPayloadParser.parse(["pw_stories": ["pages": [page("https://a", extra)]]])
    }

    // spec §1.3 link: "String URL with a scheme. Optional." A non-string or empty link is no link.
    @Test func nonStringOrEmptyLinkIsNoLink() {
        #expect(one(["link": 5, "button_title": "Go"]).pages[0].link == nil)
        #expect(one(["link": ["u": "x"], "button_title": "Go"]).pages[0].hasCallToAction == false)
        #expect(one(["link": "", "button_title": "Go"]).pages[0].link == nil)
        #expect(one(["link": "mailto:a@b.c", "button_title": "Go"]).pages[0].link == "mailto:a@b.c")
    }

    // spec §1.3 duration: "Values ≤ 0 or non-finite give 5" — NaN and −∞ too.
    @Test func nanAndNegativeInfinityDurationGiveFive() {
        #expect(one(["duration": .number(.nan)]).pages[0].duration == 5)
        #expect(one(["duration": .number(-.infinity)]).pages[0].duration == 5)
        #expect(one(["duration": 0.0001]).pages[0].duration == 0.0001)
    }

    // spec §1.3: the strings are taken as they are (no trimming); only the empty string counts as absent.
    @Test func whitespaceStringsAreKept() {
        let p = one(["title": " ", "subtitle": "  S  ", "button_title": " ", "link": "app://x"])
        #expect(p.pages[0].title == " ")
        #expect(p.pages[0].subtitle == "  S  ")
        #expect(p.pages[0].hasCallToAction, "a one-space title is non-empty, so the SDK shows the button")
    }

    // spec §1.3 "Page order is array order. Invalid entries are dropped silently (compactMap)" — the survivors keep
    // their own fields (no shifting of durations or titles between pages).
    @Test func survivorsKeepTheirOwnFields() {
        let p = StoriesPayloadParser.parse(["pw_stories": ["pages": [
            page("https://a", ["duration": 2, "title": "A"]), page("bad", ["duration": 9, "title": "X"]),
            page("https://c", ["duration": 3, "title": "C"]),
        ]]])
        #expect(p.pages.map(\.image) == ["https://a", "https://c"])
        #expect(p.pages.map(\.duration) == [2, 3])
        #expect(p.pages.map(\.title) == ["A", "C"])
    }
}

@Suite struct SpecAuditStoriesPlaybackTests {
    // spec §1.4 goPrevious: "reschedules the full duration of the current page" — back from page 2 gives page 1 its full 6 s.
    @Test func backReschedulesTheFullDurationOfThePreviousPage() {
        var s = StoriesSim([4, 6, 5])
        s.start()
        s.tapRight()
        s.tapRight()
        s.wait(3)
        s.tapLeft()
        #expect(s.state.index == 1)
        #expect(s.state.timer?.fireAt == 9)
        #expect(s.state.segmentFractions(at: 3) == [1, 0, 0], "spec §1.5: the bar restarts from 0 on back")
        s.wait(6)
        #expect(s.times("show") == [0, 0, 0, 3, 9])
    }

    // spec §1.4 goNext: "Otherwise behaves like the timer advancing" — the same show, load and fresh timer.
    @Test func forwardTapIsLikeTheTimerAdvancing() {
        var tapped = StoriesSim([4, 6])
        tapped.start()
        tapped.wait(1)
        let before = tapped.effects.count
        tapped.tapRight()
        var timed = StoriesSim([4, 6])
        timed.start()
        let before2 = timed.effects.count
        timed.wait(4)
        #expect(Array(tapped.effects[before...]) == Array(timed.effects[before2...]))
        #expect(tapped.state.timer!.fireAt - 1 == timed.state.timer!.fireAt - 4)
    }

    // spec §1.4 "Timer fires … On the last page: completes. onComplete fires once, then the timer is cancelled" — nothing is
    // due any more, however long the story stays open.
    @Test func afterCompletionNothingIsDue() {
        var s = StoriesSim([1, 1])
        s.start()
        s.wait(2)
        #expect(s.state.nextDeadline == nil)
        s.wait(1000)
        #expect(s.names == ["start", "show", "show", "finish"])
    }

    // spec §1.4 pause: "cancels the timer; the index is unchanged" and resume(after: remaining) fires like the timer —
    // the remaining time is measured from the pause, not from the page start.
    @Test func twoPausesOnOnePageAddUp() {
        var s = StoriesSim([4, 4], options: StoriesOptions(longPressPause: true))
        s.start()
        s.wait(1)
        s.hold(2)    // pauses at 1.25, resumes at 3 with 4 − 0.25 − 1 = 2.75 s left
        s.wait(1)
        s.hold(1)    // pauses at 4.25 with 1.25 + 1 + 0.25 = 2.5 s shown, resumes at 5
        #expect(s.state.timer?.fireAt == 5 + 1.5)
        s.wait(2)
        #expect(s.times("show") == [0, 6.5])
    }

    // spec §1.5 "Loop restart. reset() zeroes every segment instantly" — also for the tap-initiated loop restart (§1.6).
    @Test func tapLoopRestartZeroesEverySegment() {
        var s = StoriesSim([2, 2, 2], options: StoriesOptions(loop: true))
        s.start()
        s.tapRight()
        s.tapRight()
        s.wait(1)
        #expect(s.state.segmentFractions(at: 1) == [1, 1, 0.5])
        s.tapRight()
        #expect(s.state.segmentFractions(at: 1) == [0, 0, 0])
        #expect(s.state.timer?.fireAt == 3)
    }

    // spec §1.5 "Hidden in fallback mode": a fallback has no segments to fill.
    @Test func fallbackHasNoProgress() {
        var s = StoriesSim([])
        s.start()
        #expect(s.state.segmentFractions(at: 3) == [])
        #expect(s.state.nextDeadline == nil)
    }

    // spec §1.6 "Haptic (if enabled), then goPrevious()": the haptic comes before the page change, for back too.
    @Test func hapticComesBeforeTheBackNavigation() {
        var s = StoriesSim(options: StoriesOptions(haptics: true))
        s.start()
        s.wait(1)
        let before = s.effects.count
        s.tapLeft()
        #expect(Array(s.effects[before...]) == [.haptic, .emit(Event("show", ["index": 0])), .loadImage("https://x/0.jpg")])
    }

    // spec §1.6 "Last page, looping off: Nothing: no haptic, no change" — with a finger (press and release) as well as a tap.
    @Test func pressAndReleaseOnTheLastPageDoesNothing() {
        var s = StoriesSim([5, 5], options: StoriesOptions(haptics: true))
        s.start()
        s.tapRight()
        let before = s.effects.count
        s.hold(0.1, x: 80)
        #expect(s.effects.count == before)
        #expect(s.state.timer?.fireAt == 5)
    }

    // spec §1.6 long press ".began pauses, but only if … the display link is running" — a hold while the host has the
    // story suspended does not pause (and so its release does not resume).
    @Test func holdWhileSuspendedDoesNotPause() {
        var s = StoriesSim(options: StoriesOptions(longPressPause: true))
        s.start()
        s.send(.suspend(at: 0))
        s.hold(1)
        #expect(!s.names.contains("pause") && !s.names.contains("resume"))
        #expect(s.state.index == 0)
    }

    // spec §1.6 / §7 open question: a hold ≥ 0.25 s is claimed by the long press and never navigates — on the left third too,
    // and even on the last page with looping on.
    @Test func holdNeverNavigatesInAnyZone() {
        var s = StoriesSim([5, 5], options: StoriesOptions(haptics: true, loop: true))
        s.start()
        s.hold(0.3, x: 5)
        s.tapRight()
        s.hold(0.3, x: 80)
        #expect(s.shows == [0, 1])
        #expect(s.names.filter { $0 == "haptic" }.count == 1)
    }
}

@Suite struct SpecAuditStoriesSwipeTests {
    // spec §1.6 "No swipe": a finger that moves away is no tap — nothing navigates, no haptic, the timer runs on.
    @Test func aSwipeIsNoTap() {
        var s = StoriesSim(options: StoriesOptions(haptics: true))
        s.start()
        s.send(.fingerDown(x: 80, width: 90, at: 0.5))
        s.send(.fingerMovedAway(at: 0.6))
        s.send(.fingerUp(at: 0.7))
        #expect(s.names == ["start", "show"])
        #expect(s.state.timer?.fireAt == 5)
        #expect(s.state.finger == nil)
    }

    // spec §1.6 long press: moving before the 0.25 s threshold fails it too, so a slow swipe never pauses.
    @Test func movingBeforeTheThresholdNeverPauses() {
        var s = StoriesSim(options: StoriesOptions(longPressPause: true))
        s.start()
        s.send(.fingerDown(x: 45, width: 90, at: 0))
        s.wait(0.1)
        s.send(.fingerMovedAway(at: s.now))
        s.wait(1)
        #expect(!s.state.paused)
        #expect(s.names == ["start", "show"])
    }

    // spec §1.6 ".ended, .cancelled or .failed resumes": a begun long press that then moves ends like a release.
    @Test func movingAfterThePauseBeganResumesWithoutNavigating() {
        var s = StoriesSim(options: StoriesOptions(longPressPause: true))
        s.start()
        s.send(.fingerDown(x: 80, width: 90, at: 0))
        s.wait(1)
        #expect(s.state.paused)
        s.send(.fingerMovedAway(at: s.now))
        #expect(!s.state.paused)
        #expect(s.names == ["start", "show", "pause", "resume"])
        #expect(s.shows == [0])
    }
}

@Suite struct SpecAuditStoriesCallbackTests {
    // spec §1.9 steps 4–6: didStart, then didShow(0) ("at the start of showPage, before the image is set"), then the
    // pre-fetch of pages 1…n-1 — in exactly this order.
    @Test func startOrderIsStartShowImagePrefetch() {
        var s = StoriesSim([5, 5, 5])
        s.start()
        #expect(s.effects == [.emit(Event("start", ["pageCount": 3])), .emit(Event("show", ["index": 0])),
                              .loadImage("https://x/0.jpg"), .prefetch(["https://x/1.jpg", "https://x/2.jpg"])])
    }

    // spec §1.9 step 6 / §1.10: "prefetch(pages[1...])" — a single page has nothing to pre-fetch.
    @Test func singlePageHasNoPrefetch() {
        var s = StoriesSim([5])
        s.start()
        #expect(!s.effects.contains { if case .prefetch = $0 { return true } else { return false } })
    }

    // spec §1.9: the pre-fetch is step 6 of didReceive only; a loop restart (player.start()) shows page 0 again without it.
    @Test func loopDoesNotPrefetchAgain() {
        var s = StoriesSim([1, 1], options: StoriesOptions(loop: true))
        s.start()
        s.wait(4.5)
        #expect(s.times("finish") == [2, 4])
        #expect(s.effects.filter { if case .prefetch = $0 { return true } else { return false } }.count == 1)
    }

    // spec §1.9 step 2 / §1.8: no pages → only the fallback: no didStart, no didShow, no image load, no pre-fetch.
    @Test func fallbackIsTheOnlyEffect() {
        var s = StoriesSim([])
        s.start()
        #expect(s.effects == [.emit(Event("fallback", ["body": "Body"]))])
    }

    // spec §1.9 "When the last page's timer completes: 1. bar full 2. link stops 3. didFinish 4. if looping, restart" — the
    // finish and the restart's show(0) happen at the same instant, finish first, with no second start.
    @Test func loopFinishThenShowAtTheSameInstant() {
        var s = StoriesSim([1, 2], options: StoriesOptions(loop: true))
        s.start()
        s.wait(3)
        let tail = s.log.suffix(2)
        #expect(tail.map(\.event.name) == ["finish", "show"])
        #expect(tail.map(\.t) == [3, 3])
    }

    // spec §1.7 CTA / §1.9: the button works on a finished (not looping) last page too; didTapAction before the URL.
    @Test func buttonWorksAfterCompletion() {
        var s = StoriesSim([1, 1], ctaOn: [1])
        s.start()
        s.wait(2)
        #expect(s.state.phase == .completed)
        s.send(.button(at: s.now))
        #expect(s.names.suffix(3) == ["action", "open_url", "dismiss"])
        #expect(s.state.fraction(at: s.now + 5) == 1, "the bar stays full and frozen")
    }

    // spec §1.7 "CTA tap: … Stops the player and the display link" — nothing advances or finishes after it.
    @Test func ctaStopsThePlayerForGood() {
        var s = StoriesSim([2, 2], options: StoriesOptions(loop: true), ctaOn: [0])
        s.start()
        s.send(.button(at: 0.5))
        #expect(s.state.nextDeadline == nil)
        s.wait(100)
        #expect(!s.names.contains("finish"))
        #expect(s.shows == [0])
    }

    // spec §1.11 "no automatic statistics" / §1.9 "The module itself sends no analytics": a whole session with every
    // gesture yields only contract events and the runtime's image work, never anything else.
    @Test func noAnalyticsEffects() {
        var s = StoriesSim([1, 1, 1], options: StoriesOptions(haptics: true, longPressPause: true, crossfade: true, loop: true), ctaOn: [2])
        s.start()
        s.tapRight()
        s.tapLeft()
        s.hold(1)
        s.wait(5)
        s.tapRight()
        s.tapRight()
        s.send(.button(at: s.now))
        let contract: Set<String> = ["start", "show", "finish", "action", "open_url", "fallback", "pause", "resume", "haptic", "dismiss"]
        #expect(Set(s.names).isSubset(of: contract))
        for e in s.effects {
            switch e {
            case .emit, .openURL, .haptic, .dismiss, .loadImage, .prefetch: continue
            }
        }
    }
}

@Suite struct SpecAuditStoriesOptionsTests {
    // spec §1.7: storyAspectRatio 1.5; haptics, long press, crossfade and loop all default to false.
    @Test func sdkDefaults() {
        let o = StoriesOptions()
        #expect(o.aspectRatio == 1.5)
        #expect(!o.haptics && !o.longPressPause && !o.crossfade && !o.loop)
        #expect(o.appGroup == nil)
        #expect(o.crossfadeDuration == 0, "crossfade off: a page change swaps at once")
    }

    // spec §1.7 "0.3 s transitionCrossDissolve … an instant swap when Reduce Motion is on. Reduce Motion affects only this".
    @Test func reduceMotionOnlyShortensTheCrossfade() {
        #expect(StoriesOptions(crossfade: true).crossfadeDuration == 0.3)
        #expect(StoriesOptions(crossfade: true, reduceMotion: true).crossfadeDuration == 0)
        // Playback with Reduce Motion is event-for-event and time-for-time the same.
        func run(_ reduce: Bool) -> [String] {
            var s = StoriesSim([1, 2, 1], options: StoriesOptions(haptics: true, longPressPause: true, crossfade: true, loop: true, reduceMotion: reduce))
            s.start()
            s.tapRight()
            s.hold(0.5)
            s.wait(4)
            s.tapLeft()
            s.wait(3)
            return s.log.map { TimedEvent(t: $0.t, event: $0.event).jsonLine }
        }
        #expect(run(true) == run(false))
    }
}
