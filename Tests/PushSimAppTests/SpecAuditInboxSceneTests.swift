// The fidelity audit of the inbox scene's timing (spec §3.8 "Inbox notifications"): the debounced merge reload on a
// simulated clock.
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseSceneTests.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite(.serialized) struct SpecAuditInboxSceneTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z

    func feedFile() -> (dir: String, path: String) {
        let dir = NSTemporaryDirectory() + "pushsim-audit-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let item = { (code: String, date: Int) in
            #"{"inbox_id":"\#(code)","order":"1","rt":4102444800,"text":"\#(code)","action_type":0,"status":1,"send_date":\#(date)}"#
        }
        let path = dir + "/feed.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("[\(item("a", 30)),\(item("b", 20)),\(item("c", 10))]".utf8))
        return (dir, path)
    }

    func codes(_ s: InboxScene) -> [String] { s.feed.rows.map(\.code) }

    // spec §3.8: each notification reschedules the reload `max(0, 1.5 s − time since the last notification-driven
    // refresh)` later ("the first one waits the full 1.5 s"); a read at t=1 pushes the first reload to t=2.5, and a
    // read 0.5 s after that reload is re-sorted 1.0 s later.
    @Test func aSecondReadPushesTheFirstReloadOutAndALaterOneWaitsOnlyTheRest() throws {
        let (dir, path) = feedFile()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try InboxScene(files: [path], attributes: InboxAttributes(sdk: .v7_1_3), now: Self.now, timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: EventSink())
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 30))
        #expect(codes(s) == ["a", "b", "c"])
        try r.run(Script.parse("select; wait 1; down; select; wait 0.6"))
        #expect(codes(s) == ["a", "b", "c"], "t=1.6: the reload was pushed out by the read at t=1")
        try r.run(Script.parse("wait 0.9"))
        #expect(codes(s) == ["c", "a", "b"], "t=2.5: re-sorted, the unread row first")
        try r.run(Script.parse("wait 0.5; key m; wait 0.9"))
        #expect(codes(s) == ["c", "a", "b"], "t=3.9: the reload after the read at t=3 is due at t=4")
        try r.run(Script.parse("wait 0.1"))
        #expect(codes(s) == ["a", "b", "c"], "t=4: all read, newest first")
    }

    // spec §3.8: "…DidReceiveInPush" also schedules the debounced reload, and it reschedules a pending one.
    @Test func aPushReschedulesThePendingReload() throws {
        let (dir, path) = feedFile()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try InboxScene(files: [path], attributes: InboxAttributes(sdk: .v7_1_3), now: Self.now, timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: EventSink())
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 30))
        try r.run(Script.parse("select"))
        #expect(s.nextDeadline() == 1.5)
        try r.run(Script.parse(#"wait 1; push {"aps":{"alert":"Hi"},"pw_inbox":"p","inbox_params":{"rt":"2030-01-01"}}"#))
        #expect(codes(s) == ["p", "b", "c", "a"], "the arrival runs the transform at once")
        #expect(s.nextDeadline() == 2.5, "the push moved the pending reload to 1.5 s after it")
    }
}

