// `pushsim primer`: the push primer on a simulated device, interactive or headless; `primer walkthrough` for QA.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimStore

/// The builder's settings as options (and `--config FILE` with the setter names; options win over the file).
struct PrimerConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A JSON object whose keys are the builder's setter names (style, position, title, …).", valueName: "file"))
    var config: String?

    @Option(help: "alert (default) or sheet.") var style: String?
    @Option(help: "bottom (default), top or center; used with --style sheet.") var position: String?
    @Option(help: "The title text.") var title: String?
    @Option(help: "The message text.") var message: String?
    @Option(help: "The accept button's title (default \"Allow\").") var accept: String?
    @Option(help: "The decline button's title (default \"Not now\").") var decline: String?
    @Option(help: ArgumentHelp("A local hero image (wins over --image-url).", valueName: "path")) var image: String?
    @Option(help: ArgumentHelp("A hero image URL (ignored by the top banner).", valueName: "url")) var imageUrl: String?
    @Option(help: ArgumentHelp("Card background.", valueName: "#RRGGBB")) var backgroundColor: String?
    @Option(help: ArgumentHelp("Card gradient, top-left to bottom-right.", valueName: "#RRGGBB,...")) var backgroundGradient: String?
    @Option(help: ArgumentHelp("Title colour.", valueName: "#RRGGBB")) var titleColor: String?
    @Option(help: ArgumentHelp("Message colour.", valueName: "#RRGGBB")) var messageColor: String?
    @Option(help: ArgumentHelp("Accept button colour (the accent).", valueName: "#RRGGBB")) var acceptColor: String?
    @Option(help: ArgumentHelp("Accept button text colour.", valueName: "#RRGGBB")) var acceptTextColor: String?
    @Option(help: ArgumentHelp("Decline button colour.", valueName: "#RRGGBB")) var declineColor: String?
    @Option(help: ArgumentHelp("Decline button text colour.", valueName: "#RRGGBB")) var declineTextColor: String?
    @Option(help: ArgumentHelp("A border around both buttons.", valueName: "#RRGGBB")) var buttonBorderColor: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Card corner radius in points (0 = square corners).", valueName: "n")) var cornerRadius: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Button corner radius in points.", valueName: "n")) var buttonCornerRadius: String?
    @Option(help: ArgumentHelp("Send a denied user to Settings on accept (default true).", valueName: "true|false")) var fallbackToSettings: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds between two primers (default 0 = no throttle).", valueName: "seconds")) var minInterval: String?

    /// The file's settings, then every option given on the command line over them.
    func makeConfig() throws(UserError) -> PrimerConfig {
        var c = PrimerConfig()
        do {
            if let config {
                let json = try InputFile.readJSON(config)
                try c.apply(json: json, source: InputFile.displayName(config))
                // A relative image path in the file is relative to the file, like a payload's images.
                if let img = c.image, !img.hasPrefix("/"), !img.contains("://"), config != "-" {
                    c.image = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent(img).path
                }
            }
            let given: [(PrimerConfigKey, String?)] = [
                (.style, style), (.position, position), (.title, title), (.message, message),
                (.acceptButton, accept), (.declineButton, decline), (.image, image), (.imageURL, imageUrl),
                (.backgroundColor, backgroundColor), (.backgroundGradient, backgroundGradient),
                (.titleColor, titleColor), (.messageColor, messageColor), (.acceptButtonColor, acceptColor),
                (.acceptButtonTextColor, acceptTextColor), (.declineButtonColor, declineColor),
                (.declineButtonTextColor, declineTextColor), (.buttonBorderColor, buttonBorderColor),
                (.cornerRadius, cornerRadius), (.buttonCornerRadius, buttonCornerRadius),
                (.fallbackToSettings, fallbackToSettings), (.minInterval, minInterval),
            ]
            for (key, value) in given { if let value { try c.apply(option: key, text: value) } }
            // A relative --image is relative to the working folder; made absolute so any image source finds it.
            if let image, !image.hasPrefix("/"), !image.contains("://") {
                c.image = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(image).path
            }
        } catch let e as PrimerConfigError {
            throw UserError(e.message)
        } catch let e as UserError {
            throw e
        } catch {
            throw UserError("\(error)")
        }
        return c
    }
}

/// `pushsim primer`: a group whose default is `run`, so `pushsim primer --style sheet` and
/// `pushsim primer walkthrough --headless` each get only their own options.
struct PrimerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primer",
        abstract: "Run the push primer against a simulated device, or walk QA through its decision table.",
        discussion: """
        `pushsim primer [options]` is `pushsim primer run [options]`: see `pushsim primer run --help` for every \
        builder option, the steps, events and keys. `pushsim primer walkthrough --help` explains the QA walkthrough.
        """,
        subcommands: [PrimerRunCommand.self, PrimerWalkthroughCommand.self],
        defaultSubcommand: PrimerRunCommand.self
    )
}

