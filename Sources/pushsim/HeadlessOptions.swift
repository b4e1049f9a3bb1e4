// Options every experience command shares (the contract's headless table), and the writers behind them.

import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PushSimApp
import PushSimEngine
import PushSimScreens

struct HeadlessOptions: ParsableArguments {
    @Flag(help: "Run without a terminal: play --script on a simulated clock starting at 0, then exit.")
    var headless = false

    @Option(help: ArgumentHelp("Screen size in cells, WxH.", valueName: "WxH"))
    var size: String = "80x24"

    @Option(help: ArgumentHelp("Script steps separated by ';' or newlines.", valueName: "steps"))
    var script: String?

    @Option(help: ArgumentHelp("Read script steps from a file.", valueName: "file"))
    var scriptFile: String?

    @Option(help: ArgumentHelp("Write events as JSON Lines ('-' = standard output).", valueName: "path"))
    var events: String?

    @Option(help: ArgumentHelp("Write the screen as text after every step ('-' = standard output).", valueName: "path"))
    var frames: String?

    @Option(help: ArgumentHelp("The SQLite state file (default under $XDG_DATA_HOME/pushsim/).", valueName: "path"))
    var store: String?

    func validate() throws {
        guard Size(parsing: size) != nil else {
            throw ValidationError("--size must be WxH with whole numbers from 1 to 1000, such as 80x24 (got '\(size)')")
        }
        if script != nil && scriptFile != nil {
            throw ValidationError("use --script or --script-file, not both")
        }
    }

    var parsedSize: Size { Size(parsing: size)! }

    /// The steps of --script or --script-file; `fallback` when neither is given.
    func steps(fallback: String = "") throws(UserError) -> [ScriptStep] {
        if let scriptFile {
            return Script.parse(try InputFile.readText(scriptFile))
        }
        if let script { try RawArgument.checkUTF8(script, option: "--script") }
        return Script.parse(script ?? fallback)
    }
}

/// A line-oriented output: standard output for `-`, else a file created (or truncated) on first use.
final class OutputStream {
    private let fd: Int32
    private let path: String

    init(path: String) throws(UserError) {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
        } else {
            // open(2), not FileManager.createFile: that writes atomically by renaming a new file over the path,
            // which replaces /dev/null (or any device or FIFO) with a regular file when running as root.
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw Self.error(path, errno) }
        }
    }

    /// Write all of `s`; a failed write (a full disk, a file that refuses writes) ends the run with one line.
    func write(_ s: String) {
        var bytes = Array(s.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                fail(Self.error(path, errno))
            }
            bytes = bytes.dropFirst(n)
        }
    }

    /// `PATH: cannot be written (why)`, with a hint for the usual causes.
    static func error(_ path: String, _ code: Int32) -> UserError {
        let why = code == ENOENT || code == ENOTDIR ? "does its folder exist?"
            : code == EACCES || code == EPERM || code == EROFS ? "check its permissions" : String(cString: strerror(code))
        return UserError("\(path == "-" ? "standard output" : path): cannot be written (\(why))")
    }

    deinit { if fd != STDOUT_FILENO { close(fd) } }
}

/// Print a user error as one line on standard error and exit with its code.
func fail(_ e: UserError) -> Never {
    FileHandle.standardError.write(Data("pushsim: \(e.message)\n".utf8))
    Foundation.exit(e.exitCode)
}

extension HeadlessOptions {
    /// Wire the event and frame outputs to a runner and its sink, run the script (`fallback` when none is given),
    /// and exit on a script error. Returns the runner, at the script's end, for whoever draws that moment.
    @discardableResult
    func runHeadless(scene: ScriptableScene, sink: EventSink, fallback: String = "") -> HeadlessRunner {
        do {
            let eventsOut = try events.map { p throws(UserError) in try OutputStream(path: p) }
            let framesOut = try frames.map { p throws(UserError) in try OutputStream(path: p) }
            // Events emitted while the scene was built (start, warnings) go out first, at t=0.
            for e in sink.events { eventsOut?.write(e.jsonLine + "\n") }
            let previous = sink.onEvent
            sink.onEvent = { e in previous?(e); eventsOut?.write(e.jsonLine + "\n") }
            let runner = HeadlessRunner(scene: scene, size: parsedSize)
            if let framesOut { runner.onFrame = { framesOut.write($0) } }
            let steps = try self.steps(fallback: fallback)
            do {
                try runner.run(steps)
                return runner
            } catch let e as ScriptError {
                throw UserError(e.description, exitCode: 2)
            } catch {
                throw UserError("\(error)", exitCode: 2)
            }
        } catch let e as UserError {
            fail(e)
        } catch {
            fail(UserError("\(error)"))
        }
    }
}
