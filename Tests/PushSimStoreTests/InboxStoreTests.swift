// Inbox statuses in the SQLite store: saved at once, kept across restarts, merged with each load (spec §3.10).

import Foundation
import GRDB
import Testing
@testable import PushSimEngine
@testable import PushSimStore

@Suite struct InboxStoreTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func tempPath() -> String {
        NSTemporaryDirectory() + "pushsim-inbox-store-\(UUID().uuidString).sqlite"
    }

    func feed(_ statuses: [(String, InboxStatus)]) -> [InboxMessage] {
        statuses.map { InboxMessage(code: $0.0, status: $0.1) }
    }

    // spec §3.10 "Persistence" and "Net effect": read and deleted survive a restart; the feed ahead wins;
    // codes missing from the feed are dropped.
    @Test func statusesSurviveARestartAndMergeWithTheNextLoad() throws {
        let path = tempPath()
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }
        do {
            let s = InboxStore(try Store(path: path))
            let first = try s.merge(feed([("a", .delivered), ("b", .delivered), ("c", .delivered), ("gone", .delivered)]), at: now)
            #expect(first.writes.count == 4)
            try s.save(["a": .read, "b": .deleted], at: now)
        }
        let s = InboxStore(try Store(path: path))
        #expect(try s.statuses() == ["a": .read, "b": .deleted, "c": .delivered, "gone": .delivered])
        let second = try s.merge(feed([("a", .delivered), ("b", .delivered), ("c", .action)]), at: now)
        #expect(second.messages.map(\.status) == [.read, .deleted, .action])
        #expect(second.keptLocal == ["a", "b"])
        #expect(second.dropped == ["gone"])
        #expect(try s.statuses() == ["a": .read, "b": .deleted, "c": .action])
    }

    // spec §3.10: the merge writes its statuses as one batch; codes of any text survive it, repeats keep the last.
    @Test func batchMergeKeepsAnyCodeAndDropsTheMissing() throws {
        let s = InboxStore(try Store(inMemory: ()))
        let odd = ["plain", "quote\"d", "back\\slash", "tab\t", "ünï😀", "", "a,b]", "[\"x\",1]"]
        _ = try s.merge(feed(odd.map { ($0, InboxStatus.delivered) } + [("plain", .read)]), at: now)
        var expected = Dictionary(uniqueKeysWithValues: odd.map { ($0, InboxStatus.delivered) })
        expected["plain"] = .read
        #expect(try s.statuses() == expected)
        let r = try s.merge(feed([("plain", .delivered), ("ünï😀", .action)]), at: now)
        #expect(r.dropped == odd.filter { $0 != "plain" && $0 != "ünï😀" }.sorted())
        #expect(try s.statuses() == ["plain": .read, "ünï😀": .action])
    }

    // Without repeated codes the batch goes out as one statement (a `{"code":status}` object, in the feed's order);
    // every status lands on its code, escaped and non-ASCII codes included.
    @Test func batchMergeByStatusKeepsEachCodesStatus() throws {
        let s = InboxStore(try Store(inMemory: ()))
        let statuses: [InboxStatus] = [.created, .delivered, .read, .action, .deleted, .deletedService]
        let all = (0..<50).map { ("c\($0)\($0 % 7 == 0 ? "\"é" : "")\($0 % 9 == 0 ? "\\\t日本" : "")", statuses[$0 % statuses.count]) }
        let inserts = StatementCounter()
        s.store.db.writeWithoutTransaction { db in db.trace(options: .statement) { e in if "\(e)".hasPrefix("INSERT") { inserts.add() } } }
        let r = try s.merge(feed(all), at: now)
        s.store.db.writeWithoutTransaction { db in db.trace(options: .statement, nil) }
        #expect(!r.repeatedCodes)
        #expect(inserts.count == 1, "\(inserts.count) INSERT statements")
        #expect(try s.statuses() == Dictionary(uniqueKeysWithValues: all))
        _ = try s.merge(feed(all.map { ($0.0, InboxStatus.action) }), at: now)
        #expect(try s.statuses() == Dictionary(uniqueKeysWithValues: all.map { ($0.0, InboxMerge.winner(stored: $0.1, feed: .action)) }))
    }

    @Test func removeAllForgetsEveryStatus() throws {
        let s = InboxStore(try Store(inMemory: ()))
        try s.save(["a": .read], at: now)
        try s.removeAll()
        #expect(try s.statuses().isEmpty)
    }

    @Test func unknownStoredStatusReadsAsCreated() throws {
        let store = try Store(inMemory: ())
        try store.db.write { db in try db.execute(sql: "INSERT INTO inboxMessage(code, status, updatedAt) VALUES ('x', 99, 0)") }
        #expect(try InboxStore(store).statuses() == ["x": .created])
    }

    // Issue 12, item 6: two instances on one store. B deletes what A still shows; A's mark-all-read (decided on its
    // older rows) must not write those messages back as read (deleted > read > unread). Two Store objects are two
    // SQLite connections, as two processes would have (test_inbox_two_processes.sh runs two real ones).
    @Test func aWriteNeverLowersAStatusAnotherInstanceRaised() throws {
        let path = tempPath()
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }
        let a = InboxStore(try Store(path: path)), b = InboxStore(try Store(path: path))
        var shownByA = InboxFeed()
        let loaded = try a.merge(feed([("m1", .delivered), ("m2", .delivered), ("m3", .delivered), ("m4", .read)]), at: now)
        _ = shownByA.load(loaded.messages, now: now)
        try b.save(["m1": .deleted, "m4": .deleted], at: now)
        try b.save(["m2": .read], at: now)
        let marked = shownByA.markAllRead()
        let codes = marked.events.first?["codes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Set(codes) == ["m1", "m2", "m3"] && marked.persistAllRead && marked.persist.isEmpty)
        try a.save(Dictionary(uniqueKeysWithValues: codes.map { ($0, InboxStatus.read) }), at: now)
        #expect(try a.statuses() == ["m1": .deleted, "m2": .read, "m3": .read, "m4": .deleted])
        try b.save(["m3": .deleted], at: now)
        try a.markAllRead(at: now)
        #expect(try a.statuses() == ["m1": .deleted, "m2": .read, "m3": .deleted, "m4": .deleted])
        // Moves within a level still happen: read → action, deleted → deletedService and back.
        try b.save(["m2": .action, "m4": .deletedService], at: now)
        try a.save(["m4": .deleted], at: now)
        #expect(try b.statuses() == ["m1": .deleted, "m2": .action, "m3": .deleted, "m4": .deleted])
    }

    // Issue 12, item 7: mark all read of 5,000 messages is one UPDATE in one transaction (the SDK's
    // markAllMessagesAsRead: every unread code in storage), and any batch of saves one statement per status — not
    // one statement per message (counted with SQLite's trace, not timed). Deleted stays deleted.
    @Test func markAllReadIsOneStatementNotOnePerMessage() throws {
        let s = InboxStore(try Store(inMemory: ()))
        let codes = (0..<5_000).map { "m\($0)" }
        var shown = InboxFeed()
        _ = shown.load(try s.merge(feed(codes.map { ($0, .delivered) }), at: now).messages, now: now)
        try s.save(["m0": .deleted, "m1": .read], at: now)
        let marked = shown.markAllRead()
        let read = marked.events.first?["codes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(read.count == 5_000 && marked.persistAllRead && marked.persist.isEmpty)
        let counter = StatementCounter()
        s.store.db.writeWithoutTransaction { db in db.trace(options: .statement) { _ in counter.add() } }
        try s.markAllRead(at: now)
        // BEGIN IMMEDIATE, the UPDATE, COMMIT.
        #expect(counter.count <= 3, "\(counter.count) statements")
        try s.save(Dictionary(uniqueKeysWithValues: read.map { ($0, InboxStatus.read) }), at: now)
        s.store.db.writeWithoutTransaction { db in db.trace(options: .statement, nil) }
        #expect(counter.count <= 6, "\(counter.count) statements")
        let stored = try s.statuses()
        #expect(stored["m0"] == .deleted)
        #expect(stored.values.filter { $0 == .read }.count == 4_999)
    }

    // Issue 12, item 10: a store that cannot be written is one line naming the file and what to do, not GRDB's
    // error with the SQL statement across two lines. (Root ignores file modes, so the store is made read-only
    // through SQLite: the same SQLITE_READONLY a chmod 444 store gives another user.)
    @Test func aReadOnlyStoreIsOneLineNamingTheFileAndTheFix() throws {
        let path = tempPath()
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }
        let s = InboxStore(try Store(path: path))
        try s.store.db.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
        #expect(throws: StoreError("\(path): cannot save the inbox state: the store is read-only; make it and its folder writable (chmod u+w), or pass --store with another path")) {
            try s.save(["a": .read], at: now)
        }
        do { _ = try s.merge(feed([("a", .delivered)]), at: now); Issue.record("the merge wrote to a read-only store") }
        catch { #expect(!error.message.contains("\n") && !error.message.contains("INSERT") && error.message.hasPrefix(path)) }
    }

    // spec §3.10: a load's rows are built beside the store's write (`merge(beside:)`), from the merged statuses, inside
    // the one transaction (another connection does not see the write yet), on a thread of its own when there are two
    // cores; the statuses written, the result and the messages are those of the merge without it.
    @Test func mergeBesideWorksOnTheMergedMessagesWhileTheStoreWrites() throws {
        let path = tempPath(), other = tempPath()
        defer { for p in [path, other] { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: p + s) } } }
        let n = InboxStore.besideMinimum * 2
        let statuses: [InboxStatus] = [.created, .delivered, .read, .action, .deleted]
        let messages = (0..<n).map { InboxMessage(code: "m\($0)", status: statuses[$0 % statuses.count]) }
        let stored = ["m1": InboxStatus.read, "m2": .deleted, "m3": .delivered, "gone": .read]
        var plain = messages, beside = messages
        let a = InboxStore(try Store(path: other)), b = InboxStore(try Store(path: path))
        for (s, (code, status)) in [a, b].flatMap({ s in stored.map { (s, $0) } }) { try s.save([code: status], at: now) }
        let expected = try a.merge(&plain, at: now, uniqueCodes: true)

        let caller = pthread_self()
        var seen: [InboxMessage] = []
        var onOwnThread = false
        var visibleMeanwhile: [String: InboxStatus] = [:]
        let reader = InboxStore(try Store(path: path))
        let result = try b.merge(&beside, at: now, uniqueCodes: true, beside: { merged in
            seen = merged
            onOwnThread = pthread_equal(pthread_self(), caller) == 0
            visibleMeanwhile = (try? reader.statuses()) ?? [:]
        })
        #expect(seen == plain)
        #expect(result == expected)
        #expect(beside == plain)
        #expect(seen[1].status == .read && seen[2].status == .deleted)
        #expect(onOwnThread == (ChunkedWork.cores > 1))
        #expect(visibleMeanwhile == stored)  // not committed yet
        #expect(try b.statuses() == a.statuses())
        #expect(try b.statuses().count == n)
    }

    // A write that fails beside the work: the merge still throws the store's one line, and only once the work is
    // over (the caller drops what it made: a failed merge loads nothing).
    @Test func mergeBesideAFailedWriteThrowsAfterTheWork() throws {
        let path = tempPath()
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }
        let s = InboxStore(try Store(path: path))
        // The insert fails after BEGIN (as a full disk would): a read-only store fails at BEGIN, before any work.
        try s.store.db.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.inboxMessage BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        var messages = (0..<InboxStore.besideMinimum * 2).map { InboxMessage(code: "m\($0)", status: .delivered) }
        var finished = false
        do {
            _ = try s.merge(&messages, at: now, uniqueCodes: true, beside: { _ in usleep(20_000); finished = true })
            Issue.record("the merge wrote to a read-only store")
        } catch {
            #expect(finished)
            #expect(error.message.hasPrefix(path) && error.message.contains("disk full") && !error.message.contains("\n"))
            #expect(try s.statuses().isEmpty)
        }
    }

    // Nothing to write (every status already stored): the work runs on this thread, after the merge, all the same.
    @Test func mergeBesideWithNothingToWriteStillRunsTheWork() throws {
        let s = InboxStore(try Store(inMemory: ()))
        var messages = (0..<InboxStore.besideMinimum * 2).map { InboxMessage(code: "m\($0)", status: .delivered) }
        _ = try s.merge(&messages, at: now, uniqueCodes: true)
        messages[0].status = .created  // behind the stored delivered: the stored one is kept, nothing written
        var ran = 0
        let r = try s.merge(&messages, at: now, uniqueCodes: true, beside: { merged in
            ran += 1
            #expect(merged[0].status == .delivered)
        })
        #expect(ran == 1 && r.writes.isEmpty && r.keptLocal == ["m0"])
    }
}

