// Asks the terminal (before ncurses takes it) and tmux what they can do for pixels; the answers feed PixelDetector.

import Foundation
import PushSimScreens

enum TerminalQuery {
    /// Primary Device Attributes, asked before ncurses starts. DA1 is followed by a Device Status Report, which
    /// every VT100-compatible terminal answers: once that answer is in, a missing DA1 reply is not still on its
    /// way, so nothing arrives later as keys. Gives up after `timeoutMs` (a terminal that answers nothing).
    static func deviceAttributes(input: Int32, output: Int32, timeoutMs: Int32 = 250) -> String? {
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

        let query = Array("\u{1B}[c\u{1B}[5n".utf8)
        guard query.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == query.count else { return nil }
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
        return extractDA1(reply)
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

    /// Pixels per cell from the kernel's window size (xterm, kitty, foot, WezTerm, iTerm2 fill it in); nil when the
    /// terminal leaves them 0.
    static func cellPixels(_ fd: Int32) -> Size? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0, ws.ws_xpixel > 0, ws.ws_ypixel > 0 else { return nil }
        return Size(width: Int(ws.ws_xpixel) / Int(ws.ws_col), height: Int(ws.ws_ypixel) / Int(ws.ws_row))
    }
}
