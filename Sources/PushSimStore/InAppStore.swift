// The native in-app display counts (`PWInAppFrequencyStore`: `pw_inapp_count_<id>`, `pw_inapp_last_<id>`), kept so
// `--frequency-caps` holds across runs; `pushsim reset --inapp` forgets them.

import GRDB
import PushSimEngine

extension Store {
    /// Every id's display history.
    public func loadInAppDisplays() throws(StoreError) -> [String: InAppDisplayRecord] {
        do {
            return try db.read { db in
                var out: [String: InAppDisplayRecord] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT id, count, lastShownAt FROM inappDisplay") {
                    out[row["id"]] = InAppDisplayRecord(count: row["count"], lastShownAt: row["lastShownAt"])
                }
                return out
            }
        } catch {
            throw Store.failure(path, "read the in-app display counts", error)
        }
    }

    public func saveInAppDisplay(id: String, _ r: InAppDisplayRecord) throws(StoreError) {
        do {
            try db.write { db in
                try db.execute(sql: """
                    INSERT INTO inappDisplay (id, count, lastShownAt) VALUES (?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET count = excluded.count, lastShownAt = excluded.lastShownAt
                    """, arguments: [id, r.count, r.lastShownAt])
            }
        } catch {
            throw Store.failure(path, "save the in-app display counts", error)
        }
    }

    /// `pushsim reset --inapp`: every id may show again.
    public func resetInApp() throws(StoreError) {
        do {
            try db.write { db in try db.execute(sql: "DELETE FROM inappDisplay") }
        } catch {
            throw Store.failure(path, "reset the in-app display counts", error)
        }
    }

    static func registerInAppMigration(_ m: inout DatabaseMigrator) {
        m.registerMigration("inapp-v1") { db in
            // One row per inAppId: how many times it was shown, and when last (Unix seconds).
            try db.create(table: "inappDisplay") { t in
                t.primaryKey("id", .text)
                t.column("count", .integer).notNull()
                t.column("lastShownAt", .double).notNull()
            }
        }
    }
}
