// The sending side of the banner socket: `pushsim notify` connects, sends one JSON line, and reads the answer.

import Foundation
import PushSimEngine

public enum BannerClient {
    /// Send one banner (its JSON text, on one line) to the instance listening on `path`; returns the id it was
    /// shown as. Throws a one-line `UserError` when nobody listens or the instance refuses the banner.
    public static func send(_ json: String, to path: String, timeout: Double = 5) throws(UserError) -> String {
        let fd = try deliver(json, to: path, timeout: timeout)
        defer { close(fd) }
        return try awaitReply(fd, path: path, timeout: timeout)
    }

    /// Connect and write the banner's line; returns the open connection, whose answer `awaitReply` reads.
    /// The line waits in the kernel until the instance reads it, so this never waits for the instance itself.
    static func deliver(_ json: String, to path: String, timeout: Double = 5) throws(UserError) -> Int32 {
        let addr = try BannerSocketPath.address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw UserError("cannot create a socket: \(String(cString: strerror(errno)))") }
        var ok = false
        defer { if !ok { close(fd) } }
        if BannerSocketPath.connect(fd, addr) != 0 {
            let e = errno
            if e == ENOENT || e == ECONNREFUSED {
                throw UserError("no pushsim inapp is listening on \(path); start one with `pushsim inapp`")
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
                throw UserError("the pushsim inapp on \(path) did not read the banner within \(JSONValue.formatNumber(timeout)) s; is it suspended (Ctrl-Z)?")
            }
            guard n > 0 else { throw UserError("the pushsim inapp on \(path) closed the connection before the banner was sent") }
            sent += n
        }
        ok = true
        return fd
    }

    /// Read the instance's one-line answer: `ok ID` gives the id, `error …` becomes the error.
    static func awaitReply(_ fd: Int32, path: String, timeout: Double = 5) throws(UserError) -> String {
        var reply: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 512)
        while !reply.contains(UInt8(ascii: "\n")) && reply.count < 4096 {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw UserError("the pushsim inapp on \(path) did not answer within \(JSONValue.formatNumber(timeout)) s; is it suspended (Ctrl-Z)?")
            }
            guard n > 0 else { break }
            reply += buf[0..<n]
        }
        let text = String(decoding: reply, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if text.hasPrefix("ok ") { return String(text.dropFirst(3)) }
        if text.hasPrefix("error ") { throw UserError(String(text.dropFirst(6))) }
        throw UserError("the pushsim inapp on \(path) gave no answer; it may have quit")
    }
}