extension SpecAuditInboxSceneTests {
    // spec §3.10 "Silent inbox push (no alert body): the service's 10 s throttle is reset, a full load runs,
    // …DidReceiveInPush is posted for the matching server message" — the push itself never becomes a card.
    @Test func aSilentPushShowsOnlyTheServersCopyAfterAFullLoad() throws {
        let (dir, path) = feedFile()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sink = EventSink()
        let s = try InboxScene(files: [path], attributes: InboxAttributes(sdk: .v7_1_3), now: Self.now, timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: sink)
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 30))
        // Not on the server: nothing is shown, and the warning says why.
        try r.run(Script.parse(#"push {"aps":{"content-available":1},"pw_inbox":"ghost","inbox_params":{"rt":"2030-01-01"}}"#))
        #expect(codes(s) == ["a", "b", "c"])
        #expect(sink.events.last?.event.name == "warning")
        #expect(sink.events.last?.event["message"]?.stringValue?.contains("silent inbox push \"ghost\"") == true)
        // The server (the feed file) now has it: the full load brings the server's copy, with its text.
        let item = #"{"inbox_id":"d","order":"1","rt":4102444800,"text":"From the server","action_type":0,"status":1,"send_date":40}"#
        let old = try String(contentsOfFile: path, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data((old.dropLast() + "," + item + "]").utf8))
        try r.run(Script.parse(#"push {"aps":{"alert":{"title":"No body"}},"pw_inbox":"d","inbox_params":{"rt":"2030-01-01"}}"#))
        #expect(codes(s) == ["d", "a", "b", "c"])
        let d = s.feed.rows[0].message
        #expect(d.message == "From the server" && !d.isFromNotification && d.title == nil, "the server copy, not the push")
        #expect(sink.events.last?.event == Event("receive", ["code": "d", "title": "From the server"]))
    }

    /// A scene over a one-message feed file (removed again when the test ends: the scene has read it by then).
    func oneCardScene(code: String, title: String, text: String, actionParams: String) throws -> (InboxScene, EventSink) {
        let dir = NSTemporaryDirectory() + "pushsim-audit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feed.json"
        let item = #"{"inbox_id":"\#(code)","order":"1","rt":4102444800,"title":"\#(title)","text":"\#(text)","action_type":0,"status":1,"send_date":30,"action_params":"\#(actionParams)"}"#
        #expect(FileManager.default.createFile(atPath: path, contents: Data("[\(item)]".utf8)))
        let sink = EventSink()
        let s = try InboxScene(files: [path], attributes: InboxAttributes(sdk: .v7_1_3), now: Self.now, timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: sink)
        return (s, sink)
    }

    // spec §3.9 carousel slide tap, by mouse: a click on the slide opens the slide's url and marks read; a click on the
    // card's text is the row tap.
    @Test func clickingACarouselSlideOpensItsURL() throws {
        let (s, sink) = try oneCardScene(code: "car", title: "Lookbook", text: "Swipe",
            actionParams: #"{\"displayType\":\"carousel\",\"l\":\"https://row.link\",\"carousel\":[{\"image\":\"https://i/1.jpg\",\"url\":\"myapp://slide/1\"}]}"#)
        let r = HeadlessRunner(scene: s, size: Size(width: 60, height: 20))
        #expect(s.feed.rows.first?.kind == .carousel)
        let card = try #require(InboxScreen.renderWithLayout(s.model, size: Size(width: 60, height: 20)).layout.cards.first).rect
        try r.run(Script.parse("click 20,\(card.y + 2)"))
        #expect(sink.events.suffix(3).map(\.event.name) == ["select", "open_url", "read"])
        #expect(sink.events.suffix(2).first?.event["url"] == "myapp://slide/1")
        #expect(s.feed.rows[0].message.status == .read)
        try r.run(Script.parse("click 20,\(card.y + InboxCard.imageRows + 2)"))
        #expect(sink.events.last?.event == Event("open_url", ["url": "https://row.link"]), "below the slide: the row tap")
        #expect(s.feed.rows[0].message.status == .action)
    }

    // spec §3.9 video: a click on the poster plays it (event `play_video`) and marks read.
    @Test func clickingAVideoPosterPlaysIt() throws {
        let (s, sink) = try oneCardScene(code: "vid", title: "Watch", text: "Clip",
            actionParams: #"{\"displayType\":\"video\",\"video\":{\"url\":\"https://v/clip.mp4\"}}"#)
        let r = HeadlessRunner(scene: s, size: Size(width: 60, height: 20))
        let card = try #require(InboxScreen.renderWithLayout(s.model, size: Size(width: 60, height: 20)).layout.cards.first).rect
        try r.run(Script.parse("click 20,\(card.y + 3)"))
        #expect(sink.events.suffix(2).map(\.event.name) == ["play_video", "read"])
        #expect(s.model.status == "Playing https://v/clip.mp4 full screen")
        #expect(s.feed.rows[0].message.status == .read)
    }

    // spec §3.10 silent push: `pushsim validate` says a silent push in a file is not shown, as `pushsim inbox` does.
    @Test func validateReportsASilentPush() throws {
        let text = #"[{"aps":{"content-available":1},"pw_inbox":"quiet","inbox_params":{"rt":"2030-01-01"}},{"aps":{"alert":"Loud"},"pw_inbox":"loud","inbox_params":{"rt":"2030-01-01"}}]"#
        let r = PayloadValidation.check(try validationTemp(text), options: PayloadValidation.Options(now: validationNow, timeZone: TimeZone(identifier: "UTC")!))
        #expect(r.findings.map(\.path) == ["[0].aps"])
        #expect(r.findings.first?.severity == .warning)
        #expect(r.findings.first?.message.hasPrefix("no alert body: a silent inbox push") == true)
    }
}

