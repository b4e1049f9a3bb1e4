// Issue 25 item 1: a write is whole or not at all, a failure is one sentence, and devices are written in place.

import Foundation
import Testing
@testable import PushSimFiles

@Suite struct ReplacingFileTests {
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "pushsim-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func contents(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func theOldFileStaysUntilTheNewOneIsWhole() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/report.md"
        try ReplacingFile.write("old", to: path)
        let file = try ReplacingFile(path: path)
        try file.write("new, half")
        #expect(contents(path) == "old")
        file.abandon()
        #expect(contents(path) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.md"])
        try ReplacingFile.write("new", to: path)
        #expect(contents(path) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.md"])
    }

    @Test func aFullDeviceIsOneSentenceAndNotReplaced() throws {
        #expect(throws: FileWriteError(path: "/dev/full", code: ENOSPC)) { try ReplacingFile.write("x", to: "/dev/full") }
        #expect(FileWriteError(path: "/dev/full", code: ENOSPC).message == "/dev/full: cannot be written (the disk is full)")
        var st = stat()
        #expect(stat("/dev/full", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
        try ReplacingFile.write("x", to: "/dev/null")
        #expect(stat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aLinkStaysALinkAndAMissingFolderIsNamed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try ReplacingFile.write("target", to: dir + "/real.txt")
        #expect(symlink(dir + "/real.txt", dir + "/link.txt") == 0)
        try ReplacingFile.write("through the link", to: dir + "/link.txt")
        #expect(contents(dir + "/real.txt") == "through the link")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.txt")) == dir + "/real.txt")
        #expect(throws: FileWriteError(path: dir + "/no/such/x", code: ENOENT)) { try ReplacingFile.write("x", to: dir + "/no/such/x") }
        #expect(throws: FileWriteError(path: dir, code: EISDIR)) { try ReplacingFile.write("x", to: dir) }
        #expect(symlink(dir + "/loop", dir + "/loop") == 0)
        #expect(throws: FileWriteError(path: dir + "/loop", code: ELOOP)) { try ReplacingFile.write("x", to: dir + "/loop") }
    }

    @Test func abandonAllRemovesTemporaryFilesInFlight() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try ReplacingFile(path: dir + "/x.cast")
        #expect(FileManager.default.fileExists(atPath: file.writingPath))
        ReplacingFile.abandonAll()
        #expect(!FileManager.default.fileExists(atPath: file.writingPath))
        file.abandon()
    }

    @Test func controlCharactersAreEscapedButLinesStayLines() {
        #expect(StandardStreams.escapingControls("in/esc\u{1B}]0;PWNED\u{07}.json") == "in/esc\\e]0;PWNED\\a.json")
        #expect(StandardStreams.escapingControls("a\tb\nc\r\u{01}\u{7F}\u{9B}") == "a\tb\nc\\r\\x01\\x7F\\u{9B}")
        #expect(StandardStreams.escapingControls("日本語 é") == "日本語 é")
    }
}
