// PushwooshForegroundPush on a simulated clock: what a payload shows, the attachment waited for, the fixed 3.0 s of
// the regular style and the configured duration of balls, stacking, taps with and without a delegate
// (pushwoosh-ios-sdk iOS_SDK/Pushwoosh/PushwooshForegroundPush/PushwooshForegroundPushImplementation.swift and
// ForegroundPushShape.swift, 7.1.3; unchanged at 7.2.6 apart from the delegate setter).

import Testing
@testable import PushSimEngine

/// Drives a presenter like the scene does: every timer fires at its own time; events are kept with their times.
struct ForegroundHarness {
    var p: ForegroundPushPresenter
    var events: [(t: Double, event: Event)] = []
    var now = 0.0

    init(_ configure: (inout ForegroundPushConfiguration) -> Void = { _ in }) {
        var c = ForegroundPushConfiguration()
        configure(&c)
        p = ForegroundPushPresenter(configuration: c)
    }

    mutating func send(_ a: ForegroundPushAction) { for e in p.reduce(a, at: now) { events.append((now, e)) } }

    mutating func wait(_ s: Double) {
        let end = now + s
        while let d = p.nextDeadline, d <= end + 1e-9 {
            now = d
            for e in p.advance(to: d) { events.append((d, e)) }
        }
        now = end
    }

    func named(_ n: String) -> [(t: Double, event: Event)] { events.filter { $0.event.name == n } }
}

@Suite struct ForegroundPushTests {
    func push(_ title: String = "Sale", body: String = "Today only", attachment: String? = nil) -> ForegroundPush {
        ForegroundPush(title: title, body: body, attachment: attachment)
    }

    @Test func readsTheAlertDictionaryAndTheRootAttachmentOnly() {
        let (p, d) = ForegroundPush.parse(["aps": ["alert": ["title": "Hi", "body": "There", "subtitle": "x"], "sound": "a"],
                                           "attachment": "https://x/a.jpg", "l": "https://x"])
        #expect(p?.title == "Hi" && p?.body == "There" && p?.attachment == "https://x/a.jpg")
        #expect(d.isEmpty)
        let (s, warn) = ForegroundPush.parse(["aps": ["alert": "Just text"]])
        #expect(s?.title == "" && s?.body == "", "a plain-string alert shows neither")
        #expect(warn.count == 1 && warn[0].path == "push:aps.alert")
        let (none, err) = ForegroundPush.parse([1, 2])
        #expect(none == nil && err.first?.severity == .error)
    }

    @Test func regularHidesAfterAFixedThreeSecondsWhateverTheDuration() {
        var h = ForegroundHarness { $0.duration = 10 }
        h.send(.arrive(push()))
        #expect(h.named("foreground_push_show").map(\.t) == [0])
        #expect(h.named("foreground_push_show")[0].event["title"] == "Sale")
        h.wait(2.9)
        #expect(h.named("foreground_push_hide").isEmpty)
        h.wait(0.2)
        #expect(h.named("foreground_push_hide").map(\.t) == [3.0])
        #expect(h.named("foreground_push_hide")[0].event["reason"] == "timeout")
        #expect(h.p.shown.count == 1, "sliding up for 0.4 s")
        #expect(abs(h.p.motion(h.p.shown[0], at: 3.2).dy + 75) < 1e-9, "ease-in: a quarter of 300 pt half way")
        #expect(h.p.motion(h.p.shown[0], at: 3.2).alpha == 1, "alpha stays 1")
        h.wait(0.3)
        #expect(h.p.shown.isEmpty)
    }

    @Test func ballsHideAfterTheConfiguredDurationWithABurst() {
        var h = ForegroundHarness { $0.disappear = .balls; $0.duration = 5 }
        h.send(.arrive(push()))
        h.wait(4.9)
        #expect(h.named("foreground_push_hide").isEmpty)
        h.wait(0.2)
        #expect(h.named("foreground_push_hide").map(\.t) == [5.0])
        #expect(h.p.motion(h.p.shown[0], at: 5.6).burst != nil)
        h.wait(1.2)
        #expect(h.p.shown.isEmpty, "the last tile lands 1.2 s after the burst")
        let tiles = ForegroundPushPresenter.burst(id: "f1", columns: 4, rows: 3)
        #expect(tiles.count == 12)
        #expect(tiles.allSatisfy { (-150...150).contains($0.dx) && (-200...50).contains($0.dy) && (0.5...1.2).contains($0.duration) })
        #expect(tiles.map(\.dx) == ForegroundPushPresenter.burst(id: "f1", columns: 4, rows: 3).map(\.dx), "the same burst every time")
    }

    @Test func theEntryIsASpringFrom100PointsHigher() {
        var h = ForegroundHarness()
        h.send(.arrive(push()))
        let b = h.p.shown[0]
        let start = h.p.motion(b, at: 0)
        #expect(start.dy == -100 && start.rotation == -0.05 && start.alpha == 0)
        #expect(h.p.motion(b, at: 0.5).dy == 0 && h.p.motion(b, at: 0.5).alpha == 1)
        let overshoot = (1...49).map { ForegroundPushConfiguration.entryProgress(Double($0) / 100) }.max()!
        #expect(overshoot > 1, "damping 0.6 overshoots")
        #expect(h.p.animating(at: 0.3) && !h.p.animating(at: 1))
    }

