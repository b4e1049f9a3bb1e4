// Asks the terminal (before ncurses takes it) and tmux what they can do for pixels; the answers feed PixelDetector.

import Foundation
import PushSimScreens

enum TerminalQuery {
    /// Primary Device Attributes, asked before ncurses starts. DA1 is followed by a Device Status Report, which
    /// every VT100-compatible terminal answers: once that answer is in, a missing DA1 reply is not still on its
    /// way, so nothing arrives later as keys. Gives up after `timeoutMs` (a terminal that answers nothing).
    static func deviceAttributes(input: Int32, output: Int32, timeoutMs: Int32 = 250) -> String? {
        guard let reply = exchange("\u{1B}[c", input: input, output: output, timeoutMs: timeoutMs) else { return nil }
        return extractDA1(reply)
    }

    /// Send `query` followed by a Device Status Report and read until the status reply (or `timeoutMs`): whatever
    /// the terminal answered to `query` arrives before it. nil when the terminal cannot be asked.
    static func exchange(_ query: String, input: Int32, output: Int32, timeoutMs: Int32) -> [UInt8]? {
        var saved = termios()
        guard isatty(input) == 1, tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }
        let bytes = Array((query + "\u{1B}[5n").utf8)
        guard bytes.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == bytes.count else { return nil }
        var reply: [UInt8] = []
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while !containsStatusReply(reply) {
            let left = Int32(deadline.timeIntervalSinceNow * 1000)
            guard left > 0 else { break }
            var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, left) > 0 else { break }
            var buf = [UInt8](repeating: 0, count: 256)
            let n = read(input, &buf, buf.count)
            guard n > 0 else { break }
            reply += buf[0..<n]
        }
        return reply
    }

    /// A terminal whose pty reports no pixel size (ws_xpixel 0: xterm without allowWindowOps in some builds, mosh,
    /// a serial line…) may still answer XTWINOPS: `CSI 16 t` (a cell's size, reply `CSI 6 ; H ; W t`), else
    /// `CSI 14 t` (the text area's, reply `CSI 4 ; H ; W t`, divided by the rows and columns).
    static func askCellPixels(input: Int32, output: Int32, timeoutMs: Int32 = 250) -> Size? {
        guard let reply = exchange("\u{1B}[16t\u{1B}[14t", input: input, output: output, timeoutMs: timeoutMs) else { return nil }
        var ws = winsize()
        let cols = ioctl(output, UInt(TIOCGWINSZ), &ws) == 0 ? Int(ws.ws_col) : 0, rows = Int(ws.ws_row)
        return parseCellPixels(reply, columns: cols, rows: rows)
    }

    /// The cell size from `CSI 6 ; H ; W t`, else from `CSI 4 ; H ; W t` over `columns` × `rows`.
    static func parseCellPixels(_ bytes: [UInt8], columns: Int, rows: Int) -> Size? {
        let s = String(decoding: bytes, as: UTF8.self)
        func reply(_ kind: String) -> (h: Int, w: Int)? {
            guard let r = s.range(of: "\u{1B}[\(kind);") else { return nil }
            guard let end = s[r.upperBound...].firstIndex(of: "t") else { return nil }
            let parts = s[r.upperBound..<end].split(separator: ";").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
            return (parts[0], parts[1])
        }
        if let c = reply("6") { return Size(width: c.w, height: c.h) }
        if let a = reply("4"), columns > 0, rows > 0, a.w / columns > 0, a.h / rows > 0 {
            return Size(width: a.w / columns, height: a.h / rows)
        }
        return nil
    }

    /// `ESC [ 0 n` (or `3 n`): the status report that ends the exchange.
    static func containsStatusReply(_ bytes: [UInt8]) -> Bool {
        let s = String(decoding: bytes, as: UTF8.self)
        return s.contains("\u{1B}[0n") || s.contains("\u{1B}[3n")
    }

    /// The `ESC [ ? … c` reply among whatever arrived (keys typed meanwhile are dropped with it).
    static func extractDA1(_ bytes: [UInt8]) -> String? {
        let s = String(decoding: bytes, as: UTF8.self)
        guard let start = s.range(of: "\u{1B}[?") else { return nil }
        guard let end = s[start.upperBound...].firstIndex(of: "c") else { return nil }
        return String(s[start.lowerBound...end])
    }

    /// tmux's `allow-passthrough` for this pane (inherited values included); nil when tmux cannot be asked.
    static func tmuxPassthrough(environment env: [String: String]) -> Bool? {
        var args = ["show-options", "-Apv"]
        if let pane = env["TMUX_PANE"], !pane.isEmpty { args += ["-t", pane] }
        args.append("allow-passthrough")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux"] + args
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        let value = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return value == "on" || value == "all"
    }

    /// The window's size in cells, as the kernel has it; nil when it does not know (not a terminal, or 0 × 0).
    static func cells(_ fd: Int32) -> Size? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return Size(width: Int(ws.ws_col), height: Int(ws.ws_row))
    }

    /// Pixels per cell from the kernel's window size (xterm, kitty, foot, WezTerm, iTerm2 fill it in); nil when the
    /// terminal leaves them 0.
    static func cellPixels(_ fd: Int32) -> Size? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0, ws.ws_xpixel > 0, ws.ws_ypixel > 0 else { return nil }
        return Size(width: Int(ws.ws_xpixel) / Int(ws.ws_col), height: Int(ws.ws_ypixel) / Int(ws.ws_row))
    }
}
