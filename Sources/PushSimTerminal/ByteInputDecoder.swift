// Bytes decoded into pushsim's events exactly as the interactive screen decodes them (ncurses, then InputDecoder),
// with no terminal: ncurses reads a pipe. For the fuzzer (`make fuzz`, target `input`) and the tests.

import CNcursesw
import Foundation
import PushSimScreens

public final class ByteInputDecoder {
    /// ncurses keeps the current terminal in globals: its users off the screen (this decoder, `ColorMode.probe`)
    /// take turns, so tests running side by side do not switch terminals under each other.
    static let ncurses = NSLock()

    /// One ncurses screen reading one pipe, per terminal type, made once and kept for the process: with two
    /// screens alive, ncurses 6.4's `delscreen` of one left the other reading nothing (every key came back ERR), so
    /// decoders share their terminal type's screen and take turns on it instead of each making and deleting one.
    private final class Screen: @unchecked Sendable {
        let screen: OpaquePointer
        let writeFD: Int32
        let readFD: Int32
        let pipeful: Int

        init?(term: String) {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return nil }
            // Non-blocking, as the screen makes standard input: a partial sequence ends where the bytes do.
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            guard let input = pushsim_fdopen_read(fds[0]), let output = fopen("/dev/null", "w") else {
                close(fds[0]); close(fds[1]); return nil
            }
            guard let scr = newterm(term, output, input) else { fclose(input); fclose(output); close(fds[1]); return nil }
            screen = scr
            writeFD = fds[1]
            readFD = fds[0]
            // Bytes are written a pipeful at a time, and a report or sequence cut at the end of one is lost: 1 MB (the
            // default maximum) where the kernel allows, else the 64 KB every pipe holds.
            pipeful = max(Int(pushsim_set_pipe_size(fds[1], 1 << 20)), 1 << 16)
            _ = set_term(scr)
            keypad(pushsim_stdscr(), true)
            NcursesDriver.defineKeyVariants()
            nodelay(pushsim_stdscr(), true)
        }
    }

    nonisolated(unsafe) private static var screens: [String: Screen] = [:]

    private let shared: Screen
    private let escapeDelay: Int32
    private var mouse = MouseTracking()

    /// nil when ncurses does not know `term` (its terminfo entry is what maps escape sequences to keys).
    /// `escapeDelay`: how long, in milliseconds, the rest of an escape sequence or mouse report is waited for once the
    /// bytes run out (the screen waits 25 ms; here every byte is written before it is read, so none by default).
    public init?(term: String = "xterm-256color", escapeDelay: Int32 = 0) {
        Self.ncurses.lock()
        defer { Self.ncurses.unlock() }
        if Self.screens[term] == nil { Self.screens[term] = Screen(term: term) }
        guard let shared = Self.screens[term] else { return nil }
        self.shared = shared
        self.escapeDelay = escapeDelay
        _ = set_term(shared.screen)
        // A fresh decoder starts from nothing: no bytes left in the pipe or in ncurses' buffer, no button held.
        flushinp()
        drain()
        NcursesDriver.enableMouse(&mouse)
    }

    /// The events `bytes` decode to, written and read a pipeful at a time.
    public func decode(_ bytes: [UInt8]) -> [InputEvent] {
        Self.ncurses.lock()
        defer { Self.ncurses.unlock() }
        begin()
        var events: [InputEvent] = []
        var rest = bytes[...]
        repeat {
            let piece = rest.prefix(shared.pipeful)
            rest = rest.dropFirst(piece.count)
            _ = piece.withUnsafeBytes { write(shared.writeFD, $0.baseAddress, $0.count) }
            events += NcursesDriver.readEvents(mouse: &mouse, input: shared.readFD, escapeDelay: escapeDelay) { Size(width: 80, height: 24) }
        } while !rest.isEmpty
        return events
    }

    /// The events of `first`, and of `rest` written `delay` later while the first are being read: a sequence the
    /// network cut in two.
    func decode(_ first: [UInt8], then rest: [UInt8], after delay: Duration) -> [InputEvent] {
        Self.ncurses.lock()
        defer { Self.ncurses.unlock() }
        begin()
        _ = first.withUnsafeBytes { write(shared.writeFD, $0.baseAddress, $0.count) }
        let fd = shared.writeFD
        let written = DispatchSemaphore(value: 0)
        let late = Thread {
            Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            _ = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            written.signal()
        }
        late.start()
        let events = NcursesDriver.readEvents(mouse: &mouse, input: shared.readFD, escapeDelay: escapeDelay) { Size(width: 80, height: 24) }
        // Whatever of the late bytes was not read belongs to no later decode.
        written.wait()
        drain()
        return events
    }

    /// Reads whatever is left in the pipe (its read end does not block) and drops it.
    private func drain() {
        var sink = [UInt8](repeating: 0, count: 4096)
        while read(shared.readFD, &sink, sink.count) > 0 {}
    }

    /// This decoder's turn on the shared screen. ncurses 6.4 keeps ESCDELAY in a global as well as in the screen.
    private func begin() {
        _ = set_term(shared.screen)
        set_escdelay(escapeDelay)
    }
}
