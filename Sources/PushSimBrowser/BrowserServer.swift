// `pushsim serve`'s server: Hummingbird's HTTP/1 with its WebSocket upgrade, one page, one socket per tab.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// What the server needs from the command line.
public struct BrowserConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var token: ServeToken
    /// What the page's title says (`stories promo.json`).
    public var title: String
    public var pickers: [BrowserPicker]
    /// The FILEs: when one changes, every tab's run is built again.
    public var files: [String]
    public var make: ExperienceFactory
    /// Before the runs are built again from changed files: nil when they can be played, or the sentence saying why not
    /// (the tabs keep their runs and show it).
    public var check: @Sendable () -> String?
    /// At most this many tabs at once (each one run); at most `maxConnections` connections of any kind.
    public var maxTabs = 16
    public var maxConnections = 64
    /// The largest message a tab may send; a bigger one closes its socket.
    public var maxMessage = 8 * 1024
    /// Called once the server listens, with the address to open.
    public var listening: @Sendable (String) -> Void
    /// One line per refused request or dropped tab.
    public var log: @Sendable (String) -> Void
    /// Called once the server is done: every tab closed after Ctrl-C (the caller then ends the process).
    public var ended: @Sendable () -> Void = {}

    public init(host: String, port: Int, token: ServeToken = ServeToken(), title: String, pickers: [BrowserPicker], files: [String],
                make: @escaping ExperienceFactory, check: @escaping @Sendable () -> String?,
                listening: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void) {
        self.host = host
        self.port = port
        self.token = token
        self.title = title
        self.pickers = pickers
        self.files = files
        self.make = make
        self.check = check
        self.listening = listening
        self.log = log
    }

    /// The URL the server prints: its own address, the port it got, the token.
    public func url(port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)/?token=\(token.value)"
    }
}

/// The tabs open now, each its run's mailbox and outbound queue (a changed FILE is told to every one).
final class TabRegistry: Sendable {
    struct Tab: Sendable {
        var inputs: Mailbox<RunInput>
        var queue: OutboundQueue
    }

    private struct State {
        var port = 0
        var next = 0
        var tabs: [Int: Tab] = [:]
    }

    private let state = Mutex(State())
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var port: Int {
        get { state.withLock { $0.port } }
        set { state.withLock { $0.port = newValue } }
    }

    var count: Int { state.withLock { $0.tabs.count } }

    /// A place for a new tab, or nil when `limit` are open.
    func add(_ tab: Tab) -> Int? {
        state.withLock { s in
            guard s.tabs.count < limit else { return nil }
            s.next += 1
            s.tabs[s.next] = tab
            return s.next
        }
    }

    func remove(_ id: Int) { _ = state.withLock { $0.tabs.removeValue(forKey: id) } }

    var all: [Tab] { state.withLock { Array($0.tabs.values) } }
}

