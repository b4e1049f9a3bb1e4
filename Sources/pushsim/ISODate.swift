// The ISO 8601 times every `--now` option takes, parsed in one place.

import Foundation

enum ISODate {
    /// `2026-01-31T09:00:00Z` (with or without fractional seconds, any offset), or a date alone, `2026-01-31`
    /// (midnight UTC); nil for anything else.
    static func parse(_ s: String) -> Date? {
        for opts: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate]] {
            let f = ISO8601DateFormatter()
            f.formatOptions = opts
            if let d = f.date(from: s) { return d }
        }
        return nil
    }
}
