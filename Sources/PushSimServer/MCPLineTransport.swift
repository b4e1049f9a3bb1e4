// `pushsim mcp`'s standard input and output as an MCP transport: one JSON-RPC message per line, read in linear time
// whatever a line's length (a 100 MB argument takes one pass, not one scan of the whole line per 4 KB read), and a
// line over `maxLine` bytes dropped as it streams in and answered as a parse error, so memory stays bounded. When
// standard input ends, the server stays until every request read has been answered (`answers`).

import Foundation
import Logging
import MCP

#if canImport(Glibc)
import Glibc
#endif

actor MCPLineTransport: Transport {
    nonisolated let logger = Logger(label: "pushsim.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    /// A message longer than this is not kept (a tool's largest argument is InputFile.maxBytes, 64 MB, escaped).
    static let maxLine = 160 * 1024 * 1024

    private let stream: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var started = false
    /// The requests read and not answered yet.
    nonisolated let answers = PendingAnswers()

    init() {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        let continuation = self.continuation, answers = self.answers
        // A thread of its own for the blocking reads: the concurrency pool's few threads stay free for the calls.
        let reader = Thread { MCPLineTransport.readLines(into: continuation, answers: answers) }
        reader.stackSize = 1 << 20
        reader.start()
    }

    func disconnect() async { continuation.finish() }

    func send(_ data: Data) async throws {
        defer { answers.sent(data) }
        var line = data
        line.append(0x0A)
        let failed: Int32? = line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return n == 0 ? EIO : errno }
                offset += n
            }
            return nil
        }
        if let failed { throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: failed) ?? .EIO)) }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> { stream }

    /// Reads standard input to its end, yielding each non-empty line; an over-long line becomes one line that is not
    /// JSON (the server answers it with a parse error) once its end arrives.
    static func readLines(into continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation, answers: PendingAnswers? = nil) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line = Data()
        var overLong = false
        while true {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            var start = 0
            while start < n {
                guard let newline = chunk[start..<n].firstIndex(of: 0x0A) else {
                    if !overLong { line.append(contentsOf: chunk[start..<n]) }
                    break
                }
                if !overLong { line.append(contentsOf: chunk[start..<newline]) }
                if overLong {
                    continuation.yield(Data("message over \(maxLine) bytes dropped".utf8))
                } else if !line.isEmpty {
                    answers?.read(line)
                    continuation.yield(line)
                }
                line = Data()
                overLong = false
                start = newline + 1
            }
            if line.count > maxLine { line = Data(); overLong = true }
        }
        continuation.finish()
    }
}

/// The ids of the requests read whose answer has not been sent. The SDK's server handles each request in a task of
/// its own and its receive loop ends with standard input, so without this a client that writes its requests and
/// closes its end (`printf '…' | pushsim mcp`) lost the answers still being worked on: the process ended first.
/// Not followed (their answers still come while the process is there): a batch (a JSON array), and a request over
/// `probedBytes`, which is not read a second time (the SDK reads it already).
final class PendingAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<String> = []

    /// The parts of a message this needs: its id, and whether it is a request or an answer.
    private struct Probe: Decodable {
        var id: String?
        var isRequest = false, isAnswer = false
        enum Key: String, CodingKey { case id, method, result, error }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            if let n = try? c.decode(Int.self, forKey: .id) { id = "n\(n)" } else if let s = try? c.decode(String.self, forKey: .id) { id = "s" + s }
            isRequest = c.contains(.method)
            isAnswer = c.contains(.result) || c.contains(.error)
        }
    }

    static let probedBytes = 16 * 1024 * 1024

    private static func probe(_ data: Data) -> Probe? {
        guard data.count <= probedBytes, data.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }).first == UInt8(ascii: "{") else { return nil }
        return try? JSONDecoder().decode(Probe.self, from: data)
    }

    /// A line read: a request with an id is waited for.
    func read(_ line: Data) {
        guard let p = Self.probe(line), p.isRequest, let id = p.id else { return }
        lock.lock(); ids.insert(id); lock.unlock()
    }

    /// A message sent: an answer is one fewer to wait for.
    func sent(_ message: Data) {
        guard let p = Self.probe(message), p.isAnswer, let id = p.id else { return }
        lock.lock(); ids.remove(id); lock.unlock()
    }

    var waiting: Int { lock.lock(); defer { lock.unlock() }; return ids.count }

    /// Returns when every request read has been answered, or after `limit` seconds (a call ends by its own time
    /// limit, so this is only a backstop). Polled every 10 ms: only after standard input has ended.
    func waitUntilAnswered(limit: Double) async {
        let end = Date().addingTimeInterval(limit)
        while waiting > 0 && Date() < end { try? await Task.sleep(for: .milliseconds(10)) }
    }
}

