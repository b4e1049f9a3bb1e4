// `pushsim inapp`'s status line and host app (issue 39 items 6 and 8): it offers only the keys that do something now,
// an "opened …" gives way once a later message has shown, and the host's words are one source for terminal and picture.

import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens

@Suite struct InAppHostStatusLineTests {
    let size = Size(width: 100, height: 24)

    /// Issue 39 item 6: `t tap  s swipe` only while a banner is on screen and not already leaving; `f tap push` only
    /// while a foreground push shows. With nothing over the app, the app's own keys.
    @Test func theStatusLineOffersOnlyKeysThatDoSomethingNow() throws {
        let scene = InAppScene(sink: EventSink())
        _ = try inAppRun(scene, "wait 0.1", size: size)
        #expect(!scene.statusLine.contains("t tap") && !scene.statusLine.contains("s swipe") && !scene.statusLine.contains("f tap"),
                "\(scene.statusLine)")
        #expect(scene.statusLine.hasPrefix("↑↓ scroll  ⏎ click  ? help  q quit"), "\(scene.statusLine)")

        _ = try inAppRun(scene, #"notify {"title":"Sale","duration":30}; wait 1"#, size: size)
        #expect(scene.statusLine.hasPrefix("↑↓ scroll  ⏎ click  t tap  s swipe  ? help  q quit"), "\(scene.statusLine)")
        // Leaving (swiped): t and s would do nothing more.
        _ = try inAppRun(scene, "key s", size: size)
        #expect(!scene.statusLine.contains("t tap"), "a leaving banner takes no tap: \(scene.statusLine)")
        _ = try inAppRun(scene, "wait 2", size: size)
        #expect(!scene.statusLine.contains("t tap"), "\(scene.statusLine)")

        _ = try inAppRun(scene, #"foreground-push {"aps":{"alert":{"title":"Hi","body":"There"}}}; wait 1"#, size: size)
        #expect(scene.statusLine.contains("f tap push"), "\(scene.statusLine)")
        #expect(!scene.statusLine.contains("t tap"), "\(scene.statusLine)")
        _ = try inAppRun(scene, "key f; wait 2", size: size)
        #expect(!scene.statusLine.contains("f tap push"), "the push was tapped away: \(scene.statusLine)")
    }

    /// Issue 39 item 6: the tap's "opened …" stays while it is the news (and 5 s against a banner that was waiting,
    /// issue 26), but a message that showed after it ends it: the line then says what happened last.
    @Test func theOpenedURLGivesWayOnceALaterMessageHasShown() throws {
        let scene = InAppScene(sink: EventSink())
        _ = try inAppRun(scene, #"notify {"title":"One","link":"https://example.com/one"}; wait 1; banner-tap; wait 10"#, size: size)
        #expect(scene.statusLine.contains("▸ opened https://example.com/one"), "nothing newer: still the news; \(scene.statusLine)")
        #expect(scene.nextDeadline() == nil, "nothing to wake for")

        // A foreground push comes and goes after the tap: within 5 s of the tap the URL holds, then the line follows.
        let t0 = scene.now
        _ = try inAppRun(scene, #"notify {"title":"Two","link":"https://example.com/two"}; wait 0.5; banner-tap; foreground-push {"aps":{"alert":{"title":"Later","body":"b"}}}; wait 1"#, size: size)
        #expect(scene.statusLine.contains("▸ opened https://example.com/two"), "\(scene.statusLine)")
        let opened = try #require(scene.sink.events.last { $0.event.name == "open_url" })
        #expect(opened.event["url"]?.stringValue == "https://example.com/two" && opened.t >= t0)
        let holdEnd = try #require(scene.openedHoldEnds)
        #expect(holdEnd == opened.t + InAppScene.openedURLHold, "the line changes when the hold ends, with no input")
        #expect(try #require(scene.nextDeadline()) <= holdEnd)
        // At that instant the hold is over, and the deadline is not due again (a run loop would spin on it).
        scene.advance(to: holdEnd)
        #expect(scene.openedHoldEnds == nil && !scene.statusLine.contains("opened"), "\(scene.statusLine)")
        _ = try inAppRun(scene, "wait 10", size: size)
        #expect(!scene.statusLine.contains("opened"), "a later message showed and closed: \(scene.statusLine)")
        #expect(scene.statusLine.contains("▸ foreground_push_hide"), "\(scene.statusLine)")
    }

    /// Issue 39 item 8: the terminal draws the host app's title, subtitle and rows from `InAppHostContent`, the same
    /// value the pictures draw (`HostApp.draw(on:device:_:)`), scrolled as the scene has it.
    @Test func theTerminalDrawsTheHostContentThePicturesDraw() throws {
        let scene = InAppScene(sink: EventSink(), appName: "Acme")
        _ = try inAppRun(scene, "key down; key down; key pgdn; key pgdn", size: Size(width: 60, height: 16))
        #expect(scene.host.scroll > 0)
        let content = InAppHostContent(scene.host, appName: scene.appName)
        let lines = scene.render(at: scene.now).plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasPrefix(" Acme") && lines[2].hasPrefix(" " + content.subtitle))
        let list = InAppHostScreen.listRect(in: scene.size)
        for (k, y) in (list.y..<list.maxY).enumerated() {
            #expect(lines[y].hasPrefix("  " + content.rows[k].title), "row \(k): \(lines[y])")
            #expect(lines[y].contains(content.rows[k].detail + " ›"), "row \(k): \(lines[y])")
        }
        #expect(InAppScene(sink: EventSink()).appName == InAppHostContent.defaultAppName)
    }
}
