// `pushsim notify`: send one in-app banner or a foreground push to a running `pushsim inapp`, or an inbox push to a
// running `pushsim inbox`, and report what it answered.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimEngine

struct NotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Send an in-app banner or a native in-app message to a running `pushsim inapp`, or an inbox push to a running `pushsim inbox`.",
        usage: "pushsim notify [<options>]",
        discussion: """
        Builds a banner {"id","title","body","link","duration","image"} from the options (or --json, which the \
        options override), checks it, and sends it as one JSON line over the socket. Prints `ok ID` when the \
        running instance showed or queued it; exits 1 with one line when nobody listens or the banner is refused. \
        A relative --image path is made absolute, so the running instance finds it wherever it was started.

        --inbox FILE delivers an inbox push instead: FILE ('-' = standard input) holds any inbox shape \
        `pushsim inbox` reads (an APNs push with pw_inbox + inbox_params, getInboxMessages messages, a createMessage \
        request with inbox_* keys). Its messages appear at once in the running `pushsim inbox` \
        (default socket $XDG_RUNTIME_DIR/pushsim/inbox.sock, else /tmp/pushsim-$UID/inbox.sock). Prints \
        `ok CODE…`; exits 1 with one line when nobody listens or FILE has no inbox message.

        --push FILE delivers an APNs payload ('-' = standard input) to a running `pushsim inapp` as a push that \
        arrives while the app is open, with the SDK's ForegroundPush module on: it shows the SDK's own banner \
        (the alert's title and body, the root attachment), not the banner above. Prints `ok ID`.

        --inapp FILE delivers a native in-app message (a native-config.json, a campaign resource ZIP holding one, or \
        '-') to the running `pushsim inapp`, which parses it as the SDK does and presents it: prints `ok ID` (`ok null` \
        for a config without inAppId) when it was shown or queued; exits 1 with one line saying why when the SDK's \
        parser dropped it (the key) or it was suppressed at once (expired, maxDisplays, cooldown, duplicate, declined).
        """
    )

    @Option(help: "The banner's title (bold, one line).") var title: String?
    @Option(help: "The banner's body (up to two lines).") var body: String?
    @Option(help: ArgumentHelp("Opened when the banner is tapped; needs a scheme (https://…, myapp://…).", valueName: "url")) var link: String?
    // Unconditional: `--duration -3` reads -3 as the value (and is refused as not above 0), not as a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds on screen before it hides by itself (default 4).", valueName: "seconds")) var duration: Double?
    @Option(help: ArgumentHelp("A thumbnail: a local path or an http(s) URL.", valueName: "path|url")) var image: String?
    @Option(help: ArgumentHelp("The banner's id (default: b1, b2, … given by the running instance).", valueName: "id")) var id: String?
    @Option(help: ArgumentHelp("The whole banner as a JSON object.", valueName: "json")) var json: String?
    @Option(help: ArgumentHelp("Deliver the inbox push in this file to a running pushsim inbox ('-' = standard input).", valueName: "file"))
    var inbox: String?
    @Option(help: ArgumentHelp("Deliver the APNs payload in this file to a running pushsim inapp as a foreground push ('-' = standard input).", valueName: "file"))
    var push: String?

    @Option(help: ArgumentHelp("Deliver the native in-app message in this file (native-config.json or resource ZIP; '-' = standard input) to a running pushsim inapp.", valueName: "file"))
    var inapp: String?
    @Option(help: ArgumentHelp("With --inapp: the device language a ZIP's pushwoosh.json is localised for (default its default_language).", valueName: "code"))
    var language: String?
    @Option(help: ArgumentHelp("The socket of the running pushsim inapp, or pushsim inbox with --inbox (default $XDG_RUNTIME_DIR/pushsim/inapp.sock or inbox.sock, else under /tmp/pushsim-$UID/).", valueName: "path"))
    var socket: String?

    /// With --inbox: the device Pushwoosh's server fills a createMessage request for; with --inapp: the device whose
    /// tags fill a campaign ZIP (docs/personalization.md).
    @OptionGroup(title: "Personalisation (with --inbox or --inapp)") var personalization: PersonalizationOptions

    /// Whether a personalisation option was given (they mean something only for --inbox and --inapp).
    var personalizes: Bool { !personalization.tagFiles.isEmpty || personalization.deviceIndex != nil || personalization.rawPlaceholders }

    func validate() throws {
        if personalizes, inbox == nil, inapp == nil {
            let what = push != nil ? "--push sends an APNs payload, which Pushwoosh's server already filled when it sent it"
                                   : "a banner is pushsim's own and holds no placeholders"
            throw ValidationError("\(what); --tags, --device-index and --raw-placeholders go with --inbox (a createMessage request) or --inapp (a campaign ZIP)")
        }
        if push != nil {
            let others = [("--inbox", inbox), ("--title", title), ("--body", body), ("--link", link), ("--image", image), ("--id", id), ("--json", json), ("--inapp", inapp)]
                .compactMap { $0.1 == nil ? nil : $0.0 } + (duration == nil ? [] : ["--duration"])
            if let first = others.first {
                throw ValidationError("--push sends a foreground push, which takes its content from the file; \(first) does not go with it")
            }
            return
        }
        if inapp != nil {
            let banner = [("--title", title), ("--body", body), ("--link", link), ("--image", image), ("--id", id), ("--json", json),
                          ("--inbox", inbox), ("--push", push)].compactMap { $0.1 == nil ? nil : $0.0 } + (duration == nil ? [] : ["--duration"])
            if let first = banner.first {
                throw ValidationError("--inapp sends a native in-app message, which takes its content from the file; drop \(first) (or drop --inapp)")
            }
            return
        }
        if language != nil { throw ValidationError("--language is for --inapp (a ZIP's localisation)") }
        if inbox != nil {
            let banner = [("--title", title), ("--body", body), ("--link", link), ("--image", image), ("--id", id), ("--json", json)]
                .compactMap { $0.1 == nil ? nil : $0.0 } + (duration == nil ? [] : ["--duration"])
            if let first = banner.first {
                throw ValidationError("--inbox sends an inbox push, which takes its content from the file; \(first) is for banners (drop it, or drop --inbox)")
            }
            return
        }
        // Before the missing title: the value given is the mistake to name first.
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration must be a number of seconds above 0 (got \(duration.formatted))")
        }
        if json == nil && title == nil && body == nil {
            throw ValidationError("give --title and/or --body (or the whole banner with --json '{\"title\":\"Hi\",\"body\":\"There\"}')")
        }
    }

    func run() throws {
        if let push { sendPush(push) }
        if let inapp { sendInApp(inapp) }
        if let inbox { sendInbox(inbox) }
        do throws(UserError) {
            let banner = try makeBanner()
            // Check it here too, so mistakes are reported in this terminal, not only refused by the other one.
            let (parsed, diags) = BannerParser.parse(banner, defaultID: "b?")
            for d in diags where d.severity == .warning {
                StandardStreams.error("pushsim: warning: \(d.description)\n")
            }
            if parsed == nil, let e = diags.first(where: { $0.severity == .error }) { throw UserError(e.description) }
            let id = try SocketClient.send(banner.jsonText(), to: socket ?? SocketPath.defaultPath(for: .inapp), service: .inapp,
                                           secureFolder: socket == nil)
            print("ok \(id)")
        } catch {
            fail(error)
        }
    }

    /// `--inbox FILE`: read it with the inbox's intake (so a file with no inbox message is refused here, with the
    /// intake's reason), send it, print `ok CODE…`.
    func sendInbox(_ file: String) -> Never {
        do throws(UserError) {
            var (push, warnings) = (InboxPush(file: file, payload: .null), [Diagnostic]())
            if personalizes {
                // The server's filling is done here, for the --tags device; the running inbox then shows it as sent.
                let people = try personalization.input(language: nil, phone: nil)
                for w in people.warnings { StandardStreams.error("pushsim: warning: \(w)\n") }
                switch try InboxPush.read(file, for: people.device, raw: people.raw) {
                case .stopped(let e) where e.name == "not_sent":
                    print("not sent to device \(people.device.name): " + StoriesScene.notSentSentence(e))
                    Foundation.exit(0)
                case .stopped(let e):
                    throw UserError("\(InputFile.displayName(file)): " + StoriesScene.notSentSentence(e))
                case .push(let p, let w, _):
                    (push, warnings) = (p, w)
                }
            } else {
                (push, warnings) = try InboxPush.read(file)
            }
            for d in warnings {
                StandardStreams.error("pushsim: warning: \(d.description)\n")
            }
            let codes = try SocketClient.send(push.line, to: socket ?? SocketPath.defaultPath(for: .inbox), service: .inbox,
                                              secureFolder: socket == nil)
            print("ok \(codes)")
            Foundation.exit(0)
        } catch {
            fail(error)
        }
    }

    /// `--push FILE`: an APNs payload, checked as the SDK's ForegroundPush module reads it, sent; prints `ok ID`.
    func sendPush(_ file: String) -> Never {
        do throws(UserError) {
            var doc = try InputFile.readJSON(file)
            let (parsed, diags) = ForegroundPush.parse(doc, file: InputFile.displayName(file))
            if parsed == nil, let e = diags.first(where: { $0.severity == .error }) { throw UserError(e.description) }
            // A push APNs refuses is sent all the same: the running instance reports it (apns_rejected) and refuses it.
            if APNsPayload.check(doc) == nil {
                for d in diags { StandardStreams.error("pushsim: warning: \(d.description)\n") }
            }
            // A relative attachment path is made absolute, so the running instance finds it wherever it started.
            if var o = doc.objectValue, let a = o["attachment"]?.stringValue, !a.isEmpty, !a.hasPrefix("/"), URLText.scheme(of: a) == nil {
                let base = file == "-" ? FileManager.default.currentDirectoryPath : (file as NSString).deletingLastPathComponent
                let dir = base.isEmpty ? FileManager.default.currentDirectoryPath : base
                o["attachment"] = .string(URL(fileURLWithPath: dir).appendingPathComponent(a).standardized.path)
                doc = .object(o)
            }
            let id = try SocketClient.send(ForegroundPushWire.line(doc), to: socket ?? SocketPath.defaultPath(for: .inapp), service: .inapp,
                                           secureFolder: socket == nil)
            print("ok \(id)")
            Foundation.exit(0)
        } catch {
            fail(error)
        }
    }

    /// `--inapp FILE`: read it here (a ZIP is unpacked and localised here), send the config, print the answer.
    func sendInApp(_ file: String) -> Never {
        do throws(UserError) {
            // The device fills a campaign ZIP with its own tags (without --tags: only its default ones).
            let people = try personalization.input(language: language, phone: nil)
            for w in people.warnings { StandardStreams.error("pushsim: warning: \(w)\n") }
            let d = try InAppIntake.sdk(language: language, tags: people.device.nativeTags, raw: people.raw).read(file)
            for w in d.warnings { StandardStreams.error("pushsim: warning: \(w.description)\n") }
            let id = try SocketClient.send(d.socketLine, to: socket ?? SocketPath.defaultPath(for: .inapp), service: .inapp,
                                           secureFolder: socket == nil)
            print("ok \(id)")
            Foundation.exit(0)
        } catch {
            fail(error)
        }
    }

    func makeBanner() throws(UserError) -> JSONValue {
        var o = JSONObject()
        if let json {
            let v: JSONValue
            try RawArgument.checkUTF8(json, option: "--json")
            do { v = try JSONParser.parse(json) } catch { throw UserError("--json is not JSON (\(error.description))") }
            guard let obj = v.objectValue else { throw UserError("--json must be a JSON object such as {\"title\":\"Hi\",\"body\":\"There\"}, not \(v.typeDescription)") }
            o = obj
        }
        if let id { o["id"] = .string(id) }
        if let title { o["title"] = .string(title) }
        if let body { o["body"] = .string(body) }
        if let link { o["link"] = .string(link) }
        if let duration { o["duration"] = .number(duration) }
        if let image { o["image"] = .string(image) }
        if let img = o["image"]?.stringValue, !img.isEmpty, !img.hasPrefix("/"), URLText.scheme(of: img) == nil {
            o["image"] = .string(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(img).standardized.path)
        }
        return .object(o)
    }
}

private extension Double {
    /// `-3` for -3.0, as it was typed; other values as Swift prints them.
    var formatted: String { isFinite && self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
