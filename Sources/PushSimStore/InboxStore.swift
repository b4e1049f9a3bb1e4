// The inbox's persisted statuses (PWInboxStorage's role): read them, merge a load into them, save each change at once.

import Foundation
import GRDB
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

    /// Every stored status by code.
    public func statuses() throws(StoreError) -> [String: InboxStatus] {
        do {
            return try store.db.read { db in
                var out: [String: InboxStatus] = [:]
                // A cursor, not fetchAll: 100,000 rows are never held as Row objects at once.
                let rows = try Row.fetchCursor(db, sql: "SELECT code, status FROM inboxMessage")
                while let row = try rows.next() {
                    let code: String = row[0]
                    let raw: Int = row[1]
                    out[code] = InboxStatus(rawValue: raw) ?? .created
                }
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
    public func merge(_ feed: inout [InboxMessage], at now: Date) throws(StoreError) -> InboxMerge.Result {
        let result = InboxMerge.merge(&feed, stored: try statuses())
        let stamp = now.timeIntervalSince1970
        do {
            try store.db.write { db in
                let upsert = try db.makeStatement(sql: InboxStore.upsertSQL)
                for w in result.writes { try upsert.execute(arguments: [w.code, w.status.rawValue, stamp]) }
                let drop = try db.makeStatement(sql: "DELETE FROM inboxMessage WHERE code = ?")
                for c in result.dropped { try drop.execute(arguments: [c]) }
            }
        } catch { throw StoreError("\(store.path): cannot save the inbox state (\(error))") }
        return result
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
