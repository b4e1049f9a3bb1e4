// A tiny HTTP/1.1 server on 127.0.0.1 (ephemeral port), started by the tests themselves; never the real network.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the server does for one path.
enum Route: Sendable {
    /// Status, headers and body; `Content-Length` is added unless `declaredLength` says otherwise.
    case respond(status: Int, headers: [String: String] = [:], body: Data = Data(), declaredLength: Int64? = nil)
    /// Sleep before answering (a server that never answers in time).
    case stall(seconds: Double)
    /// Send headers declaring `declared` bytes, then `body`, then close: a truncated response.
    case truncate(body: Data, declared: Int)
    /// Stream `total` bytes with no Content-Length, closing at the end.
    case stream(total: Int)
}

final class TestHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Route]
    private var hits: [String: Int] = [:]
    private var stopped = false

    init(routes: [String: Route]) throws {
        self.routes = routes
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { close(listener); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &len) }
        }
        let port = UInt16(bigEndian: addr.sin_port)
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func hitCount(_ path: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        return hits[path, default: 0]
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            let fd = accept(listener, nil, nil)
            if fd < 0 { if isStopped { return }; continue }
            Thread { [self] in handle(fd) }.start()
        }
    }

    private func handle(_ fd: Int32) {
        defer { close(fd) }
        var request = Data()
        var buf = [UInt8](repeating: 0, count: 4096)
        while !request.contains(Data("\r\n\r\n".utf8)) {
            let n = read(fd, &buf, buf.count)
            if n <= 0 { return }
            request.append(contentsOf: buf[0..<n])
        }
        let line = String(decoding: request.prefix(while: { $0 != 13 }), as: UTF8.self)
        let parts = line.split(separator: " ")
        let path = parts.count > 1 ? String(parts[1]) : "/"
        lock.lock()
        hits[path, default: 0] += 1
        let route = routes[path] ?? .respond(status: 404)
        lock.unlock()

        switch route {
        case .respond(let status, let headers, let body, let declared):
            var h = headers
            h["Content-Length"] = String(declared ?? Int64(body.count))
            send(fd, head(status, h))
            send(fd, body)
        case .stall(let seconds):
            let end = Date().addingTimeInterval(seconds)
            while Date() < end && !isStopped { usleep(20_000) }
            send(fd, head(200, ["Content-Length": "0"]))
        case .truncate(let body, let declared):
            send(fd, head(200, ["Content-Type": "image/png", "Content-Length": String(declared)]))
            send(fd, body)
        case .stream(let total):
            send(fd, head(200, ["Content-Type": "image/png", "Connection": "close"]))
            let chunk = Data(repeating: 0x41, count: 64 * 1024)
            var sent = 0
            while sent < total && !isStopped {
                if !send(fd, chunk) { return }
                sent += chunk.count
            }
        }
    }

    private func head(_ status: Int, _ headers: [String: String]) -> Data {
        var s = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nConnection: close\r\n"
        for (k, v) in headers.sorted(by: { $0.key < $1.key }) where k != "Connection" { s += "\(k): \(v)\r\n" }
        return Data((s + "\r\n").utf8)
    }

    @discardableResult
    private func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var off = 0
            while off < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + off, raw.count - off, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                off += n
            }
            return true
        }
    }
}
