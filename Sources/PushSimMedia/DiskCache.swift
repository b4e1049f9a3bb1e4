// The SDK's disk cache: <base>/pw_stories_cache/<lowercase hex SHA-256 of the URL string>, written atomically.

import Crypto
import Foundation

public struct DiskCache: Sendable {
    /// `<base>/pw_stories_cache`.
    public let directory: String

    public init(base: String) {
        directory = (base as NSString).appendingPathComponent("pw_stories_cache")
    }

    /// `$XDG_CACHE_HOME/pushsim`, else `~/.cache/pushsim` — stands in for the SDK's `NSTemporaryDirectory()`
    /// when no app group is given.
    public static func defaultBase(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("pushsim")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".cache/pushsim")
    }

    /// The SDK's file name: SHA-256 of `url.absoluteString` (the string as written in the payload), lowercase hex.
    public static func fileName(for url: String) -> String {
        hexDigest(Array(url.utf8))
    }

    /// Lowercase hex SHA-256 of `bytes`.
    public static func hexDigest(_ bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// Lowercase hex of a digest's bytes (not `String(format: "%02x")`: its C varargs cost four protocol-conformance
    /// lookups, each a scan of the static binary's conformance records, on a story's first frame).
    static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for b in digest {
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public func path(for url: String) -> String {
        (directory as NSString).appendingPathComponent(DiskCache.fileName(for: url))
    }

    public func contains(_ url: String) -> Bool {
        FileManager.default.fileExists(atPath: path(for: url))
    }

    public func read(_ url: String) -> Data? {
        FileManager.default.contents(atPath: path(for: url))
    }

    public func remove(_ url: String) {
        try? FileManager.default.removeItem(atPath: path(for: url))
    }

    public func createDirectory() throws(LoadFailure) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw LoadFailure("the cache folder \(directory) cannot be created (check the --app-group folder and its permissions)")
        }
    }

    /// Writes the original bytes under the URL's name: a temporary file in the same folder, then rename(2),
    /// so a reader sees the whole file or none, and a failure leaves nothing behind.
    public func write(_ data: Data, for url: String) throws(LoadFailure) {
        try createDirectory()
        let final = path(for: url)
        let temp = (directory as NSString).appendingPathComponent(".\(DiskCache.fileName(for: url)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw LoadFailure("the cache file \(final) cannot be written (\(String(cString: strerror(errno))))") }
        var ok = true
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; ok = false; break }
                offset += n
            }
        }
        let err = errno
        if close(fd) != 0 { ok = false }
        guard ok, rename(temp, final) == 0 else {
            unlink(temp)
            throw LoadFailure("the cache file \(final) cannot be written (\(String(cString: strerror(ok ? errno : err))))")
        }
    }
}
