// The in-app banner scene driven by scripts, keys and mouse: the contract's events for every step, and its deadlines.

import Foundation
import SnapshotTesting
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

func inAppRun(_ scene: InAppScene, _ script: String, size: Size = Size(width: 60, height: 16)) throws -> [String] {
    let runner = HeadlessRunner(scene: scene, size: size)
    try runner.run(Script.parse(script))
    return scene.sink.events.map(\.jsonLine)
}

@Suite struct InAppSceneTests {
    /// Issue 26 item 8: at 200 columns the host app keeps a phone's proportions in the middle (PhoneFrame): its rows,
    /// the banner over them and the status line stay in an 80-column column; clicks are the terminal's cells.
    @Test func aWideTerminalKeepsTheHostAppInAPhonesColumn() throws {
        let scene = InAppScene(sink: EventSink())
        let size = Size(width: 200, height: 60)
        _ = try inAppRun(scene, #"notify {"id":"sale","title":"Spring sale","body":"Everything 30 % off until Sunday"}; wait 1"#, size: size)
        #expect(scene.column == Rect(x: 60, y: 0, width: 80, height: 60))
        #expect(scene.size == Size(width: 80, height: 60))
        let frame = scene.render(at: 1)
        #expect(frame.size == size)
        assertSnapshot(of: frame.plainText, as: .lines, named: "wide-200x60")
        let rows = frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.allSatisfy { $0.prefix(60).allSatisfy { $0 == " " } }, "nothing in the left margin")
        // A click on the fifth row of the list, in the column: it selects that row and reports the terminal's cell.
        let y = InAppHostScreen.listRect(in: scene.size).y + 4
        let events = try inAppRun(scene, "click 100,\(y)", size: size)
        #expect(scene.host.selection == 4)
        let click = try #require(scene.sink.events.last)
        #expect(click.event == Event("host_click", ["x": .number(100), "y": .number(Double(y))]), "\(events.last ?? "")")
        // The banner is tapped where it is drawn, in the column.
        let banner = scene.bannerRect(at: 1)
        _ = try inAppRun(scene, #"notify {"id":"two","title":"Two"}; wait 1; click \#(banner.x + 60 + 3),\#(banner.y + 2)"#, size: size)
        #expect(scene.sink.events.contains { $0.event.name == "banner_tap" })
    }

    /// Issue 13 item 8: while a banner shows, its keys stay on the status line (the long title is cut instead), and
    /// after a tap the line says which URL was opened.
    @Test func theBannerKeysStayWhileItShowsAndATapSaysWhatItOpened() throws {
        let scene = InAppScene(sink: EventSink(), demo: [.object(["title": .string("x")])], demoStart: 100)
        _ = try inAppRun(scene, #"notify {"id":"a-rather-long-banner-id","title":"A very long banner title that fills the status line on its own","link":"https://example.com/sale/2026"}"#, size: Size(width: 80, height: 24))
        let showing = scene.statusLine(width: 78)
        #expect(showing.contains("t tap  s swipe"), "\(showing)")
        #expect(showing.hasSuffix("demo banners every 6 s"))
        #expect(TextWidth.of(showing) <= 78)
        _ = try inAppRun(scene, "banner-tap", size: Size(width: 80, height: 24))
        let tapped = scene.statusLine(width: 78)
        #expect(tapped.contains("opened https://example.com/sale/2026"), "\(tapped)")
        #expect(scene.render(at: 0).plainText.contains("opened https://example.com/sale/2026"))
    }

    /// Issue 26: a banner that was waiting its turn shows right after the tap; the URL the tap opened stays on the
    /// status line for 5 s all the same, and gives way to the next banner after that.
    @Test func theOpenedURLIsNotReplacedAtOnceByTheNextBanner() throws {
        let scene = InAppScene(sink: EventSink())
        _ = try inAppRun(scene, #"notify {"title":"One","link":"https://example.com/one"}; notify {"title":"Two"}; wait 0.5; banner-tap; wait 1"#,
                         size: Size(width: 100, height: 24))
        #expect(scene.sink.events.contains { $0.event.name == "banner_show" && $0.event["title"]?.stringValue == "Two" })
        #expect(scene.statusLine(width: 98).contains("opened https://example.com/one"), "\(scene.statusLine(width: 98))")
        _ = try inAppRun(scene, #"wait 6; notify {"title":"Three"}"#, size: Size(width: 100, height: 24))
        #expect(!scene.statusLine(width: 98).contains("opened https://example.com/one"))
    }

    // cli-contract "In-app banners": notify, banner-tap (banner_tap, open_url, banner_hide tap), banner-swipe,
    // banner-drag under and over one half, the timeout, and a click outside the banner reaching the host.
    @Test func eventsForEveryStep() throws {
        let events = try inAppRun(InAppScene(sink: EventSink()), """
            notify {"id":"sale","title":"Sale; today","body":"30% off","link":"https://example.com/sale"}
            wait 1
            banner-tap
            wait 1
            notify {"title":"Two","body":"b"}
            wait 1
            banner-swipe
            wait 1
            notify {"title":"Three","duration":2}
            wait 1
            banner-drag 0.3
            wait 1.9
            banner-drag 0.5
            wait 1
            notify {"title":"Four","duration":1}
            wait 3
            click 10,12
            """)
        #expect(events == [
            #"{"t":0,"event":"banner_show","id":"sale","title":"Sale; today"}"#,
            #"{"t":1,"event":"banner_tap","id":"sale"}"#,
            #"{"t":1,"event":"open_url","url":"https://example.com/sale"}"#,
            #"{"t":1,"event":"banner_hide","id":"sale","reason":"tap"}"#,
            #"{"t":2,"event":"banner_show","id":"b1","title":"Two"}"#,
            #"{"t":3,"event":"banner_hide","id":"b1","reason":"swipe"}"#,
            #"{"t":4,"event":"banner_show","id":"b2","title":"Three"}"#,
            // Dragged 0.3 at t=5: it settles and its 2 s start again, so at 6.9 it is still there.
            #"{"t":6.9,"event":"banner_hide","id":"b2","reason":"swipe"}"#,
            #"{"t":7.9,"event":"banner_show","id":"b3","title":"Four"}"#,
            #"{"t":9.2,"event":"banner_hide","id":"b3","reason":"timeout"}"#,
            #"{"t":10.9,"event":"host_click","x":10,"y":12}"#,
        ])
    }

    @Test func warningsForWhatABannerDrops() throws {
        let events = try inAppRun(InAppScene(sink: EventSink()), #"notify {"title":"Hi","link":"example.com","duration":-1}"#)
        #expect(events.count == 3)
        #expect(events[0].contains(#""event":"warning","path":"link""#))
        #expect(events[1].contains(#""event":"warning","path":"duration""#))
        #expect(events[2].contains("banner_show"))
    }

    @Test func scriptErrorsAreOneSentence() {
        func error(_ script: String) -> String {
            do { _ = try inAppRun(InAppScene(sink: EventSink()), script); return "no error" } catch { return "\(error)" }
        }
        // A banner step with no banner is not a script error but a warning (AbsentTargetTests).
        #expect(error("banner-tap") == "no error")
        #expect(error(#"notify {"title":"x"}; banner-drag 1.5"#) == #"script step 2 ("banner-drag 1.5"): expected a fraction of the banner's height from 0 to 1, such as banner-drag 0.3"#)
        #expect(error(#"notify {"body":3}"#) == #"script step 1 ("notify {"body":3}"): a banner needs a title or a body"#)
        #expect(error("notify {oops}").hasPrefix(#"script step 1 ("notify {oops}"): the banner is not JSON (line 1, column 2"#))
        #expect(error("receive 1") == #"script step 1 ("receive 1"): this run is not listening; give --socket PATH to receive banners from pushsim notify"#)
    }

    @Test func keys() throws {
        let scene = InAppScene(sink: EventSink())
        let events = try inAppRun(scene, #"""
            notify {"title":"a","link":"myapp://a"}; key t; wait 1
            notify {"title":"b"}; key s; wait 1
            notify {"title":"c"}; key x; wait 5
            key down; key down; key enter
            key ?; key z; key q
            """#)
        let names = events.map { String($0.split(separator: "\"")[5]) }
        #expect(names == ["banner_show", "banner_tap", "open_url", "banner_hide", "banner_show", "banner_hide", "banner_show", "banner_hide", "host_click"])
        #expect(events[2].contains(#""url":"myapp://a""#))
        #expect(events[5].contains("swipe") && events[7].contains("swipe"))
        #expect(events[8].hasSuffix(#""x":2,"y":5}"#), "enter clicks the selected (third) row")
        #expect(scene.host.selection == 2)
        #expect(scene.statusLine == "↑↓ scroll  ⏎ click  ? help  q quit · ▸ host_click 2 5", "the last event is shown; no banner, no t or s")
        #expect(scene.statusLine(width: 20) == "? help  q quit", "the keys stay when it does not fit")
        #expect(scene.exitStatus == 0, "? opened help, z closed it, q quit")
    }

    @Test func mouseTapDragAndHostClick() throws {
        let scene = InAppScene(sink: EventSink())
        // The banner rests on rows 1–6; its middle row is 4.
        var events = try inAppRun(scene, #"notify {"id":"m","title":"m","link":"https://m"}; wait 1; click 20,4"#)
        #expect(events.contains(#"{"t":1,"event":"banner_tap","id":"m"}"#))
        #expect(events.last == #"{"t":1,"event":"banner_hide","id":"m","reason":"tap"}"#)

        let drag = InAppScene(sink: EventSink())
        events = try inAppRun(drag, #"notify {"id":"d","title":"d"}; wait 1; press 20,5; drag 20,4; release 20,4"#)
        #expect(events == [#"{"t":0,"event":"banner_show","id":"d","title":"d"}"#], "one row of six is under half: it settles")
        #expect(drag.presenter.timer?.at == 5, "its 4 s start again from the release")
        events = try inAppRun(drag, "press 20,5; drag 20,3; release 20,2")
        #expect(events.last == #"{"t":1,"event":"banner_hide","id":"d","reason":"swipe"}"#, "three rows of six: away")

        let host = InAppScene(sink: EventSink())
        events = try inAppRun(host, #"notify {"title":"h"}; wait 1; click 30,10; press 5,8; release 5,11"#)
        #expect(events.last == #"{"t":1,"event":"host_click","x":30,"y":10}"#, "a press and release apart is no click")
        #expect(host.host.selection == 7)
        #expect(host.presenter.current != nil, "the banner stays")
    }

    // No CPU while nothing shows: no deadline at all without a socket; exact timer and frame deadlines otherwise.
    @Test func deadlines() {
        let scene = InAppScene(sink: EventSink())
        scene.resize(to: Size(width: 60, height: 16), at: 0)
        #expect(scene.nextDeadline() == nil)
        _ = scene.notify(text: #"{"title":"x","duration":2}"#, at: 0)
        #expect(scene.nextDeadline() == 0.05, "drop-in frames")
        scene.advance(to: 0.3)
        #expect(scene.nextDeadline() == 2.3, "resting: only the auto-hide timer")
        scene.advance(to: 2.3)
        #expect(scene.nextDeadline().map { abs($0 - 2.35) < 1e-9 } == true)
        scene.advance(to: 2.55)
        #expect(scene.nextDeadline() == nil)
    }

    @Test func demoFiresTheBundledBannersInTurn() throws {
        let scene = try InAppDemo.makeScene(Resources.locate(), listener: nil, images: NoImages())
        let events = try inAppRun(scene, "wait 14")
        let shows = events.filter { $0.contains("banner_show") }
        #expect(shows == [
            #"{"t":1,"event":"banner_show","id":"welcome","title":"Welcome back, Anna"}"#,
            #"{"t":7,"event":"banner_show","id":"sale","title":"Flash sale: 30% off"}"#,
            #"{"t":13,"event":"banner_show","id":"cjk","title":"ご注文が発送されました 📦"}"#,
        ])
        #expect(scene.statusLine.hasSuffix("demo banners every 6 s"))
        #expect(SampleCatalog.all(resources: Resources.locate()).filter { $0.experience == .banners }.count == 2)
    }
}

/// A scratch folder for sockets (kept short: a socket path must fit in 108 bytes).
func socketFolder() -> String {
    let dir = "/tmp/pushsim-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// What `pushsim notify` does, with the scene's loop turning in between: write the line (it waits in the kernel),
/// let the scene take it and answer, then read the answer. One thread, so nothing depends on scheduling.
func socketRoundTrip(_ scene: Scene, _ line: String, path: String, service: SocketService) -> Result<String, UserError> {
    do throws(UserError) {
        let fd = try SocketClient.deliver(line, to: path, service: service)
        defer { close(fd) }
        scene.advance(to: 1)
        return .success(try SocketClient.awaitReply(fd, path: path, service: service, timeout: 1))
    } catch {
        return .failure(error)
    }
}

@Suite(.serialized) struct BannerSocketTests {
    func roundTrip(_ scene: InAppScene, _ json: String, path: String) -> Result<String, UserError> {
        socketRoundTrip(scene, json, path: path, service: .inapp)
    }

    @Test func notifyReachesTheListeningScene() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s.sock"
        let listener = try SocketListener(path: path, service: .inapp)
        let scene = InAppScene(sink: EventSink(), listener: listener)
        #expect(scene.nextDeadline() == nil, "listening costs no wake-ups: the loop sleeps on the socket instead")
        #expect(scene.wakeDescriptors == listener.descriptors && scene.wakeDescriptors.count == 1)
        let ok = roundTrip(scene, #"{"title":"Hi","body":"There"}"#, path: path)
        #expect(ok == .success("b1"))
        #expect(scene.presenter.current?.banner.title == "Hi")
        #expect(scene.sink.names == ["banner_show"])
        #expect(scene.statusLine.hasSuffix("listening on \(path)"))
        let refused = roundTrip(scene, #"{"link":"https://x"}"#, path: path)
        #expect(refused == .failure(UserError("a banner needs a title or a body")))
        let queued = roundTrip(scene, #"{"id":"q","title":"Queued"}"#, path: path)
        #expect(queued == .success("q"))
        #expect(scene.presenter.queue.map(\.id) == ["q"])
        scene.listener?.close()
        #expect(!FileManager.default.fileExists(atPath: path), "quitting removes the socket file")
    }

    @Test func noListenerIsOneClearLine() {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/none.sock"
        #expect(throws: UserError("no pushsim inapp is listening on \(path); start one with `pushsim inapp`")) {
            try SocketClient.send(#"{"title":"x"}"#, to: path, service: .inapp)
        }
    }

    @Test func aStaleSocketIsReplacedALiveOneIsNot() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s.sock"
        // A dead instance: a bound socket file whose process is gone (closed without unlinking).
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = try SocketPath.address(path)
        _ = withUnsafePointer(to: &addr) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(fd)
        #expect(FileManager.default.fileExists(atPath: path))
        let live = try SocketListener(path: path, service: .inapp)
        #expect(throws: UserError("another pushsim inapp is already listening on \(path); quit it or choose another path with --socket")) {
            _ = try SocketListener(path: path, service: .inapp)
        }
        live.close()
        _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        #expect(throws: UserError("\(path) exists and is not a socket; remove it or choose another path with --socket")) {
            _ = try SocketListener(path: path, service: .inapp)
        }
    }

    @Test func headlessReceiveStep() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r.sock"
        let scene = InAppScene(sink: EventSink(), listener: try SocketListener(path: path, service: .inapp))
        let fd = try SocketClient.deliver(#"{"id":"r","title":"Received"}"#, to: path, service: .inapp)
        defer { close(fd) }
        let events = try inAppRun(scene, "receive 5; receive 0.1")
        #expect(events.first == #"{"t":0,"event":"banner_show","id":"r","title":"Received"}"#)
        #expect(events.last == #"{"t":0,"event":"warning","path":"","message":"no banner arrived on \#(path) within 0.1 s"}"#)
        #expect(try SocketClient.awaitReply(fd, path: path, service: .inapp, timeout: 1) == "r")
        scene.listener?.close()
    }

    @Test func defaultPath() {
        #expect(SocketPath.defaultPath(for: .inapp, environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/pushsim/inapp.sock")
        #expect(SocketPath.defaultPath(for: .inapp, environment: [:]) == "/tmp/pushsim-\(getuid())/inapp.sock")
        #expect(SocketPath.defaultPath(for: .inbox, environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/pushsim/inbox.sock",
                "the inbox listens beside the in-app socket, so both can run at once")
        #expect(SocketPath.defaultPath(for: .inbox, environment: [:]) == "/tmp/pushsim-\(getuid())/inbox.sock")
    }

    // Issue 12, item 9: a banner the presenter drops (100 already wait) is answered `error` with why, so
    // `pushsim notify` exits 1; before, it was answered `ok` like a shown one.
    @Test func aDroppedBannerIsAnErrorNotOk() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s.sock"
        let scene = InAppScene(sink: EventSink(), listener: try SocketListener(path: path, service: .inapp))
        #expect(roundTrip(scene, #"{"title":"shown"}"#, path: path) == .success("b1"))
        for i in 1...BannerPresenter.queueLimit {
            guard case .success = scene.notify(text: "{\"id\":\"q\(i)\",\"title\":\"waits\"}", at: 1) else { Issue.record("q\(i) refused"); return }
        }
        let dropped = roundTrip(scene, #"{"id":"late","title":"one too many"}"#, path: path)
        #expect(dropped == .failure(UserError("banner late dropped: 100 banners are already waiting; send it again once some have been shown")))
        #expect(scene.presenter.queue.count == BannerPresenter.queueLimit)
        #expect(scene.sink.names.last == "warning")
    }

    // Issue 12, item 9: a 10 MB line is answered `error` (too large), and the sender reports that answer rather
    // than a broken pipe. The sender runs on its own thread: the kernel holds only part of 10 MB.
    @Test func anOversizedLineGetsAnErrorAnswer() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s.sock"
        let scene = InAppScene(sink: EventSink(), listener: try SocketListener(path: path, service: .inapp))
        let huge = "{\"title\":\"" + String(repeating: "x", count: 10 * 1024 * 1024) + "\"}"
        let result = SendResult()
        let sender = Thread {
            result.set(Result<String, UserError>(catching: { () throws(UserError) -> String in
                try SocketClient.send(huge, to: path, service: .inapp, timeout: 10)
            }))
        }
        sender.start()
        let end = Date().addingTimeInterval(20)
        while result.value == nil && Date() < end {
            scene.advance(to: 1)
            usleep(1_000)
        }
        #expect(result.value == .failure(UserError("the banner is larger than 256 KB; send a shorter one")))
        #expect(scene.presenter.current == nil)

        // A sender of its own (socat, a script) writes all 10 MB — the listener reads and discards the rest of the
        // line instead of closing on it (a broken pipe) — and then reads the error.
        let raw = SendResult()
        let rawSender = Thread {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            guard let addr = try? SocketPath.address(path), SocketPath.connect(fd, addr) == 0 else {
                raw.set(.failure(UserError("cannot connect"))); return
            }
            let bytes = Array((huge + "\n").utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                sent += n
            }
            guard sent == bytes.count else { raw.set(.failure(UserError("sent only \(sent) of \(bytes.count) bytes"))); return }
            raw.set(.success(SocketClient.readReply(fd) ?? "no answer"))
        }
        rawSender.start()
        while raw.value == nil && Date() < end.addingTimeInterval(20) {
            scene.advance(to: 1)
            usleep(1_000)
        }
        #expect(raw.value == .success("error the banner is larger than 256 KB; send a shorter one"))
    }

    // Issue 12, item 5: with no XDG_RUNTIME_DIR the default folder is /tmp/pushsim-UID, which another user could
    // make first. Only a real folder of ours with mode 0700 is used; a missing one is made 0700.
    @Test func theDefaultSocketFolderMustBeOursAlone() throws {
        let base = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let fresh = base + "/fresh"
        try SocketPath.secureFolder(fresh, create: true)
        var st = stat()
        #expect(lstat(fresh, &st) == 0 && st.st_mode & 0o777 == 0o700 && st.st_uid == getuid())
        try SocketPath.secureFolder(fresh, create: false)

        let open = base + "/open"
        #expect(mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        #expect(throws: UserError("the socket folder \(open) is open to other users (mode 777): run `chmod 700 \(open)`, or pass --socket PATH in a folder of your own")) {
            try SocketPath.secureFolder(open, create: true)
        }
        let link = base + "/link"
        #expect(symlink(fresh, link) == 0)
        #expect(throws: UserError("the socket folder \(link) is a symbolic link, which pushsim does not follow: remove it (or set XDG_RUNTIME_DIR), or pass --socket PATH in a folder of your own")) {
            try SocketPath.secureFolder(link, create: false)
        }
        // Handing a folder to another user needs root (the CI and the shared machine run the tests as root).
        let theirs = base + "/theirs"
        #expect(mkdir(theirs, 0o700) == 0)
        let nobody: uid_t = 65_534
        if getuid() == 0 {
            #expect(chown(theirs, nobody, gid_t(nobody)) == 0)
            #expect(throws: UserError("the socket folder \(theirs) belongs to another user (uid \(nobody)), who could read every banner and answer for pushsim: remove it (or set XDG_RUNTIME_DIR), or pass --socket PATH in a folder of your own")) {
                try SocketPath.secureFolder(theirs, create: true)
            }
        } else {
            #expect(chmod(theirs, 0o755) == 0)
        }
        // The sender refuses before connecting: a listener another user put there never sees the banner.
        let planted = try SocketListener(path: open + "/inapp.sock", service: .inapp)
        #expect(throws: UserError.self) {
            try SocketClient.send(#"{"title":"secret"}"#, to: open + "/inapp.sock", service: .inapp, secureFolder: true)
        }
        #expect(planted.poll().isEmpty)
        planted.close()
        #expect(throws: UserError.self) { try SocketListener(path: theirs + "/inapp.sock", service: .inapp, secureFolder: true) }
        #expect(!FileManager.default.fileExists(atPath: theirs + "/inapp.sock"))
    }

    // Issue 12, item 5: SIGINT, SIGTERM and SIGHUP end the process right after `interrupted`; the socket goes with it.
    @Test func anInterruptRemovesTheSocketFile() throws {
        let dir = socketFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = InAppScene(sink: EventSink(), listener: try SocketListener(path: dir + "/s.sock", service: .inapp))
        #expect(FileManager.default.fileExists(atPath: dir + "/s.sock"))
        scene.interrupted(at: 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.sock"))
    }
}

/// What a sender thread got back.
final class SendResult: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<String, UserError>?
    func set(_ r: Result<String, UserError>) { lock.lock(); result = r; lock.unlock() }
    var value: Result<String, UserError>? { lock.lock(); defer { lock.unlock() }; return result }
}
