// The one SQLite file that keeps what must survive a restart: the simulated device and inbox state.

import Foundation
import GRDB
import PushSimEngine

/// Opens (creating if needed) the store, migrates it, and recovers from a corrupt file.
///
/// One owner: a `Store` is created by a command and handed to the scene that needs it.
public final class Store {
    public let path: String
    public let db: DatabaseQueue

    /// Closes the database now (checkpointing the WAL, so no -wal and -shm files are left beside the store), for a
    /// process about to exit without tearing down its objects.
    public func close() { try? db.close() }

    // `pushsim serve` keeps the queue rather than free it (StoreQueueParking says why).
    deinit { StoreQueueParking.park(db) }
    /// Sentences to show the user about what happened while opening (a corrupt file moved aside).
    public private(set) var warnings: [String] = []

    /// `$XDG_DATA_HOME/pushsim/state.sqlite`, or `~/.local/share/pushsim/state.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let x = environment["XDG_DATA_HOME"], !x.isEmpty { base = x }
        else { base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share" }
        return base + "/pushsim/state.sqlite"
    }

    /// Open the store at `path`. A damaged store — a SQLite file that cannot be read, or anything unreadable at
    /// a store's name (`*.sqlite`) — is renamed to `<name>.corrupt-<unix time>` and a fresh store is made. Any
    /// other file is never touched: one that is not SQLite (`--store /etc/passwd`), or the SQLite database of
    /// something else, is refused, as is a store written by a newer pushsim (migrating it back would lose data).
    public init(path: String, now: Date = Date()) throws(StoreError) {
        self.path = path
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            catch { throw StoreError("\(path): cannot create the folder \(dir): \(Store.folderProblem(dir)); pass --store with another path (or set XDG_DATA_HOME to a folder)") }
        }
        try Store.checkIsStoreFile(path)
        do {
            db = try Store.openAndMigrate(path)
        } catch let e as StoreError {
            throw e
        } catch {
            // A store this user may not write is not damaged: say so and leave it alone (moving it aside lost it).
            if Store.isPermissionProblem(error) || (FileManager.default.fileExists(atPath: path) && access(path, W_OK) != 0) {
                throw Store.failure(path, "open the store", DatabaseError(resultCode: .SQLITE_READONLY))
            }
            // A full disk, an I/O error, a lock, memory: temporary, and the store is as good as it was. Moving it aside
            // for one lost every status once space was freed (issue 38): say so in one sentence and leave it alone.
            guard Store.isCheckedCorruption(error) else { throw Store.failure(path, "open the store", error) }
            // Not a database, or a damaged one (SQLite checked and said so): keep the bytes for inspection, start afresh.
            let aside = "\(path).corrupt-\(Int(now.timeIntervalSince1970))"
            do {
                try FileManager.default.moveItem(atPath: path, toPath: aside)
                for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                    try? FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
                }
            } catch {
                throw StoreError("\(path): the store is damaged and could not be moved aside (\(error.localizedDescription)); delete it or pass --store with another path")
            }
            do {
                db = try Store.openAndMigrate(path)
            } catch {
                // The damaged store goes back where it was: a failed fresh start must not leave an empty store in its
                // place (the next run would start from nothing without a word).
                for suffix in ["", "-wal", "-shm"] {
                    if suffix.isEmpty { unlink(path) } else { unlink(path + suffix) }
                    if FileManager.default.fileExists(atPath: aside + suffix) { _ = rename(aside + suffix, path + suffix) }
                }
                throw Store.failure(path, "create a new store in place of the damaged one, which was left as it was", error)
            }
            warnings.append("\(path) was damaged or not a pushsim store; it was moved to \(aside) and a new store was created")
        }
    }

    /// An in-memory store for tests.
    public init(inMemory: Void = ()) throws(StoreError) {
        path = ":memory:"
        do {
            db = try DatabaseQueue()
            try Store.migrator.migrate(db)
        } catch { throw StoreError("cannot create an in-memory store (\(error))") }
    }

    /// An in-memory copy of the store at `path` (an empty store when there is none yet), for a run that must read
    /// the user's state but never change it: a picture or a recording. The file (with its WAL, which holds committed
    /// changes not yet checkpointed) is copied to a private folder and read from there with SQLite's backup API:
    /// even a read-only open of a WAL database leaves `-shm` and `-wal` files beside it.
    public static func scratchCopy(of path: String) throws(StoreError) -> Store {
        let scratch = try Store(inMemory: ())
        guard FileManager.default.fileExists(atPath: path) else { return scratch }
        try checkIsStoreFile(path)
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("pushsim-scratch-\(getpid())-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: folder) }
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let copy = folder.appendingPathComponent("state.sqlite").path
            try fm.copyItem(atPath: path, toPath: copy)
            if fm.fileExists(atPath: path + "-wal") { try fm.copyItem(atPath: path + "-wal", toPath: copy + "-wal") }
            var config = Configuration()
            config.busyMode = .timeout(2)
            let source = try DatabaseQueue(path: copy, configuration: config)
            let superseded = try source.read { db in try migrator.hasBeenSuperseded(db) }
            if superseded {
                throw StoreError("\(path) was written by a newer pushsim; update pushsim or pass --store with another path", exitCode: 1)
            }
            try source.backup(to: scratch.db)
            try source.close()
            StoreQueueParking.park(source)
            try migrator.migrate(scratch.db)
        } catch let e as StoreError {
            throw e
        } catch {
            // A store that cannot be read is not this run's to repair: the run starts from a fresh device instead.
            let fresh = try Store(inMemory: ())
            fresh.warnings.append("\(path) could not be read (\(error)); this run starts from an empty store and leaves the file as it is")
            return fresh
        }
        return scratch
    }

    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Refuses what must not be opened, let alone moved aside: a folder or device, and a file that is neither
    /// empty, nor SQLite, nor named like a store. (A `.sqlite` file with garbage in it is a damaged store.)
    static func checkIsStoreFile(_ path: String) throws(StoreError) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            // A link that leads back to itself was opened by SQLite and reported as "read-only".
            if errno == ELOOP { throw StoreError("--store \(path) \(Store.linkLoop(path)); remove a link of it or pass --store with another path") }
            return  // absent: a new store is made
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw StoreError("--store \(path) is not a file; pass the path of a pushsim store (a new one is created)")
        }
        guard st.st_size > 0, !path.hasSuffix(".sqlite") else { return }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }  // unreadable: SQLite says why
        defer { Glibc.close(fd) }
        var head = [UInt8](repeating: 0, count: sqliteHeader.count)
        let n = read(fd, &head, head.count)
        if n == head.count && head == sqliteHeader { return }
        throw StoreError("--store \(path) is not a SQLite database, so it is not a pushsim store; it was left as it is. Pass a new path (a store is created there) or an existing store")
    }

    /// Why `dir` cannot be made, in words: the first part of it that is a file, a loop of links, or not writable.
    static func folderProblem(_ dir: String) -> String {
        var prefix = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            let parent = prefix.isEmpty ? "/" : prefix
            prefix = prefix == "." ? String(part) : prefix + "/" + part
            var st = stat()
            if stat(prefix, &st) == 0 {
                if st.st_mode & S_IFMT != S_IFDIR { return "\(prefix) is a file, not a folder" }
                continue
            }
            switch errno {
            case ELOOP: return "\(prefix) \(linkLoop(prefix))"
            case EACCES: return "\(parent) does not let this user look inside it"
            case ENOENT:
                if access(parent, W_OK) != 0 { return "\(parent) is not writable, so \(prefix) cannot be made in it" }
                return "\(prefix) cannot be made"
            default: return "\(prefix): \(String(cString: strerror(errno)).lowercased())"
            }
        }
        return access(dir, W_OK) == 0 ? "it could not be made" : "\(dir) is not writable"
    }

    /// "is a loop of symbolic links (a → b → a)": the chain of links from `path` until one repeats.
    static func linkLoop(_ path: String) -> String {
        var chain = [path]
        var current = path
        while chain.count < 41 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let next = target.hasPrefix("/") ? target
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
            let normal = (next as NSString).standardizingPath
            chain.append(target)
            if chain.dropLast().contains(where: { ($0 as NSString).standardizingPath == normal }) || normal == (path as NSString).standardizingPath { break }
            current = normal
        }
        return "is a loop of symbolic links (\(chain.joined(separator: " → ")))"
    }

    static func openAndMigrate(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.busyMode = .timeout(2)
        let q = try DatabaseQueue(path: path, configuration: config)
        // Touch the schema: a file that is not SQLite fails here.
        let superseded = try q.read { db in
            if try !db.tableExists("grdb_migrations") {
                // A database with tables but no migrations of ours belongs to something else: never write into it.
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 4")
                if !tables.isEmpty {
                    throw StoreError("--store \(path) is the SQLite database of something else (tables \(tables.joined(separator: ", "))); it was left as it is. Pass a new path or a pushsim store", exitCode: 1)
                }
            }
            return try migrator.hasBeenSuperseded(db)
        }
        if superseded {
            throw StoreError("\(path) was written by a newer pushsim; update pushsim or pass --store with another path", exitCode: 1)
        }
        _ = try q.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        try migrator.migrate(q)
        return q
    }

    /// Every schema version, oldest first. Never edit a shipped migration: add a new one.
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            // The simulated device of the push primer (one row).
            try db.create(table: "device") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("authorization", .text).notNull().defaults(to: "notDetermined")
                // PWPushPrimerLastShownAt: Unix seconds; NULL when never written.
                t.column("lastShownAt", .double)
                // iOS shows the system permission prompt once per install.
                t.column("systemPromptShown", .boolean).notNull().defaults(to: false)
            }
            // The local status of every inbox message seen (PWInboxStorage's persisted status).
            try db.create(table: "inboxMessage") { t in
                t.primaryKey("code", .text)
                t.column("status", .integer).notNull()
                t.column("updatedAt", .double).notNull()
            }
        }
        registerInAppMigration(&m)
        // The inbox's statuses keyed by code alone (WITHOUT ROWID): one B-tree to insert into, not a table and its
        // primary-key index. A first load of 1,000,000 messages writes every status, on one core, while the rows are
        // built on the others: a third less of SQLite's work there (python's sqlite3, 300,000 codes, 0.18–0.20 →
        // 0.12–0.14 s of CPU).
        m.registerMigration("inbox-without-rowid") { db in
            try db.create(table: "inboxMessageByCode", options: [.withoutRowID]) { t in
                t.primaryKey("code", .text)
                t.column("status", .integer).notNull()
                t.column("updatedAt", .double).notNull()
            }
            try db.execute(sql: "INSERT INTO inboxMessageByCode(code, status, updatedAt) SELECT code, status, updatedAt FROM inboxMessage")
            try db.drop(table: "inboxMessage")
            try db.rename(table: "inboxMessageByCode", to: "inboxMessage")
        }
        return m
    }
}

