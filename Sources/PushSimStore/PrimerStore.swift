// The simulated device in the store: authorization status, the one-shot prompt flag and the throttle's last-shown time.

import GRDB
import PushSimEngine

extension Store {
    /// The device as last saved; a fresh store (or an unknown status text) gives a notDetermined device.
    public func loadDevice() throws(StoreError) -> SimulatedDevice {
        do {
            return try db.read { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT authorization, lastShownAt, systemPromptShown FROM device WHERE id = 1") else {
                    return SimulatedDevice()
                }
                let text: String = row["authorization"]
                return SimulatedDevice(status: AuthorizationStatus(rawValue: text) ?? .notDetermined,
                                       systemPromptShown: row["systemPromptShown"],
                                       lastShownAt: row["lastShownAt"])
            }
        } catch {
            throw Store.failure(path, "read the simulated device", error)
        }
    }

    public func saveDevice(_ d: SimulatedDevice) throws(StoreError) {
        do {
            try db.write { db in
                try db.execute(sql: """
                    INSERT INTO device (id, authorization, lastShownAt, systemPromptShown) VALUES (1, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET authorization = excluded.authorization,
                      lastShownAt = excluded.lastShownAt, systemPromptShown = excluded.systemPromptShown
                    """, arguments: [d.status.rawValue, d.lastShownAt, d.systemPromptShown])
            }
        } catch {
            throw Store.failure(path, "save the simulated device", error)
        }
    }

    /// `pushsim reset --primer`: back to a fresh install — notDetermined, no prompt shown, no throttle.
    public func resetPrimer() throws(StoreError) {
        do {
            try db.write { db in try db.execute(sql: "DELETE FROM device") }
        } catch {
            throw Store.failure(path, "reset the primer state", error)
        }
    }
}
