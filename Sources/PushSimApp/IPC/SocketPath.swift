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
