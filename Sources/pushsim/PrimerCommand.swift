// `pushsim primer`: the push primer on a simulated device, interactive or headless; `primer walkthrough` for QA.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimStore

/// The builder's settings as options (and `--config FILE` with the setter names; options win over the file).
struct PrimerConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A JSON object whose keys are the builder's setter names (style, position, title, …).", valueName: "file"))
    var config: String?

    @Option(help: "alert (default) or sheet.", completion: .list(PrimerStyle.allCases.map(\.rawValue))) var style: String?
    @Option(help: "bottom (default), top or center; used with --style sheet.", completion: .list(PrimerPosition.allCases.map(\.rawValue)))
    var position: String?
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
        // Every option is optional; with more than 12 the generated line reads `<options>`, as if one were required.
        usage: "pushsim primer run [<options>]",
        discussion: """
        Presents the primer at start, exactly as Pushwoosh.configure.pushPrimer…present() decides (SDK 7.1.3; the same through 7.2.9): \
        authorized/provisional suppress, denied without fallback suppresses, then the throttle, then one on screen. \
        The device's status, iOS's one-shot prompt and the throttle's last-shown time live in the store.

        Faithful to the SDK, surprises included: accept acts when the sheet's 0.26 s dismiss ends (an alert's at the \
        tap): iOS's prompt, or Settings on a device that was denied when present ran, appears then, together with the \
        outcome, which does not wait for the prompt's answer; a second present while one is up is suppressed \
        (onScreen) and leaves the visible primer alone; the throttle is checked before the on-screen flag and its time \
        is written when the primer shows, only with minInterval > 0; accept on a denied device opens the app's \
        Settings page (not its notification settings); an alert has no outside tap; ephemeral (App Clip) shows like \
        notDetermined; an app with no connected scene (--no-window, w) still shows the primer, unseen (see --no-window).

        Steps: present, accept, decline, tap-outside, allow, deny, advance SECONDS, settings on|off, window on|off, and \
        the common steps.
        Events: shown, outcome, system_prompt, authorization, open_settings.
        Keys: tab/arrows focus, enter press, a/d accept/decline, esc outside, n present, s status, w window, \
        ] +1 h, } +1 d, o Settings, q quit.
        """
    )

    @OptionGroup(title: "Primer options") var primer: PrimerExperienceOptions
    @OptionGroup(title: "Terminal options") var terminal: TerminalOptions

    func run() throws {
        let sink = EventSink()
        let images = terminal.imageSource(payload: primer.imageFolderAnchor, appGroup: nil, fetch: primer.fetch)
        let scene = primer.makeScene(sink: sink, images: images)
        if terminal.headless {
            terminal.run(scene, sink: sink, script: primer.script)
        } else {
            primer.script.streamEvents(sink)
            runInteractive(scene, options: terminal.interactive)
        }
    }
}

