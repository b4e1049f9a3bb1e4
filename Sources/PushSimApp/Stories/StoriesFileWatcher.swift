// `--watch`: notices when a stories file's modification time changes and reloads it.

import Foundation
import PushSimEngine

public final class StoriesFileWatcher {
    public let path: String
    public let notification: Int?
    /// The device's language (`--language`) for a request's language dictionaries.
    public let language: String?
    private var lastModified: Date?
    /// Wakes the run loop when the file's folder changes; nil where inotify is missing (then the scene polls).
    let notifier: FileChangeNotifier?
    public var descriptor: Int32? { notifier?.descriptor }

    /// The device the push is personalised for (`--tags`), kept across reloads.
    public var device: PersonalizationDevice?
    public var raw = false

    public init(path: String, notification: Int? = nil, language: String? = nil) {
        self.path = path
        self.notification = notification
        self.language = language
        lastModified = StoriesFileWatcher.modified(path)
        notifier = FileChangeNotifier(watching: [path])
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// `.unchanged` until the modification time moves; then the new payload, or why it no longer reads.
    public func check() -> StoriesScene.Reload {
        // With inotify, nothing happened in the folder means nothing to look at (one non-blocking read).
        if let notifier, !notifier.drain() { return .unchanged }
        let m = StoriesFileWatcher.modified(path)
        guard m != lastModified else { return .unchanged }
        lastModified = m
        do {
            return .changed(try StoriesScene.load(path: path, notification: notification, language: language, device: device, raw: raw))
        } catch {
            return .failed(error)
        }
    }
}
