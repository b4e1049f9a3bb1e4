// `--sdk` in the in-app scene, `validate` and the inbox, per stored release of Pushwoosh/pushwoosh-ios-sdk:
// PushwooshInApp 7.2.0 `fd34d7d` / 7.2.1 `4c81a0b` / 7.2.7 `b1518f7`, PWInboxMessageInternal.m 7.1.3 `f8c5cc8` /
// 7.2.2 `02d4eb3`, and foreground pushes through APNs' delivery check.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens
import PushSimStore

@Suite struct SDKReleaseSceneTests {
    static func sample(_ name: String) -> String { Resources.locate().path("inapp/\(name)") }

    func run(_ files: [String], _ script: String, sdk: SDKVersion, dark: Bool = false) throws -> (InAppScene, [String]) {
        let scene = InAppScene(sink: EventSink())
        let intake = InAppIntake.sdk(release: sdk)
        let native = scene.attachNative(intake: intake, options: InAppPresenterOptions(wallStart: 1_785_000_000),
                                        capsEnabled: false, isDark: dark, store: nil)
        for f in files { native.deliver(try intake.read(Self.sample(f)), at: 0) }
        try HeadlessRunner(scene: scene, size: Size(width: 80, height: 24)).run(Script.parse(script))
        return (scene, scene.sink.events.map { "\(JSONValue.formatNumber(TimedEvent.roundMillis($0.t))) \($0.event.name)" })
    }

    /// `PWSheetInAppView.swift` / `PWCarouselInAppView.swift` @fd34d7d (7.2.0): a clear `makeBackdrop()` that lets
    /// touches through; @4c81a0b (7.2.1): the scrim that closes on a tap.
    @Test(arguments: ["sheet-notifications.json", "carousel-new-arrivals.json"])
    func at720ATapBesideTheSheetOrCarouselReachesTheApp(_ file: String) throws {
        let (old, oldEvents) = try run([file], "wait 1; tap-outside; click 0,5; wait 1", sdk: .v7_2_0)
        #expect(oldEvents.filter { $0.hasSuffix("host_click") }.count == 2, "\(oldEvents)")
        #expect(!oldEvents.contains { $0.hasSuffix("inapp_closed") })
        #expect(old.native?.presenter.current != nil)
        let (_, newEvents) = try run([file], "wait 1; click 0,5; wait 1", sdk: .v7_2_1)
        #expect(!newEvents.contains { $0.hasSuffix("host_click") } && newEvents.last?.hasSuffix("inapp_closed") == true, "\(newEvents)")
    }

    /// `PWInAppDarkOverlay.swift` is new at 7.2.7 (`b1518f7`): below it `--dark` shows the light config as parsed.
    @Test func belowThe727ReleaseADarkPhoneShowsTheLightConfig() throws {
        let (dark726, _) = try run(["modal-welcome-dark.json"], "wait 1", sdk: .v7_2_6, dark: true)
        let (light726, _) = try run(["modal-welcome-dark.json"], "wait 1", sdk: .v7_2_6)
        #expect(dark726.native?.presenter.current?.message.darkApplied == false)
        #expect(dark726.native?.presenter.current?.message == light726.native?.presenter.current?.message)
        let (dark727, _) = try run(["modal-welcome-dark.json"], "wait 1", sdk: .v7_2_7, dark: true)
        #expect(dark727.native?.presenter.current?.message.darkApplied == true)
    }

    /// `validate` below 7.2.7 says nothing of `dark` (there is no overlay to check).
    @Test func validateBelow727SaysNothingOfDark() throws {
        let broken = ##"{"displayType":"modal","modal":{"background":"#fff","showClose":true,"buttons":[],"dimBackground":false,"dark":{"background":"red"}}}"##
        let path = try validationTemp(broken)
        func findings(_ sdk: SDKVersion) -> [String] {
            PayloadValidation.check(path, options: PayloadValidation.Options(now: validationNow, timeZone: TimeZone(identifier: "UTC")!, sdk: sdk))
                .findings.map { "\($0.path): \($0.message)" }
        }
        #expect(findings(.v7_2_7).contains { $0.contains("dark") })
        #expect(!findings(.v7_2_6).contains { $0.contains("dark") }, "\(findings(.v7_2_6))")
    }

