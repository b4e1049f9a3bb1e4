// Mapping a feed file for the parser, the fallbacks that keep InputFile's one-line errors, and the
// byte-level "://" test the image folders use.

import Foundation
import Testing
@testable import PushSimApp

@Suite struct InboxFeedFileTests {
    // Issue 38 item 3: a feed truncated while mapped raised SIGBUS on the next touch of a page past its new end. The
    // guard maps zeros there, and the reader says the file changed instead of what it parsed.
    @Test func aFileThatShrinksWhileMappedIsReportedNotASignal() throws {
        let path = NSTemporaryDirectory() + "pushsim-inbox-shrink-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try String(repeating: "x", count: 200_000).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: UserError(InboxFeedFile.Mapping.changedMessage(path))) {
            try InboxFeedFile.withBytes(path) { bytes, release in
                release?(0..<bytes.count)  // the pages come back from the file on the next read
                truncate(path, 0)
                return bytes.reduce(0) { $0 &+ Int($1) }  // every page touched past the end: zeros now
            }
        }
        // Rewritten in place, longer: no signal, but changed too.
        try String(repeating: "y", count: 4096).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: UserError(InboxFeedFile.Mapping.changedMessage(path))) {
            try InboxFeedFile.withBytes(path) { bytes -> Int in
                try String(repeating: "z", count: 8192).write(toFile: path, atomically: false, encoding: .utf8)
                return bytes.count
            }
        }
        try String(repeating: "y", count: 4096).write(toFile: path, atomically: false, encoding: .utf8)
        // Left alone: read as it is.
        #expect(try InboxFeedFile.withBytes(path) { $0.count } == 4096)
    }

    // The load path maps a regular file; everything else keeps InputFile's errors and its standard-input handling.
    @Test func withBytesMapsRegularFilesAndKeepsTheErrors() throws {
        let path = NSTemporaryDirectory() + "pushsim-inbox-map-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = "[" + String(repeating: "{\"a\":\"ü\"},", count: 5_000) + "1]"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try InboxFeedFile.withBytes(path) { Array($0) } == Array(text.utf8))
        #expect(InboxFeedFile.Mapping(path) != nil)
        #expect(throws: UserError("/nonexistent/feed.json: no such file")) { try InboxFeedFile.withBytes("/nonexistent/feed.json") { $0.count } }
        let dir = NSTemporaryDirectory()
        #expect(throws: UserError("\(dir): is a folder, not a file")) { try InboxFeedFile.withBytes(dir) { $0.count } }
        let empty = NSTemporaryDirectory() + "pushsim-inbox-empty-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(InboxFeedFile.Mapping(empty) == nil, "an empty file cannot be mapped")
        #expect(try InboxFeedFile.withBytes(empty) { $0.count } == 0)
    }

    // Issue 14: a feed of 1,000,000 messages (about 370 MB) is one file; feeds have their own cap, not InputFile's
    // 64 MB, and a feed over it is refused in one line naming the file and the cap.
    @Test func feedFilesHaveTheirOwnLargerCap() throws {
        let path = NSTemporaryDirectory() + "pushsim-inbox-big-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        // Sparse: the size is what counts, no 65 MB is written.
        let size = InputFile.maxBytes + 1
        #expect(truncate(path, off_t(size)) == 0)
        #expect(InboxFeedFile.maxBytes >= 1 << 30)
        #expect(try InboxFeedFile.withBytes(path) { $0.count } == size)
        #expect(throws: UserError("\(path): the feed is 64 MB; pushsim reads inbox feeds up to 32 MB")) {
            try InboxFeedFile.withBytes(path, limit: 32 << 20) { $0.count }
        }
    }

    @Test func schemeSeparatorOnBytes() {
        for (s, expected) in [("https://x", true), ("a://", true), ("x::://y", true), ("img/a.png", false), (":/", false),
                              ("a:/b//c", false), ("", false), ("é://ü", true)] {
            #expect(InboxScene.hasScheme(s) == expected, "\(s)")
            #expect(InboxScene.hasScheme(s) == s.contains("://"), "\(s) agrees with contains")
        }
    }
}

/// Issue 14: a parsed feed's mapped pages are given back while its messages are built, and the bytes stay valid.
@Suite struct InboxFeedFileReleaseTests {
    /// The resident kilobytes of this process's mapping that holds `base` (/proc/self/smaps), -1 when none does.
    func residentKB(_ base: UnsafeRawPointer) throws -> Int {
        // Read with read(2): /proc files report a size of 0, so nothing that sizes the file first reads them.
        let fd = open("/proc/self/smaps", O_RDONLY)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        let address = UInt(bitPattern: base)
        var inMapping = false
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let head = line.prefix { $0 != " " }
            let bounds = head.split(separator: "-")
            if bounds.count == 2, let lo = UInt(bounds[0], radix: 16), let hi = UInt(bounds[1], radix: 16) {
                inMapping = lo <= address && address < hi
            } else if inMapping, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1]) ?? -1
            }
        }
        return -1
    }

    @Test func releasedPagesLeaveTheProcessAndReadBackTheSame() throws {
        let path = NSTemporaryDirectory() + "pushsim-inbox-release-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = String(repeating: "{\"inbox_id\":\"x\"},", count: 200_000)  // about 3.4 MB
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let map = try #require(InboxFeedFile.Mapping(path))
        defer { map.unmap() }
        let base = UnsafeRawPointer(map.bytes.baseAddress!)
        let before = try residentKB(base)
        #expect(before >= map.bytes.count / 1024 - 4, "mapped with its pages in")
        map.release(0..<map.bytes.count)
        #expect(try residentKB(base) <= 4, "released: \(before) KB before")
        #expect(Array(map.bytes) == Array(text.utf8), "read again from the file")
        // Only whole pages inside the range go: a partial page at either end stays.
        map.release(1..<8192)
        #expect(Array(map.bytes.prefix(16)) == Array(text.utf8.prefix(16)))
    }
}
