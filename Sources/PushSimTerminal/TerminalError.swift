// Why the terminal could not be used: one sentence for the user.

public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
