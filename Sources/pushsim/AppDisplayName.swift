// `--app-name`: the one rule for the app's display name (CFBundleDisplayName) that `stories` and `inapp` take.

import ArgumentParser
import Foundation

enum AppDisplayName {
    /// `raw` without the spaces around it, when it is 1 to 64 characters without control characters; otherwise the
    /// one sentence the command stops with.
    static func checked(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 64, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ValidationError("--app-name must be the app's display name, 1 to 64 characters without control characters (got \(raw.debugDescription))")
        }
        return name
    }

    /// The name as the scene draws it (after `checked` passed in `validate`).
    static func trimmed(_ raw: String) -> String { raw.trimmingCharacters(in: .whitespacesAndNewlines) }
}
