// The home screen's primer samples: one per style and position, a denied device and a throttled one.

import Foundation
import PushSimEngine
import PushSimMedia

extension SampleCatalog {
    /// Each sample runs on its own in-memory device (never the user's store), so a demo does not change what
    /// `pushsim primer` remembers, and every sample starts the same way each time it is opened.
    static func primerSamples(_ r: Resources, _ colors: ColorMode = .detect()) -> [Sample] {
        PrimerSampleSpec.all.map { spec in
            Sample(experience: .primer, title: spec.title, summary: spec.summary, keys: spec.keys,
                   command: spec.command(in: r)) {
                try spec.makeScene(r, wallClock: Date().timeIntervalSince1970, colors: colors)
            }
        } + [walkthroughSample(r)]
    }

    /// The QA walkthrough, with the bottom sheet (and its hero image). From the home screen its report goes to
    /// `$XDG_DATA_HOME/pushsim/reports/`, named in its summary before it finishes and on the home screen after.
    static func walkthroughSample(_ r: Resources, environment: [String: String] = ProcessInfo.processInfo.environment) -> Sample {
        let sheet = PrimerSampleSpec.all[1]
        let command = "pushsim primer walkthrough --config \(r.shown("primer/\(sheet.file)")) --report walkthrough.md"
        return Sample(experience: .primer, title: "QA walkthrough",
                      summary: "Every row of the decision table (status × fallback × throttle × answer), judged pass/fail/skip",
                      keys: "p pass · f fail · s skip · c comment · r retry · pgup/pgdn rows · q summary",
                      command: command) {
            let config = try sheet.config(r)
            let path = WalkthroughRecord.defaultReportPath(environment: environment)
            final class Box { weak var scene: PrimerWalkthroughScene? }
            let box = Box()
            let scene = PrimerWalkthroughScene(
                config: config, wallClock: Date().timeIntervalSince1970, reportPaths: [path],
                images: MediaImageSource(payloadFolder: r.path("primer"), mode: .background, colorMode: .detect())) { results in
                let context = WalkthroughRecord.context(configSource: r.path("primer/\(sheet.file)"), command: command)
                do throws(UserError) {
                    try WalkthroughRecord.write(WalkthroughReport.markdown(results, config: config, mode: "interactive (tester)",
                                                                           context: context), to: path)
                    box.scene?.closingMessage = WalkthroughRecord.closing(results, wroteTo: path)
                } catch {
                    box.scene?.closingMessage = "QA walkthrough: \(error.message)"
                }
            }
            box.scene = scene
            return scene
        }
    }
}

/// One primer sample: a bundled config and the device it starts on.
struct PrimerSampleSpec {
    var file: String
    var title: String
    var summary: String
    var status: AuthorizationStatus = .notDetermined
    /// Seconds since the primer was last shown (the throttle's stored time), when the sample needs one.
    var lastShownAgo: Double?
    var keys = "a accept · d decline · esc outside · n present · s status · w window · ]/} clock · o Settings"

    var command: String { command(config: "Resources/primer/\(file)") }

    /// The command line with the config where `r` has it (`Resources.shown`).
    func command(in r: Resources) -> String { command(config: r.shown("primer/\(file)")) }

    func command(config: String) -> String {
        var c = "pushsim primer --config \(config)"
        if status != .notDetermined { c += " --status \(status.rawValue)" }
        if let lastShownAgo { c += " --last-shown-ago \(Int(lastShownAgo))" }
        return c
    }

    static let all: [PrimerSampleSpec] = [
        PrimerSampleSpec(file: "alert.json", title: "System alert",
                         summary: "The default style: a UIAlertController with Not now | Allow, then iOS's own prompt."),
        PrimerSampleSpec(file: "sheet-bottom.json", title: "Bottom sheet",
                         summary: "The sheet slides up with a grabber, a hero image and full-width buttons."),
        PrimerSampleSpec(file: "sheet-top.json", title: "Top banner",
                         summary: "A notification-like banner drops from the top with [Not now] [Allow] in a row."),
        PrimerSampleSpec(file: "sheet-center.json", title: "Centred dialog (sample app)",
                         summary: "The SDK sample app's look: navy gradient, green accept, radii 24 and 14."),
        PrimerSampleSpec(file: "denied.json", title: "Denied device",
                         summary: "Notifications were denied: accept opens Settings (redirectedToSettings).",
                         status: .denied),
        PrimerSampleSpec(file: "throttled.json", title: "Throttled",
                         summary: "minInterval 1 day, last shown 1 h ago: present is suppressed; press } to jump a day, then n.",
                         lastShownAgo: 3_600),
    ]

    func config(_ r: Resources) throws(UserError) -> PrimerConfig {
        let path = r.path("primer/\(file)")
        var c = PrimerConfig()
        do { try c.apply(json: try InputFile.readJSON(path), source: path) } catch let e as PrimerConfigError {
            throw UserError(e.message)
        } catch let e as UserError { throw e } catch { throw UserError("\(error)") }
        return c
    }

    func makeScene(_ r: Resources, wallClock: Double, colors: ColorMode = .detect()) throws(UserError) -> PrimerScene {
        // A denied or authorized device got there through iOS's prompt, which it shows once per install.
        let asked = status == .denied || status == .authorized
        let device = SimulatedDevice(status: status, systemPromptShown: asked, lastShownAt: lastShownAgo.map { wallClock - $0 })
        return PrimerScene(config: try config(r), device: device, wallClock: wallClock, store: nil, sink: EventSink(),
                           images: MediaImageSource(payloadFolder: r.path("primer"), mode: .background, colorMode: colors))
    }
}
