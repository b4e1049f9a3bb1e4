// Which WebSocket handshakes `pushsim serve` refuses before hummingbird-websocket sees them, so that the refusal is
// answered 403 (token, host, origin: as Jupyter's server does, https://jupyter-server.readthedocs.io/en/latest/operators/security.html;
// RFC 6455 §10.2 for the origin) or 503 (tabs), not the library's bare 400.

import Testing
@testable import PushSimBrowser

@Suite struct HandshakePolicyTests {
    let token = ServeToken(value: String(repeating: "ab", count: 32))
    var policy: HandshakePolicy { HandshakePolicy(token: token, origins: OriginPolicy(host: "127.0.0.1", port: 8080), tabsFull: false) }
    var good: String { "/ws?token=" + token.value }

    @Test func thePagesOwnHandshakeIsLetThrough() {
        #expect(!policy.refuses(uri: good, host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"))
        #expect(!policy.refuses(uri: good, host: "localhost:8080", origin: "http://localhost:8080"))
    }

    @Test func aWrongOrMissingTokenIsRefused() {
        #expect(policy.refuses(uri: "/ws", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"))
        #expect(policy.refuses(uri: "/ws?token=wrong", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"))
        #expect(policy.refuses(uri: "/ws?token=" + token.value.dropLast(), host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"))
    }

    @Test func anotherHostOrOriginIsRefused() {
        // DNS rebinding: a page at evil.example whose name points at 127.0.0.1 sends its own name in both.
        #expect(policy.refuses(uri: good, host: "evil.example:8080", origin: "http://evil.example:8080"))
        for origin in ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1:8080"] {
            #expect(policy.refuses(uri: good, host: "127.0.0.1:8080", origin: origin))
        }
        #expect(policy.refuses(uri: good, host: "127.0.0.1:8080", origin: nil))
        #expect(policy.refuses(uri: good, host: nil, origin: "http://127.0.0.1:8080"))
    }

    @Test func everyTabPlaceTakenIsRefused() {
        let full = HandshakePolicy(token: token, origins: OriginPolicy(host: "127.0.0.1", port: 8080), tabsFull: true)
        #expect(full.refuses(uri: good, host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"))
    }
}
