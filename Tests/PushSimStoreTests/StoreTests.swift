// The store core: creation, WAL, migrations, a corrupt file moved aside, a newer store refused.

import Foundation
import GRDB
import Testing
@testable import PushSimStore

@Suite struct StoreTests {
    func tempPath(_ name: String = "state.sqlite") -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-store-\(UUID().uuidString)")
        return dir.appendingPathComponent(name).path
    }

    @Test func createsFolderSchemaAndWAL() throws {
        let path = tempPath()
        let store = try Store(path: path)
        #expect(store.warnings.isEmpty)
        let mode = try store.db.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        #expect(try store.db.read { try $0.tableExists("device") && $0.tableExists("inboxMessage") })
    }

    @Test func reopeningKeepsData() throws {
        let path = tempPath()
        do {
            let s = try Store(path: path)
            try s.db.write { try $0.execute(sql: "INSERT INTO inboxMessage(code, status, updatedAt) VALUES ('a', 2, 0)") }
        }
        let s2 = try Store(path: path)
        #expect(try s2.db.read { try Int.fetchOne($0, sql: "SELECT status FROM inboxMessage WHERE code='a'") } == 2)
    }

    @Test func anOlderStoresInboxTableIsKeyedByCodeAloneWithItsStatusesKept() throws {
        let path = tempPath()
        do {
            // A store as the releases before "inbox-without-rowid" left it: a rowid table and its key's index.
            let s = try Store(path: path)
            try s.db.write { db in
                try db.execute(sql: "DROP TABLE inboxMessage")
                try db.execute(sql: "CREATE TABLE inboxMessage (code TEXT PRIMARY KEY, status INTEGER NOT NULL, updatedAt DOUBLE NOT NULL)")
                try db.execute(sql: "INSERT INTO inboxMessage(code, status, updatedAt) VALUES ('a', 2, 10), ('b', 4, 20)")
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'inbox-without-rowid'")
            }
        }
        let s = try Store(path: path)
        let (rows, sql) = try s.db.read { db in
            (try Row.fetchAll(db, sql: "SELECT code, status, updatedAt FROM inboxMessage ORDER BY code").map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Double)" },
             try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'inboxMessage'") ?? "")
        }
        #expect(rows == ["a 2 10.0", "b 4 20.0"])
        #expect(sql.contains("WITHOUT ROWID"))
        #expect(try s.db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master WHERE tbl_name = 'inboxMessage' AND type = 'index'") } == 0)
    }

    @Test func aCorruptFileIsMovedAsideAndANewStoreMade() throws {
        let path = tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(String(repeating: "not a database ", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        let s = try Store(path: path, now: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(s.warnings.count == 1)
        #expect(s.warnings[0].contains("moved to \(path).corrupt-1700000000"))
        #expect(FileManager.default.fileExists(atPath: path + ".corrupt-1700000000"))
        #expect(try s.db.read { try $0.tableExists("device") })
    }

    // Only a damaged store is moved aside. A file that is not one (`--store /etc/passwd`) is never touched.
    @Test func aFileThatIsNotAStoreIsRefusedAndLeftAlone() throws {
        let path = tempPath("passwd")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        let left = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(left == ["passwd"], "nothing moved aside, no -wal or -shm made")
        do { _ = try Store(path: path) } catch { #expect(error.message.contains("is not a SQLite database")) }
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
        let path = tempPath("app.db")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            let other = try DatabaseQueue(path: path)
            try other.write { try $0.execute(sql: "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT)") }
        }
        do { _ = try Store(path: path); Issue.record("opened another program's database") }
        catch { #expect(error.message.contains("the SQLite database of something else (tables users)")) }
        let tables = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(tables == ["users"], "no pushsim table was added to it")
    }

    @Test func aFolderIsRefusedAndAnEmptyFileBecomesAStore() throws {
        let dir = tempPath("folder")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(throws: StoreError.self) { try Store(path: dir) }
        let empty = tempPath("empty.db")
        try FileManager.default.createDirectory(atPath: (empty as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let s = try Store(path: empty)
        #expect(s.warnings.isEmpty)
        #expect(try s.db.read { try $0.tableExists("device") })
    }

    @Test func aStoreFromANewerVersionIsRefused() throws {
        let path = tempPath()
        do {
            let s = try Store(path: path)
            try s.db.write { try $0.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('v99-future')") }
        }
        #expect(throws: StoreError.self) { try Store(path: path) }
        // Nothing was moved aside: the newer store is left as it was.
        #expect(!FileManager.default.fileExists(atPath: path + ".corrupt"))
    }

    @Test func defaultPathFollowsXDG() {
        #expect(Store.defaultPath(environment: ["XDG_DATA_HOME": "/x"]) == "/x/pushsim/state.sqlite")
        #expect(Store.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/pushsim/state.sqlite")
    }

    // Issue 38 item 1: only SQLite's own verdict of damage moves a store aside; a full disk or an I/O error is one
    // sentence without SQL, and the store stays.
    @Test func onlyCheckedCorruptionMovesAStoreAside() {
        #expect(Store.isCheckedCorruption(DatabaseError(resultCode: .SQLITE_CORRUPT)))
        #expect(Store.isCheckedCorruption(DatabaseError(resultCode: .SQLITE_NOTADB)))
        for code in [ResultCode.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_NOMEM, .SQLITE_PROTOCOL, .SQLITE_ERROR] {
            #expect(!Store.isCheckedCorruption(DatabaseError(resultCode: code)))
        }
        let full = Store.failure("/s.sqlite", "open the store", DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full", sql: "PRAGMA journal_mode = WAL"))
        #expect(full.message == "/s.sqlite: cannot open the store: the disk is full; the store was left as it was — free some space, or pass --store with a path on another disk")
        let io = Store.failure("/nonexistent-dir/s.sqlite", "open the store", DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error", sql: "PRAGMA journal_mode = WAL"))
        #expect(io.message.hasPrefix("/nonexistent-dir/s.sqlite: cannot open the store: the disk reported an error reading or writing it"))
        #expect(!io.message.contains("PRAGMA") && !io.message.contains("SQLite error"))
    }
}
