// The inbox scene under SDK 7.2.7 and later (pushwoosh-ios-sdk `b1518f7`, PushwooshInboxKitViewController.swift
// `markDisplayedAsRead`): rows read when displayed — on appearing, after a load, when a scroll comes to rest — their
// dots drawn until the next reload; none of it with automaticReadOnDisplay off or on 7.1.3.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite(.serialized) struct InboxReleaseSceneTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z

    func feedFile(_ n: Int) -> (dir: String, path: String) {
        let dir = NSTemporaryDirectory() + "pushsim-release-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let items = (0..<n).map { i in
            #"{"inbox_id":"m\#(i)","order":"1","rt":4102444800,"title":"Title \#(i)","text":"Body \#(i)","action_type":0,"status":1,"send_date":\#(1000 - i)}"#
        }
        let path = dir + "/feed.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("[\(items.joined(separator: ","))]".utf8))
        return (dir, path)
    }

    func scene(_ path: String, _ a: InboxAttributes, sink: EventSink = EventSink()) throws -> InboxScene {
        try InboxScene(files: [path], attributes: a, now: Self.now, timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: sink)
    }

    func reads(_ sink: EventSink) -> [(t: Double, codes: [String])] {
        sink.events.filter { $0.event.name == "read" }.map { ($0.t, $0.event["codes"]?.arrayValue?.compactMap(\.stringValue) ?? []) }
    }

    @Test func theRowsOnScreenAreReadWhenTheInboxAppears() throws {
        let (dir, path) = feedFile(8)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sink = EventSink()
        let s = try scene(path, InboxAttributes(), sink: sink)
        let r = HeadlessRunner(scene: s, size: Size(width: 60, height: 16))
        try r.run(Script.parse("wait 0.1"))
        let visible = InboxScreen.visibleRows(s.model, size: Size(width: 60, height: 16)).map { s.feed.rows[$0].code }
        #expect(reads(sink).count == 1 && reads(sink)[0].t == 0)
        #expect(reads(sink)[0].codes == visible, "only the rows on screen")
        #expect(visible.count < 8)
        // The rows are not reloaded: the unread dots stay until the debounced reload 1.5 s later.
        #expect(s.model.context.drawnUnread == Set(visible))
        #expect(s.render(at: 0.1).plainText.contains("●"))
        try r.run(Script.parse("wait 1.5"))
        #expect(!s.model.context.drawnUnread.contains(visible[0]), "redrawn by the reload")
        #expect(reads(sink).count == 2, "the reload is a load: the unread rows that rose into view are read in turn")
    }

    /// Issue 39 item 2: the header's "N unread" counts the cards drawn unread, so it agrees with their dots: rows read
    /// on display keep their dots until the reload (`markDisplayedAsRead()` does not reload them, b1518f7), and the
    /// count keeps them too; after the reload both drop together. The picture's header uses the same count.
    @Test func theHeadersUnreadCountAgreesWithTheDotsBeforeAndAfterTheReload() throws {
        let (dir, path) = feedFile(8)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try scene(path, InboxAttributes())
        let size = Size(width: 60, height: 16)
        let r = HeadlessRunner(scene: s, size: size)
        func header() -> String { String(s.render(at: r.now).plainText.split(separator: "\n").first ?? "") }
        try r.run(Script.parse("wait 0.1"))
        #expect(s.feed.unreadCount < 8, "the rows on screen are read in the store")
        #expect(InboxCard.drawnUnreadCount(s.feed, s.model.context) == 8)
        #expect(InboxCard.countedDrawnUnread(s.feed.rows, s.model.context) == 8)
        #expect(header().contains("8 messages · 8 unread"), "\(header())")
        try r.run(Script.parse("wait 1.5"))
        let drawn = InboxCard.countedDrawnUnread(s.feed.rows, s.model.context)
        #expect(drawn == InboxCard.drawnUnreadCount(s.feed, s.model.context))
        #expect(header().contains("· \(drawn) unread"), "\(header())")
    }

    /// The header's count is kept, not counted (a frame never visits 100,000 rows): the feed's `unreadCount` plus
    /// the codes read on display and not yet redrawn. After every kind of step that reads, deletes, taps, receives,
    /// reloads or marks all read, it equals counting the drawn dots row by row — the rule of 7.2.7's
    /// `markDisplayedAsRead()` (IK/Public/PushwooshInboxKitViewController.swift, pushwoosh-ios-sdk b1518f7): rows
    /// read on display keep their dots until the next reload.
    @Test func theKeptUnreadCountEqualsCountingTheDotsAfterEveryKindOfStep() throws {
        let (dir, path) = feedFile(30)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try scene(path, InboxAttributes())
        let size = Size(width: 60, height: 16)
        let r = HeadlessRunner(scene: s, size: size)
        var checked = 0
        func check(_ step: String, _ loc: SourceLocation = #_sourceLocation) throws {
            try r.run(Script.parse(step))
            let counted = InboxCard.countedDrawnUnread(s.feed.rows, s.model.context)
            #expect(InboxCard.drawnUnreadCount(s.feed, s.model.context) == counted, "after \(step)", sourceLocation: loc)
            let header = String(s.render(at: r.now).plainText.split(separator: "\n").first ?? "")
            #expect(header.contains("· \(counted) unread"), "after \(step): \(header)", sourceLocation: loc)
            checked += 1
        }
        try check("wait 0.1")
        #expect(!s.model.context.drawnUnread.isEmpty, "rows read on display, dots still drawn")
        try check("delete")                   // a row read on display, deleted before the reload
        try check("wait 0.05")
        try check("down")
        try check("select")                   // a tap on a row read on display (read -> action)
        try check("push {\"pw_inbox\":\"p1\",\"inbox_params\":{\"rt\":\"2030-01-01\"},\"aps\":{\"alert\":\"Hi\"}}")
        try check("push {\"pw_inbox\":\"m5\",\"inbox_params\":{\"rt\":\"2030-01-01\"},\"aps\":{\"alert\":\"Again\"}}")
        try check("wait 1.6")                 // the debounced merge reload: dots redrawn, the rows now on screen read
        for _ in 0..<12 { try check("down") }
        try check("wait 1")                   // the scroll comes to rest: more rows read on display
        try check("refresh")
        try check("wait 2")
        try check("key c")                    // clear read
        try check("wait 2")
        try check("key m")                    // mark all read
        try check("wait 2")
        #expect(checked == 27)
        #expect(InboxCard.countedDrawnUnread(s.feed.rows, s.model.context) == 0)
    }

    // `markAllAsRead()` reloads the whole table (`tableView.reloadData()`, PushwooshInboxKitViewController.swift
    // 7.2.9): the dots of rows read on display go at once with the rest, not at the debounced reload. Persisted.
    @Test func markAllReadRedrawsTheRowsReadOnDisplay() throws {
        let (dir, path) = feedFile(8)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sink = EventSink()
        let storePath = dir + "/store.sqlite"
        let s = try InboxScene(files: [path], attributes: InboxAttributes(), now: Self.now, timeZone: TimeZone(identifier: "UTC")!,
                               store: Store(path: storePath), sink: sink)
        let r = HeadlessRunner(scene: s, size: Size(width: 60, height: 16))
        try r.run(Script.parse("wait 0.1"))
        let visible = Set(InboxScreen.visibleRows(s.model, size: Size(width: 60, height: 16)).map { s.feed.rows[$0].code })
        #expect(!visible.isEmpty && s.model.context.drawnUnread == visible)
        try r.run(Script.parse("key m"))
        #expect(s.model.context.drawnUnread.isEmpty)
        #expect(!s.render(at: 0.1).plainText.contains("●"))
        #expect(Set(reads(sink).last?.codes ?? []) == Set((0..<8).map { "m\($0)" }).subtracting(visible))
        #expect(try InboxStore(Store(path: storePath)).statuses().values.allSatisfy { $0 == .read })
    }

    @Test func aScrollThatComesToRestReadsWhatItShows() throws {
        let (dir, path) = feedFile(12)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var a = InboxAttributes()
        a.automaticReadOnDisplay = true
        let sink = EventSink()
        let s = try scene(path, a, sink: sink)
        let r = HeadlessRunner(scene: s, size: Size(width: 60, height: 16))
        try r.run(Script.parse("key end"))
        #expect(reads(sink).last?.codes.contains("m11") == true, "the last row, scrolled into view")
    }

    @Test func noneOfItWithTheAttributeOffOrOn713() throws {
        let (dir, path) = feedFile(4)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var off = InboxAttributes()
        off.automaticReadOnDisplay = false
        for a in [off, InboxAttributes(sdk: .v7_1_3), InboxAttributes(sdk: .v7_2_6)] {
            let sink = EventSink()
            let s = try scene(path, a, sink: sink)
            try HeadlessRunner(scene: s, size: Size(width: 60, height: 16)).run(Script.parse("wait 3; key end; wait 2"))
            #expect(reads(sink).isEmpty, "SDK \(a.sdk), readOnDisplay \(a.automaticReadOnDisplay)")
        }
    }
}