struct PrimerRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the push primer against a simulated device (the default: `pushsim primer [options]`).",
        discussion: """
        Presents the primer at start, exactly as Pushwoosh.configure.pushPrimer…present() decides (SDK 7.1.3): \
        authorized/provisional suppress, denied without fallback suppresses, then the throttle, then one on screen, \
        then an app with no window scene (in the background: --no-window, or w). \
        The device's status, iOS's one-shot prompt and the throttle's last-shown time live in the store.

        Faithful to the SDK, surprises included: a second present while one is up is suppressed (onScreen) and \
        leaves the visible primer alone; accept reports `accepted` at once, before iOS's prompt is answered; the \
        throttle is checked before the on-screen flag and its time is written when the primer shows, only with \
        minInterval > 0; accept on a denied device opens the app's Settings page (not its notification settings); \
        an alert has no outside tap; ephemeral (App Clip) shows like notDetermined.

        Steps: present, accept, decline, tap-outside, allow, deny, advance SECONDS, settings on|off, window on|off, and \
        the common steps.
        Events: shown, outcome, system_prompt, authorization, open_settings.
        Keys: tab/arrows focus, enter press, a/d accept/decline, esc outside, n present, s status, w window, \
        ] +1 h, } +1 d, o Settings, q quit.
        """
    )

    @OptionGroup var primer: PrimerConfigOptions

    @Option(help: ArgumentHelp("The simulated device's authorization (default: the store's, initially notDetermined): \(AuthorizationStatus.allowedList).", valueName: "status"))
    var status: String?

    @Option(help: ArgumentHelp("Start the simulated wall clock here (Unix seconds or ISO 8601; default the real time).", valueName: "time"))
    var now: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pretend the primer was last shown this many seconds ago (the throttle's stored time, for this run).", valueName: "seconds"))
    var lastShownAgo: String?

    @Option(help: ArgumentHelp("The app name in iOS's permission prompt.", valueName: "name"))
    var appName: String = "App"

    @Flag(help: "The app starts in the background with no window scene: present is suppressed (noWindow) until `w` or the step `window on`.")
    var noWindow = false

    @Flag(help: "No in/out animations (a pushsim convenience: the SDK's primer ignores Reduce Motion). Outcomes keep the SDK's timing.")
    var reduceMotion = false

    @OptionGroup var media: MediaOptions
    @OptionGroup var headless: HeadlessOptions
    @OptionGroup var interactive: InteractiveOptions

    func run() throws {
        let config: PrimerConfig
        do { config = try primer.makeConfig() } catch { fail(error) }
        var forced: AuthorizationStatus?
        if let status {
            guard let s = AuthorizationStatus(rawValue: status) else {
                fail(UserError("--status must be one of \(AuthorizationStatus.allowedList) (got \"\(status)\")"))
            }
            forced = s
        }
        let wall: Double
        do { wall = try Self.wallClock(now) } catch { fail(error) }
        let sink = EventSink()
        let store = Self.openStore(headless.store, sink: sink)
        var device: SimulatedDevice
        do { device = try store.loadDevice() } catch { fail(UserError(error.message, exitCode: error.exitCode)) }
        if let forced {
            device.status = forced
            // On a phone, notDetermined means iOS has not asked yet.
            if forced == .notDetermined { device.systemPromptShown = false }
        }
        if let lastShownAgo {
            guard let ago = Double(lastShownAgo), ago.isFinite, ago >= 0 else {
                fail(UserError("--last-shown-ago must be a number of seconds, 0 or more (got \"\(lastShownAgo)\")"))
            }
            device.lastShownAt = wall - ago
        }
        device.hasWindowScene = !noWindow
        // Image paths in a config are relative to the config file (already resolved); --image-url is fetched.
        let images = media.imageSource(payload: primer.config ?? "./primer.json", appGroup: nil, headless: headless.headless)
        let scene = PrimerScene(config: config, device: device, wallClock: wall, store: store, sink: sink,
                                reduceMotion: reduceMotion, images: images, appName: appName)
        if headless.headless {
            headless.runHeadless(scene: scene, sink: sink)
        } else {
            runInteractive(scene, options: interactive)
        }
    }

    /// `--now`: Unix seconds or ISO 8601; the real time when absent.
    static func wallClock(_ text: String?) throws(UserError) -> Double {
        guard let text else { return Date().timeIntervalSince1970 }
        if let d = Double(text), d.isFinite, d >= 0 { return d }
        let f = ISO8601DateFormatter()
        if let d = f.date(from: text) { return d.timeIntervalSince1970 }
        f.formatOptions = [.withFullDate]
        if let d = f.date(from: text) { return d.timeIntervalSince1970 }
        throw UserError("--now must be Unix seconds or an ISO 8601 time such as 2026-01-31T09:00:00Z (got \"\(text)\")")
    }

    /// The store at `path` (or the default); a damaged file was moved aside: say so on stderr and as a warning event.
    static func openStore(_ path: String?, sink: EventSink) -> Store {
        let p = path ?? Store.defaultPath()
        let store: Store
        do { store = try Store(path: p) } catch { fail(UserError(error.message, exitCode: error.exitCode)) }
        for w in store.warnings {
            FileHandle.standardError.write(Data("pushsim: warning: \(w)\n".utf8))
            sink.emit(Event("warning", ["path": .string(p), "message": .string(w)]), at: 0)
        }
        return store
    }
}

