// The inbox message model: status machine, derived flags, message type and expiry (spec §3.10).

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxModelTests {
    // spec §3.10 "Allowed transitions"
    @Test func statusTransitionTableMatchesTheSDK() {
        for to in InboxStatus.allCases where to != .created {
            #expect(InboxStatus.created.canMove(to: to), "Created → \(to)")
        }
        for from in InboxStatus.allCases where from != .deleted {
            #expect(from.canMove(to: .deleted), "\(from) → Deleted")
        }
        #expect(InboxStatus.read.canMove(to: .action))
        #expect(InboxStatus.delivered.canMove(to: .action))
        #expect(InboxStatus.delivered.canMove(to: .read))
        // Action cannot become Read again; Read cannot become Delivered; same → same never.
        #expect(!InboxStatus.action.canMove(to: .read))
        #expect(!InboxStatus.read.canMove(to: .delivered))
        #expect(!InboxStatus.deletedService.canMove(to: .read))
        #expect(!InboxStatus.deleted.canMove(to: .action))
        for s in InboxStatus.allCases { #expect(!s.canMove(to: s), "\(s) → \(s)") }
    }

    // spec §3.10 "Derived flag"
    @Test func derivedFlags() {
        #expect(InboxStatus.allCases.filter(\.isRead) == [.read, .action, .deleted, .deletedService])
        #expect(InboxStatus.allCases.filter(\.isActionPerformed) == [.action, .deleted, .deletedService])
        #expect(InboxStatus.allCases.filter(\.isDeleted) == [.deleted])
    }

    // spec §3.10 "type"
    @Test func messageTypeFromActionParams() {
        #expect(InboxMessageType.of(nil) == .plain)
        #expect(InboxMessageType.of(["x": 1]) == .plain)
        #expect(InboxMessageType.of(["h": "abc"]) == .richmedia)
        #expect(InboxMessageType.of(["rm": "{}"]) == .richmedia)
        #expect(InboxMessageType.of(["r": "x"]) == .richmedia)
        #expect(InboxMessageType.of(["l": "https://a.b"]) == .url)
        #expect(InboxMessageType.of(["l": "http://a.b", "h": "x"]) == .url, "l overrides rich media")
        #expect(InboxMessageType.of(["l": "myapp://x"]) == .deeplink)
    }

    // spec §3.10 "Expiry": isExpired is expirationDate < now; no date never expires.
    @Test func expiryAgainstSimulatedNow() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(InboxMessage(code: "a", expirationDate: now.addingTimeInterval(-1)).isExpired(at: now))
        #expect(!InboxMessage(code: "a", expirationDate: now).isExpired(at: now))
        #expect(!InboxMessage(code: "a", expirationDate: nil).isExpired(at: now))
    }

    @Test func userDataIsReadFromADictionaryOrAJSONString() {
        #expect(InboxMessage(code: "a", actionParams: ["u": ["k": 1]]).userData == ["k": 1])
        #expect(InboxMessage(code: "a", actionParams: ["u": #"{"k":2}"#]).userData == ["k": 2])
        #expect(InboxMessage(code: "a", actionParams: ["u": "not json"]).userData == nil)
        var m = InboxMessage(code: "a")
        m.actionParams = ["u": #"{"k":3}"#]
        #expect(m.userData == ["k": 3], "replacing actionParams re-reads u")
    }
}
