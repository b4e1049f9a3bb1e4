// Standard output and error written without Foundation's FileHandle.write, which traps when a write fails.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum StandardStreams {
    /// Write `text` to standard error, control characters escaped (`escapingControls`). A failure is ignored: there
    /// is nowhere left to say it.
    public static func error(_ text: String) {
        var text = escapingControls(text)
        _ = text.withUTF8 { ReplacingFile.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    /// Write `text` to standard error as it is, for the terminal controls pushsim means (a progress bar's carriage
    /// return and erase-line). A failure is ignored, as in `error`.
    public static func errorAsIs(_ text: String) {
        var text = text
        _ = text.withUTF8 { ReplacingFile.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    /// Text with every control character but newline and tab shown as an escape (`\e`, `\a`, `\r`, `\x01`, `\u{9B}`),
    /// as ls and git show odd file names: a file name, a JSON string, a server's answer or a URL that pushsim prints
    /// can then never move the cursor, set the window title or ring the bell.
    public static func escapingControls(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x0A, 0x09: out.unicodeScalars.append(scalar)
            case 0x1B: out += "\\e"
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x0B: out += "\\v"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F: out += "\\x" + hex(v, digits: 2)
            case 0x80..<0xA0: out += "\\u{" + hex(v, digits: 2) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - h.count)) + h
    }
}

extension StandardStreams {
    /// Whether standard output was closed when pushsim started (`>&-`): the placeholder `/dev/null` put there so no
    /// file gets descriptor 1 is close-on-exec, which an inherited standard output never is. Writes to it succeed
    /// and go nowhere, so an output of `-` then is an error, not a success with nothing written (issue 38).
    public static var outputIsClosed: Bool {
        let flags = fcntl(STDOUT_FILENO, F_GETFD)
        return flags < 0 || flags & FD_CLOEXEC != 0
    }

    /// The sentence for `option -` (`-o -`, `--dump`) when standard output is closed; nil when it is open.
    public static func closedOutputProblem(_ option: String) -> String? {
        outputIsClosed ? "standard output is closed, so \(option) would write nowhere; give a file name, or run it with standard output open" : nil
    }
}
