// The SDK's link rule for native in-app configs (PWInAppConfigParser.resolveURL): Foundation's `URL(string:)`, and
// when that refuses a string, once more after percent-encoding it.

import Foundation

public enum InAppURL {
    /// The characters the retry keeps: `CharacterSet.urlFragmentAllowed` plus `%`, so an existing escape is not encoded
    /// twice.
    static let retryAllowed = CharacterSet.urlFragmentAllowed.union(CharacterSet(charactersIn: "%"))

    /// The link as the SDK keeps it (`absoluteString`), or nil when it cannot be parsed even after the retry.
    /// `retry` false: the parser before 7.2.4 (`PWInAppConfigParser.swift@fd34d7d`), `URL(string:)` alone.
    public static func resolve(_ string: String, retry: Bool = true) -> String? {
        if let u = parse(string) { return u }
        guard retry else { return nil }
        guard let encoded = string.addingPercentEncoding(withAllowedCharacters: retryAllowed) else { return nil }
        return parse(encoded)
    }

    /// `URL(string:)`, which percent-encodes what is invalid in a path, query or fragment itself. A host with a space
    /// (or any escape) is refused: the SDK's own test (`testUnparseableImageUrlKeepsConfigButRequiredMediaStillFails`)
    /// pins `http://a b.com` as unparsable after the retry, while Linux Foundation accepts the escaped host.
    static func parse(_ string: String) -> String? {
        guard let url = URL(string: string) else { return nil }
        // Only a string with an escape can have one in its host; most links skip the second parse.
        if url.absoluteString.utf8.contains(UInt8(ascii: "%")), let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedHost,
           !host.hasPrefix("["), host.contains("%") {
            return nil
        }
        return url.absoluteString
    }
}
