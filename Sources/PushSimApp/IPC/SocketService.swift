// Who listens on a pushsim socket and what it is sent: the words every socket message and error uses.

/// A running pushsim that takes one JSON line per connection from `pushsim notify`: `pushsim inapp` (banners) or
/// `pushsim inbox` (inbox pushes). Each has its own socket, so both can run at once.
public struct SocketService: Sendable, Equatable {
    /// The command that listens, as the user types it ("pushsim inapp").
    public let command: String
    /// What one line carries, for messages ("banner", "inbox push").
    public let item: String
    /// The socket's file name in the per-user folder.
    public let fileName: String
    /// How to start a listener, for the "nobody listens" error.
    public let startHint: String

    public static let inapp = SocketService(command: "pushsim inapp", item: "banner", fileName: "inapp.sock", startHint: "pushsim inapp")
    public static let inbox = SocketService(command: "pushsim inbox", item: "inbox push", fileName: "inbox.sock", startHint: "pushsim inbox FILE")
}
