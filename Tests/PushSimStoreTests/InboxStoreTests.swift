// Inbox statuses in the SQLite store: saved at once, kept across restarts, merged with each load (spec §3.10).

import Foundation
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

    // Without repeated codes the batch goes out one statement per status; every status lands on its code.
    @Test func batchMergeByStatusKeepsEachCodesStatus() throws {
        let s = InboxStore(try Store(inMemory: ()))
        let statuses: [InboxStatus] = [.created, .delivered, .read, .action, .deletedService]
        let all = (0..<50).map { ("c\($0)\($0 % 7 == 0 ? "\"é" : "")", statuses[$0 % statuses.count]) }
        let r = try s.merge(feed(all), at: now)
        #expect(!r.repeatedCodes)
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
