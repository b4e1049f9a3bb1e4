// An inbox push APNs refuses never reaches the inbox (issue 22): `pushsim inbox FILE`, the `push` step and the socket
// leave it out as the phone does, with the `apns_rejected` event and one sentence; the boundary is 4096 bytes as sent.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite struct InboxAPNsTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z

    /// An inbox push whose compact JSON is exactly `bytes` long (a multi-byte body, so bytes and characters differ).
    static func push(code: String, bytes: Int) -> JSONValue {
        func doc(_ body: String) -> JSONValue {
            ["aps": ["alert": ["title": "Sale", "body": .string(body)]], "pw_inbox": .string(code), "inbox_params": ["rt": "2030-01-01"]]
        }
        let base = APNsPayload.bytes(doc(""))
        let twoByte = (bytes - base) / 2  // "é" is 2 bytes in UTF-8
        let body = String(repeating: "é", count: twoByte) + String(repeating: "x", count: (bytes - base) % 2)
        let d = doc(body)
        precondition(APNsPayload.bytes(d) == bytes)
        return d
    }

    func write(_ doc: JSONValue) throws -> String {
        let path = NSTemporaryDirectory() + "pushsim-inbox-apns-\(UUID().uuidString).json"
        try doc.jsonText().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func scene(_ files: [String]) throws -> (InboxScene, EventSink) {
        let sink = EventSink()
        let s = try InboxScene(files: files, now: Self.now, timeZone: TimeZone(identifier: "UTC")!, store: Store(inMemory: ()), sink: sink)
        return (s, sink)
    }

    @Test func thePushAt4096BytesArrivesAndAt4097IsLeftOut() throws {
        let file = try write([Self.push(code: "fits", bytes: 4096), Self.push(code: "over", bytes: 4097)])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (s, sink) = try scene([file])
        #expect(s.feed.rows.map(\.code) == ["fits"])
        let rejected = sink.events.filter { $0.event.name == "apns_rejected" }
        #expect(rejected.count == 1)
        let line = try #require(rejected.first?.jsonLine)
        #expect(line.contains(#""bytes":4097,"limit":4096"#))
        #expect(line.contains(#"1 over the 4096-byte limit"#))
        #expect(line.contains(#""path":"\#(file):[1]""#))
        // One sentence, as a warning and on the status line.
        let warning = try #require(sink.events.first { $0.event.name == "warning" }?.jsonLine)
        #expect(warning.contains("APNs refuses this push, so it never reaches the inbox: the payload is 4097 bytes"))
        #expect(s.model.status.contains("APNs refuses this push"))
    }

    @Test func anApsThatIsNotADictionaryIsRefused() throws {
        let file = try write(["aps": "hello", "pw_inbox": "p1", "inbox_params": ["rt": "2030-01-01"]])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (s, sink) = try scene([file])
        #expect(s.feed.rows.isEmpty, "the phone shows nothing")
        let line = try #require(sink.events.first { $0.event.name == "apns_rejected" }?.jsonLine)
        #expect(line.contains("aps is a string, not a dictionary"))
        #expect(line.contains(#""path":"\#(file):aps""#))
    }

    @Test func aPushStepAPNsRefusesShowsNothingAndSaysWhy() throws {
        let file = try write(["response": ["messages": []]])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (s, sink) = try scene([file])
        let big = Self.push(code: "big", bytes: 5000).jsonText()
        try HeadlessRunner(scene: s, size: Size(width: 80, height: 24)).run(Script.parse("wait 1; push \(big); wait 1"))
        #expect(s.feed.rows.isEmpty)
        let rejected = sink.events.filter { $0.event.name == "apns_rejected" }
        #expect(rejected.count == 1)
        #expect(rejected.first?.t == 1)
        #expect(!sink.events.contains { $0.event.name == "receive" })
    }

    @Test func notifyInboxRefusesWithTheSameSentence() throws {
        let file = try write(Self.push(code: "big", bytes: 4097))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: UserError.self) { _ = try InboxPush.read(file) }
        do { _ = try InboxPush.read(file) } catch {
            #expect(error.message.hasPrefix("\(file): APNs refuses this push, so it never reaches the inbox: the payload is 4097 bytes"))
        }
    }

    @Test func validateReportsTheRefusalOnceAsAnError() throws {
        let doc: JSONValue = [Self.push(code: "ok", bytes: 300), Self.push(code: "big", bytes: 4097)]
        let r = PayloadValidation.check(doc, source: PayloadValidation.Source(path: "-", name: "p"),
                                        options: PayloadValidation.Options(kind: .inbox, delivery: DeliveryOptions()))
        let about = r.findings.filter { $0.message.contains("4096-byte limit") }
        #expect(about.count == 1)
        #expect(about.first?.severity == .error)
        #expect(about.first?.path == "[1]")
    }
}
