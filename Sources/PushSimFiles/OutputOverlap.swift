// Refusing a run that would write over one of its own inputs, or write two of its outputs to one file.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `pushsim stories same.json --headless --events same.json` replaced the payload with events, and `snapshot -o x
/// --report x` the picture with the report (issue 38). Paths are compared by what they are, not how they are
/// spelled: an existing file by device and inode (a link, `./x`, `../d/x` and a hard link are the same file), a file
/// still to be made by its folder's resolved path and its name. Standard streams (`-`) and anything that is not a
/// regular file (`/dev/null`, a FIFO, a terminal) are never in the way.
public enum OutputOverlap {
    /// One path a run reads or writes, and how the user gave it (`--events`, `FILE`).
    public struct Use: Sendable, Equatable {
        public let option: String
        public let path: String
        public init(_ option: String, _ path: String) {
            self.option = option
            self.path = path
        }
    }

    /// The sentence refusing the run, or nil when every output is a file of its own.
    public static func problem(inputs: [Use], outputs: [Use]) -> String? {
        let ins = inputs.compactMap { use in identity(use.path).map { (use, $0) } }
        var seen: [(Use, String)] = []
        for out in outputs {
            guard let id = identity(out.path) else { continue }
            if let (input, _) = ins.first(where: { $0.1 == id }) {
                return "\(out.option) \(out.path) is the same file as \(input.option) \(input.path), which this run reads; writing it would destroy it — pass another path to \(out.option)"
            }
            if let (other, _) = seen.first(where: { $0.1 == id }) {
                return "\(other.option) \(other.path) and \(out.option) \(out.path) are the same file, so one would replace the other; pass another path to one of them"
            }
            seen.append((out, id))
        }
        return nil
    }

    /// What a path is: `file DEV:INODE` for an existing regular file, `path RESOLVED` for one that does not exist
    /// yet (its folder resolved, links and `..` followed); nil for a standard stream, a device, a folder, or a path
    /// whose folder does not exist (its write fails on its own, naming it).
    static func identity(_ path: String) -> String? {
        guard path != "-", !path.isEmpty else { return nil }
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFREG else { return nil }
            return "file \(st.st_dev):\(st.st_ino)"
        }
        guard errno == ENOENT else { return nil }
        // A dangling link is written through (ReplacingFile follows links): name what it points at.
        var target = path
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        if n > 0 {
            let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            target = link.hasPrefix("/") ? link : folder(of: path) + "/" + link
        }
        let name = target.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? target
        guard let resolved = realpath(folder(of: target), nil) else { return nil }
        defer { free(resolved) }
        return "path \(String(cString: resolved))/\(name)"
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}
