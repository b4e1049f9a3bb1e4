// `pushsim serve EXPERIENCE FILE…`: the experience live in a browser tab, drawn as `snapshot` draws it.

import ArgumentParser
import Foundation
import PushSimApp

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
        #if PUSHSIM_SERVER
        try serveHere()
        #else
        ServerExecutable.run()
        #endif
    }
}
