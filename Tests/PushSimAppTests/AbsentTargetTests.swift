// Issue 39 item 7: one rule for a step whose target is absent, held in every experience: a warning naming the step,
// what it needed and what is on screen, nothing else happens, and the run goes on (headless runs exit 0).

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite struct AbsentTargetTests {
    /// The warnings a run wrote, as their messages, and that each carries the step number and an empty path.
    func absentWarnings(_ sink: EventSink) -> [String] {
        sink.events.map(\.event).filter { $0.name == "warning" && $0["step"] != nil }.map { e in
            #expect(e["path"] == .string(""))
            return e["message"]?.stringValue ?? ""
        }
    }

    @Test func theWarningNamesTheStepWhatItNeedsAndWhatIsOnScreenAndTheHeadlessLineSaysTheSame() {
        let e = AbsentTarget.warning(ScriptStep(name: "banner-tap", number: 3), needs: "a banner", "no banner is on screen")
        #expect(TimedEvent(t: 0, event: e).jsonLine == #"{"t":0,"event":"warning","path":"","message":"step 3 (banner-tap) needs a banner; no banner is on screen","step":3}"#)
        #expect(AbsentTarget.stderrLine(e) == "pushsim: warning: step 3 (banner-tap) needs a banner; no banner is on screen\n")
        #expect(AbsentTarget.stderrLine(.warning(Diagnostic(path: "pages[0]", "skipped"))) == nil, "payload warnings stay in the events")
    }

    @Test func storiesButtonOnAPageWithoutOne() throws {
        let doc: JSONValue = ["aps": ["alert": ["title": "T", "body": "B"], "category": "PW_STORIES"],
                              "pw_stories": ["pages": [["image": "https://x/a.jpg", "duration": 5, "title": "One"]]]]
        let h = try StoriesHarness(doc)
        try h.run("wait 1; button; wait 1")
        #expect(absentWarnings(h.sink) == ["step 2 (button) needs a call-to-action button; page 0 has no button (it needs button_title and link)"])
        #expect(!h.sink.events.contains { ["action", "open_url", "dismiss"].contains($0.event.name) })
        try h.run("dismiss; button")
        #expect(absentWarnings(h.sink).last == "step 2 (button) needs a call-to-action button; the story was dismissed")
    }

    @Test func inboxButtonBeyondTheCardsButtonsOrOnAnEmptyFeed() throws {
        let dir = NSTemporaryDirectory() + "pushsim-absent-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let feed = dir + "/feed.json"
        try Data(#"[{"aps":{"alert":{"title":"Hi","body":"There"}},"pw_inbox":"a","inbox_params":{"rt":"2027-01-31"}}]"#.utf8).write(to: URL(fileURLWithPath: feed))
        let sink = EventSink()
        let scene = try InboxScene(files: [feed], attributes: InboxAttributes(sdk: .v7_1_3), now: Date(timeIntervalSince1970: 1_795_435_200),
                                   timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: sink)
        try HeadlessRunner(scene: scene, size: Size(width: 80, height: 24)).run(Script.parse("button 2"))
        #expect(absentWarnings(sink) == ["step 1 (button 2) needs a button 2; the highlighted card (a) has no buttons"])
        #expect(!sink.events.contains { $0.event.name == "button" })
    }

    @Test func bannerStepsWithNoBannerAndForegroundTapWithNoPush() throws {
        let scene = InAppScene(sink: EventSink())
        _ = try inAppRun(scene, #"banner-tap; banner-drag 0.3; notify {"title":"x"}; banner-swipe; banner-swipe; foreground-tap"#)
        #expect(absentWarnings(scene.sink) == [
            "step 1 (banner-tap) needs a banner; no banner is on screen (send one first with notify {…})",
            "step 2 (banner-drag 0.3) needs a banner; no banner is on screen (send one first with notify {…})",
            "step 5 (banner-swipe) needs a banner; banner b1 is already leaving",
            "step 6 (foreground-tap) needs a foreground push; no foreground push is on screen",
        ])
        #expect(scene.sink.events.filter { $0.event.name == "banner_hide" }.count == 1)
    }

    @Test func nativeButtonWithNoMessage() throws {
        let scene = InAppScene(sink: EventSink())
        _ = scene.attachNative(intake: InAppIntake.sdk(), options: InAppPresenterOptions(wallStart: 1_785_000_000), capsEnabled: false, isDark: false, store: nil)
        _ = try inAppRun(scene, "button 1; close")
        #expect(absentWarnings(scene.sink) == ["step 1 (button 1) needs a button 1; no native in-app message is on screen",
                                               "step 2 (close) needs a close chip; no native in-app message is on screen"])
    }

    @Test func primerAcceptWithNothingOnScreenAndAllowWithNoPrompt() throws {
        let sheet = PrimerConfig().style(.sheet)
        let authorized = makeScene(sheet, device: SimulatedDevice(status: .authorized))
        _ = try primerRun(authorized, "accept")
        #expect(absentWarnings(authorized.sink) == ["step 1 (accept) needs the primer; no primer is on screen (the last present ended suppressed (authorized))"])
        let early = makeScene(sheet)
        _ = try primerRun(early, "allow; accept; accept; allow")
        #expect(absentWarnings(early.sink) == [
            "step 1 (allow) needs the system prompt; no system prompt is showing; iOS shows it once, after an accept on a notDetermined or ephemeral device",
            "step 3 (accept) needs the primer; the primer is already closing",
            "step 4 (allow) needs the system prompt; iOS's prompt appears when the sheet's 0.26 s dismiss ends, not at the tap: wait 0.3 before allow",
        ])
        #expect(early.sink.events.filter { $0.event.name == "outcome" }.count == 0, "the outcome waits for the dismiss to end")
    }
}
