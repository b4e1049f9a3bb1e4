// An inbox push arriving while the feed is shown: where it goes, same-code updates, the empty and error states
// (spec §3.8 "Inbox notifications", §3.10 "Parsing a push message").

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxArrivalTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func server(_ code: String, _ date: Double, status: InboxStatus = .delivered, ap: JSONObject? = nil) -> InboxMessage {
        InboxMessage(code: code, title: code.uppercased(), message: "body", sendDate: Date(timeIntervalSince1970: date),
                     sortOrder: "1", actionParams: ap, status: status)
    }

    /// What the intake makes of an APNs inbox push received at `now` (sendDate = receive time, status Delivered).
    func push(_ code: String, title: String? = "Fresh", image: String? = nil, rt: Date? = nil, ap: JSONObject = [:]) -> InboxMessage {
        InboxMessage(code: code, title: title, message: "pushed body", imageUrl: image, sendDate: now, expirationDate: rt,
                     actionParams: ap, status: .delivered, isFromNotification: true)
    }

    func loaded(_ ms: [InboxMessage]) -> InboxFeed {
        var f = InboxFeed()
        _ = f.load(ms, now: now)
        return f
    }

    // spec §3.8 step 1: a new code is prepended and the transform runs: pinned first, then unread, newest first.
    @Test func aNewMessageTakesItsPlaceUnreadInTheDefaultOrder() {
        var f = loaded([server("pinned", 10, status: .read, ap: ["pinned": true]), server("older", 50), server("read", 900_000, status: .read)])
        #expect(f.rows.map(\.code) == ["pinned", "older", "read"])
        let unreadBefore = f.unreadCount
        let out = f.receive(push("p1"), now: now)
        #expect(f.rows.map(\.code) == ["pinned", "p1", "older", "read"], "below the pinned row, above the older unread one")
        #expect(!f.rows[1].message.isRead)
        #expect(f.unreadCount == unreadBefore + 1)
        #expect(out.events == [Event("receive", ["code": "p1", "title": "Fresh"])])
        #expect(out.persist == ["p1": .delivered], "its status goes into the store")
        #expect(out.status == "New message: Fresh")
    }

    // Same code: an update, never a duplicate; Read does not move back to Delivered (spec §3.10 status machine).
    @Test func theSameCodeUpdatesTheRowAndKeepsAReadStatus() {
        var f = loaded([server("a", 10)])
        _ = f.receive(push("p1", title: "First"), now: now)
        _ = f.markRead(["p1"])
        let out = f.receive(push("p1", title: "Second"), now: now)
        #expect(f.rows.map(\.code) == ["a", "p1"], "one row for p1, read rows after unread ones")
        #expect(f.rows[1].message.title == "First", "§3.8: only new codes show at once; the row waits for the merge reload")
        f.reorder()
        #expect(f.rows.map(\.code) == ["a", "p1"])
        #expect(f.rows[1].message.title == "Second")
        #expect(f.rows[1].message.status == .read)
        #expect(out.persist.isEmpty, "the stored status (read) is unchanged")
        #expect(out.status == "Updated message: Second")
        #expect(out.events.map(\.name) == ["receive"])
    }

    // spec §3.10 updateAllMessages: for one code the server copy wins over the push copy.
    @Test func aServerCopyWinsOverAPushWithTheSameCode() {
        var f = loaded([server("s1", 10)])
        let out = f.receive(push("s1", title: "Pushed"), now: now)
        #expect(f.rows.count == 1)
        #expect(f.rows[0].message.title == "S1")
        #expect(out.events.map(\.name) == ["warning"])
        #expect(out.persist.isEmpty)
    }

    // spec §3.8 updateStates: content wins over the empty and the error label.
    @Test func theEmptyAndErrorStatesTurnIntoAList() {
        var empty = loaded([])
        #expect(empty.screenState == .empty)
        _ = empty.receive(push("p1"), now: now)
        #expect(empty.screenState == .list)

        var failed = InboxFeed()
        failed.loadFailed("offline")
        #expect(failed.screenState == .error)
        _ = failed.receive(push("p2"), now: now)
        #expect(failed.screenState == .list)
        #expect(failed.rows.map(\.code) == ["p2"])
    }

    // spec §3.10 merge: a status further along on the device stays; a message deleted here is not brought back.
    @Test func aStoredStatusFurtherAlongStays() {
        var f = loaded([server("a", 10)])
        let deleted = f.receive(push("gone"), stored: .deleted, now: now)
        #expect(f.rows.map(\.code) == ["a"])
        #expect(deleted.persist.isEmpty)
        #expect(deleted.events.map(\.name) == ["warning"])
        let read = f.receive(push("seen"), stored: .read, now: now)
        #expect(f.rows.map(\.code) == ["a", "seen"], "shown, read, after the unread row")
        #expect(f.rows[1].message.status == .read)
        #expect(read.persist.isEmpty, "the store already has it")
        _ = f.receive(push("created"), stored: .created, now: now)
        #expect(f.rows.first?.code == "created", "Created moves up to Delivered")
    }

    // spec §3.10 Expiry: getAllMessages never returns an expired message.
    @Test func anExpiredPushIsNotShown() {
        var f = loaded([server("a", 10)])
        let out = f.receive(push("old", rt: now.addingTimeInterval(-1)), now: now)
        #expect(f.rows.map(\.code) == ["a"])
        #expect(out.persist.isEmpty)
        #expect(out.events.map(\.name) == ["warning"])
        #expect(out.status == "Expired on arrival: Fresh")
    }

    // spec §3.4 degrade rules apply to the arriving card (and only it is reported); §3.5 an empty title shows the message.
    @Test func theNewCardsDegradeIsReportedAndAnEmptyTitleUsesTheMessage() {
        var f = loaded([server("b", 10, ap: ["displayType": "banner"])])
        let out = f.receive(push("p1", title: nil, ap: ["displayType": "banner"]), now: now)
        #expect(out.events.map(\.name) == ["receive", "degrade"])
        #expect(out.events[0]["title"] == "pushed body")
        #expect(out.events[1]["code"] == "p1")
        #expect(out.status == "New message: pushed body")
    }
}