extension Store {
    /// One line for a failed read or write of the store at `path` (`doing`: "save the inbox state"): what went wrong
    /// and what to do, never the SQL GRDB quotes in its errors (a multi-line statement broke the line in two).
    static func failure(_ path: String, _ doing: String, _ error: any Error) -> StoreError {
        let head = "\(path): cannot \(doing)"
        guard let e = error as? DatabaseError else {
            return StoreError("\(head) (\(Store.oneLine("\(error)")))")
        }
        switch e.resultCode {
        case .SQLITE_READONLY:
            return StoreError("\(head): the store is read-only; make it and its folder writable (chmod u+w), or pass --store with another path")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError("\(head): another program kept the store locked for more than 2 s; try again, or pass --store with another path")
        case .SQLITE_IOERR where Store.diskIsFull(path), .SQLITE_FULL:
            // A full tmpfs fails the -shm or -wal write with an I/O error, not SQLITE_FULL: its free space says why.
            return StoreError("\(head): the disk is full; the store was left as it was — free some space, or pass --store with a path on another disk")
        case .SQLITE_IOERR:
            return StoreError("\(head): the disk reported an error reading or writing it (is it full, or gone?); the store was left as it was — try again once the disk is back, or pass --store with another path")
        case .SQLITE_NOMEM:
            return StoreError("\(head): there was not enough memory; the store was left as it was — try again")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError("\(head): the store cannot be opened for writing; check the permissions of it and its folder, or pass --store with another path")
        default:
            return StoreError("\(head) (\(Store.oneLine(e.message ?? "SQLite error \(e.resultCode.rawValue)")))")
        }
    }

    /// Whether the file system holding `path` has no block left for this user.
    static func diskIsFull(_ path: String) -> Bool {
        var fs = statvfs()
        let dir = (path as NSString).deletingLastPathComponent
        return statvfs(dir.isEmpty ? "." : dir, &fs) == 0 && fs.f_bavail == 0
    }

    /// Whether SQLite itself found the file damaged or not a database: the only errors that move a store aside.
    /// Every other failure (full disk, I/O error, lock, memory) says nothing about the file's contents.
    static func isCheckedCorruption(_ error: any Error) -> Bool {
        guard let e = error as? DatabaseError else { return false }
        return e.resultCode == .SQLITE_CORRUPT || e.resultCode == .SQLITE_NOTADB
    }

    /// Errors that come from what the user may do with the file, not from its contents.
    static func isPermissionProblem(_ error: any Error) -> Bool {
        guard let e = error as? DatabaseError else { return false }
        return [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH].contains(e.resultCode)
    }

    static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

public struct StoreError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }
}
