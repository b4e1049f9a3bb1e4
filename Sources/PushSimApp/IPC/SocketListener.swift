// The receiving side of a pushsim socket: `pushsim inapp` and `pushsim inbox` accept connections without ever blocking
// their run loop, which sleeps on the descriptors until one is readable.

import Foundation

/// One line a sender wrote; answer it with `SocketListener.reply`.
public struct SocketMessage: Sendable {
    public let line: String
    let client: Int32
}

/// A Unix stream socket read one JSON line per connection. Everything is non-blocking: `poll()` takes what has
/// arrived and returns at once, so the scene can call it on every wake of the run loop; `descriptors` are what
/// the run loop waits on, so an idle listener costs no wake-ups at all.
public final class SocketListener {
    public let path: String
    public let service: SocketService
    private var fd: Int32 = -1
    /// Accepted connections and the bytes read from each so far.
    /// Accepted connections: the bytes read so far, or how many were thrown away once the line was too long.
    private var clients: [(fd: Int32, buffer: [UInt8], skipped: Int)] = []
    static let maxLine = 256 * 1024
    static let maxClients = 32
    /// Bytes read from one connection per `poll()`.
    static let readPerPoll = 1024 * 1024

    /// Listen on `path`, creating its folder (mode 0700) when needed. A socket file left by an instance that
    /// died is replaced; a live instance, or a file that is not a socket, is a one-line error. `secureFolder`
    /// (the default path): the folder must be this user's alone (`SocketPath.secureFolder`).
    public init(path: String, service: SocketService, secureFolder: Bool = false) throws(UserError) {
        self.path = path
        self.service = service
        let addr = try SocketPath.address(path)
        let dir = (path as NSString).deletingLastPathComponent
        if secureFolder {
            try SocketPath.secureFolder(dir, create: true)
        } else if !dir.isEmpty && !FileManager.default.fileExists(atPath: dir) {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]) } catch {
                throw UserError("--socket \(path): cannot create the folder \(dir) (\(error.localizedDescription))")
            }
        }
        var st = stat()
        if lstat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFSOCK else {
                throw UserError("\(path) exists and is not a socket; remove it or choose another path with --socket")
            }
            let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let live = probe >= 0 && SocketPath.connect(probe, addr) == 0
            if probe >= 0 { close(probe) }
            if live {
                throw UserError("another \(service.command) is already listening on \(path); quit it or choose another path with --socket")
            }
            unlink(path)
        }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw UserError("cannot create a socket: \(String(cString: strerror(errno)))") }
        var a = addr
        let bound = withUnsafePointer(to: &a) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            fd = -1
            throw UserError("cannot listen on \(path): \(reason); choose another path with --socket")
        }
        chmod(path, 0o600)
    }

    /// Accept waiting connections and read what they sent; returns every complete line. Never blocks.
    public func poll() -> [SocketMessage] {
        guard fd >= 0 else { return [] }
        while true {
            // Glibc's module does not export accept4 (it is a GNU extension), so set the flags afterwards.
            let c = accept(fd, nil, nil)
            if c < 0 { if errno == EINTR { continue }; break }
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            if clients.count >= Self.maxClients {
                // The oldest sender has not finished its line; it hears why rather than finding the connection gone.
                write(clients[0].fd, "error \(Self.maxClients) senders are already waiting on \(path); send the \(service.item) again\n")
                drop(at: 0)
            }
            clients.append((c, [], 0))
        }
        var messages: [SocketMessage] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        let newline = UInt8(ascii: "\n")
        var i = 0
        while i < clients.count {
            var closed = false, lineEnded = false, taken = 0
            while true {
                let n = buf.withUnsafeMutableBytes { recv(clients[i].fd, $0.baseAddress, $0.count, 0) }
                if n > 0 {
                    lineEnded = buf[0..<n].contains(newline)
                    if clients[i].skipped > 0 {
                        clients[i].skipped += n
                    } else {
                        clients[i].buffer += buf[0..<n]
                        if !lineEnded && clients[i].buffer.count > Self.maxLine {
                            // Too long: the rest of the line is read and thrown away, so the sender can finish
                            // writing and then read the error, instead of meeting a closed socket (a broken pipe).
                            clients[i].skipped = clients[i].buffer.count
                            clients[i].buffer = []
                        }
                    }
                    taken += n
                    // A bounded amount per call, so a sender that never stops cannot hold up the run loop.
                    if lineEnded || taken >= Self.readPerPoll { break }
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                closed = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
                break
            }
            if clients[i].skipped > 0 {
                if lineEnded || closed { refuseTooLarge(at: i) } else { i += 1 }
                continue
            }
            if let nl = clients[i].buffer.firstIndex(of: newline) {
                if nl > Self.maxLine { refuseTooLarge(at: i); continue }
                messages.append(SocketMessage(line: String(decoding: clients[i].buffer[..<nl], as: UTF8.self), client: clients[i].fd))
                clients.remove(at: i)
                continue
            }
            if closed {
                // A sender that closed without a newline still sent a whole line.
                if !clients[i].buffer.isEmpty {
                    messages.append(SocketMessage(line: String(decoding: clients[i].buffer, as: UTF8.self), client: clients[i].fd))
                    clients.remove(at: i)
                } else {
                    drop(at: i)
                }
                continue
            }
            i += 1
        }
        return messages
    }

    /// Answer a message with one line (`ok b3` or `error …`) and close its connection.
    public func reply(_ m: SocketMessage, _ text: String) {
        write(m.client, text.replacingOccurrences(of: "\n", with: " ") + "\n")
        close(m.client)
    }

    /// What the run loop waits on: the listening socket and every connection whose line is not complete yet.
    /// Readable means `poll()` has something to take.
    public var descriptors: [Int32] {
        fd >= 0 ? [fd] + clients.map(\.fd) : []
    }

    /// Block up to `timeout` seconds until a connection or data arrives (for headless runs that listen).
    public func waitForActivity(timeout: Double) -> Bool {
        guard fd >= 0 else { return false }
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let r = Glibc.poll(&fds, nfds_t(fds.count), Int32(max(0, timeout * 1000)))
        return r > 0
    }

    /// A headless `receive` step: wait in real time (the simulated clock stands still) until `arrived()` holds or
    /// `limit` seconds pass, calling `drain` (the scene's advance, which polls this listener) after each activity.
    /// Returns whether it arrived.
    public func wait(within limit: Double, until arrived: () -> Bool, drain: () -> Void) -> Bool {
        let end = Date().addingTimeInterval(limit)
        drain()
        while !arrived() {
            let left = end.timeIntervalSinceNow
            guard left > 0 else { break }
            _ = waitForActivity(timeout: left)
            drain()
        }
        return arrived()
    }

    /// Stop listening and remove the socket file.
    public func close() {
        guard fd >= 0 else { return }
        for c in clients { Glibc.close(c.fd) }
        clients = []
        Glibc.close(fd)
        fd = -1
        unlink(path)
    }

    deinit { close() }

    private func refuseTooLarge(at i: Int) {
        write(clients[i].fd, "error the \(service.item) is larger than \(Self.maxLine / 1024) KB; send a shorter one\n")
        drop(at: i)
    }

    private func drop(at i: Int) {
        Glibc.close(clients[i].fd)
        clients.remove(at: i)
    }

    private func write(_ fd: Int32, _ s: String) {
        let bytes = Array(s.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private func close(_ fd: Int32) { Glibc.close(fd) }
}
