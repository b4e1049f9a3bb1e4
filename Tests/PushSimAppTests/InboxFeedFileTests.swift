// Reading a feed file straight into its byte array, the fallbacks that keep InputFile's one-line errors, and the
// byte-level "://" test the image folders use.

import Foundation
import Testing
@testable import PushSimApp

@Suite struct InboxFeedFileTests {
    @Test func regularFilesReadWhole() throws {
        let path = NSTemporaryDirectory() + "pushsim-inbox-file-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = #"{"response":{"messages":[]}} "# + String(repeating: "é", count: 70_000)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try InboxFeedFile.readBytes(path) == Array(text.utf8))
    }

    @Test func problemsKeepInputFileMessages() throws {
        #expect(throws: UserError("/nonexistent/feed.json: no such file")) { try InboxFeedFile.readBytes("/nonexistent/feed.json") }
        let dir = NSTemporaryDirectory()
        #expect(throws: UserError("\(dir): is a folder, not a file")) { try InboxFeedFile.readBytes(dir) }
        let empty = dir + "pushsim-inbox-empty-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: empty) }
        FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(try InboxFeedFile.readBytes(empty) == [])
    }

    @Test func schemeSeparatorOnBytes() {
        for (s, expected) in [("https://x", true), ("a://", true), ("x::://y", true), ("img/a.png", false), (":/", false),
                              ("a:/b//c", false), ("", false), ("é://ü", true)] {
            #expect(InboxScene.hasScheme(s) == expected, "\(s)")
            #expect(InboxScene.hasScheme(s) == s.contains("://"), "\(s) agrees with contains")
        }
    }
}
