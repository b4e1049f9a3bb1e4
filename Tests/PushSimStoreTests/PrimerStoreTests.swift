// The simulated device survives a restart; reset forgets it; a damaged or newer store is handled without a crash.

import Foundation
import GRDB
import Testing
@testable import PushSimEngine
@testable import PushSimStore

@Suite struct PrimerStoreTests {
    func tempPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-store-\(UUID().uuidString)")
        return dir.appendingPathComponent("state.sqlite").path
    }

    @Test func freshStoreIsAFreshInstall() throws {
        let s = try Store(inMemory: ())
        #expect(try s.loadDevice() == SimulatedDevice(status: .notDetermined, systemPromptShown: false, lastShownAt: nil))
    }

    @Test func devicePersistsAcrossReopen() throws {
        let path = tempPath()
        do {
            let s = try Store(path: path)
            try s.saveDevice(SimulatedDevice(status: .denied, systemPromptShown: true, lastShownAt: 1_700_000_123.5))
        }
        let again = try Store(path: path)
        #expect(try again.loadDevice() == SimulatedDevice(status: .denied, systemPromptShown: true, lastShownAt: 1_700_000_123.5))
        #expect(again.warnings.isEmpty)
        // WAL mode, as the issue asks.
        let mode = try again.db.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func saveOverwrites() throws {
        let s = try Store(inMemory: ())
        try s.saveDevice(SimulatedDevice(status: .denied))
        try s.saveDevice(SimulatedDevice(status: .authorized, lastShownAt: 5))
        #expect(try s.loadDevice() == SimulatedDevice(status: .authorized, lastShownAt: 5))
        #expect(try s.db.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM device") } == 1)
    }

    @Test func resetPrimerForgetsStatusPromptAndThrottle() throws {
        let s = try Store(inMemory: ())
        try s.saveDevice(SimulatedDevice(status: .authorized, systemPromptShown: true, lastShownAt: 99))
        try s.db.write { db in try db.execute(sql: "INSERT INTO inboxMessage (code, status, updatedAt) VALUES ('a', 2, 1)") }
        try s.reset(inbox: false, primer: true)
        #expect(try s.loadDevice() == SimulatedDevice())
        #expect(try s.db.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM inboxMessage") } == 1)
    }

    @Test func resetInboxOnlyAndResetAll() throws {
        let s = try Store(inMemory: ())
        try s.saveDevice(SimulatedDevice(status: .denied))
        try s.db.write { db in try db.execute(sql: "INSERT INTO inboxMessage (code, status, updatedAt) VALUES ('a', 2, 1)") }
        try s.reset(inbox: true, primer: false)
        #expect(try s.db.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM inboxMessage") } == 0)
        #expect(try s.loadDevice().status == .denied)
        try s.db.write { db in try db.execute(sql: "INSERT INTO inboxMessage (code, status, updatedAt) VALUES ('b', 2, 1)") }
        try s.reset(inbox: false, primer: false)
        #expect(try s.loadDevice() == SimulatedDevice())
        #expect(try s.db.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM inboxMessage") } == 0)
    }

    @Test func unknownStatusTextReadsAsNotDetermined() throws {
        let s = try Store(inMemory: ())
        try s.db.write { db in try db.execute(sql: "INSERT INTO device (id, authorization) VALUES (1, 'bogus')") }
        #expect(try s.loadDevice().status == .notDetermined)
    }

    @Test func corruptFileIsMovedAsideWithWarning() throws {
        let path = tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let junk = Data(repeating: 0x41, count: 4096)
        try junk.write(to: URL(fileURLWithPath: path))
        let s = try Store(path: path, now: Date(timeIntervalSince1970: 1_234))
        #expect(s.warnings.count == 1)
        #expect(s.warnings.first?.contains("moved to \(path).corrupt-1234") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt-1234")) == junk)
        #expect(try s.loadDevice() == SimulatedDevice())
        try s.saveDevice(SimulatedDevice(status: .authorized))
        #expect(try s.loadDevice().status == .authorized)
    }

    @Test func newerStoreIsRefused() throws {
        let path = tempPath()
        do {
            let s = try Store(path: path)
            try s.db.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')") }
        }
        #expect(throws: StoreError.self) { _ = try Store(path: path) }
        do { _ = try Store(path: path) } catch {
            #expect(error.message.contains("was written by a newer pushsim"))
        }
        // Refused, not moved aside: nothing is lost.
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
