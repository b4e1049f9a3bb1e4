// Why an image could not be had, as the one sentence shown on the placeholder and in the warning.

public struct LoadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A lowercase clause with no final period, e.g. `the server answered HTTP 404 (Not Found)`.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    static func noSuchFile(_ path: String) -> LoadFailure { LoadFailure("no such file: \(path)") }
    static func unreadable(_ path: String) -> LoadFailure { LoadFailure("\(path) cannot be read (check its permissions)") }
    static func notAFile(_ path: String) -> LoadFailure { LoadFailure("\(path) is a folder, not an image file") }
    static func unsupportedScheme(_ scheme: String) -> LoadFailure {
        LoadFailure("the URL scheme '\(scheme):' is not supported; use http(s)://, file: or a path")
    }
    static func http(_ status: Int) -> LoadFailure {
        let text = httpReason[status].map { " (\($0))" } ?? ""
        return LoadFailure("the server answered HTTP \(status)\(text)")
    }
    static func timedOut(_ seconds: Double) -> LoadFailure { LoadFailure("timed out after \(formatSeconds(seconds))") }
    static func tooManyRedirects(_ limit: Int) -> LoadFailure { LoadFailure("too many redirects (more than \(limit))") }
    static func tooLarge(declared: Int64, limit: Int) -> LoadFailure {
        LoadFailure("too large: the server declared \(formatBytes(declared)), over the \(formatBytes(Int64(limit))) limit")
    }
    static func tooLarge(limit: Int) -> LoadFailure {
        LoadFailure("too large: more than \(formatBytes(Int64(limit))) arrived, the limit")
    }
    /// A local image over the cap: `size` from its metadata, or nil when it grew past the cap while being read.
    static func fileTooLarge(_ path: String, size: Int64?, limit: Int) -> LoadFailure {
        let what = size.map { "is \(formatBytes($0))" } ?? "grew past the limit while being read"
        return LoadFailure("too large: \(path) \(what), over the \(formatBytes(Int64(limit))) limit for an image (--image-max-mb)")
    }
    static func truncated(received: Int, expected: Int64) -> LoadFailure {
        LoadFailure("truncated: the connection closed after \(received) of \(expected) bytes")
    }
    static func notAnImage(bytes: Int, contentType: String?) -> LoadFailure {
        let type = contentType.map { ", \($0)" } ?? ""
        return LoadFailure("not an image (\(bytes) bytes\(type))")
    }
    static func overBudget(width: Int, height: Int, budget: Int) -> LoadFailure {
        let mp = Double(width) * Double(height) / 1_000_000
        return LoadFailure("the image is \(width)×\(height) (\(formatMegapixels(mp)) MP), over the \(formatMegapixels(Double(budget) / 1_000_000)) MP decoding budget; refused before decoding")
    }

    static let httpReason: [Int: String] = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 410: "Gone",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]

    static func formatSeconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }

    static func formatMegapixels(_ mp: Double) -> String {
        mp >= 10 || mp == mp.rounded() ? "\(Int(mp.rounded()))" : "\((mp * 10).rounded() / 10)"
    }

    static func formatBytes(_ n: Int64) -> String {
        if n >= 1_048_576 { return "\(n / 1_048_576) MB" }
        if n >= 1024 { return "\(n / 1024) KB" }
        return "\(n) bytes"
    }
}
