// `pushsim serve`'s run, in pushsim-server: the server that listens, and the runs it plays for each tab.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimBrowser
import PushSimFiles
import PushSimPicture
import PushSimStore
import PushSimTerminal
import Synchronization

extension ServeSubcommand {
    func serveHere() throws {
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
