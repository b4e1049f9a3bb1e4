// Bytes decoded into pushsim's events exactly as the interactive screen decodes them (ncurses, then InputDecoder),
// with no terminal: ncurses reads a pipe. For the fuzzer (`make fuzz`, target `input`) and the tests.

import CNcursesw
import Foundation
import PushSimScreens

public final class ByteInputDecoder {
    /// ncurses keeps the current terminal in globals: its users off the screen (this decoder, `ColorMode.probe`)
    /// take turns, so tests running side by side do not switch terminals under each other.
    static let ncurses = NSLock()

    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let writeFD: Int32
    private let readFD: Int32
    private var mouseDown = false

    /// nil when ncurses does not know `term` (its terminfo entry is what maps escape sequences to keys).
    public init?(term: String = "xterm-256color") {
        Self.ncurses.lock()
        defer { Self.ncurses.unlock() }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        // Non-blocking, as the screen makes standard input: a partial sequence ends where the bytes do.
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        guard let input = pushsim_fdopen_read(fds[0]), let output = fopen("/dev/null", "w") else { return nil }
        guard let scr = newterm(term, output, input) else { fclose(input); fclose(output); close(fds[1]); return nil }
        screen = scr
        self.input = input
        self.output = output
        writeFD = fds[1]
        readFD = fds[0]
        _ = set_term(scr)
        keypad(pushsim_stdscr(), true)
        NcursesDriver.defineKeyVariants()
        nodelay(pushsim_stdscr(), true)
        // The screen waits 25 ms after a lone Esc for the rest of a sequence; here the bytes are all written before
        // they are read, so no wait is needed to see a whole sequence.
        set_escdelay(0)
        NcursesDriver.enableMouse()
    }

    /// The events `bytes` decode to, read in pieces of at most 4 KB (a pipe holds 64 KB).
    public func decode(_ bytes: [UInt8]) -> [InputEvent] {
        Self.ncurses.lock()
        defer { Self.ncurses.unlock() }
        _ = set_term(screen)
        var events: [InputEvent] = []
        var rest = bytes[...]
        repeat {
            let piece = rest.prefix(4096)
            rest = rest.dropFirst(piece.count)
            _ = piece.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
            events += NcursesDriver.readEvents(mouseDown: &mouseDown, input: readFD) { Size(width: 80, height: 24) }
        } while !rest.isEmpty
        return events
    }

    deinit {
        Self.ncurses.lock()
        defer { Self.ncurses.unlock() }
        _ = set_term(screen)
        endwin()
        delscreen(screen)
        fclose(input)
        fclose(output)
        close(writeFD)
    }
}
