// Clear read through the scene and the store: pinned read messages are deleted too, and stay deleted after a restart.
// Under the SDK 7.1.3 rules; what changed in later releases is tested in InboxReleaseSceneTests.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite struct InboxClearReadTests {
    // spec §3.9 "clearReadMessages(): PWInbox.deleteAllReadMessages … Pinned read messages are deleted too
    // (PWInbox.deleteAllReadMessages), whatever the facade's comment says": `c` deletes the pinned read message from
    // the store, so the next run (the same feed, the same store) does not bring it back; pinned unread stays first.
    @Test func pinnedReadMessagesAreDeletedForGood() throws {
        let dir = NSTemporaryDirectory() + "pushsim-clear-read-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pinned = #""{\"pinned\":true}""#  // action_params is a JSON string (spec §5.8)
        let feed = "[" + [
            #"{"inbox_id":"pinned-read","order":"4","rt":4102444800,"text":"P read","action_type":0,"status":2,"send_date":40,"action_params":\#(pinned)}"#,
            #"{"inbox_id":"pinned-unread","order":"3","rt":4102444800,"text":"P unread","action_type":0,"status":1,"send_date":30,"action_params":\#(pinned)}"#,
            #"{"inbox_id":"read","order":"2","rt":4102444800,"text":"Read","action_type":0,"status":2,"send_date":20}"#,
            #"{"inbox_id":"unread","order":"1","rt":4102444800,"text":"Unread","action_type":0,"status":1,"send_date":10}"#,
        ].joined(separator: ",") + "]"
        let file = dir + "/feed.json"
        try Data(feed.utf8).write(to: URL(fileURLWithPath: file))
        let storePath = dir + "/state.sqlite"
        let now = Date(timeIntervalSince1970: 1_795_435_200)
        func scene() throws -> (InboxScene, EventSink) {
            let sink = EventSink()
            let s = try InboxScene(files: [file], attributes: InboxAttributes(sdk: .v7_1_3), now: now, timeZone: TimeZone(identifier: "UTC")!,
                                   store: try Store(path: storePath), sink: sink)
            return (s, sink)
        }
        do {
            let (s, sink) = try scene()
            #expect(s.feed.rows.map(\.code) == ["pinned-unread", "pinned-read", "unread", "read"], "pinned first, unread first")
            try HeadlessRunner(scene: s, size: Size(width: 80, height: 24)).run(Script.parse("key c"))
            #expect(s.feed.rows.map(\.code) == ["pinned-unread", "unread"])
            #expect(Set(sink.events.filter { $0.event.name == "delete" }.compactMap { $0.event["code"]?.stringValue }) == ["pinned-read", "read"])
        }
        let (again, _) = try scene()
        #expect(again.feed.rows.map(\.code) == ["pinned-unread", "unread"], "the pinned read message stays deleted")
        #expect(try InboxStore(Store(path: storePath)).statuses()["pinned-read"] == .deleted)
    }
}