public enum BrowserServer {
    /// Serve until SIGINT or SIGTERM, then close every connection and return.
    /// Runs Swift concurrency's jobs on NIO's event-loop threads instead of libdispatch's worker pool. Call it once, on
    /// the main thread, before the server's first task. On Linux the first dispatch worker thread starts libdispatch's
    /// pool monitor, a timer on its manager thread that fires every second for as long as the process lives
    /// (`_dispatch_workq_init_once` in apple/swift-corelibs-libdispatch `src/event/workqueue.c`): an idle server woke
    /// once a second for nothing. With NIO's loops as the global executor no dispatch worker exists, so nothing does.
    /// Returns false when a worker already ran (then the server still works, with the monitor's wake-up).
    @discardableResult
    public static func runTasksOnEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    public static func run(_ configuration: BrowserConfiguration) async throws {
        let c = configuration
        let tabs = TabRegistry(limit: c.maxTabs)
        let page = BrowserPage.html(title: c.title)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: RequestGuard(token: c.token, host: c.host, tabs: tabs, log: c.log))
        router.get("/") { _, _ -> Response in
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.cacheControl] = "no-store"
            headers[HTTPField.Name("Content-Security-Policy")!] =
                "default-src 'none'; img-src blob: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
            headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
            headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.ws("/ws", shouldUpgrade: { request, _ in
            let policy = OriginPolicy(host: c.host, port: tabs.port)
            guard policy.acceptsOrigin(request.headers[.origin], host: request.head.authority) else {
                c.log("refused a WebSocket from origin '\(request.headers[.origin] ?? "none")' (not this server's page): 403")
                throw HTTPError(.forbidden)
            }
            guard tabs.count < tabs.limit else {
                c.log("refused a WebSocket: \(tabs.limit) tabs are open already (503)")
                throw HTTPError(.serviceUnavailable)
            }
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, _ in
            await serveTab(inbound: inbound, outbound: outbound, configuration: c, tabs: tabs)
        })
        var logger = Logger(label: "pushsim-serve")
        logger.logLevel = .critical
        let builder = HTTPServerBuilder.gatedWebSocketUpgrade(webSocketRouter: router, configuration: .init(
            http1: .init(idleTimeout: .seconds(60)),
            // No automatic ping: an idle page and server wake for nothing. Frames larger than this are split on
            // the way out; a larger one coming in closes the socket before it is read.
            ws: .init(maxFrameSize: 64 * 1024, autoPing: .disabled, closeTimeout: .seconds(2))),
            // A handshake refused for its token, host, origin or the tab limit is answered 403 or 503 (UpgradeGate).
            refuses: { uri, host, origin in
                HandshakePolicy(token: c.token, origins: OriginPolicy(host: c.host, port: tabs.port),
                                tabsFull: tabs.count >= tabs.limit).refuses(uri: uri, host: host, origin: origin)
            })
        // The server without Hummingbird's `Application`: its `run` adds a service that reformats the `Date` header
        // every second (`DateCache`, hummingbird 2.28), a wake-up a second for a server that is otherwise idle. The few
        // responses this server writes format their own date.
        let responder = router.buildResponder()
        let requestLogger = logger
        let server = try builder.buildServer(
            configuration: ServerConfiguration(address: .hostname(c.host, port: c.port), serverName: nil, backlog: 64,
                                               availableConnectionsDelegate: MaximumAvailableConnections(c.maxConnections)),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger,
            responder: { request, writer, channel in
                let context = BasicWebSocketRequestContext(source: .init(channel: channel, logger: requestLogger))
                var response: Response
                do {
                    response = try await responder.respond(to: request, context: context)
                } catch {
                    // The router turns every HTTPError into its response; anything else is the server's fault.
                    response = Response(status: .internalServerError)
                }
                response.headers[.date] = HTTPDate.now
                try await writer.write(response: response.head, body: response.body)
            },
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? c.port
                tabs.port = port
                c.listening(c.url(port: port))
            })
        let watcher = FileWatcher(files: c.files) {
            if let problem = c.check() {
                c.log("a FILE changed but cannot be played: \(problem)")
                for tab in tabs.all { tab.queue.push(text: BrowserRun.message("problem", ["message": .string(problem)])) }
            } else {
                for tab in tabs.all { tab.inputs.post(.reload) }
            }
        }
        watcher?.start()
        // Ctrl-C or SIGTERM: every tab is closed (`serveTab`); a connection the browser opened ahead and never used
        // would hold the shutdown until its idle timeout, so 3 seconds later the server is done regardless.
        let deadline = ShutdownDeadline(after: .seconds(3), then: c.ended)
        let group = ServiceGroupConfiguration(services: [server, deadline], gracefulShutdownSignals: [.sigint, .sigterm], logger: logger)
        try await ServiceGroup(configuration: group).run()
        c.ended()
    }

    /// One tab: its run on a task of its own, a writer taking the run's queue to the socket, and the socket's
    /// messages into the run's mailbox. Anything that is not one of the page's messages ends the tab (one log line).
    static func serveTab(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, configuration c: BrowserConfiguration,
                         tabs: TabRegistry) async {
        let queue = OutboundQueue()
        let inputs = Mailbox<RunInput>()
        // Ctrl-C: the run ends, its writer sends the close frame, the page answers it and the reader below ends.
        await withGracefulShutdownHandler {
            await serveTab(inbound: inbound, outbound: outbound, queue: queue, inputs: inputs, configuration: c, tabs: tabs)
        } onGracefulShutdown: {
            inputs.post(.close)
        }
    }

    static func serveTab(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, queue: OutboundQueue,
                         inputs: Mailbox<RunInput>, configuration c: BrowserConfiguration, tabs: TabRegistry) async {
        guard let id = tabs.add(.init(inputs: inputs, queue: queue)) else {
            c.log("closed a WebSocket: \(tabs.limit) tabs are open already")
            return
        }
        defer { tabs.remove(id) }
        let run = Task {
            let r = BrowserRun(make: c.make, pickers: c.pickers, queue: queue, inputs: inputs, log: c.log)
            await r.run()
        }
        let writer = Task {
            do {
                while let item = await queue.next() {
                    switch item {
                    case .frame(let png): try await outbound.writeBinaryMessage(ByteBuffer(bytes: png))
                    case .text(let t): try await outbound.write(.text(t))
                    }
                }
                // The run ended (Ctrl-C, or the page went): say goodbye; a socket already closing refuses it, harmlessly.
                try await outbound.close(.goingAway, reason: "pushsim serve is ending")
            } catch {
                // The socket closed under the writer: the reader sees it too and ends the tab.
            }
        }
        let reader = Task {
            do {
                for try await message in inbound.messages(maxSize: c.maxMessage) {
                    guard case .text(let text) = message, let input = RunInput.parse(text) else {
                        c.log("closed tab \(id): it sent a message that is not one of the page's")
                        break
                    }
                    inputs.post(input)
                }
            } catch is CancellationError {
            } catch {
                c.log("closed tab \(id): \(Self.describe(error))")
            }
            inputs.post(.close)
        }
        // The run ends when the page goes or on Ctrl-C; its writer then sends the close frame, which the page answers
        // and the reader ends. A client that never answers is given 2 seconds.
        await run.value
        let patience = LoopTimer.after(milliseconds: 2000) { reader.cancel() }
        await reader.value
        patience.cancel()
        writer.cancel()
        await writer.value
        let dropped = queue.dropped
        if dropped.frames > 0 || dropped.texts > 0 {
            c.log("tab \(id) read slowly: \(dropped.frames) pictures and \(dropped.texts) messages were dropped for it")
        }
    }

    static func describe(_ error: Error) -> String {
        let text = String(describing: error)
        if text.contains("essageTooLarge") || text.contains("exceed") { return "it sent a message larger than the server takes" }
        return "its connection failed (\(text.prefix(120)))"
    }
}