struct PrimerWalkthroughCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walkthrough",
        abstract: "Step through every row of the primer's decision table and record pass, fail or skip.",
        discussion: """
        Rows: each authorization status × fallbackToSettings × throttle state (off, never shown, within the \
        window, just elapsed) × each answer, plus a second present and a device iOS already asked. The expected \
        results are a literal table written from the SDK's source (see docs/primer.md). With --headless every row runs on \
        the engine and is checked against the table; the exit status is 1 when any row differs. Interactively, \
        each row sets the device, presents, says what the SDK will do, and you try it: p pass, f fail, s skip, \
        c comment, pgup/pgdn move between rows, ? help, q shows what was tried and where the report goes (q again finishes).
        """
    )

    @OptionGroup var primer: PrimerConfigOptions

    @Option(help: ArgumentHelp("Write the results as Markdown.", valueName: "file.md"))
    var report: String?

    @Option(help: ArgumentHelp("Write the results as JUnit XML.", valueName: "file.xml"))
    var junit: String?

    @Flag(help: "Run every row on the engine and check it against the expected table (for CI).")
    var headless = false

    @OptionGroup var interactive: InteractiveOptions

    func run() throws {
        let config: PrimerConfig
        do { config = try primer.makeConfig() } catch { fail(error) }
        // Check the outputs can be written before anyone spends time testing.
        for path in [report, junit].compactMap({ $0 }) where path != "-" {
            do { let h = try Self.openForWriting(path); try? h.close() } catch { fail(error) }
        }
        if headless {
            let results = PrimerWalkthrough.runHeadless(config: config)
            for r in results {
                let tag = r.verdict == .pass ? "ok  " : r.verdict == .fail ? "FAIL" : "skip"
                print("\(tag) \(r.row.name)" + (r.comment.isEmpty ? "" : " — \(r.comment)"))
            }
            print(WalkthroughReport.summary(results))
            Self.write(results, config: config, mode: "headless (engine)", report: report, junit: junit)
            if WalkthroughReport.counts(results).fail > 0 { throw ExitCode(1) }
            return
        }
        let scene = PrimerWalkthroughScene(config: config, wallClock: Date().timeIntervalSince1970,
                                           reportPaths: [report, junit].compactMap { $0 }) { results in
            Self.write(results, config: config, mode: "interactive (tester)", report: report, junit: junit)
        }
        runInteractive(scene, options: interactive)
    }

    static func write(_ results: [WalkthroughResult], config: PrimerConfig, mode: String, report: String?, junit: String?) {
        if let report { save(WalkthroughReport.markdown(results, config: config, mode: mode), to: report) }
        if let junit { save(WalkthroughReport.junit(results, config: config), to: junit) }
    }

    static func save(_ text: String, to path: String) {
        if path == "-" { print(text, terminator: ""); return }
        do {
            let h = try openForWriting(path)
            h.write(Data(text.utf8))
            try? h.close()
        } catch { fail(error) }
    }

    /// Open `path` for writing, emptied. An existing file is opened in place, never replaced by an atomic
    /// write, so `/dev/null` or a named pipe stays what it is.
    static func openForWriting(_ path: String) throws(UserError) -> FileHandle {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw UserError("\(path): cannot be written (does its folder exist?)")
            }
        }
        guard let h = FileHandle(forWritingAtPath: path) else { throw UserError("\(path): cannot be written (check its permissions)") }
        var isRegular = false
        if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType {
            isRegular = type == .typeRegular
        }
        if isRegular { try? h.truncate(atOffset: 0) }
        return h
    }
}
