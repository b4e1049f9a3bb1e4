// Answers a refused WebSocket handshake with the reason's own status (403, 503) instead of hummingbird-websocket's 400.

import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// hummingbird-websocket answers every upgrade its `shouldUpgrade` refuses with a bare 400 (`HTTP1WebSocketUpgradeChannel`
/// `writeFailedUpgrade`, hummingbird-websocket 2.8.1), whatever the reason. The seam is before it: NIO's upgrade handler
/// only tries an upgrade for a request that asks for one (`Upgrade: websocket`). So a handshake this server would refuse
/// has its `Upgrade` header taken away before NIO's upgrade handler sees it; the request then goes the plain HTTP way,
/// through the same router, whose `RequestGuard` (token, host) and `/ws` route (origin, tabs) answer 403 or 503 and log
/// the line they always log. A handshake the server takes is passed on untouched and upgraded as before.
final class UpgradeGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    let refuses: @Sendable (_ uri: String, _ host: String?, _ origin: String?) -> Bool

    init(refuses: @escaping @Sendable (_ uri: String, _ host: String?, _ origin: String?) -> Bool) { self.refuses = refuses }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if head.headers.contains(name: "upgrade"),
           refuses(head.uri, head.headers.first(name: "host"), head.headers.first(name: "origin")) {
            head.headers.remove(name: "upgrade")
            context.fireChannelRead(wrapInboundOut(.head(head)))
        } else {
            context.fireChannelRead(data)
        }
        // Only a connection's first request can be upgraded (NIO's upgrade handler leaves the pipeline after it, and an
        // upgraded socket carries frames, not requests): the gate's work is done.
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// hummingbird-websocket's HTTP/1 channel with `UpgradeGate` between its request decoder and NIO's upgrade handler.
struct GatedUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let refuses: @Sendable (_ uri: String, _ host: String?, _ origin: String?) -> Bool

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(UpgradeGate(refuses: refuses), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// `http1WebSocketUpgrade(webSocketRouter:configuration:)` whose refused handshakes get 403 or 503 (`UpgradeGate`).
    static func gatedWebSocketUpgrade<Builder: HTTPResponderBuilder & _HB_SendableMetatype>(
        webSocketRouter: Builder, configuration: HTTP1WebSocketUpgradeChannel.Configuration,
        refuses: @escaping @Sendable (_ uri: String, _ host: String?, _ origin: String?) -> Bool
    ) -> HTTPServerBuilder where Builder.Responder.Context: WebSocketRequestContext {
        let responder = webSocketRouter.buildResponder()
        return .init { http in
            GatedUpgradeChannel(inner: HTTP1WebSocketUpgradeChannel(responder: http, webSocketResponder: responder, configuration: configuration),
                                refuses: refuses)
        }
    }
}

/// Whether `pushsim serve` refuses a WebSocket handshake: a wrong or missing token, a host that is not the server's,
/// an origin that is not its page's, or every tab place taken. The same checks `RequestGuard` and the `/ws` route make.
struct HandshakePolicy: Sendable {
    let token: ServeToken
    let origins: OriginPolicy
    let tabsFull: Bool

    func refuses(uri: String, host: String?, origin: String?) -> Bool {
        !origins.acceptsHost(host) || !token.accepts(URI(uri).queryParameters.get("token"))
            || !origins.acceptsOrigin(origin, host: host) || tabsFull
    }
}
