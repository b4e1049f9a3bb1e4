// Hands a feed file's bytes to the parser without copying them: mapped from the page cache.

import CMappedFile
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
        try withBytes(path, limit: limit, releasing: { bytes, _ in try body(bytes) })
    }

    /// The same, also handing `body` a way to give parsed pages of a mapped file back (`Mapping.release`); nil when
    /// the bytes are not a mapping.
    static func withBytes<R>(_ path: String, limit: Int = maxBytes,
                             releasing body: (UnsafeBufferPointer<UInt8>, (@Sendable (Range<Int>) -> Void)?) throws -> R) throws -> R {
        var info = stat()
        if path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit {
            throw UserError("\(path): the feed is \(Int(info.st_size) / 1_048_576) MB; pushsim reads inbox feeds up to \(limit / 1_048_576) MB")
        }
        if path != "-", let map = Mapping(path, limit: limit) {
            let result: Result<R, any Error>
            do { result = .success(try body(map.bytes, map.release)) } catch { result = .failure(error) }
            // What was parsed from a file that changed underneath is neither the old file nor the new one.
            if map.unmap() { throw UserError(Mapping.changedMessage(path)) }
            return try result.get()
        }
        let bytes = try InputFile.readBytes(path)
        return try bytes.withUnsafeBufferPointer { try body($0, nil) }
    }

    /// A read-only private mapping of a whole regular file.
    struct Mapping {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The open file, kept until `unmap()` to see whether it changed while it was read.
        private let fd: Int32
        /// Its size and last change when it was mapped.
        private let size: Int, changedAt: timespec
        /// The SIGBUS guard's slot for this mapping (-1: unguarded).
        private let slot: Int32

        /// What the reader says of a file that shrank or was rewritten in place while it was read.
        static func changedMessage(_ path: String) -> String {
            "\(path) changed while being read; read it again once it is written (a program that writes it to another name and renames it into place never causes this)"
        }

        init?(_ path: String, limit: Int = InboxFeedFile.maxBytes) {
            // O_NONBLOCK: a FIFO without a writer must not hold open(2); fstat below sends it to InputFile to be refused.
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { close(fd); return nil }
            let size = Int(info.st_size)
            guard size > 0, size <= limit else { close(fd); return nil }
            // MAP_POPULATE: the whole file is mapped in one call instead of one fault per page as the parser walks.
            guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), p != MAP_FAILED else { close(fd); return nil }
            bytes = UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: size)
            self.fd = fd
            self.size = size
            changedAt = info.st_mtim
            // A page past the end of a file truncated meanwhile raised SIGBUS ("Bus error") when touched.
            slot = pushsim_mapping_guard_begin(p, size)
        }

        /// Gives the whole pages inside `range` back (MADV_DONTNEED): a private read-only mapping's page that is read
        /// again comes back from the file, so the bytes stay valid; only the resident memory goes. A large feed's
        /// parse releases what it has parsed, so the file and the messages built from it are not resident at once.
        var release: @Sendable (Range<Int>) -> Void {
            nonisolated(unsafe) let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress!)
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            return { range in
                let start = (range.lowerBound + page - 1) / page * page, end = range.upperBound / page * page
                if end > start { _ = madvise(base + start, end - start, Int32(MADV_DONTNEED)) }
            }
        }

        /// Unmaps and closes; true if the file shrank or was written to while it was mapped (what was read from it
        /// may then mix the old and the new bytes, or zeros where it shrank).
        @discardableResult
        func unmap() -> Bool {
            var faulted = pushsim_mapping_guard_end(slot) != 0
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
            var info = stat()
            if fstat(fd, &info) != 0 || Int(info.st_size) != size
                || info.st_mtim.tv_sec != changedAt.tv_sec || info.st_mtim.tv_nsec != changedAt.tv_nsec { faulted = true }
            close(fd)
            return faulted
        }
    }
}
