// Which pages may open `pushsim serve`'s WebSocket and under which host names it answers: no DNS rebinding.

/// A browser sends `Origin` with every WebSocket handshake; only the server's own page may connect. A page from
/// another site that a rebinding DNS name points at 127.0.0.1 sends its own host in both `Host` and `Origin`, so
/// the host itself must be one the server is known by, too (loopback names, or the one `--host` gave).
public struct OriginPolicy: Sendable, Equatable {
    public var port: Int
    /// The names the server answers to; empty when it listens on every address (`--host 0.0.0.0`), where any name
    /// the machine has will do (the token still guards it).
    public var hosts: Set<String>

    public init(host: String, port: Int) {
        self.port = port
        let loopback: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        switch host {
        case "0.0.0.0", "::", "[::]": hosts = []
        case "127.0.0.1", "localhost", "::1", "[::1]": hosts = loopback
        default: hosts = loopback.union([host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host])
        }
    }

    /// Whether a request's `Host` header names this server.
    public func acceptsHost(_ header: String?) -> Bool {
        guard let header, !header.isEmpty else { return false }
        guard !hosts.isEmpty else { return true }
        return hosts.contains { header.lowercased() == "\($0):\(port)" }
    }

    /// Whether a WebSocket handshake comes from the page this server served: `Origin` is exactly `http://` and the
    /// request's own host, and that host is the server's.
    public func acceptsOrigin(_ origin: String?, host: String?) -> Bool {
        guard let origin, let host, acceptsHost(host) else { return false }
        return origin.lowercased() == "http://" + host.lowercased()
    }
}