struct PrimerWalkthroughCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walkthrough",
        abstract: "Step through every row of the primer's decision table and record pass, fail or skip.",
        usage: "pushsim primer walkthrough [<options>]",
        discussion: """
        Rows: each authorization status × fallbackToSettings × throttle state (off, never shown, within the \
        window, just elapsed) × each answer, plus a second present, a device iOS already asked, and presents while \
        the app has no connected scene (the primer counts as shown, unseen). The expected \
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

    /// The primer is the same in every known release; the option is taken like everywhere else.
    @OptionGroup var sdk: SDKOptions

    @OptionGroup var interactive: InteractiveOptions

    func run() throws {
        let config: PrimerConfig
        do { config = try primer.makeConfig() } catch { fail(error) }
        // Check the outputs can be written before anyone spends time testing.
        for path in [report, junit].compactMap({ $0 }) where path != "-" {
            do { try ReplacingFile(path: path).abandon() } catch { fail(UserError(error.message)) }
        }
        let outputs = [report, junit].compactMap { $0 }
        if headless {
            let results = PrimerWalkthrough.runHeadless(config: config)
            for r in results {
                let tag = r.verdict == .pass ? "ok  " : r.verdict == .fail ? "FAIL" : "skip"
                print("\(tag) \(r.row.name)" + (r.comment.isEmpty ? "" : " — \(r.comment)"))
            }
            for note in WalkthroughReport.replacedSettings(config) { print("note " + note) }
            print(WalkthroughReport.summary(results))
            let said: [String]
            do { said = try Self.write(results, config: config, mode: "headless (engine)", report: report, junit: junit, context: context) }
            catch { fail(error) }
            for line in said { StandardStreams.error(line + "\n") }
            if let failed = WalkthroughReport.failureLine(results, reports: outputs) {
                StandardStreams.error("pushsim: \(failed)\n")
                throw ExitCode(1)
            }
            return
        }
        // The hero image, drawn as `pushsim primer` draws it (a relative path in --config is relative to the file).
        let images = MediaImageSource(payloadFolder: MediaImageSource.folder(of: primer.config ?? "./primer.json"),
                                      mode: .background, colorMode: ColorMode.detect(terminalColors: terminalImageColors()))
        // What the walkthrough has to say once it ends (where the report went, why the status is 1, or why nothing
        // was written): kept while the screen is up, where a line written to standard error is lost when the
        // screen closes, and said after the terminal is restored.
        let farewell = Farewell()
        let scene = PrimerWalkthroughScene(config: config, wallClock: Date().timeIntervalSince1970,
                                           reportPaths: outputs, images: images) { [context] results in
            do throws(UserError) {
                farewell.lines = try Self.write(results, config: config, mode: "interactive (tester)", report: report,
                                                junit: junit, context: context)
            } catch {
                farewell.error = error
            }
            if let failed = WalkthroughReport.failureLine(results, reports: outputs) { farewell.lines.append("pushsim: " + failed) }
        }
        // Ctrl-C finishes the walkthrough after the terminal is restored and then ends the process: say it at once.
        scene.onInterrupted = { farewell.say() }
        runInteractive(scene, options: interactive, afterwards: { farewell.say() })
    }

    /// The report's header: when, which pushsim and SDK rules, which config, and the command that runs it again.
    var context: WalkthroughReportContext {
        WalkthroughRecord.context(configSource: primer.config ?? "built-in defaults and the options given",
                                  command: (["pushsim"] + CommandLine.arguments.dropFirst()).map(Self.shellQuoted).joined(separator: " "))
    }

    static func shellQuoted(_ s: String) -> String {
        s.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) }) && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Write the reports asked for; returns the lines that say where each went (`wrote r.md (88 rows)`).
    static func write(_ results: [WalkthroughResult], config: PrimerConfig, mode: String, report: String?, junit: String?,
                      context: WalkthroughReportContext) throws(UserError) -> [String] {
        var said: [String] = []
        if let report {
            said += try save(WalkthroughReport.markdown(results, config: config, mode: mode, context: context), to: report, rows: results.count)
        }
        if let junit { said += try save(WalkthroughReport.junit(results, config: config), to: junit, rows: results.count) }
        return said
    }

    static func save(_ text: String, to path: String, rows: Int) throws(UserError) -> [String] {
        // Standard output goes through print, like the row lines before it, so the two cannot interleave.
        if path == "-" { print(text, terminator: ""); return [] }
        // Whole or not at all: a full disk leaves the previous report (or nothing) under the name, never half of one.
        do { try ReplacingFile.write(text, to: path) } catch { throw UserError(error.message) }
        return ["wrote \(path) (\(rows) rows)"]
    }
}

/// The walkthrough's last words, said on standard error once, after the terminal is restored.
final class Farewell {
    var lines: [String] = []
    var error: UserError?
    private var said = false

    func say() {
        guard !said else { return }
        said = true
        for line in lines { StandardStreams.error(line + "\n") }
        if let error { fail(error) }
    }
}
