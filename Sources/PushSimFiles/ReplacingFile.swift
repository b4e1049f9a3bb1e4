// Writing a file whole or not at all: into a temporary file beside it, renamed over it once every byte is out.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A write that failed, as one sentence naming the path: `PATH: cannot be written (why)`.
public struct FileWriteError: Error, Sendable, Equatable {
    public let path: String
    public let code: Int32
    public var message: String { "\(path == "-" ? "standard output" : path): cannot be written (\(Self.reason(code)))" }

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The usual causes in words a user acts on; anything else in the system's words.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "does its folder exist?"
        case EACCES, EPERM, EROFS: return "check its permissions and its folder's"
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EISDIR: return "it is a folder"
        case EFBIG: return "the file would be larger than this file system allows"
        case ELOOP: return "its path is a loop of symbolic links"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

/// A file written through a temporary sibling (`.NAME.XXXXXX`) and renamed over `path` by `commit()`, so a reader
/// sees the old file or the whole new one, and a failed write leaves nothing under the final name. A path that is
/// not a regular file (`/dev/null`, `/dev/full`, a FIFO, a terminal) is written directly: renaming over it would
/// replace the device with a file. A symbolic link to a file is followed, so the link stays a link.
public final class ReplacingFile {
    /// The path as given (what messages name).
    public let path: String
    /// Where the bytes go until `commit()`: the temporary file, or `path` itself for a device.
    public let writingPath: String
    /// The final place the temporary file is renamed to (the link's target for a symbolic link).
    private let finalPath: String
    public let fd: Int32
    private let isTemporary: Bool
    private var finished = false

    public init(path: String, mode: mode_t = 0o644) throws(FileWriteError) {
        self.path = path
        var st = stat()
        if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
            guard (st.st_mode & S_IFMT) != S_IFDIR else { throw FileWriteError(path: path, code: EISDIR) }
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileWriteError(path: path, code: errno) }
            self.fd = fd
            writingPath = path
            finalPath = path
            isTemporary = false
            return
        }
        if stat(path, &st) != 0 && errno == ELOOP { throw FileWriteError(path: path, code: ELOOP) }
        // A link (or a chain of them) to a file: replace the file it names, not the link.
        var target = path
        var lst = stat()
        if lstat(path, &lst) == 0, (lst.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        finalPath = target
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(folder).\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileWriteError(path: path, code: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // mkstemp makes 0600; the finished file gets what open(2) would have given it under this umask.
        let mask = umask(0)
        umask(mask)
        _ = fchmod(fd, mode & ~mask)
        self.fd = fd
        writingPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        isTemporary = true
        ReplacingFile.pending.insert(writingPath)
    }

    /// Write every byte, retrying short writes; a failure abandons the file (nothing is left under its name).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        if let code = Self.writeAll(fd, bytes) {
            abandon()
            throw FileWriteError(path: path, code: code)
        }
    }

    public func write(_ bytes: [UInt8]) throws(FileWriteError) {
        if let code = bytes.withUnsafeBytes({ Self.writeAll(fd, $0) }) {
            abandon()
            throw FileWriteError(path: path, code: code)
        }
    }

    public func write(_ text: String) throws(FileWriteError) {
        var text = text
        if let code = text.withUTF8({ Self.writeAll(fd, UnsafeRawBufferPointer($0)) }) {
            abandon()
            throw FileWriteError(path: path, code: code)
        }
    }

    /// write(2) until every byte is out; the errno of a failure, or nil.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? EIO : errno }
            offset += n
        }
        return nil
    }

    /// Close the file and move it into place. A close that fails (a network file system reports a full disk only
    /// here) abandons it.
    public func commit() throws(FileWriteError) {
        guard !finished else { return }
        finished = true
        if close(fd) != 0 {
            let code = errno
            if isTemporary { unlink(writingPath); ReplacingFile.pending.remove(writingPath) }
            throw FileWriteError(path: path, code: code)
        }
        guard isTemporary else { return }
        ReplacingFile.pending.remove(writingPath)
        guard rename(writingPath, finalPath) == 0 else {
            let code = errno
            unlink(writingPath)
            throw FileWriteError(path: path, code: code)
        }
    }

    /// Give up: close, and remove the temporary file. The final path keeps what it had.
    public func abandon() {
        guard !finished else { return }
        finished = true
        close(fd)
        if isTemporary {
            unlink(writingPath)
            ReplacingFile.pending.remove(writingPath)
        }
    }

    deinit { abandon() }

    /// Remove every temporary file not yet committed: for a process about to exit (a failed write elsewhere, a
    /// signal) that will never reach `commit()`. Only unlink(2), so it may run in an exit handler.
    public static func abandonAll() {
        for p in pending.all() { unlink(p) }
    }

    /// A temporary file written some other way (a C library writing a path), to be removed by `abandonAll()` too.
    public static func track(_ path: String) { pending.insert(path) }
    /// It was put in place or removed.
    public static func untrack(_ path: String) { pending.remove(path) }

    private static let pending = PendingPaths()
}

/// The temporary files in flight, shared by every thread that writes one.
private final class PendingPaths: @unchecked Sendable {
    private var paths = Set<String>()
    private var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }
    func insert(_ p: String) { pthread_mutex_lock(&lock); paths.insert(p); pthread_mutex_unlock(&lock) }
    func remove(_ p: String) { pthread_mutex_lock(&lock); paths.remove(p); pthread_mutex_unlock(&lock) }
    func all() -> [String] { pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }; return Array(paths) }
}

extension ReplacingFile {
    /// Write `text` as the whole of `path`, or fail leaving `path` as it was.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(FileWriteError) {
        let file = try ReplacingFile(path: path, mode: mode)
        try file.write(text)
        try file.commit()
    }
}