/// Waits for the graceful shutdown, then gives the server `delay` to close before saying it is done.
struct ShutdownDeadline: Service {
    let delay: Duration
    let then: @Sendable () -> Void

    init(after delay: Duration, then: @escaping @Sendable () -> Void) {
        self.delay = delay
        self.then = then
    }

    func run() async throws {
        // Returns at the graceful shutdown (or throws when cancelled: nothing left to wait for).
        try await gracefulShutdown()
        try? await Task.sleep(for: delay)
        then()
    }
}

/// Every request must carry the token and name this server as its host: 403 otherwise. Only the page (`/`) and the
/// socket (`/ws`) exist; anything else is 404 even with the token.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    let token: ServeToken
    let host: String
    let tabs: TabRegistry
    let log: @Sendable (String) -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let policy = OriginPolicy(host: host, port: tabs.port)
        guard policy.acceptsHost(request.head.authority) else {
            log("refused a request for host '\(request.head.authority ?? "none")' (not this server's name): 403")
            throw HTTPError(.forbidden)
        }
        guard token.accepts(request.uri.queryParameters.get("token")) else {
            log("refused a request for \(request.uri.path): wrong or missing token (403)")
            throw HTTPError(.forbidden)
        }
        guard request.uri.path == "/" || request.uri.path == "/ws" else { throw HTTPError(.notFound) }
        return try await next(request, context)
    }
}

/// The `Date` header's text (RFC 9110 §5.6.7, `Sun, 06 Nov 1994 08:49:37 GMT`), made when a response is written.
enum HTTPDate {
    static var now: String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return f.string(from: Date())
    }
}
