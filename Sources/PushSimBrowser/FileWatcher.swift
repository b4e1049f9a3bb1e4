// Tells the server when one of its FILEs changed: the `--watch` machinery (inotify on their folders), on a thread.

import Foundation
import PushSimApp

/// Waits on the FILEs' folders with `FileChangeNotifier` (blocked in poll, so it wakes only when something happens
/// there) and calls `changed` when a FILE's bytes differ from what they were.
final class FileWatcher: @unchecked Sendable {
    // Only the watcher's thread touches `notifier` and `contents` once started.
    private let notifier: FileChangeNotifier
    private let files: [String]
    private var contents: [Data?]
    private let changed: @Sendable () -> Void

    /// nil when there is nothing to watch (standard input) or inotify is not available.
    init?(files: [String], changed: @escaping @Sendable () -> Void) {
        let watched = files.filter { $0 != "-" }
        guard !watched.isEmpty, let n = FileChangeNotifier(watching: watched) else { return nil }
        notifier = n
        self.files = watched
        contents = watched.map { FileManager.default.contents(atPath: $0) }
        self.changed = changed
    }

    func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "pushsim-serve-watch"
        thread.start()
    }

    private func loop() {
        while true {
            var p = pollfd(fd: notifier.descriptor, events: Int16(POLLIN), revents: 0)
            let n = poll(&p, 1, -1)
            if n < 0 && errno == EINTR { continue }
            guard n > 0, notifier.drain() else { if n < 0 { return } else { continue } }
            // An editor's save comes as several events: let them land, then compare once.
            usleep(50_000)
            _ = notifier.drain()
            let now = files.map { FileManager.default.contents(atPath: $0) }
            if now != contents {
                contents = now
                changed()
            }
        }
    }
}
