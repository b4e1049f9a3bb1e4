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

    static let upsertSQL = """
        INSERT INTO inboxMessage(code, status, updatedAt) VALUES (?, ?, ?)
        ON CONFLICT(code) DO UPDATE SET status = excluded.status, updatedAt = excluded.updatedAt
        """

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
        } catch { throw StoreError("\(store.path): cannot read the inbox state (\(error))") }
    }

    /// `expecting`: about how many there are (a load knows its feed's size), so the dictionary never regrows.
    func statuses(expecting n: Int) throws(StoreError) -> [String: InboxStatus] {
        do {
            return try store.db.read { db in
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
        } catch { throw StoreError("\(store.path): cannot read the inbox state (\(error))") }
    }

    /// Merge a load with the stored statuses (spec §3.10), write the result, drop codes missing from the feed.
    public func merge(_ feed: [InboxMessage], at now: Date) throws(StoreError) -> InboxMerge.Result {
        var messages = feed
        var result = try merge(&messages, at: now)
        result.messages = messages
        return result
    }

    /// The merge, updating `feed`'s statuses in place.
    public func merge(_ feed: inout [InboxMessage], at now: Date, uniqueCodes: Bool = false) throws(StoreError) -> InboxMerge.Result {
        let result = InboxMerge.merge(&feed, stored: try statuses(expecting: feed.count), uniqueCodes: uniqueCodes)
        let stamp = now.timeIntervalSince1970
        do {
            try store.db.write { db in
                if !result.writes.isEmpty && !result.repeatedCodes {
                    // Every code once: one statement per status, in any order.
                    var groups = [String](repeating: "", count: InboxStatus.allCases.count)  // by raw value
                    for w in result.writes {
                        groups[w.status.rawValue] += groups[w.status.rawValue].isEmpty ? "[" : ","
                        InboxStore.appendJSONString(w.code, to: &groups[w.status.rawValue])
                    }
                    for (raw, codes) in groups.enumerated() where !codes.isEmpty {
                        try db.execute(sql: InboxStore.upsertCodesSQL, arguments: [raw, stamp, codes + "]"])
                    }
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
        } catch { throw StoreError("\(store.path): cannot save the inbox state (\(error))") }
        return result
    }

    /// A code as a JSON string: plain ASCII codes (all the server sends) as they are, anything else escaped.
    static func appendJSONString(_ s: String, to out: inout String) {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += "\""
            out += s
            out += "\""
        } else {
            out += JSONValue.string(s).jsonText()
        }
    }

    /// Save changed statuses in one transaction.
    public func save(_ changes: [String: InboxStatus], at now: Date) throws(StoreError) {
        guard !changes.isEmpty else { return }
        let stamp = now.timeIntervalSince1970
        do {
            try store.db.write { db in
                let upsert = try db.cachedStatement(sql: InboxStore.upsertSQL)
                for (code, s) in changes.sorted(by: { $0.key < $1.key }) {
                    try upsert.execute(arguments: [code, s.rawValue, stamp])
                }
            }
        } catch { throw StoreError("\(store.path): cannot save the inbox state (\(error))") }
    }

    /// `pushsim reset --inbox`: forget every message's status.
    public func removeAll() throws(StoreError) {
        do { try store.db.write { db in try db.execute(sql: "DELETE FROM inboxMessage") } }
        catch { throw StoreError("\(store.path): cannot reset the inbox state (\(error))") }
    }
}
