// `pushsim reset`: forget persisted state — the primer's simulated device, the inbox's message statuses, or both.

import GRDB

extension Store {
    /// Forget the inbox's local message statuses (read, action performed, deleted).
    public func resetInbox() throws(StoreError) {
        do {
            try db.write { db in try db.execute(sql: "DELETE FROM inboxMessage") }
        } catch {
            throw Store.failure(path, "reset the inbox state", error)
        }
    }

    /// Reset what is asked for; with no flag, everything.
    public func reset(inbox: Bool, primer: Bool, inapp: Bool = false) throws(StoreError) {
        let all = !inbox && !primer && !inapp
        if primer || all { try resetPrimer() }
        if inbox || all { try resetInbox() }
        if inapp || all { try resetInApp() }
    }
}
