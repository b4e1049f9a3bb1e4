// How `pushsim mcp` runs a tool call: the `pushsim` beside pushsim-server (ChildRun.executable) as a child process with the call's command line, its standard input
// closed, its data and cache folders a temporary folder of the call's own, a time limit, and its output read back.

import Foundation
import MCP

struct MCPRunner: Sendable {
    let executable: String
    /// A call that runs longer is ended (a script of hours of simulated time takes seconds; a hang does not).
    var timeLimit: Double = 120
    /// At most this much of a child's standard output or error is read.
    static let maxOutput = 16 * 1024 * 1024

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The output as tool content: standard output, then what went to standard error.
        var texts: [Tool.Content] {
            var out: [Tool.Content] = []
            if !stdout.isEmpty { out.append(.text(text: stdout, annotations: nil, _meta: nil)) }
            if !stderr.isEmpty || status > 1 {
                out.append(.text(text: (stderr.isEmpty ? "" : stderr) + "(exit status \(status))", annotations: nil, _meta: nil))
            }
            return out
        }
    }

    /// `pushsim COMMAND --experimental-dump-help`: swift-argument-parser's own description of the command's options.
    func dumpHelp(_ command: String) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [command, "--experimental-dump-help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    /// A fresh folder for one call, under the system's temporary folder.
    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "pushsim-mcp-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw MCPError.internalError("could not make a temporary folder at \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// Run `arguments` in a child, in the server's current folder (so relative paths mean what the client meant).
    func run(_ arguments: [String], folder: String) async -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for key in ["XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"] { environment[key] = folder }
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let outPath = folder + "/stdout", errPath = folder + "/stderr"
        guard FileManager.default.createFile(atPath: outPath, contents: nil), FileManager.default.createFile(atPath: errPath, contents: nil),
              let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            return Outcome(status: 70, stdout: "", stderr: "could not make the output files in \(folder)")
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let box = ProcessBox(process)
        let started: Bool = await withCheckedContinuation { continuation in
            process.terminationHandler = { _ in continuation.resume(returning: true) }
            do {
                try process.run()
            } catch {
                continuation.resume(returning: false)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { box.endIfRunning() }
        }
        try? out.close()
        try? err.close()
        guard started else { return Outcome(status: 70, stdout: "", stderr: "could not start \(executable)") }
        var stderr = MCPRunner.read(errPath)
        if box.ended { stderr += "pushsim mcp: the call ran over \(Int(timeLimit)) s and was ended\n" }
        return Outcome(status: process.terminationStatus, stdout: MCPRunner.read(outPath), stderr: stderr)
    }

    /// A file's text, at most `maxOutput` bytes of it; empty when it cannot be read.
    static func read(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxOutput)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A child process shared with the timer that may end it.
final class ProcessBox: @unchecked Sendable {
    private let process: Process
    private let lock = NSLock()
    private(set) var ended = false
    init(_ process: Process) { self.process = process }
    func endIfRunning() {
        lock.lock(); defer { lock.unlock() }
        if process.isRunning { ended = true; process.terminate() }
    }
}
