// Hands a feed file's bytes to the parser without copying them: mapped from the page cache.

import Foundation

enum InboxFeedFile {
    /// Feed files have their own cap, far above `InputFile.maxBytes` (64 MB, about 175,000 messages): a feed of
    /// 1,000,000 messages is about 370 MB, and a mapped file costs page cache, not a copy in the process.
    static let maxBytes = 1 << 30

    /// Calls `body` with the file's bytes. A regular file is mapped, not read: its pages come straight from the
    /// page cache, where reading it first zero-filled and then copied 35 MB (about 9,000 page faults). A regular
    /// file over `limit` is refused in one line; anything unusual (standard input, a folder, a missing, unreadable
    /// or empty file) goes to `InputFile` for its one-line error or its special handling.
    static func withBytes<R>(_ path: String, limit: Int = maxBytes, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        var info = stat()
        if path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit {
            throw UserError("\(path): the feed is \(Int(info.st_size) / 1_048_576) MB; pushsim reads inbox feeds up to \(limit / 1_048_576) MB")
        }
        if path != "-", let map = Mapping(path, limit: limit) {
            defer { map.unmap() }
            return try body(map.bytes)
        }
        let bytes = try InputFile.readBytes(path)
        return try bytes.withUnsafeBufferPointer { try body($0) }
    }

    /// A read-only private mapping of a whole regular file.
    struct Mapping {
        let bytes: UnsafeBufferPointer<UInt8>

        init?(_ path: String, limit: Int = InboxFeedFile.maxBytes) {
            // O_NONBLOCK: a FIFO without a writer must not hold open(2); fstat below sends it to InputFile to be refused.
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let size = Int(info.st_size)
            guard size > 0, size <= limit else { return nil }
            // MAP_POPULATE: the whole file is mapped in one call instead of one fault per page as the parser walks.
            guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), p != MAP_FAILED else { return nil }
            bytes = UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: size)
        }

        func unmap() {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        }
    }
}