    /// Foreground pushes go through APNs like any push (Apple, "Generating a remote notification": at most 4096 bytes,
    /// an `aps` dictionary): one it refuses never reaches PushwooshForegroundPush.
    @Test func aForegroundPushAPNsRefusesIsNeverShown() throws {
        let big = String(repeating: "x", count: 4100)
        let scene = InAppScene(sink: EventSink())
        let events = try inAppRun(scene, """
            foreground-push {"aps":{"alert":{"title":"Big","body":"\(big)"}}}
            foreground-push {"title":"no aps"}
            wait 1
            """, size: Size(width: 60, height: 24))
        #expect(events.count == 2 && events.allSatisfy { $0.contains(#""event":"apns_rejected""#) }, "\(events)")
        #expect(events[0].contains(#""limit":4096"#) && events[1].contains("no aps dictionary"))
        #expect(scene.foreground.shown.isEmpty)
        let answer = scene.foregroundPush(.object(["title": "no aps"]), at: 2)
        guard case .failure(let refusal) = answer else { Issue.record("accepted"); return }
        #expect(refusal.sentence.contains("APNs refuses"))
    }

    /// `PWInboxMessageInternal.m@f8c5cc8` (7.1.3): `validateDictionary` still reads an item that is not an object, and
    /// `l`/`attachment` are sent `hasPrefix:` before the expiry filter; `@02d4eb3` (7.2.2) skips and ignores them.
    @Test func validateReportsTheFeedItemsThat713CrashesOn() throws {
        let expired = #"{"inbox_id":"old","order":"1","rt":1000,"title":"T","text":"B","action_type":0,"status":1,"action_params":"{\"l\":5}"}"#
        let path = try validationTemp(#"{"response":{"messages":["x",42,\#(expired)]}}"#)
        func findings(_ sdk: SDKVersion) -> [String] {
            PayloadValidation.check(path, options: PayloadValidation.Options(now: validationNow, timeZone: TimeZone(identifier: "UTC")!, sdk: sdk))
                .findings.map { "\($0.severity) \($0.path): \($0.message)" }
        }
        let old = findings(.v7_1_3)
        #expect(old.contains("error response.messages[0]: is not an object: a 7.1.3 app crashes when this feed loads (validateDictionary still sends it objectForKey:; from 7.2.2 it is skipped)"), "\(old)")
        #expect(old.contains { $0.hasPrefix("error response.messages[1]: is not an object") })
        #expect(old.contains { $0.hasPrefix("error response.messages[2].action_params.l: is 5, not a string") }, "an expired item crashes too")
        #expect(findings(SDKVersion("7.2.1")!).contains { $0.hasPrefix("error response.messages[0]") })
        let new = findings(.v7_2_2)
        #expect(!new.contains { $0.hasPrefix("error") }, "\(new)")
        #expect(new.contains { $0.hasPrefix("warning response.messages[0]: skipped") })
    }

    /// The interactive inbox says what a 7.1.3 app does with such a feed.
    @Test func theInboxSaysA713AppCrashesOnTheFeed() {
        let diags = [Diagnostic(path: "feed.json:messages[0]", "skipped: a message must be an object, not a string")]
        #expect(InboxScene.crash(diags, [], sdk: .v7_1_3) == "SDK 7.1.3: the app crashes when this feed loads: feed.json:messages[0] is not an object; shown here as 7.2.2 and later show it")
        #expect(InboxScene.crash(diags, [], sdk: .v7_2_2) == nil)
        let m = InboxMessage(code: "c1", title: "T", message: "B", actionParams: ["attachment": 5])
        #expect(InboxScene.crash([], [m], sdk: SDKVersion("7.2.1")!)?.contains("c1's attachment is not a string") == true)
    }

    /// The same in a running inbox: a warning event and the status line, and the feed as 7.2.2 shows it.
    @Test func aRunningInboxOn713SaysTheAppCrashes() throws {
        let path = try validationTemp(#"{"response":{"messages":[42,{"inbox_id":"a","order":"1","rt":4102444800,"title":"T","text":"B","action_type":0,"status":1}]}}"#, name: "feed.json")
        let sink = EventSink()
        let scene = try InboxScene(files: [path], attributes: InboxAttributes(sdk: .v7_1_3), now: validationNow,
                                   timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: sink)
        #expect(scene.model.status.hasPrefix("SDK 7.1.3: the app crashes when this feed loads:"), "\(scene.model.status)")
        #expect(sink.events.contains { $0.event.name == "warning" && ($0.event["message"]?.stringValue ?? "").contains("crashes") })
        #expect(scene.feed.rows.map(\.code) == ["a"])
        let calm = try InboxScene(files: [path], attributes: InboxAttributes(sdk: .v7_2_2), now: validationNow,
                                  timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: EventSink())
        #expect(!calm.model.status.contains("crashes"))
    }
}
