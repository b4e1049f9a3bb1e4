// `pushsim notify --inbox` reaching a running inbox: the socket round trip, the `push`/`push-file`/`receive` steps,
// the `receive` event, the status line, and what a restart keeps (spec §3.8, §3.10).
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseSceneTests.

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite(.serialized) struct InboxReceiveTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z
    let utc = TimeZone(identifier: "UTC")!
    var mixed: String { Resources.locate().path("inbox/mixed.json") }
    static let flash = #"{"aps":{"alert":{"title":"Flash sale","body":"Ends tonight"}},"pw_inbox":"flash-1","inbox_params":{"rt":"2030-01-01"}}"#

    func scene(_ files: [String], store: Store? = nil, listener: SocketListener? = nil) throws -> (InboxScene, EventSink) {
        let sink = EventSink()
        let s = try InboxScene(files: files, attributes: InboxAttributes(sdk: .v7_1_3), now: Self.now, timeZone: utc, store: store ?? Store(inMemory: ()), sink: sink, listener: listener)
        return (s, sink)
    }

    func write(_ json: String, in dir: String, name: String) -> String {
        let p = dir + "/" + name
        _ = FileManager.default.createFile(atPath: p, contents: Data(json.utf8))
        return p
    }

    func run(_ s: InboxScene, _ script: String) throws {
        try HeadlessRunner(scene: s, size: Size(width: 80, height: 24)).run(Script.parse(script))
    }

    func roundTrip(_ scene: InboxScene, _ line: String, path: String) -> Result<String, UserError> {
        socketRoundTrip(scene, line, path: path, service: .inbox)
    }

    // spec §3.8 "Inbox notifications" through the socket: the message shows at once, unread; its status is stored.
    @Test func notifyInboxReachesTheListeningScene() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/i.sock"
        let store = try Store(inMemory: ())
        let listener = try SocketListener(path: path, service: .inbox)
        let (s, sink) = try scene([mixed], store: store, listener: listener)
        #expect(s.wakeDescriptors == listener.descriptors, "the run loop sleeps on the socket")
        #expect(s.nextDeadline() == nil, "an idle listening inbox has no deadline")
        #expect(s.model.status == "Listening for pushsim notify --inbox on \(path)")
        let file = write(Self.flash, in: dir, name: "flash.json")
        let (push, warnings) = try InboxPush.read(file)
        #expect(warnings.isEmpty)
        #expect(roundTrip(s, push.line, path: path) == .success("flash-1"))
        let i = try #require(s.feed.index(of: "flash-1"))
        #expect(!s.feed.rows[i].message.isRead)
        #expect(s.feed.rows[i].message.sendDate == Self.now.addingTimeInterval(1), "sendDate is the device's receive time (§3.10)")
        #expect(sink.events.last?.jsonLine == #"{"t":1,"event":"receive","code":"flash-1","title":"Flash sale"}"#)
        #expect(s.model.status == "New message: Flash sale")
        #expect(try InboxStore(store).statuses()["flash-1"] == .delivered)
        // Sent again: the same code updates the row, no duplicate.
        #expect(roundTrip(s, push.line, path: path) == .success("flash-1"))
        #expect(s.feed.rows.filter { $0.code == "flash-1" }.count == 1)
        #expect(s.model.status == "Updated message: Flash sale")
        // A payload with no inbox message: refused with the intake's reason, nothing changes.
        let plain = InboxPush(file: dir + "/plain.json", payload: try JSONParser.parse(#"{"aps":{"alert":"hi"}}"#))
        let refused = roundTrip(s, plain.line, path: path)
        #expect(refused == .failure(UserError("no inbox message in plain.json: \(dir)/plain.json:(root) skipped: not an inbox push (no pw_inbox, no inbox_params); the SDK shows it as a regular notification only")))
        #expect(roundTrip(s, "not json", path: path) == .failure(UserError("not an inbox push from pushsim notify --inbox (expected {\"file\":…,\"payload\":…})")))
        s.leave()
        #expect(!FileManager.default.fileExists(atPath: path), "leaving removes the socket file")
    }

    @Test func noListeningInboxIsOneClearLine() {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/none.sock"
        #expect(throws: UserError("no pushsim inbox is listening on \(path); start one with `pushsim inbox FILE`")) {
            try SocketClient.send("{}", to: path, service: .inbox)
        }
    }

    // The intake's refusal reaches `pushsim notify --inbox` before it connects.
    @Test func aFileWithoutAnInboxMessageIsRefusedWithTheIntakesReason() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let req = write(#"{"request":{"notifications":[{"content":"plain"}]}}"#, in: dir, name: "req.json")
        #expect(throws: UserError("no inbox message in \(req): \(req):request.notifications[0] has none of inbox_image, inbox_date or inbox_days, so it is sent as a regular push and never reaches the inbox")) {
            _ = try InboxPush.read(req)
        }
        let bad = write("{", in: dir, name: "bad.json")
        #expect(throws: UserError.self) { _ = try InboxPush.read(bad) }
        let other = write(#"{"hello":1}"#, in: dir, name: "other.json")
        #expect(throws: UserError("\(other): not an inbox feed; expected a getInboxMessages response ({\"response\":{\"messages\":[…]}}), an array of messages, an APNs inbox push (pw_inbox + inbox_params) or a createMessage request ({\"request\":{\"notifications\":[…]}})")) {
            _ = try InboxPush.read(other)
        }
    }

    // The headless `push` step on the simulated clock: the event's time, the debounced merge reload (§3.8) after it.
    @Test func pushStepEventsAndTheHighlightStays() throws {
        let (s, sink) = try scene([mixed])
        try run(s, "down; down; wait 2; push \(Self.flash)")
        let highlighted = s.feed.rows[s.model.highlighted].code
        #expect(sink.events.last?.jsonLine == #"{"t":2,"event":"receive","code":"flash-1","title":"Flash sale"}"#)
        #expect(s.feed.rows[s.model.highlighted].code == highlighted, "the highlight stays on its row")
        let pinned = s.feed.rows.prefix { $0.pinned }.count
        #expect(s.feed.rows[pinned].code == "flash-1", "newest unread, right after the pinned rows")
        #expect(s.feed.rows[pinned].message.sendDate == Self.now.addingTimeInterval(2))
    }

    // spec §3.10: a message deleted on this device stays deleted when a push with its code comes.
    @Test func aPushDoesNotBringBackADeletedMessage() throws {
        let (s, sink) = try scene([mixed])
        try run(s, "delete")
        let gone = try #require(sink.events.last?.event["code"]?.stringValue)
        #expect(s.feed.index(of: gone) == nil)
        try run(s, #"push {"aps":{"alert":"Back?"},"pw_inbox":"\#(gone)","inbox_params":{"rt":"2030-01-01"}}"#)
        #expect(s.feed.index(of: gone) == nil)
        #expect(sink.events.last?.event.name == "warning")
        #expect(s.model.status == "Deleted earlier: Back?")
    }

    // createMessage requests arrive too: codes FILE#N, as `pushsim inbox` names them.
    @Test func pushFileStepTakesEveryInboxShape() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let req = write(#"{"request":{"notifications":[{"content":"Hello from the server","inbox_days":3},{"content":"not for the inbox"}]}}"#, in: dir, name: "req.json")
        let (s, sink) = try scene([mixed])
        try run(s, "push-file \(req)")
        #expect(s.feed.index(of: "req.json#1") != nil)
        #expect(s.feed.index(of: "req.json#2") == nil)
        #expect(sink.events.suffix(2).map(\.event.name) == ["warning", "receive"], "the skipped notification is reported")
        #expect(throws: ScriptError.self) { try run(s, #"push {"aps":{"alert":"no inbox"}}"#) }
        #expect(throws: ScriptError.self) { try run(s, "push-file \(dir)/missing.json") }
        #expect(throws: ScriptError.self) { try run(s, "receive 1") }
    }

    // spec §3.8 updateStates: a push into an empty feed, or one whose load failed, shows the list.
    @Test func emptyAndErrorStatesTurnIntoAList() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = write("[]", in: dir, name: "empty.json")
        let (s, _) = try scene([empty])
        #expect(s.feed.screenState == .empty)
        try run(s, "push \(Self.flash)")
        #expect(s.feed.screenState == .list)
        #expect(s.render(at: 0).plainText.contains("Flash sale"))

        let (e, _) = try scene([empty])
        try FileManager.default.removeItem(atPath: empty)
        try run(e, "wait 10; refresh")  // past the 10 s fetch throttle (§3.10), so the files are read: and fail
        #expect(e.feed.screenState == .error, "a failed load with no content shows the error label")
        try run(e, "push \(Self.flash)")
        #expect(e.feed.screenState == .list)
    }

    // spec §3.8: a push for a code already on screen is not prepended; its row changes at the debounced merge reload.
    @Test func anUpdateForACodeOnScreenShowsAtTheMergeReload() throws {
        let (s, sink) = try scene([mixed])
        let later = Self.flash.replacingOccurrences(of: "Flash sale", with: "Flash sale extended")
        let runner = HeadlessRunner(scene: s, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("push \(Self.flash); wait 2; push \(later)"))
        let i = try #require(s.feed.index(of: "flash-1"))
        #expect(s.feed.rows[i].message.title == "Flash sale", "the row waits")
        #expect(sink.events.last?.event == Event("receive", ["code": "flash-1", "title": "Flash sale extended"]))
        try runner.run(Script.parse("wait 1.5"))
        #expect(s.feed.rows[try #require(s.feed.index(of: "flash-1"))].message.title == "Flash sale extended")
        #expect(s.feed.rows.filter { $0.code == "flash-1" }.count == 1)
    }

    // The status line names the new message at once (golden frame).
    @Test func statusLineGoldenFrame() throws {
        let (s, _) = try scene([mixed])
        try run(s, "push \(Self.flash)")
        let lines = s.render(at: 0).plainText.split(separator: "\n", omittingEmptySubsequences: false)
        assertSnapshot(of: lines.suffix(3).joined(separator: "\n"), as: .lines, named: "new-message-status")
        assertSnapshot(of: s.render(at: 0).plainText, as: .lines, named: "new-message-frame")
    }

    // spec §3.10: the next load is a server fetch, and codes missing from the feed are dropped; the feed file is
    // the server, so a received message that is not in it is gone after a restart (and after a refresh).
    @Test func aReceivedMessageIsDroppedByTheNextLoad() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.sqlite"
        do {
            let (s, _) = try scene([mixed], store: try Store(path: path))
            try run(s, "push \(Self.flash)")
            #expect(try InboxStore(Store(path: path)).statuses()["flash-1"] == .delivered)
            try run(s, "back")
            #expect(try InboxStore(Store(path: path)).statuses()["flash-1"] == .read, "visible when leaving: marked read (§3.2)")
        }
        let (again, _) = try scene([mixed], store: try Store(path: path))
        #expect(again.feed.index(of: "flash-1") == nil)
        #expect(try InboxStore(Store(path: path)).statuses()["flash-1"] == nil, "the stored status is dropped with it")
        try run(again, "push \(Self.flash); refresh")
        #expect(again.feed.index(of: "flash-1") != nil, "within 10 s of the last fetch a refresh returns the stored list (§3.10)")
        try run(again, "wait 10; refresh")
        #expect(again.feed.index(of: "flash-1") == nil, "a pull to refresh that fetches is a .replace load from the feed")
    }

    // Headless with --socket: `receive` waits in real time for what notify --inbox sends.
    @Test func headlessReceiveStep() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r.sock"
        let (s, sink) = try scene([mixed], listener: try SocketListener(path: path, service: .inbox))
        let push = InboxPush(file: dir + "/p.json", payload: try JSONParser.parse(Self.flash))
        let fd = try SocketClient.deliver(push.line, to: path, service: .inbox)
        defer { close(fd) }
        try run(s, "receive 5; receive 0.1")
        #expect(sink.events.suffix(2).map(\.jsonLine) == [
            #"{"t":0,"event":"receive","code":"flash-1","title":"Flash sale"}"#,
            #"{"t":0,"event":"warning","path":"","message":"no inbox push arrived on \#(path) within 0.1 s"}"#,
        ])
        #expect(try SocketClient.awaitReply(fd, path: path, service: .inbox, timeout: 1) == "flash-1")
        s.listener?.close()
    }
}