    @Test func anAttachmentIsWaitedForAndBringsTheHaptic() {
        var h = ForegroundHarness { $0.vibration = .medium }
        h.send(.arrive(push(attachment: "https://x/a.jpg")))
        #expect(h.events.isEmpty && h.p.waiting.count == 1, "nothing shows while the attachment downloads")
        h.wait(1.5)
        h.send(.attachmentDone(id: "f1", loaded: true))
        #expect(h.events.map(\.event.name) == ["foreground_push_show", "haptic"])
        #expect(h.events[0].t == 1.5 && h.events[0].event["image"] == "https://x/a.jpg")
        #expect(h.events[1].event["style"] == "medium")
        h.wait(2.9)
        #expect(h.named("foreground_push_hide").isEmpty, "the timer starts when the banner shows")
        h.wait(0.2)
        #expect(h.named("foreground_push_hide").map(\.t) == [4.5])
        // A failed download still shows the banner, without the picture; no attachment: no haptic.
        var f = ForegroundHarness { $0.vibration = .heavy }
        f.send(.arrive(push(attachment: "https://x/missing.jpg")))
        f.send(.attachmentDone(id: "f1", loaded: false))
        #expect(f.p.shown[0].hasImage == false && f.events[0].event["image"] == .null)
        var n = ForegroundHarness { $0.vibration = .heavy }
        n.send(.arrive(push()))
        #expect(n.named("haptic").isEmpty)
    }

    @Test func backToBackPushesStackWithTheirOwnTimers() {
        var h = ForegroundHarness()
        h.send(.arrive(push("one")))
        h.wait(1)
        h.send(.arrive(push("two")))
        #expect(h.p.shown.map(\.push.title) == ["one", "two"], "no queue: the later one on top")
        h.wait(2.5)
        #expect(h.named("foreground_push_hide").map(\.t) == [3.0])
        h.wait(1)
        #expect(h.named("foreground_push_hide").map(\.t) == [3.0, 4.0])
        // Attachments can reorder them: each waits for its own download.
        var a = ForegroundHarness()
        a.send(.arrive(push("slow", attachment: "https://x/big.jpg")))
        a.send(.arrive(push("fast")))
        a.wait(1)
        a.send(.attachmentDone(id: "f1", loaded: true))
        #expect(a.p.shown.map(\.push.title) == ["fast", "slow"])
    }

    @Test func aTapCallsTheDelegateAndRemovesAtOnce() {
        var h = ForegroundHarness()
        h.send(.arrive(push("one")))
        h.send(.arrive(push("two")))
        h.wait(1)
        h.send(.tap)
        #expect(h.events.suffix(2).map(\.event.name) == ["foreground_push_tap", "foreground_push_hide"])
        #expect(h.events.suffix(2).first?.event["id"] == "f2", "the topmost")
        #expect(h.events.last?.event["reason"] == "tap")
        #expect(h.p.shown.map(\.id) == ["f1"])
        h.wait(2.5)
        #expect(h.named("foreground_push_hide").count == 2, "the removed banner's timer does nothing more")
        // Without a delegate a tap does nothing and the banner stays until its timer.
        var n = ForegroundHarness { $0.hasDelegate = false }
        n.send(.arrive(push()))
        n.send(.tap)
        #expect(n.events.last?.event.name == "foreground_push_tap" && n.events.last?.event["delegate"] == false)
        #expect(n.p.shown.count == 1)
    }

    @Test func backgroundGradientColourDefault() {
        var c = ForegroundPushConfiguration()
        #expect(c.background == ForegroundPushConfiguration.defaultGradient)
        c.backgroundColor = PrimerColor(hex: "#112233")
        #expect(c.background == [PrimerColor(hex: "#112233")!])
        c.gradientColors = [PrimerColor(hex: "#000000")!, PrimerColor(hex: "#FFFFFF")!]
        #expect(c.background.count == 2, "the gradient wins over the colour")
        #expect(ForegroundPushConfiguration.wobble(at: 0).top == 0 && ForegroundPushConfiguration.wobble(at: 0).left == 0)
        #expect(ForegroundPushConfiguration.wobble(at: 3.5).top == 0)
        #expect(abs(ForegroundPushConfiguration.wobble(at: 1.75).top) > 0)
    }

    // FP-1 and its shipped fallback: `drawPush` takes the glass path only `if useLiquidView, #available(iOS 26.0, *)`
    // (`PushwooshForegroundPushImplementation.swift`, 7.1.3 `f8c5cc8`); its text is black unless set, the classic white.
    @Test func theBlurredVariantNeedsUseLiquidViewAndIOS26() {
        var c = ForegroundPushConfiguration()
        #expect(!c.blurred && c.resolvedTitleColor == PrimerColor(r: 255, g: 255, b: 255))
        c.useLiquidView = true
        #expect(c.blurred, "iOS 26 is the default")
        #expect(c.resolvedTitleColor == PrimerColor(r: 0, g: 0, b: 0) && c.resolvedMessageColor == PrimerColor(r: 0, g: 0, b: 0))
        c.ios = .v18
        #expect(!c.blurred)
        c.ios = .v27
        #expect(c.blurred)
        c.titleColor = PrimerColor(r: 255, g: 0, b: 0)
        #expect(c.resolvedTitleColor == PrimerColor(r: 255, g: 0, b: 0), "a set colour wins in every variant")
        #expect(c.background == ForegroundPushConfiguration.defaultGradient, "the default gradient is still drawn under the blur")
    }
}
