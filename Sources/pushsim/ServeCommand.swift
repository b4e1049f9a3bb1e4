// `pushsim serve EXPERIENCE FILE…`: the experience live in a browser tab, drawn as `snapshot` draws it.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimBrowser
import PushSimFiles
import PushSimPicture
import PushSimStore
import PushSimTerminal
import Synchronization

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve an experience to a web browser: the phone as snapshot draws it, live, with pickers.",
        discussion: """
        Each subcommand takes the same options as the snapshot of that experience. pushsim prints one line, \
        `serving http://127.0.0.1:PORT/?token=…`, and serves until Ctrl-C. Open it: the page shows the phone as \
        pushsim snapshot draws it, on the real clock; a click is a tap there, a held press a hold, a drag a swipe, \
        scratch or drag, and keys are the terminal's keys (click the phone first). The events appear beside it as \
        they happen; pickers for the phone, the appearance, the language (where the experience takes one), the iOS \
        release and (with several --tags devices) the device start the run again with that choice. Each tab has its own run, on its own copy of the store. When a FILE \
        changes, every tab plays it anew.

        It listens on 127.0.0.1 unless --host says otherwise. Every request needs the token in the URL (403 \
        otherwise), a WebSocket from another page's origin is refused, and only the page itself is served.

        Examples:
          pushsim serve stories promo.json
          pushsim serve inbox feed.json --port 8080
          pushsim serve primer --style sheet --position bottom
        """,
        subcommands: [ServeSubcommand<StoriesSnapshotCommand>.self, ServeSubcommand<PrimerSnapshotCommand>.self,
                      ServeSubcommand<InboxSnapshotCommand>.self, ServeSubcommand<InAppSnapshotCommand>.self]
    )
}

/// Where the server listens.
struct ServeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The port, 0 to 65535 (0: any free port).", valueName: "n"))
    var port: Int = 0

    @Option(help: ArgumentHelp("The address to listen on; anything but loopback lets other machines reach the page (with the token).", valueName: "address"))
    var host: String = "127.0.0.1"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535 (got \(port))") }
        guard !host.isEmpty, host.count <= 255, host.allSatisfy({ $0.isLetter || $0.isNumber || ".:-[]".contains($0) }) else {
            throw ValidationError("--host must be an address or host name such as 127.0.0.1 (got '\(host)')")
        }
    }

    var isLoopback: Bool { ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) }
}

struct ServeSubcommand<S: SnapshotSubcommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = S.configuration.commandName ?? "experience"
        return CommandConfiguration(
            commandName: name,
            abstract: "Serve \(name) to a web browser, live.",
            usage: S.configuration.usage?.replacingOccurrences(of: "pushsim snapshot", with: "pushsim serve"),
            discussion: S.configuration.discussion)
    }

    @OptionGroup var snapshot: S
    @OptionGroup(title: "Server options") var server: ServeOptions

    func validate() throws {
        let picture = snapshot.picture
        if !picture.matrix.isEmpty || picture.report != nil || picture.output != nil {
            throw ValidationError("--matrix, --report and -o write files; pushsim serve shows the experience in a browser (pushsim report writes a page)")
        }
    }

    func run() throws {
        // Every store a tab's run drops is kept closed instead of freed: freeing one wakes an idle server every
        // second from then on (StoreQueueParking says why). 4,096 runs' worth, a few KB each.
        StoreQueueParking.keepUntilExit(limit: 4096)
        let name = S.configuration.commandName ?? "experience"
        let given = ContactSheet.baseArguments(after: name, command: "serve")
        let base = ServePlan<S>.removingServerOptions(given.args, given: CommandLine.arguments)
        let plan = ServePlan<S>(name: name, base: base, store: given.store, picture: snapshot.picture,
                                arguments: CommandLine.arguments)
        // The experience is built once here (on a copy of the store, as every tab's), so a FILE that cannot be played
        // ends the command with its one line before anything listens.
        switch plan.experience([:]) {
        case .failure(let p): fail(UserError(p.message, exitCode: 2))
        case .success(let e):
            for w in e.sink.events where w.event.name == "warning" {
                PictureOptions.warn([[w.event["path"]?.stringValue, w.event["message"]?.stringValue].compactMap { $0 }.joined(separator: ": ")])
            }
            e.finish()
        }
        let host = server.host, loopback = server.isLoopback, port = server.port
        var configuration = BrowserConfiguration(
            host: host, port: server.port, title: plan.title, pickers: plan.pickers.map(\.picker), files: plan.files,
            make: { choices in plan.experience(choices) }, check: { plan.problemPlaying() },
            listening: { url in
                print("serving \(url)")
                _ = StandardOutput.flush()
                if !loopback {
                    StandardStreams.error("pushsim: listening on \(host): anyone who can reach this machine's port and has the token can open the page\n")
                }
            },
            log: { line in StandardStreams.error("pushsim: serve: \(line)\n") })
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)

        configuration.ended = { done.signal() }
        // Before the first task: an idle server must not wake (BrowserServer.runTasksOnEventLoops says why).
        BrowserServer.runTasksOnEventLoops()
        Task {
            do { try await BrowserServer.run(configuration) } catch {
                failure.withLock { $0 = "could not serve on \(host):\(port) (\(error))" }
            }
            done.signal()
        }
        done.wait()
        plan.removeStores()
        if let message = failure.withLock({ $0 }) { fail(UserError(message)) }
    }
}
