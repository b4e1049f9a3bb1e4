// Wakes the run loop when a watched file may have changed: inotify on the files' folders, so nothing polls.

import Foundation

/// An inotify descriptor watching the folders of some files (editors often save by writing a new file and renaming
/// it over the old one, which a watch on the file itself would miss). It only says that something happened in
/// those folders; whoever holds it compares the files to see whether they changed.
public final class FileChangeNotifier {
    public let descriptor: Int32

    /// nil when inotify is not available (another system, or the watch limit reached): the caller polls instead.
    public init?(watching paths: [String]) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        let folders = Set(paths.map { path -> String in
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            let dir = (absolute as NSString).deletingLastPathComponent
            return dir.isEmpty ? "/" : dir
        })
        for dir in folders where inotify_add_watch(fd, dir, mask) < 0 {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    /// Reads every pending event without blocking; true when there was at least one.
    public func drain() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n > 0 { any = true; continue }
            if n < 0 && errno == EINTR { continue }
            return any
        }
    }

    deinit { close(descriptor) }
}
