// The token every request to `pushsim serve` needs, as Jupyter's server asks for one
// (https://jupyter-server.readthedocs.io/en/latest/operators/security.html).

import Testing
@testable import PushSimBrowser

@Suite struct ServeTokenTests {
    @Test func aNewTokenIs64HexDigitsAndDiffersEachTime() {
        let a = ServeToken(), b = ServeToken()
        #expect(a.value.count == 64)
        #expect(a.value.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(a != b)
    }

    @Test func onlyTheExactTokenIsAccepted() {
        let t = ServeToken(value: "0123abcd")
        #expect(t.accepts("0123abcd"))
        #expect(!t.accepts(nil))
        #expect(!t.accepts(""))
        #expect(!t.accepts("0123abc"))
        #expect(!t.accepts("0123abcde"))
        #expect(!t.accepts("0123ABCD"))
        #expect(!t.accepts("1123abcd"))
    }
}

/// RFC 6455 §10.2 (https://www.rfc-editor.org/rfc/rfc6455#section-10.2): a server that serves only its own page
/// refuses a handshake whose Origin is another's; and a rebinding DNS name pointed at 127.0.0.1 is refused by
/// its Host header, which names no host the server answers to.
@Suite struct OriginPolicyTests {
    @Test func theServersOwnPageMayConnectUnderEachLoopbackName() {
        let p = OriginPolicy(host: "127.0.0.1", port: 8123)
        #expect(p.acceptsOrigin("http://127.0.0.1:8123", host: "127.0.0.1:8123"))
        #expect(p.acceptsOrigin("http://localhost:8123", host: "localhost:8123"))
        #expect(p.acceptsOrigin("http://[::1]:8123", host: "[::1]:8123"))
    }

    @Test func anotherOriginIsRefused() {
        let p = OriginPolicy(host: "127.0.0.1", port: 8123)
        #expect(!p.acceptsOrigin("http://evil.example", host: "127.0.0.1:8123"))
        #expect(!p.acceptsOrigin("http://127.0.0.1:9999", host: "127.0.0.1:8123"))
        #expect(!p.acceptsOrigin("https://127.0.0.1:8123", host: "127.0.0.1:8123"))
        #expect(!p.acceptsOrigin("null", host: "127.0.0.1:8123"))
        #expect(!p.acceptsOrigin(nil, host: "127.0.0.1:8123"))
    }

    @Test func aRebindingHostIsRefusedEvenWhenOriginAndHostAgree() {
        let p = OriginPolicy(host: "127.0.0.1", port: 8123)
        #expect(!p.acceptsHost("evil.example:8123"))
        #expect(!p.acceptsOrigin("http://evil.example:8123", host: "evil.example:8123"))
        #expect(!p.acceptsHost("127.0.0.1:8124"))
        #expect(!p.acceptsHost(nil))
    }

    @Test func aNamedHostIsAcceptedBesideLoopbackAndEveryAddressAcceptsAnyName() {
        let named = OriginPolicy(host: "192.168.1.20", port: 80)
        #expect(named.acceptsHost("192.168.1.20:80"))
        #expect(named.acceptsHost("127.0.0.1:80"))
        #expect(!named.acceptsHost("10.0.0.1:80"))
        let any = OriginPolicy(host: "0.0.0.0", port: 80)
        #expect(any.acceptsHost("whatever.lan:80"))
        #expect(any.acceptsOrigin("http://whatever.lan:80", host: "whatever.lan:80"))
        #expect(!any.acceptsOrigin("http://evil.example", host: "whatever.lan:80"))
    }
}
