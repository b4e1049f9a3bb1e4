// The inbox's persisted statuses (PWInboxStorage's role): read them, merge a load into them, save each change at once.

import Foundation
import GRDB
import GRDBSQLite
import PushSimEngine

/// Statuses in the store's `inboxMessage` table. Every mutation is written immediately, as the SDK saves to disk
/// after each read, action and delete.
public final class InboxStore {
    public let store: Store

    public init(_ store: Store) {
        self.store = store
        // WAL with synchronous=NORMAL survives a crash of pushsim (only a power loss can lose the last commit), and
        // keeps one mark-read well under the 5 ms budget.
        _ = try? store.db.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    }

    /// A whole batch of statuses as one JSON array parameter (`[["code",status],…]`): SQLite walks it in C, where a
    /// statement per message would cost a bind, step and reset each (100,000 of them on a first load).
    static let upsertBatchSQL = """
        INSERT INTO inboxMessage(code, status, updatedAt)
        SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), ? FROM json_each(?) WHERE true
        ON CONFLICT(code) DO UPDATE SET status = excluded.status, updatedAt = excluded.updatedAt
        """
    /// The same for codes that all get one status (`[code,…]`): `value` is then the code itself, which spares
    /// SQLite re-reading each element, about half of the batch's time.
    static let upsertCodesSQL = """
        INSERT INTO inboxMessage(code, status, updatedAt) SELECT value, ?, ? FROM json_each(?) WHERE true
        ON CONFLICT(code) DO UPDATE SET status = excluded.status, updatedAt = excluded.updatedAt
        """
    /// A load's new and changed statuses, every code once, as one JSON object (`{"code":status,…}`): json_each gives
    /// each member's key and value as they are, so one statement writes every status in the feed's order. One
    /// statement per status (`upsertCodesSQL`) inserted the unread codes, then went back through the same pages for
    /// the read ones between them: a fifth more of SQLite's work for 1,000,000 codes (3.81 → 3.06 G instructions in
    /// the sqlite3 shell), on the thread that is the load's longest.
    static let upsertStatusesSQL = """
        INSERT INTO inboxMessage(code, status, updatedAt) SELECT key, value, ? FROM json_each(?) WHERE true
        ON CONFLICT(code) DO UPDATE SET status = excluded.status, updatedAt = excluded.updatedAt
        """
    /// What a user action writes: the same, except that a stored status further along is kept — unread (created,
    /// delivered) < read (read, action) < deleted (deleted, deletedService). An action is decided on this
    /// process's rows, which may be older than the store: without this, one instance's mark-all-read wrote back
    /// as read the messages a second instance on the same store had deleted.
    static let saveCodesSQL = upsertCodesSQL + """

        WHERE (excluded.status >= 2) + (excluded.status >= 4) >= (inboxMessage.status >= 2) + (inboxMessage.status >= 4)
        """
    static let dropBatchSQL = "DELETE FROM inboxMessage WHERE code IN (SELECT value FROM json_each(?))"

    /// Every stored status by code.
    public func statuses() throws(StoreError) -> [String: InboxStatus] {
        try statuses(expecting: 0)
    }

    /// The stored statuses of just these codes (an arriving push looks up its own, not all 100,000).
    public func statuses(of codes: [String]) throws(StoreError) -> [String: InboxStatus] {
        guard !codes.isEmpty else { return [:] }
        do {
            return try store.db.read { db in
                var out: [String: InboxStatus] = [:]
                let json = JSONValue.array(codes.map(JSONValue.string)).jsonText()
                let rows = try Row.fetchCursor(db, sql: "SELECT code, status FROM inboxMessage WHERE code IN (SELECT value FROM json_each(?))",
                                               arguments: [json])
                while let row = try rows.next() {
                    out[row["code"]] = InboxStatus(rawValue: row["status"]) ?? .created
                }
                return out
            }
        } catch { throw Store.failure(store.path, "read the inbox state", error) }
    }

    /// `expecting`: about how many there are (a load knows its feed's size), so the dictionary never regrows.
    func statuses(expecting n: Int) throws(StoreError) -> [String: InboxStatus] {
        do { return try store.db.read { db in try InboxStore.statuses(db, expecting: n) } }
        catch { throw Store.failure(store.path, "read the inbox state", error) }
    }

