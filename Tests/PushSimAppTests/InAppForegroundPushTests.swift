// PushwooshForegroundPush in the in-app scene: the foreground-push step and the socket's wire form, the banner drawn
// under the generic banner, a click on it, and its events on the simulated clock.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct InAppForegroundPushTests {
    @Test func stepsShowTapAndHideIt() throws {
        let scene = InAppScene(sink: EventSink())
        let events = try inAppRun(scene, """
            foreground-push {"aps":{"alert":{"title":"Flash sale","body":"Two hours only"}}}
            wait 1
            foreground-push {"aps":{"alert":{"title":"Second","body":"b"}}}
            wait 0.5
            foreground-tap
            wait 2
            """, size: Size(width: 60, height: 24))
        #expect(events == [
            #"{"t":0,"event":"foreground_push_show","id":"f1","title":"Flash sale","body":"Two hours only"}"#,
            #"{"t":1,"event":"foreground_push_show","id":"f2","title":"Second","body":"b"}"#,
            #"{"t":1.5,"event":"foreground_push_tap","id":"f2","title":"Second","delegate":true}"#,
            #"{"t":1.5,"event":"foreground_push_hide","id":"f2","reason":"tap"}"#,
            #"{"t":3,"event":"foreground_push_hide","id":"f1","reason":"timeout"}"#,
        ])
    }

    @Test func aClickOnTheBannerTapsItAndBesideItReachesTheApp() throws {
        let scene = InAppScene(sink: EventSink())
        _ = try inAppRun(scene, #"foreground-push {"aps":{"alert":{"title":"Hi","body":"There"}}}; wait 1"#, size: Size(width: 60, height: 24))
        let r = ForegroundPushBanner.rect(scene.foreground.shown[0], presenter: scene.foreground, in: scene.size, at: 1)
        #expect(r.width == 54 && r.x == 3 && r.y == 2, "90 % of 60 columns, centred; 65 pt of 844 is row 2 of 24")
        let frame = scene.render(at: 1).plainText
        #expect(frame.contains("Hi") && frame.contains("There"))
        let other = InAppScene(sink: EventSink())
        let events = try inAppRun(other, #"foreground-push {"aps":{"alert":{"title":"Hi","body":"There"}}}; wait 1; click 1,3; click 13,3"#,
                                  size: Size(width: 60, height: 24))
        #expect(events.dropFirst().map { $0.components(separatedBy: "\"event\":\"")[1].prefix { $0 != "\"" } }
                == ["host_click", "foreground_push_tap", "foreground_push_hide"])
        #expect(other.foreground.shown.isEmpty)
    }

    @Test func theSocketLineTellsAPushFromABanner() throws {
        let line = ForegroundPushWire.line(["aps": ["alert": ["title": "T"]]])
        #expect(ForegroundPushWire.payload(line)?["aps"]?["alert"]?["title"] == "T")
        #expect(ForegroundPushWire.payload(#"{"title":"foreground_push"}"#) == nil)
        let scene = InAppScene(sink: EventSink())
        #expect(try scene.receiveForegroundPush(line, at: 0)?.get() == "f1")
        #expect(scene.receiveForegroundPush(#"{"title":"A banner"}"#, at: 0) == nil)
        #expect(throws: ScriptError.self) { try scene.expand(ScriptStep(name: "foreground-push", argument: "[1]")) }
    }

    @Test func anAttachmentWithNoImageLayerShowsAtOnceAndTheHapticPlays() throws {
        let scene = InAppScene(sink: EventSink())
        scene.foreground.configuration.vibration = .light
        let events = try inAppRun(scene, #"foreground-push {"aps":{"alert":{"title":"Pic"}},"attachment":"https://example.com/a.jpg"}"#)
        #expect(events == [
            #"{"t":0,"event":"foreground_push_show","id":"f1","title":"Pic","body":"","image":"https://example.com/a.jpg"}"#,
            #"{"t":0,"event":"haptic","style":"light","id":"f1"}"#,
        ])
    }
}
