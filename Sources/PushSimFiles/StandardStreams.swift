// Standard output and error written without Foundation's FileHandle.write, which traps when a write fails.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum StandardStreams {
    /// Write `text` to standard error. A failure is ignored: there is nowhere left to say it.
    public static func error(_ text: String) {
        var text = text
        _ = text.withUTF8 { ReplacingFile.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }
}
