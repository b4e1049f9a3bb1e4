// The recording path: ncurses writes into a pipe, and this relay copies every byte to the terminal and the cast file.

import CNcursesw
import Foundation
import PushSimFiles

/// Copies what ncurses writes (the read end of a pipe) to the terminal, and records each chunk as asciicast v2.
final class OutputRelay: @unchecked Sendable {
    /// The FILE ncurses writes to.
    let ncursesOutput: UnsafeMutablePointer<FILE>
    private let readFD: Int32
    private let ttyFD: Int32
    private let cast: ReplacingFile
    /// The first failed write to the recording; the rest of the run still reaches the terminal, and `finish`
    /// reports it (the recording is abandoned, never left half-written under its name).
    private var failure: FileWriteError?
    private let start: Double
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var written = 0
    private var closed = false
    /// Set when the run never started (`abandon`): the recording is removed instead of moved into place.
    private var discard = false
    /// True while a chunk read from the pipe is being copied out.
    private var busy = false

    init(castPath: String, width: Int, height: Int, title: String, start: Double) throws(TerminalError) {
        // Into a temporary file renamed over the path at the end (a device such as /dev/null is written directly).
        let handle: ReplacingFile
        do { handle = try ReplacingFile(path: castPath) } catch { throw TerminalError(error.message) }
        let header = Asciicast.header(width: width, height: height, timestamp: Int(pushsim_realtime_seconds()), title: title)
        // Written before the screen starts, so a full disk or /dev/full is one sentence, not a broken terminal.
        do { try handle.write(header) } catch { throw TerminalError(error.message) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalError("cannot record: no pipe available") }
        // A big pipe lets a full redraw of a large terminal pass without waiting on the relay thread.
        _ = pushsim_set_pipe_size(fds[1], 1 << 20)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        guard let out = pushsim_fdopen_write(fds[1]) else { throw TerminalError("cannot record: fdopen failed") }
        ncursesOutput = out
        readFD = fds[0]
        ttyFD = STDOUT_FILENO
        cast = handle
        self.start = start
        let thread = Thread { [self] in self.pump() }
        thread.name = "pushsim-record"
        thread.start()
    }

    var bytesWritten: Int { lock.lock(); defer { lock.unlock() }; return written }

    private func pump() {
        var encoder = Asciicast()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            lock.lock(); busy = true; lock.unlock()
            let chunk = Array(buffer[0..<n])
            var off = 0
            while off < n {
                let w = chunk.withUnsafeBytes { write(ttyFD, $0.baseAddress! + off, n - off) }
                if w < 0 { if errno == EINTR { continue }; break }
                off += w
            }
            lock.lock()
            busy = false
            written += n
            if failure == nil, let line = encoder.outputLine(chunk, at: pushsim_monotonic_seconds() - start) {
                do { try cast.write(line) } catch { failure = error }
            }
            lock.unlock()
        }
        close(readFD)
        lock.lock()
        if discard {
            cast.abandon()
        } else if failure == nil {
            do { try cast.commit() } catch { failure = error }
        }
        lock.unlock()
        done.signal()
    }

    /// Wait (up to a second) until everything ncurses has written so far has reached the terminal: before the
    /// process stops for Ctrl-Z, the screen restore must not be left sitting in the pipe.
    func drain() {
        let deadline = pushsim_monotonic_seconds() + 1
        // Idle twice in a row, 2 ms apart: the relay may have just read a chunk and not yet marked itself busy.
        var idleBefore = false
        while pushsim_monotonic_seconds() < deadline {
            var pending: Int32 = 0
            _ = ioctl(readFD, UInt(FIONREAD), &pending)
            lock.lock(); let idle = !busy && pending == 0; lock.unlock()
            if idle && idleBefore { return }
            idleBefore = idle
            usleep(2000)
        }
    }

    /// Record that the terminal is now `width`×`height` (an asciicast `r` event), so playback resizes too.
    func noteResize(width: Int, height: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed, failure == nil else { return }
        do { try cast.write(Asciicast.resizeLine(width: width, height: height, at: pushsim_monotonic_seconds() - start)) } catch { failure = error }
    }

    /// Stop relaying and remove the recording: the screen never started.
    func abandon() {
        lock.lock(); discard = true; lock.unlock()
        finish()
    }

    /// Close ncurses' end and wait until everything it wrote reached the terminal and the file, which is then moved
    /// into place. Returns why the recording could not be written, if it could not.
    @discardableResult
    func finish() -> FileWriteError? {
        lock.lock()
        let already = closed
        closed = true
        lock.unlock()
        if !already {
            fclose(ncursesOutput)
            done.wait()
        }
        lock.lock(); defer { lock.unlock() }
        return failure
    }
}
