// --watch without polling: inotify says when a watched file's folder changed; the watcher then reads the file.

import Foundation
import Testing
@testable import PushSimApp

@Suite struct FileChangeNotifierTests {
    func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "pushsim-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func wakesOnAWriteAndARenameAndIsQuietOtherwise() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/story.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let n = try #require(FileChangeNotifier(watching: [file]))
        #expect(!n.drain(), "nothing happened yet")
        try Data("{\"a\":1}".utf8).write(to: URL(fileURLWithPath: file))   // Data.write is atomic: a rename over the file
        #expect(n.drain())
        #expect(!n.drain(), "drained")
        let fd = open(file, O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = write(fd, "[]", 2)
        close(fd)
        #expect(n.drain(), "an in-place write")
    }

    @Test func theStoriesWatcherReloadsOnlyWhenTheFileChanged() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/story.json"
        let one = #"{"pw_stories":{"pages":[{"image":"https://x/1.jpg"}]}}"#
        try Data(one.utf8).write(to: URL(fileURLWithPath: file))
        let w = StoriesFileWatcher(path: file)
        #expect(w.descriptor != nil)
        guard case .unchanged = w.check() else { Issue.record("reloaded with no change"); return }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/other.json"))  // a neighbour changes: a wake, no reload
        guard case .unchanged = w.check() else { Issue.record("reloaded for another file"); return }
        // A new modification time (file systems keep it to the nanosecond, but not every one: set it).
        try Data(#"{"pw_stories":{"pages":[{"image":"https://x/1.jpg"},{"image":"https://x/2.jpg"}]}}"#.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file)
        guard case .changed(let input) = w.check() else { Issue.record("the change was not seen"); return }
        #expect(input.payload.pages.count == 2)
    }
}
