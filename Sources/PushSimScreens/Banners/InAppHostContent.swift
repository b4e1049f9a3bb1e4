// What `pushsim inapp`'s host app shows, one source for the terminal (`InAppHostScreen`) and the pictures (`snapshot
// inapp`, `record`): its name, the line under it, and its list from the first row on screen.

/// The host app's words, as both renderers draw them: only the layout (cells or points) is each renderer's own.
public struct InAppHostContent: Sendable, Equatable {
    /// The app's name when the command gives none (`--app-name`).
    public static let defaultAppName = "Shop"
    public static let subtitle = "Your orders and offers"

    public var title: String
    public var subtitle: String
    /// (title, detail) of each row from the first one on screen (the list scrolled as the host has it) to the end.
    public var rows: [(title: String, detail: String)]

    public init(_ host: InAppHostState, appName: String = defaultAppName) {
        title = appName
        subtitle = Self.subtitle
        rows = InAppHostState.rows.dropFirst(max(0, host.scroll)).map { (title: $0.0, detail: $0.1) }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.title == b.title && a.subtitle == b.subtitle && a.rows.elementsEqual(b.rows) { $0.title == $1.title && $0.detail == $1.detail }
    }
}
