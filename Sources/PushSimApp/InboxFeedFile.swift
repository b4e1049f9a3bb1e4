// Reads a feed file's bytes once, straight into the array the parser walks.

import Foundation

enum InboxFeedFile {
    /// A regular file is read with one `read` loop into its final array: `InputFile.readBytes` goes through `Data`
    /// and copies the bytes again, which for a 35 MB feed costs a second 35 MB and the time to fill it. Anything
    /// unusual (standard input, a folder, a missing, unreadable or oversized file) goes to `InputFile` for its
    /// one-line error or its special handling.
    static func readBytes(_ path: String) throws(UserError) -> [UInt8] {
        if path != "-", let bytes = regularFile(path) { return bytes }
        return try InputFile.readBytes(path)
    }

    private static func regularFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0, size <= InputFile.maxBytes else { return nil }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = read(fd, buffer.baseAddress! + count, size - count)
                guard n > 0 else { break }
                count += n
            }
            complete = count == size
        }
        return complete ? bytes : nil
    }
}
