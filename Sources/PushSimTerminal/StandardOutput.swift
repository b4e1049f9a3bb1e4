// Whether what `print` buffered reached standard output (C's stdout is reached only through the shim).

import CNcursesw
import PushSimFiles

public enum StandardOutput {
    /// Flush what `print` buffered; if standard output refused it (`> /dev/full`), why, as one sentence.
    public static func flush() -> FileWriteError? {
        let code = pushsim_flush_stdout()
        return code == 0 ? nil : FileWriteError(path: "-", code: code)
    }
}
