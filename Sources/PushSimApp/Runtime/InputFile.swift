// Reads the files users pass (or standard input) and turns every failure into one sentence naming the file.

import Foundation
import PushSimEngine

/// A user-facing failure: printed as one line, never a stack trace.
public struct UserError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }
}

public enum InputFile {
    /// Files and standard input larger than this are refused: files before they are read, standard input as soon as
    /// this much has arrived. One constant for both, so the cap is a one-line change.
    public static let maxBytes = 64 * 1024 * 1024

    /// How much one read(2) asks for: memory grows with what arrived, never with what a file claims.
    static let chunkBytes = 64 * 1024

    /// The bytes of `path`, or of standard input for `-`. Never blocks in open(2): a FIFO, a device, a socket or a
    /// folder is refused by what it is. Standard input may be a pipe (that is what `-` is for) or a file.
    public static func readBytes(_ path: String) throws(UserError) -> [UInt8] {
        if path == "-" { return try readStandardInput(STDIN_FILENO) }
        return try readFile(path)
    }

    /// Call first thing at start: puts /dev/null on any of descriptors 0, 1 and 2 that the caller left closed, so that
    /// no file pushsim opens later lands there (SQLite would put /dev/null there itself; the store or a recording on
    /// descriptor 2 would take error messages). The placeholder is opened close-on-exec, which an inherited
    /// descriptor never is (exec closed it), so `readStandardInput` can still tell standard input was closed.
    public static func reserveStandardDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) < 0 {
            let null = open("/dev/null", O_RDWR | O_CLOEXEC)
            guard null >= 0 else { return }
            // Descriptors are handed out lowest first, so this is `fd` itself unless another thread raced us.
            if null != fd {
                if dup2(null, fd) == fd { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                close(null)
            }
        }
    }

    /// Reads descriptor `fd` as standard input: refuses it closed, a terminal, a device or a folder, and stops at
    /// `limit` bytes (exit status 2: the command was given nothing it can read).
    static func readStandardInput(_ fd: Int32, limit: Int = maxBytes) throws(UserError) -> [UInt8] {
        let name = "standard input"
        var info = stat()
        let flags = fcntl(fd, F_GETFD)
        guard flags >= 0, flags & FD_CLOEXEC == 0, fstat(fd, &info) == 0 else {
            // Started with `<&-`, or by a program that closed it: EBADF, or `reserveStandardDescriptors`' placeholder.
            throw UserError("\(name): is closed; give a file name instead of '-', or pipe the payload in (pushsim … - < file.json)", exitCode: 2)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFSOCK: break
        case S_IFDIR: throw UserError("\(name): is a folder; give a file name instead of '-'", exitCode: 2)
        default:
            // A terminal would wait for typing, /dev/zero would never end and /dev/null holds nothing: none is a payload.
            let what = isatty(fd) == 1 ? "a terminal" : "\(descriptorTarget(fd).map { $0 + ", " } ?? "")\(kind(info.st_mode))"
            throw UserError("\(name): is \(what), not a file or a pipe; pipe the payload in (pushsim … - < file.json) or give its file name", exitCode: 2)
        }
        return try readAll(fd, name: name, limit: limit, exitCode: 2)
    }

    /// A path's bytes: only a regular file is read, after checking what it is without blocking.
    static func readFile(_ path: String, limit: Int = maxBytes) throws(UserError) -> [UInt8] {
        // The shell's own descriptors (`<(command)`, /dev/stdin) are already open pipes: read them like `-`.
        if let fd = inheritedDescriptor(path) {
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK {
                return try readAll(fd, name: path, limit: limit, exitCode: 1)
            }
        }
        // O_NONBLOCK: opening a FIFO without a writer (or some devices) would otherwise wait forever. It changes
        // nothing for the regular files that are then read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            let err = errno
            var info = stat()
            // A socket cannot be opened at all (ENXIO); say what it is rather than quoting the errno.
            if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw notAFile(path, info.st_mode) }
            switch err {
            case ENOENT: throw UserError("\(path): no such file")
            case ENOTDIR: throw UserError("\(path): no such file (a part of the path is not a folder)")
            case EACCES, EPERM: throw UserError("\(path): cannot be read (permission denied; check its permissions)")
            case ELOOP: throw UserError("\(path): cannot be read (a loop of symbolic links)")
            case ENAMETOOLONG: throw UserError("\(path): cannot be read (the name is too long)")
            default: throw UserError("\(path): cannot be read (\(String(cString: strerror(err))))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw UserError("\(path): cannot be read (\(String(cString: strerror(errno))))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw notAFile(path, info.st_mode, target: descriptorTarget(fd)) }
        if Int(info.st_size) > limit {
            throw UserError("\(path): the file is \(Int(info.st_size) / 1_048_576) MB; pushsim reads files up to \(amount(limit))")
        }
        // Read to the end rather than trusting st_size: /proc files say 0, and a file may grow while it is read.
        return try readAll(fd, name: path, limit: limit, exitCode: 1)
    }

    /// Reads `fd` to its end in bounded chunks, failing as soon as more than `limit` bytes arrived. A descriptor left
    /// non-blocking (by us for files, or by whoever passed it) is waited on with poll(2) instead of spinning.
    static func readAll(_ fd: Int32, name: String, limit: Int, exitCode: Int32) throws(UserError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                if out.count + n > limit {
                    throw UserError("\(name): is larger than \(amount(limit)); pushsim reads up to \(amount(limit))", exitCode: exitCode)
                }
                out.append(contentsOf: chunk[0..<n])
            } else if n == 0 {
                return out
            } else {
                let err = errno
                if err == EINTR { continue }
                if err == EAGAIN || err == EWOULDBLOCK {
                    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    _ = poll(&p, 1, -1)
                    continue
                }
                let reason = err == EISDIR ? "it is a folder" : String(cString: strerror(err))
                throw UserError("\(name): cannot be read (\(reason))", exitCode: exitCode)
            }
        }
    }

    /// A cap in words: whole megabytes as such (the real cap), anything else in bytes.
    static func amount(_ n: Int) -> String { n % 1_048_576 == 0 ? "\(n / 1_048_576) MB" : "\(n) bytes" }

    /// The refusal for anything that is not a regular file, naming what it is.
    /// `target`: what the path resolves to, named when it differs (`/dev/stdin` on `/dev/null`).
    static func notAFile(_ path: String, _ mode: mode_t, target: String? = nil) -> UserError {
        let what = target.flatMap { $0 == path ? nil : "\($0), " } ?? ""
        switch mode & S_IFMT {
        case S_IFDIR: return UserError("\(path): is a folder, not a file")
        case S_IFIFO:
            return UserError("\(path): is a named pipe (FIFO), not a file; to read from it, pass '-' and redirect it: pushsim … - < \(path)")
        default: return UserError("\(path): is \(what)\(kind(mode)), not a file")
        }
    }

    /// What a non-regular file is, in words.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a pipe"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The descriptor a path such as `/dev/stdin`, `/dev/fd/63` (bash's `<(…)`) or `/proc/self/fd/3` names.
    static func inheritedDescriptor(_ path: String) -> Int32? {
        if path == "/dev/stdin" { return STDIN_FILENO }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            if let n = Int32(path.dropFirst(prefix.count)), n >= 0 { return n }
        }
        return nil
    }

    /// The folder a payload's relative image paths resolve against: the file's own folder; for a descriptor the
    /// shell handed over (`3<promo.json` as `/dev/fd/3`) the folder of the regular file it is open on; nil for
    /// standard input and pipes (`<(curl …)`), which have no folder. `/dev` is never the answer.
    /// The folder a payload's relative images (`file:` URLs, plain paths) resolve against, for every command alike: the
    /// file's own folder, or the current directory for standard input and pipes (which have none).
    public static func imageFolder(of path: String) -> String {
        folder(of: path) ?? FileManager.default.currentDirectoryPath
    }

    public static func folder(of path: String) -> String? {
        if path == "-" { return nil }
        var file = path
        if let fd = inheritedDescriptor(path) {
            var st = stat()
            guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG,
                  let target = descriptorTarget(fd), target.hasPrefix("/") else { return nil }
            file = target
        }
        let absolute = file.hasPrefix("/") ? file
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
        return ((absolute as NSString).deletingLastPathComponent as NSString).standardizingPath
    }

    /// What an open descriptor points at (`/dev/zero`), for messages; nil when /proc does not say.
    static func descriptorTarget(_ fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file as text (script files). Bytes that are not UTF-8 are refused with their place: decoding would turn
    /// them into U+FFFD, and a later error would then name that character's bytes instead of the file's.
    public static func readText(_ path: String) throws(UserError) -> String {
        let bytes = try readBytes(path)
        if let bad = firstInvalidUTF8(bytes) {
            var line = 1, column = 1
            for b in bytes[..<bad.offset] {
                if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            }
            throw UserError("\(displayName(path)): line \(line), column \(column): invalid UTF-8 (byte 0x\(String(bad.byte, radix: 16, uppercase: true))); save it as UTF-8")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the first byte that is not part of valid UTF-8 is, and its value; nil when all of it is UTF-8.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, byte: UInt8)? {
        var it = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let encoded): offset += encoded.count
            case .error(let length):
                // The first byte of the bad sequence, unless it is a good lead byte cut short: then the byte that cut it.
                let at = length > 1 || bytes[offset] < 0xC2 || bytes[offset] > 0xF4 || offset + 1 >= bytes.count ? offset : offset + 1
                return (at, bytes[at])
            case .emptyInput: return nil
            }
        }
    }

    /// The file parsed as JSON; a syntax error names the file, line and column.
    public static func readJSON(_ path: String) throws(UserError) -> JSONValue {
        let bytes = try readBytes(path)
        do {
            return try JSONParser.parse(bytes: bytes)
        } catch {
            throw UserError("\(displayName(path)): not valid JSON: \(error.description)")
        }
    }

    /// Name used in messages: `standard input` for `-`.
    public static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }
}
