// The sending side of a pushsim socket: `pushsim notify` connects, sends one JSON line, and reads the answer.

import Foundation
import PushSimEngine

public enum SocketClient {
    /// Send one item (its JSON text, on one line) to the `service` listening on `path`; returns what follows `ok `
    /// in its answer (a banner's id, the inbox codes). Throws a one-line `UserError` when nobody listens or the
    /// instance refuses the item.
    /// `secureFolder` (the default path): nothing is sent into a folder that is not this user's alone.
    public static func send(_ json: String, to path: String, service: SocketService, timeout: Double = 5,
                            secureFolder: Bool = false) throws(UserError) -> String {
        if secureFolder { try SocketPath.secureFolder((path as NSString).deletingLastPathComponent, create: false) }
        let fd = try deliver(json, to: path, service: service, timeout: timeout)
        defer { close(fd) }
        return try awaitReply(fd, path: path, service: service, timeout: timeout)
    }

    /// Connect and write the item's line; returns the open connection, whose answer `awaitReply` reads.
    /// The line waits in the kernel until the instance reads it, so this never waits for the instance itself.
    static func deliver(_ json: String, to path: String, service: SocketService, timeout: Double = 5) throws(UserError) -> Int32 {
        let addr = try SocketPath.address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw UserError("cannot create a socket: \(String(cString: strerror(errno)))") }
        var ok = false
        defer { if !ok { close(fd) } }
        if SocketPath.connect(fd, addr) != 0 {
            let e = errno
            if e == ENOENT || e == ECONNREFUSED {
                throw UserError("no \(service.command) is listening on \(path); start one with `\(service.startHint)`")
            }
            throw UserError("cannot connect to \(path): \(String(cString: strerror(e)))")
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let line = Array((json.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        var sent = 0
        while sent < line.count {
            let n = line[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw UserError("the \(service.command) on \(path) did not read the \(service.item) within \(JSONValue.formatNumber(timeout)) s; is it suspended (Ctrl-Z)?")
            }
            guard n > 0 else {
                // An instance that refuses a line part-way (one too large) answers why before it closes.
                if let answer = readReply(fd), answer.hasPrefix("error ") { throw refusal(answer, path: path, service: service) }
                throw UserError("the \(service.command) on \(path) closed the connection before the \(service.item) was sent")
            }
            sent += n
        }
        ok = true
        return fd
    }

    /// Read the instance's one-line answer: `ok ID` gives the id, `error …` becomes the error.
    public static func awaitReply(_ fd: Int32, path: String, service: SocketService, timeout: Double = 5) throws(UserError) -> String {
        guard let text = readReply(fd) else {
            throw UserError("the \(service.command) on \(path) did not answer within \(JSONValue.formatNumber(timeout)) s; is it suspended (Ctrl-Z)?")
        }
        if text == Self.overlong {
            throw UserError("the program on \(path) answered more than \(maxReply / 1024) KB without ending the line; it is not a \(service.command) (pass --socket with the path a \(service.command) listens on)")
        }
        if text.hasPrefix("ok ") { return String(text.dropFirst(3)) }
        if text.hasPrefix("error ") { throw refusal(text, path: path, service: service) }
        throw UserError("the \(service.command) on \(path) gave no answer; it may have quit")
    }

    /// An `error …` answer as the user's one line: its reason, or (a listener that gave none, found by `make fuzz`:
    /// "error " alone printed an empty line) a sentence saying so.
    static func refusal(_ answer: String, path: String, service: SocketService) -> UserError {
        let reason = answer.dropFirst(6).trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard !reason.isEmpty else {
            return UserError("the \(service.command) on \(path) refused the \(service.item) without saying why")
        }
        return UserError(reason)
    }

    /// The longest answer line read (`ok` and every code of a large notify fits many times over).
    public static let maxReply = 65_536
    /// What `readReply` returns for a line longer than `maxReply`.
    static let overlong = "\u{0}overlong"

    /// The first line the instance wrote (empty when it closed without one); nil when the receive timeout passed.
    static func readReply(_ fd: Int32) -> String? {
        var reply: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(UInt8(ascii: "\n")) {
            // Bounded: a foreign listener answering "ok " and 4 MB made notify print 4 MB and exit 0 (issue 38).
            guard reply.count <= maxReply else { return overlong }
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
            guard n > 0 else { break }
            reply += buf[0..<n]
        }
        // Cut at the first newline byte, before decoding: as a String, "\r\n" is one Character that a split on "\n"
        // passes over, and "ok x\r\ny" gave an id of two lines (found by make fuzz). A CR ending the line goes too.
        var line = reply.firstIndex(of: UInt8(ascii: "\n")).map { reply[..<$0] } ?? reply[...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
