// The inbox scene end to end on a simulated clock: steps, events, mouse, persistence across runs, --dump, bad input.
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseSceneTests.

import Foundation
import GRDB
import SnapshotTesting
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite(.serialized) final class InboxSceneTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z
    let utc = TimeZone(identifier: "UTC")!
    var mixed: String { Resources.locate().path("inbox/mixed.json") }

    /// Every folder a test makes is under this one, removed with the test's instance (a test that throws or records
    /// an issue before its own `defer` leaves nothing in the temporary folder either).
    let root = NSTemporaryDirectory() + "pushsim-inbox-\(UUID().uuidString)"

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func tempDir() -> String {
        let d = root + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func write(_ json: String, in dir: String, name: String = "feed.json") -> String {
        let p = dir + "/" + name
        _ = FileManager.default.createFile(atPath: p, contents: Data(json.utf8))
        return p
    }

    func scene(_ files: [String], store: Store? = nil, _ a: InboxAttributes = InboxAttributes(sdk: .v7_1_3)) throws -> (InboxScene, EventSink) {
        let sink = EventSink()
        let s = try InboxScene(files: files, attributes: a, now: Self.now, timeZone: utc, store: store ?? Store(inMemory: ()), sink: sink)
        return (s, sink)
    }

    func run(_ s: InboxScene, _ script: String, size: Size = Size(width: 80, height: 24)) throws -> HeadlessRunner {
        let r = HeadlessRunner(scene: s, size: size)
        try r.run(Script.parse(script))
        return r
    }

    func lines(_ sink: EventSink) -> [String] { sink.events.map(\.jsonLine) }

    // The contract's --dump for the mixed sample, one message per line.
    @Test func dumpOfTheMixedSample() throws {
        let (s, sink) = try scene([mixed])
        let text = (s.feed.dump().arrayValue ?? []).map { $0.jsonText() }.joined(separator: "\n")
        assertSnapshot(of: text, as: .lines, named: "mixed-dump")
        #expect(sink.events.map(\.event.name) == ["load", "degrade"])
        #expect(sink.events[0].event["count"] == 10)
    }

    // spec §3.9 row tap through the `select` step; §3.8 the merge reload 1.5 s later re-sorts.
    @Test func selectMarksReadOpensTheLinkAndReordersLater() throws {
        let (s, sink) = try scene([mixed])
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 24))
        try r.run(Script.parse("down; down; down; down; down; down; down; select"))
        let code = s.feed.rows[s.model.highlighted].code
        #expect(code == "order")
        #expect(lines(sink).suffix(3) == [
            #"{"t":0,"event":"select","code":"order"}"#,
            #"{"t":0,"event":"read","codes":["order"]}"#,
            #"{"t":0,"event":"open_url","url":"acme://orders/4217"}"#,
        ])
        #expect(s.model.status == "Opened acme://orders/4217")
        try r.run(Script.parse("up; up; up; up; up; select"))
        #expect(s.feed.rows[2].code == "sale", "the row is reloaded in place")
        try r.run(Script.parse("wait 1.4"))
        #expect(s.feed.rows[2].code == "sale")
        try r.run(Script.parse("wait 0.2"))
        #expect(s.feed.rows.map(\.code) == ["welcome", "survey", "arrivals", "lookbook", "video", "pass", "sale", "order", "receipt", "tips"],
                "the read rows moved below the unread ones")
        #expect(s.model.highlighted == 2 && s.feed.rows[2].code == "arrivals",
                "issue 13 item 10: the highlight stays on the row on screen, it does not follow the card that sank")
    }

    /// Issue 13 item 10: read the top card, let the list re-sort, Down, d: the card deleted is the one the cursor is on.
    @Test func afterAReSortDownAndDeleteActOnTheRowOnScreen() throws {
        let (s, sink) = try scene([mixed])
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 24))
        try r.run(Script.parse("select"))
        let readCode = s.feed.rows[0].code
        try r.run(Script.parse("wait 2"))
        #expect(s.feed.rows[0].code != readCode, "the read card sank")
        #expect(s.model.highlighted == 0)
        try r.run(Script.parse("down"))
        let under = s.feed.rows[1].code
        #expect(s.model.highlighted == 1)
        try r.run(Script.parse("delete"))
        #expect(lines(sink).last == #"{"t":2.3,"event":"delete","code":"\#(under)"}"#)
    }

    // spec §3.6 button taps and §3.9 swipe to delete, with the contract's events.
    @Test func buttonsDeleteAndRefreshEvents() throws {
        let (s, sink) = try scene([mixed])
        _ = try run(s, "button 1; down; delete; refresh")
        let names = sink.events.map(\.event.name)
        #expect(Array(names.dropFirst(2)) == ["button", "open_url", "read", "delete", "refresh", "load"], "the degraded survey is gone")
        #expect(lines(sink)[2] == #"{"t":0,"event":"button","code":"welcome","index":1,"action":"openURL"}"#)
        #expect(lines(sink)[5] == #"{"t":0.3,"event":"delete","code":"survey"}"#)
        #expect(sink.events.last(where: { $0.event.name == "load" })?.event["count"] == 9)
        #expect(!s.feed.rows.contains { $0.code == "survey" })
    }

    @Test func deleteAnimationShowsTheDeleteActionThenRemovesTheRow() throws {
        let (s, _) = try scene([mixed])
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 24))
        try r.perform(ScriptStep(name: "key", argument: "d"))
        try r.perform(ScriptStep(name: "wait", argument: "0.25"))
        #expect(s.render(at: r.now).plainText.contains("Delete"))
        #expect(s.feed.rows.first?.code == "welcome")
        try r.perform(ScriptStep(name: "wait", argument: "0.1"))
        #expect(s.feed.rows.first?.code == "survey")
    }

    // spec §3.2 automaticReadOnDisappear: leaving marks the visible unread rows read; rows below are not.
    @Test func backMarksOnlyTheVisibleUnreadRowsRead() throws {
        let (s, sink) = try scene([mixed])
        _ = try run(s, "back")
        #expect(s.exitStatus == 0)
        #expect(lines(sink).last == #"{"t":0,"event":"read","codes":["welcome","survey","sale","arrivals"]}"#)

        var a = InboxAttributes(sdk: .v7_1_3)
        a.automaticReadOnDisappear = false
        let (s2, sink2) = try scene([mixed], a)
        _ = try run(s2, "back")
        #expect(!sink2.events.contains { $0.event.name == "read" })
    }

    // The issue's persistence check: read and delete survive a second run with the same store; feed-ahead wins;
    // codes missing from the feed are dropped.
    @Test func stateSurvivesARestartWithTheSameStore() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let storePath = dir + "/state.sqlite"
        let feed = #"[{"inbox_id":"a","order":"3","rt":4102444800,"text":"A","action_type":0,"status":1,"send_date":30},{"inbox_id":"b","order":"2","rt":4102444800,"text":"B","action_type":0,"status":1,"send_date":20},{"inbox_id":"c","order":"1","rt":4102444800,"text":"C","action_type":0,"status":1,"send_date":10}]"#
        let f = write(feed, in: dir)
        do {
            let (s, _) = try scene([f], store: try Store(path: storePath))
            _ = try run(s, "select; down; delete")
            #expect(s.feed.rows.map(\.code) == ["a", "c"])
        }
        do {
            let (s, _) = try scene([f], store: try Store(path: storePath))
            #expect(s.feed.rows.map(\.code) == ["c", "a"], "b stays deleted; a stays read and sorts after unread c")
            #expect(s.feed.rows.map(\.message.status) == [.delivered, .action])
        }
        // The feed is ahead for c (read on another device) and a is gone from it.
        let next = #"[{"inbox_id":"b","order":"2","rt":4102444800,"text":"B","action_type":0,"status":1,"send_date":20},{"inbox_id":"c","order":"1","rt":4102444800,"text":"C","action_type":0,"status":2,"send_date":10}]"#
        _ = write(next, in: dir)
        let store = try Store(path: storePath)
        let (s, _) = try scene([f], store: store)
        #expect(s.feed.rows.map(\.code) == ["c"])
        #expect(s.feed.rows[0].message.status == .read)
        #expect(try InboxStore(store).statuses() == ["b": .deleted, "c": .read])
    }

    @Test func markAllReadAndClearRead() throws {
        let (s, sink) = try scene([mixed])
        _ = try run(s, "key m")
        #expect(sink.events.last?.event.name == "read")
        #expect(s.feed.rows.allSatisfy { $0.message.isRead })
        _ = try run(s, "key c")
        #expect(s.feed.rows.isEmpty)
        #expect(s.render(at: 0).plainText.contains("Your inbox is empty"))
    }

    // Mouse: a click on a button presses it; a click on a card taps it; a drag left deletes; a drag down refreshes.
    @Test func mouseClicksDragsAndWheel() throws {
        let (s, sink) = try scene([mixed])
        let size = Size(width: 80, height: 24)
        let layout = InboxScreen.renderWithLayout(s.model, size: size).layout
        let b = try #require(layout.cards.first?.buttons.last)
        _ = try run(s, "click \(b.x + 2),\(b.y)")
        #expect(sink.events.suffix(2).map(\.event.name) == ["button", "read"])
        #expect(sink.events.suffix(2).first?.event["action"] == "markRead")
        let second = layout.cards[1].rect
        _ = try run(s, "press 60,\(second.y + 1); drag 40,\(second.y + 1); release; wait 0.3")
        #expect(sink.events.last?.event == Event("delete", ["code": "survey"]))
        _ = try run(s, "press 40,3; drag 40,8; release; wait 0.6")
        #expect(sink.events.contains { $0.event.name == "refresh" })
        let top = s.model.top
        s.handle(.mouse(MouseEvent(.wheelDown, x: 10, y: 10)), at: 1)
        #expect(s.model.top > top || s.model.topOffset > 0)
    }

    /// Issue 26 item 8: at 200×60 the feed keeps a phone's column in the middle; a click lands on the card drawn there.
    @Test func aWideTerminalKeepsTheFeedInAPhonesColumnAndClicksFindIt() throws {
        let (s, sink) = try scene([mixed])
        let size = Size(width: 200, height: 60)
        let layout = InboxScreen.renderWithLayout(s.model, size: size).layout
        #expect(layout.cards.first?.rect.x == 61)
        let b = try #require(layout.cards.first?.buttons.last)
        #expect(b.x > 60 && b.maxX <= 140)
        _ = try run(s, "click \(b.x + 2),\(b.y)", size: size)
        #expect(sink.events.suffix(2).map(\.event.name) == ["button", "read"])
        _ = try run(s, "click 10,\(layout.cards[1].rect.y + 1)", size: size)
        #expect(sink.events.last?.event.name == "read", "a click in the margin selects nothing")
    }

    @Test func toggledOffFeaturesSayWhy() throws {
        var a = InboxAttributes(sdk: .v7_1_3)
        a.swipeToDeleteEnabled = false
        a.pullToRefreshEnabled = false
        let (s, sink) = try scene([mixed], a)
        _ = try run(s, "delete")
        #expect(s.model.status.contains("--no-swipe-to-delete"))
        _ = try run(s, "refresh")
        #expect(s.model.status.contains("--no-pull-to-refresh"))
        #expect(!sink.events.contains { ["delete", "refresh"].contains($0.event.name) })
    }

    // Bad input: one clear line naming the file; a malformed message is skipped and the rest shows.
    @Test func badInput() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: UserError.self) { try scene([dir + "/missing.json"]) }
        let notJSON = write("{ nope", in: dir, name: "bad.json")
        do { _ = try scene([notJSON]); Issue.record("expected an error") } catch let error as UserError {
            #expect(error.message.hasPrefix("\(notJSON): not valid JSON: line 1, column 3"))
        }
        let shape = write(#"{"hello":1}"#, in: dir, name: "shape.json")
        do { _ = try scene([shape]); Issue.record("expected an error") } catch let error as UserError {
            #expect(error.message.contains("not an inbox feed"))
        }
        let partial = write(#"[{"inbox_id":"ok","order":"1","rt":4102444800,"text":"fine","action_type":0,"status":1},{"inbox_id":"bad","text":"x"}]"#, in: dir, name: "partial.json")
        let (s, sink) = try scene([partial])
        #expect(s.feed.rows.map(\.code) == ["ok"])
        let w = try #require(sink.events.first { $0.event.name == "warning" })
        #expect(w.event["path"] == .string("\(partial):[1]"))
        #expect(w.event["message"]?.stringValue?.contains("missing order, rt, action_type, status") == true)
        #expect(s.model.status.hasPrefix("1 warning"))
    }

    // A corrupt store is moved aside by Store; the scene surfaces the warning.
    @Test func corruptStoreWarningIsShown() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = write("this is not sqlite, just text that is long enough to not look like a header at all", in: dir, name: "state.sqlite")
        let (s, sink) = try scene([mixed], store: try Store(path: path))
        #expect(sink.events.first?.event.name == "warning")
        #expect(s.model.status.contains("moved to"))
    }

    // A refresh that fails keeps the list and reports it (spec §3.8).
    @Test func failedRefreshKeepsTheList() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let f = write(#"[{"inbox_id":"ok","order":"1","rt":4102444800,"text":"fine","action_type":0,"status":1}]"#, in: dir)
        let (s, sink) = try scene([f])
        _ = write("broken", in: dir)
        _ = try run(s, "wait 10; refresh")
        #expect(s.feed.rows.count == 1)
        #expect(s.model.status.hasPrefix("Couldn't refresh"))
        #expect(sink.events.last?.event.name == "warning")
    }

    // A refresh whose store write fails while its rows are built beside it (`InboxStore.merge(beside:)`, a feed
    // large enough for a thread of its own): the rows built are dropped and the list stays, as a failed merge loads
    // nothing (spec §3.8).
    @Test func aStoreWriteFailingBesideTheRowBuildKeepsTheList() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let f = write(#"[{"inbox_id":"ok","order":"1","rt":4102444800,"text":"fine","action_type":0,"status":1}]"#, in: dir)
        let store = try Store(inMemory: ())
        let (s, sink) = try scene([f], store: store)
        let many = (0..<4_000).map { #"{"inbox_id":"m\#($0)","order":"\#($0)","rt":4102444800,"text":"t","action_type":0,"status":1}"# }
        _ = write("[" + many.joined(separator: ",") + "]", in: dir)
        try store.db.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.inboxMessage BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        let runner = HeadlessRunner(scene: s, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("wait 10; refresh"))
        #expect(s.feed.rows.count == 1 && s.feed.rows.first?.code == "ok")
        #expect(s.model.status.hasPrefix("Couldn't refresh") && s.model.status.contains("disk full"))
        #expect(!sink.events.contains { $0.event.name == "load" && $0.event["count"] == .number(4_000) })
        try store.db.writeWithoutTransaction { db in try db.execute(sql: "DROP TRIGGER refuse") }
        try runner.run(Script.parse("wait 1; refresh"))
        #expect(s.feed.rows.count == 4_000, "\(s.model.status)")
    }

    // spec §3.10 canReloadData: no fetch within 10 s of a successful one; the stored list comes back, no error.
    @Test func refreshWithinTenSecondsReturnsTheStoredList() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let f = write(#"[{"inbox_id":"a","order":"1","rt":4102444800,"text":"first","action_type":0,"status":1}]"#, in: dir)
        let (s, sink) = try scene([f])
        _ = write(#"[{"inbox_id":"b","order":"1","rt":4102444800,"text":"second","action_type":0,"status":1}]"#, in: dir)
        let runner = HeadlessRunner(scene: s, size: Size(width: 80, height: 24))
        try runner.run(Script.parse("wait 3; refresh"))
        #expect(s.feed.rows.map(\.code) == ["a"], "the edited file is not fetched yet")
        #expect(s.model.status == "Refreshed from storage (the SDK fetches every 10 s at most; next in 7 s)")
        #expect(sink.events.last.map { $0.jsonLine } == #"{"t":3.6,"event":"load","count":1,"source":"storage"}"#)
        try runner.run(Script.parse("wait 7; refresh"))
        #expect(s.feed.rows.map(\.code) == ["b"], "10 s after the last fetch the files are read again")
        #expect(s.model.status == "Refreshed: 1 message")
        // And the window starts again from that fetch.
        try runner.run(Script.parse("wait 1; refresh"))
        #expect(s.model.status.hasPrefix("Refreshed from storage"))
    }

    // --watch: a saved feed file is fetched at once (a pushsim convenience), a broken save keeps the list.
    @Test func watchReloadsAChangedFeedAndKeepsTheListWhenItBreaks() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let f = write(#"[{"inbox_id":"a","order":"1","rt":4102444800,"text":"first","action_type":0,"status":1}]"#, in: dir)
        let (s, sink) = try scene([f])
        #expect(s.watchFiles())
        #expect(s.wakeDescriptors.count == 1)
        s.advance(to: 1)
        #expect(s.feed.rows.map(\.code) == ["a"], "nothing changed: no reload")
        _ = write(#"[{"inbox_id":"a","order":"1","rt":4102444800,"text":"first","action_type":0,"status":1},{"inbox_id":"b","order":"2","rt":4102444800,"text":"second","action_type":0,"status":1}]"#, in: dir)
        s.advance(to: 2)
        #expect(Set(s.feed.rows.map(\.code)) == ["a", "b"])
        #expect(s.model.status == "feed.json changed: reloaded, 2 messages")
        #expect(sink.events.last?.event == Event("load", ["count": 2]))
        _ = write("{broken", in: dir)
        s.advance(to: 3)
        #expect(s.feed.rows.count == 2, "a save that does not read keeps the list")
        #expect(s.model.status.hasPrefix("feed.json changed but does not read: "))
    }

    @Test func samplesAreRegisteredAndOpen() throws {
        let samples = SampleCatalog.inboxSamples(Resources.locate())
        #expect(samples.map(\.title) == ["Mixed feed", "Feed from createMessage", "Empty feed", "Personalised campaign: the inbox message"])
        #expect(samples.allSatisfy { $0.experience == .inbox && $0.command.contains("--store") })
        #expect(InboxSampleStore.path("mixed", environment: ["XDG_DATA_HOME": "/d"]) == "/d/pushsim/samples/inbox-mixed.sqlite")
    }

    @Test func unknownStepArgumentsAreScriptErrors() throws {
        let (s, _) = try scene([mixed])
        #expect(throws: ScriptError.self) { _ = try run(s, "button x") }
    }

    /// Issue 13 item 2: after `c` (clear read) in a home-screen inbox sample, `pushsim reset` / `r` on the home screen
    /// brings every message back; a sample never opened gets no store.
    @Test func resettingTheSamplesBringsAClearedFeedBack() throws {
        let env = ["XDG_DATA_HOME": tempDir()]
        let path = InboxSampleStore.path("mixed", environment: env)
        let (first, _) = try scene([mixed], store: Store(path: path))
        let all = first.feed.rows.count
        _ = try run(first, "key enter; key c")
        let (cleared, _) = try scene([mixed], store: Store(path: path))
        #expect(cleared.feed.rows.count < all)
        let done = try InboxSampleStore.resetAll(environment: env)
        #expect(done == [path])
        #expect(!FileManager.default.fileExists(atPath: InboxSampleStore.path("empty", environment: env)))
        let (back, _) = try scene([mixed], store: Store(path: path))
        #expect(back.feed.rows.count == all)
    }

    /// Issue 13 item 6: card images take the stories' URL rules, relative to the feed file: `file:` relative,
    /// `file:/abs` and `file:///abs` all load (they used to be joined onto the feed's folder as a relative path).
    @Test func fileURLImagesLoadRelativeToTheFeedFile() throws {
        let dir = tempDir()
        let png = Resources.locate().path("images/avatar-1.png")
        try FileManager.default.copyItem(atPath: png, toPath: dir + "/pic.png")
        func item(_ code: String, _ image: String) -> String {
            #"{"inbox_id":"\#(code)","order":"1","rt":4102444800,"title":"T \#(code)","text":"x","action_type":0,"status":1,"image":"\#(image)"}"#
        }
        let feed = write("[\(item("rel", "file:pic.png")),\(item("abs", "file:\(dir)/pic.png")),\(item("url", "file://\(dir)/pic.png"))]", in: dir)
        let sink = EventSink()
        let images = MediaImageSource(payloadFolder: "/nonexistent", appGroup: dir + "/cache", mode: .synchronous, colorMode: .indexed256)
        let s = try InboxScene(files: [feed], attributes: InboxAttributes(sdk: .v7_1_3), now: Self.now, timeZone: utc, store: Store(inMemory: ()), images: images, sink: sink)
        for u in ["file:pic.png", "file:\(dir)/pic.png", "file://\(dir)/pic.png"] {
            #expect(s.resolve(u) == dir + "/pic.png", "\(u)")
        }
        #expect(s.resolve("https://example.com/a.png") == "https://example.com/a.png")
        _ = try run(s, "down; down")
        #expect(!lines(sink).contains { $0.contains("warning") }, "\(lines(sink))")
        #expect(!s.render(at: 0).plainText.contains("no such file"))
    }

    /// Issue 13 item 11: m pressed while a refresh spins (r r m) is confirmed when the refresh ends, not overwritten.
    @Test func markAllReadDuringARefreshIsStillConfirmed() throws {
        let (s, _) = try scene([mixed])
        let r = HeadlessRunner(scene: s, size: Size(width: 100, height: 30))
        try r.run(Script.parse("refresh; key r; key r; key m; wait 1"))
        #expect(s.model.status.hasPrefix("Marked 8 messages read · Refreshed from storage"), "\(s.model.status)")
        #expect(s.render(at: r.now).plainText.contains("Marked 8 messages read"))
    }

    /// Issue 13 item 11: "4 warnings: …" cut on the status line now says `w` lists them, and `w` shows every one.
    @Test func wListsEveryWarning() throws {
        let dir = tempDir()
        let good = #"{"inbox_id":"ok","order":"1","rt":4102444800,"title":"Fine","text":"x","action_type":0,"status":1}"#
        let bad = (1...4).map { #"{"inbox_id":"bad\#($0)","order":"1","rt":4102444800,"text":"x","action_type":0}"# }
        let feed = write("[\(good),\(bad.joined(separator: ","))]", in: dir)
        let (s, _) = try scene([feed])
        #expect(s.warnings.count == 4)
        #expect(s.model.status.hasPrefix("4 warnings (w shows all): "))
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 24))
        try r.run(Script.parse("key w"))
        let text = s.render(at: r.now).plainText
        #expect(text.components(separatedBy: "• ").count - 1 == 4, "\(text)")
        #expect(text.components(separatedBy: "skipped: missing status").count - 1 == 4, "\(text)")
        try r.run(Script.parse("key q"))
        #expect(s.exitStatus == nil && !s.warningsShown, "q closes the list first")
    }
}
