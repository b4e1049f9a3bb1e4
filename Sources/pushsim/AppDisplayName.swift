// `--app-name`: the one rule for the app's display name (CFBundleDisplayName) that `stories` and `inapp` take.

import ArgumentParser
import Foundation

enum AppDisplayName {
    /// `raw` without the spaces around it, when it is 1 to 64 characters without control characters; otherwise the
    /// one sentence the command stops with.
    static func checked(_ raw: String) throws -> String {
        let name = trimmed(raw)
        guard !name.isEmpty, name.count <= 64, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ValidationError("--app-name must be the app's display name, 1 to 64 characters without control characters (got \(raw.debugDescription))")
        }
        return name
    }

    /// The name as the scene draws it (after `checked` passed in `validate`): without the white space around it, the
    /// Unicode White_Space scalars and the zero-width space, which are Foundation's `.whitespacesAndNewlines`
    /// (AppDisplayNameTests compares the two). Not `trimmingCharacters(in:)`: it goes through NSString's UTF-16, whose
    /// first use costs three protocol-conformance scans of the static binary on every story's start.
    static func trimmed(_ raw: String) -> String {
        let scalars = raw.unicodeScalars
        func kept(_ s: Unicode.Scalar) -> Bool { !s.properties.isWhitespace && s != "\u{200B}" }
        guard let first = scalars.firstIndex(where: kept), let last = scalars.lastIndex(where: kept) else { return "" }
        return String(scalars[first...last])
    }
}
