// `pushsim mcp`'s standard input and output as an MCP transport: one JSON-RPC message per line, read in linear time
// whatever a line's length (a 100 MB argument takes one pass, not one scan of the whole line per 4 KB read), and a
// line over `maxLine` bytes dropped as it streams in and answered as a parse error, so memory stays bounded.

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

    init() {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        let continuation = self.continuation
        // A thread of its own for the blocking reads: the concurrency pool's few threads stay free for the calls.
        let reader = Thread { MCPLineTransport.readLines(into: continuation) }
        reader.stackSize = 1 << 20
        reader.start()
    }

    func disconnect() async { continuation.finish() }

    func send(_ data: Data) async throws {
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
    static func readLines(into continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation) {
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
