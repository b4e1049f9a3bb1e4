// The terminal's side of the contract's headless table (--headless, --size, --frames), and the writers behind a run.

import ArgumentParser
import Foundation
import PushSimFiles
#if canImport(Glibc)
import Glibc
#endif
import PushSimApp
import PushSimEngine
import PushSimScreens

// The headless options themselves (--headless, --size, --frames) are TerminalOptions' own (TerminalOptions.swift).

extension TerminalOptions.Values {
    var parsedSize: Size { Size(parsing: size)! }

    /// Run `script` headless on this screen.
    @discardableResult
    func run(_ scene: ScriptableScene, sink: EventSink, script: ScriptOptions.Values) -> HeadlessRunner {
        script.runHeadless(scene: scene, sink: sink, size: parsedSize, frames: frames)
    }
}

extension TerminalOptions {
    var parsedSize: Size { values.parsedSize }

    /// `--size`'s default: the screen a headless run without it, and every `snapshot`, lays out on.
    static let defaultSize = Size(width: 80, height: 24)

    /// Run `script` headless on this screen.
    @discardableResult
    func run(_ scene: ScriptableScene, sink: EventSink, script: ScriptOptions) -> HeadlessRunner {
        values.run(scene, sink: sink, script: script.values)
    }
}

/// A line-oriented output: standard output for `-`, else a file created (or truncated) on first use and written as
/// the run goes (an interactive run's --events is read while it plays). A write that fails ends the run in one line
/// and removes the file, so nothing half-written is left under its name; a whole document (a report) is written
/// with `ReplacingFile` instead.
final class OutputStream {
    private let fd: Int32
    private let path: String
    /// The path is a regular file this stream created or truncated (not a device, a FIFO or standard output).
    private let isRegularFile: Bool

    init(path: String) throws(UserError) {
        self.path = path
        if path == "-" {
            if let problem = StandardStreams.closedOutputProblem("'-'") { throw UserError(problem) }
            fd = STDOUT_FILENO
            isRegularFile = false
        } else {
            // open(2), not FileManager.createFile: that writes atomically by renaming a new file over the path,
            // which replaces /dev/null (or any device or FIFO) with a regular file when running as root.
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw UserError(FileWriteError(path: path, code: errno).message) }
            var st = stat()
            isRegularFile = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// Write all of `s`; a failed write (a full disk, a file that refuses writes) ends the run with one line.
    func write(_ s: String) { write(bytes: Array(s.utf8)) }

    func write(bytes all: [UInt8]) {
        var bytes = all[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = FileWriteError(path: path, code: errno)
                if isRegularFile { unlink(path) }
                fail(UserError(error.message))
            }
            bytes = bytes.dropFirst(n)
        }
    }

    deinit { if fd != STDOUT_FILENO { close(fd) } }
}

/// Print a user error as one line on standard error and exit with its code.
func fail(_ e: UserError) -> Never {
    ReplacingFile.abandonAll()
    StandardStreams.error("pushsim: \(e.message)\n")
    Foundation.exit(e.exitCode)
}
