// `pushsim inbox FILE...`: open an InboxKit feed interactively, headless, or as a --dump of what it shows.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Open an inbox feed as PushwooshInboxKit shows it, with read and deleted state kept in the store.",
        discussion: """
        FILE may hold a getInboxMessages response or array, APNs inbox pushes (pw_inbox + inbox_params), or a \
        createMessage request whose notifications carry inbox_image, inbox_date or inbox_days. Several files are \
        merged; '-' reads standard input.

        Keys: ↑/↓ j/k PgUp/PgDn Home/End move, Enter opens (marks read, opens the link), 1–9 press the \
        highlighted card's buttons, d deletes, r refreshes, m marks all read, c clears read messages, q leaves.

        Faithful to the SDK, surprises included: a root displayType string wins even when it is not a kind (u is \
        then not read, and the image/title heuristic picks the card); action_params must be a JSON string (an \
        object gives no buttons, pin or link); a root pinned wins even when false, and only booleans and numbers \
        count; status 5 is never filtered; a button URL without a scheme becomes a custom action; there is no \
        3-button limit. Everything skipped or degraded is reported with its file and JSON path.

        It follows SDK 7.2.9 unless --sdk names another release. From 7.2.7 the rows on screen are read as soon as \
        they show (--no-read-on-display turns it off), every tap reports an open even when the host refuses it \
        (--decline), and a message's own link or rich media owns its URL buttons, slides and video/wallet cards; from \
        7.2.6 captioned and carousel cards need a title and a body; from 7.2.5 an http(s) attachment (or b) is the \
        hero of banner and captioned cards. --sdk 7.1.3 keeps the older rules.

        Listens on a Unix socket (default $XDG_RUNTIME_DIR/pushsim/inbox.sock, else /tmp/pushsim-$UID/inbox.sock) \
        for `pushsim notify --inbox FILE`: the pushed message appears at once, unread, as the SDK shows a received \
        inbox push. Headless runs listen only with --socket (step: receive [SECONDS]). Steps push JSON and \
        push-file PATH deliver one as if sent. Event: receive (code, title).
        """
    )

    @OptionGroup(title: "Inbox options") var inbox: InboxExperienceOptions

    @Option(help: ArgumentHelp("The socket to listen on for `pushsim notify --inbox` (default $XDG_RUNTIME_DIR/pushsim/inbox.sock, else /tmp/pushsim-$UID/inbox.sock).", valueName: "path"))
    var socket: String?

    @Flag(help: "Reload the feed when a file changes on disk (the change is fetched at once, past the SDK's 10 s throttle).")
    var watch = false

    @Flag(help: "Print the feed as displayed, as one JSON array, and exit.")
    var dump = false

    @Flag(help: .hidden)
    var bench = false

    @OptionGroup(title: "Terminal options") var terminal: TerminalOptions

    func validate() throws {
        if watch && inbox.files.allSatisfy({ $0 == "-" }) { throw ValidationError("--watch needs a feed file, not standard input") }
    }

    func run() throws {
        let files = inbox.files, attributes = inbox.attributes, date = inbox.date
        let headless = terminal.headless
        if bench { InboxBench.run(files: files, attributes: attributes, now: date, store: inbox.script.store, size: terminal.parsedSize) }
        let store: Store
        do { store = try Store(path: inbox.script.store ?? Store.defaultPath()) }
        catch { fail(UserError(error.message, exitCode: error.exitCode)) }
        let sink = EventSink()
        let scene: InboxScene
        do {
            // --dump draws nothing, so it loads no images; headless loads them synchronously (deterministic frames).
            let images: ImageSource = dump ? NoImages()
                : terminal.imageSource(payload: files.first ?? "-", appGroup: nil, fetch: inbox.fetch)
            // Headless runs are scripted: they listen only when asked to, so a CI run never takes the user's socket.
            // Interactively the default socket is a convenience: when another inbox holds it, this one opens anyway,
            // not listening, and says so; an explicit --socket that cannot be used is an error.
            var listener: SocketListener?
            var notListening: String?
            if let socket, !dump {
                listener = try SocketListener(path: socket, service: .inbox)
            } else if !dump && !headless {
                do { listener = try SocketListener(path: SocketPath.defaultPath(for: .inbox), service: .inbox, secureFolder: true) }
                catch { notListening = "not listening for pushsim notify --inbox: \(error.message)" }
            }
            let people = try inbox.personalization.input(language: nil, phone: nil, ios: inbox.sdk.iosText)
            scene = try InboxScene(files: files, attributes: attributes, now: date, store: store, images: images, sink: sink,
                                   listener: listener, device: people.device, rawPlaceholders: people.raw)
            // `u` with several --tags devices (interactive, as in stories).
            if !headless && !dump && people.devices.count > 1 { scene.devices = (people.devices, people.index) }
            if let notListening { scene.warn(notListening) }
            if watch && !dump && !scene.watchFiles() {
                scene.warn("--watch: cannot watch the feed files here (inotify is unavailable); press r to reload")
            }
        } catch {
            fail(error)
        }
        if dump {
            if let path = inbox.script.events {
                // An --events path that cannot be written ends the run in one line, as everywhere else (it was skipped).
                do { ScriptOptions.tee(sink, to: try OutputStream(path: path)) } catch { fail(error) }
            } else {
                for e in sink.events where e.event.name == "warning" {
                    let path = e.event["path"]?.stringValue ?? "", msg = e.event["message"]?.stringValue ?? ""
                    StandardStreams.error("pushsim: warning: \(path): \(msg)\n")
                }
            }
            // Written as it is made, in 64 KB pieces, instead of one string of the whole feed.
            // A write that fails (`> /dev/full`) is one line and status 1 (FileHandle.write trapped).
            let out: OutputStream
            do { out = try OutputStream(path: "-") } catch { fail(error) }
            scene.feed.writeDump { out.write(bytes: $0) }
            out.write("\n")
            // Everything is written and the store is committed: leave without freeing a large feed's rows one by one
            // (a tenth of a 100,000-message --dump went to tearing down what is about to vanish anyway). The store is
            // closed first, so its WAL is checkpointed and no -wal/-shm files are left beside it.
            store.close()
            Foundation.exit(0)
        }
        if headless {
            terminal.run(scene, sink: sink, script: inbox.script)
            scene.listener?.close()
            return
        }
        inbox.script.streamEvents(sink)
        runInteractive(scene, options: terminal.interactive)
    }
}