    static func statuses(_ db: Database, expecting n: Int) throws -> [String: InboxStatus] {
        var out = [String: InboxStatus](minimumCapacity: n)
        // Straight from the SQLite statement: a load reads every stored status (100,000 in the benchmark),
        // and GRDB's per-row decoding was most of the cost of a merge.
        let statement = try db.makeStatement(sql: "SELECT code, status FROM inboxMessage")
        let s = statement.sqliteStatement
        while true {
            let rc = sqlite3_step(s)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(db.sqliteConnection))) }
            let count = Int(sqlite3_column_bytes(s, 0))
            let code = sqlite3_column_text(s, 0).map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
            out[code] = InboxStatus(rawValue: Int(sqlite3_column_int64(s, 1))) ?? .created
        }
        sqlite3_reset(s)
        return out
    }

    /// One IMMEDIATE transaction: the write lock is taken at BEGIN, so what `body` reads cannot be changed by another
    /// process before it writes (a deferred transaction would read, then find the store changed under it).
    func transaction(_ doing: String, _ body: (Database) throws -> Void) throws(StoreError) {
        do {
            try store.db.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try body(db)
                    return .commit
                }
            }
        } catch { throw Store.failure(store.path, doing, error) }
    }

    /// Merge a load with the stored statuses (spec §3.10), write the result, drop codes missing from the feed.
    public func merge(_ feed: [InboxMessage], at now: Date) throws(StoreError) -> InboxMerge.Result {
        var messages = feed
        var result = try merge(&messages, at: now)
        result.messages = messages
        return result
    }

    /// The merge, updating `feed`'s statuses in place. The stored statuses are read and the result written in one
    /// transaction, so a status another process changes meanwhile is merged, not overwritten.
    public func merge(_ feed: inout [InboxMessage], at now: Date, uniqueCodes: Bool = false) throws(StoreError) -> InboxMerge.Result {
        try merge(&feed, at: now, uniqueCodes: uniqueCodes, beside: nil)
    }

    /// The same, with `work` run on the merged messages by a thread of its own while this one writes the result:
    /// a first load of 1,000,000 messages spent about 0.8 s of one core in SQLite's inserts before the rows could
    /// be built (a serial phase, so twice its share of the wall time on two cores). `work` runs inside the
    /// transaction, after the merge, and is over when this returns (also when the write fails and this throws):
    /// it must not use the store, and what it makes must be dropped when this throws, as a failed merge loads
    /// nothing.
    public func merge(_ feed: inout [InboxMessage], at now: Date, uniqueCodes: Bool = false,
                      beside work: ((inout [InboxMessage]) -> Void)?) throws(StoreError) -> InboxMerge.Result {
        var merged: InboxMerge.Result?
        try transaction("save the inbox state") { db in
            let result = InboxMerge.merge(&feed, stored: try InboxStore.statuses(db, expecting: feed.count), uniqueCodes: uniqueCodes)
            guard let work, !result.writes.isEmpty || !result.dropped.isEmpty,
                  ChunkedWork.chunkCount(feed.count, minimum: InboxStore.besideMinimum) > 1 else {
                try InboxStore.write(result, at: now, db)
                work?(&feed)
                merged = result
                return
            }
            // Chunk 0 (this thread, the database's) writes; chunk 1 (a thread of its own) works on the messages,
            // which the write no longer reads: the codes it writes are its own copies in `result`.
            var failure: (any Error)?
            ChunkedWork.run(chunks: 2, count: 2) { c, _ in
                if c == 0 {
                    do { try InboxStore.write(result, at: now, db) } catch { failure = error }
                } else {
                    work(&feed)
                }
            }
            if let failure { throw failure }
            merged = result
        }
        guard let merged else { throw StoreError("\(store.path): cannot save the inbox state (the merge did not run)") }
        return merged
    }

    /// Messages at the least for a merge's `work` to run beside its write: below that (or on one core) a thread
    /// costs more than it saves.
    static let besideMinimum = 2_000

    /// Writes a merge's new and changed statuses and drops the codes missing from the feed.
    static func write(_ result: InboxMerge.Result, at now: Date, _ db: Database) throws {
        let stamp = now.timeIntervalSince1970
        if !result.writes.isEmpty && !result.repeatedCodes {
            // Every code once: one statement, in the feed's order.
            try db.execute(sql: InboxStore.upsertStatusesSQL, arguments: [stamp, InboxStore.statusObject(result.writes)])
        } else if !result.writes.isEmpty {
            var batch = "["
            batch.reserveCapacity(result.writes.count * 20)
            for (k, w) in result.writes.enumerated() {
                batch += k == 0 ? "[" : ",["
                InboxStore.appendJSONString(w.code, to: &batch)
                batch += ",\(w.status.rawValue)]"
            }
            batch += "]"
            try db.execute(sql: InboxStore.upsertBatchSQL, arguments: [stamp, batch])
        }
        if !result.dropped.isEmpty {
            let codes = JSONValue.array(result.dropped.map(JSONValue.string)).jsonText()
            try db.execute(sql: InboxStore.dropBatchSQL, arguments: [codes])
        }
    }

    /// The codes of each status as one JSON array text (`["a","b"]`), by status raw value: one statement per
    /// status writes them all.
    /// Made as bytes and turned into text once: `String`'s `+=` was a third of a first load's write (two appends
    /// per code, 1,000,000 codes on the store's one thread).
    static func codeLists(_ writes: some Sequence<(code: String, status: InboxStatus)>) -> [(raw: Int, codes: String)] {
        var groups = [[UInt8]](repeating: [], count: InboxStatus.allCases.count)  // by raw value
        for w in writes {
            groups[w.status.rawValue].append(groups[w.status.rawValue].isEmpty ? UInt8(ascii: "[") : UInt8(ascii: ","))
            InboxStore.appendJSONString(w.code, to: &groups[w.status.rawValue])
        }
        return groups.enumerated().compactMap { g in
            g.element.isEmpty ? nil : (g.offset, String(decoding: g.element + [UInt8(ascii: "]")], as: UTF8.self))
        }
    }

    /// `{"code":status,…}` (status by raw value), made as bytes and turned into text once.
    static func statusObject(_ writes: some Sequence<(code: String, status: InboxStatus)>) -> String {
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(writes.underestimatedCount * 16)
        for w in writes {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            InboxStore.appendJSONString(w.code, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: "0") + UInt8(w.status.rawValue))  // 0–5: one digit
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A code as a JSON string: plain ASCII codes (all the server sends) as they are, anything else escaped.
    static func appendJSONString(_ s: String, to out: inout String) {
        if isPlain(s) {
            out += "\""
            out += s
            out += "\""
        } else {
            out += JSONValue.string(s).jsonText()
        }
    }

    /// The same, as UTF-8 bytes.
    static func appendJSONString(_ s: String, to out: inout [UInt8]) {
        if isPlain(s) {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
        } else {
            out.append(contentsOf: JSONValue.string(s).jsonText().utf8)
        }
    }

    private static func isPlain(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// Save changed statuses in one transaction: one statement per status however many changed (a clear-read of
    /// thousands is one), and never lowering a status another process raised (`saveCodesSQL`).
    public func save(_ changes: [String: InboxStatus], at now: Date) throws(StoreError) {
        guard !changes.isEmpty else { return }
        let stamp = now.timeIntervalSince1970
        try transaction("save the inbox state") { db in
            for (raw, codes) in InboxStore.codeLists(changes.lazy.map { (code: $0.key, status: $0.value) }) {
                try db.execute(sql: InboxStore.saveCodesSQL, arguments: [raw, stamp, codes])
            }
        }
    }

    /// `markAllAsRead()` (spec §3.9: `PWInbox.markAllMessagesAsRead`, every unread code in storage): one UPDATE of
    /// the unread rows in place. Writing each code's status instead (an upsert per message, 66,000 in the bench)
    /// cost about 170 ms of CPU; only unread rows are touched, so what another process read or deleted stays.
    public func markAllRead(at now: Date) throws(StoreError) {
        try transaction("save the inbox state") { db in
            try db.execute(sql: "UPDATE inboxMessage SET status = ?, updatedAt = ? WHERE status < ?",
                           arguments: [InboxStatus.read.rawValue, now.timeIntervalSince1970, InboxStatus.read.rawValue])
        }
    }

    /// `pushsim reset --inbox`: forget every message's status.
    public func removeAll() throws(StoreError) {
        do { try store.db.write { db in try db.execute(sql: "DELETE FROM inboxMessage") } }
        catch { throw Store.failure(store.path, "reset the inbox state", error) }
    }
}
