// Where `pushsim inapp` and `pushsim inbox` listen and `pushsim notify` sends: one Unix socket path per user and service.

import Foundation

public enum SocketPath {
    /// `$XDG_RUNTIME_DIR/pushsim/inapp.sock`, else `/tmp/pushsim-$UID/inapp.sock` (`inbox.sock` for the inbox).
    public static func defaultPath(for service: SocketService, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let dir = environment["XDG_RUNTIME_DIR"], !dir.isEmpty {
            return (dir as NSString).appendingPathComponent("pushsim/" + service.fileName)
        }
        return "/tmp/pushsim-\(getuid())/" + service.fileName
    }

    /// Makes sure `dir`, the folder of a default socket path, is pushsim's own: a real folder (not a symbolic link),
    /// owned by this user, that no one else may enter. In a shared folder such as /tmp another user could make it
    /// first and then receive every `pushsim notify` (and have `pushsim inapp` bind inside it). With `create`
    /// (the listener), a missing folder is made with mode 0700 in one mkdir(2) and checked after; without it (the
    /// sender), a missing folder is left for the connect to report that nobody listens.
    public static func secureFolder(_ dir: String, create: Bool) throws(UserError) {
        let fix = "remove it (or set XDG_RUNTIME_DIR), or pass --socket PATH in a folder of your own"
        var st = stat()
        if lstat(dir, &st) != 0 {
            guard errno == ENOENT, create else {
                if errno == ENOENT { return }
                throw UserError("the socket folder \(dir) cannot be checked (\(String(cString: strerror(errno)))); \(fix)")
            }
            let parent = (dir as NSString).deletingLastPathComponent
            if !parent.isEmpty && !FileManager.default.fileExists(atPath: parent) {
                try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            // EEXIST: someone made it between the lstat and here; the checks below decide whether it can be used.
            if mkdir(dir, 0o700) != 0 && errno != EEXIST {
                throw UserError("cannot create the socket folder \(dir) (\(String(cString: strerror(errno)))); pass --socket PATH in a folder of your own")
            }
            guard lstat(dir, &st) == 0 else {
                throw UserError("the socket folder \(dir) cannot be checked (\(String(cString: strerror(errno)))); \(fix)")
            }
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw UserError("the socket folder \(dir) is a symbolic link, which pushsim does not follow: \(fix)")
        default: throw UserError("the socket folder \(dir) is not a folder: \(fix)")
        }
        guard st.st_uid == getuid() else {
            throw UserError("the socket folder \(dir) belongs to another user (uid \(st.st_uid)), who could read every banner and answer for pushsim: \(fix)")
        }
        guard st.st_mode & 0o077 == 0 else {
            throw UserError("the socket folder \(dir) is open to other users (mode \(String(st.st_mode & 0o777, radix: 8))): run `chmod 700 \(dir)`, or pass --socket PATH in a folder of your own")
        }
    }

    /// A `sockaddr_un` for `path`, or a one-line error when the path does not fit (108 bytes on Linux).
    static func address(_ path: String) throws(UserError) -> sockaddr_un {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw UserError("--socket \(path): a socket path must be 1 to \(capacity - 1) bytes long; choose a shorter one")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return addr
    }

    static func connect(_ fd: Int32, _ addr: sockaddr_un) -> Int32 {
        var a = addr
        return withUnsafePointer(to: &a) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
