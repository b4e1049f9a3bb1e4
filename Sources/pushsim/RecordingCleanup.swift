// The hidden `.NAME.PID.partial` a recording is written to, removed however the process ends before it is in place.

import Foundation
import PushSimFiles

/// An interrupted `record` left its 0-byte partial file behind (issue 38). `fail` removes it through ReplacingFile's
/// list of pending files; an ending signal (Ctrl-C, kill, a closed pipe, a closed terminal) through the handler here,
/// which only unlinks and dies by the same signal (async-signal-safe: the path is a C string made beforehand).
enum RecordingCleanup {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ]
    nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]

    static func begin(_ temp: String) {
        ReplacingFile.track(temp)
        path = strdup(temp)
        var sa = sigaction()
        sa.__sigaction_handler.sa_handler = { sig in
            if let p = RecordingCleanup.path { unlink(p) }
            signal(sig, SIG_DFL)
            raise(sig)
        }
        sigemptyset(&sa.sa_mask)
        for sig in signals {
            var old = sigaction()
            sigaction(sig, nil, &old)
            // One the parent ignored stays ignored (a write then fails with an error `fail` reports and cleans up).
            if unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }  // SIG_IGN
            previous[sig] = old
            sigaction(sig, &sa, nil)
        }
    }

    /// The recording is in place or removed: nothing left to clean.
    static func end() {
        for (sig, old) in previous { var old = old; sigaction(sig, &old, nil) }
        previous = [:]
        if let p = path {
            ReplacingFile.untrack(String(cString: p))
            path = nil
            free(p)
        }
    }
}