/// The raw statement read behind every load returns exactly what was saved, whatever the code's characters.
@Suite struct InboxStoreRawReadTests {
    @Test func statusesReadBackExactlyIncludingNonASCIICodes() throws {
        let s = InboxStore(try Store(inMemory: ()))
        let saved: [String: InboxStatus] = ["plain": .delivered, "日本語-コード": .read, "emoji-🎉": .action, "": .deleted,
                                            "quote\"and\\slash": .created]
        try s.save(saved, at: Date(timeIntervalSince1970: 0))
        #expect(try s.statuses() == saved)
        // Read twice: the statement is reset and can be stepped again.
        #expect(try s.statuses() == saved)
    }

    // An arriving push looks up only its own codes.
    @Test func statusesOfSomeCodes() throws {
        let s = InboxStore(try Store(inMemory: ()))
        try s.save(["a": .read, "b": .deleted, "日本": .action, "quote\"": .created], at: Date(timeIntervalSince1970: 0))
        #expect(try s.statuses(of: ["b", "missing", "日本", "quote\""]) == ["b": .deleted, "日本": .action, "quote\"": .created])
        #expect(try s.statuses(of: []) == [:])
    }

}

/// Counts SQLite statements from GRDB's trace callback (which may run on the database's queue).
final class StatementCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
}
