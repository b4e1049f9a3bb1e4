// The secret every request to `pushsim serve` must carry (`?token=…`), as Jupyter's notebook server asks for one.

import Foundation

/// A random token, printed once in the URL; a request without it is refused with 403.
public struct ServeToken: Sendable, Equatable {
    public let value: String

    /// 32 random bytes from the system's generator, as 64 hex digits.
    public init() {
        var g = SystemRandomNumberGenerator()
        value = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &g)) }.joined()
    }

    public init(value: String) { self.value = value }

    /// Whether `given` is the token, compared in time that does not depend on where they first differ (so the
    /// token cannot be guessed a character at a time by timing the refusals).
    public func accepts(_ given: String?) -> Bool {
        guard let given else { return false }
        let a = Array(value.utf8), b = Array(given.utf8)
        var diff = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) {
            diff |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return diff == 0
    }
}
