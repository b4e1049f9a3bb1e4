// What decides a primer run's screen (the builder's settings, the simulated device and clock, the script, image
// downloads): the options `pushsim primer` and `pushsim snapshot primer` share.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

struct PrimerExperienceOptions: ParsableArguments {
    @OptionGroup var builder: PrimerConfigOptions

    @Option(help: ArgumentHelp("The simulated device's authorization (default: the store's, initially notDetermined): \(AuthorizationStatus.allowedList).", valueName: "status"),
            completion: .list(AuthorizationStatus.allCases.map(\.rawValue)))
    var status: String?

    @Option(help: ArgumentHelp("Start the simulated wall clock here (Unix seconds or ISO 8601; default the real time).", valueName: "time"))
    var now: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pretend the primer was last shown this many seconds ago (the throttle's stored time, for this run).", valueName: "seconds"))
    var lastShownAgo: String?

    @Option(help: ArgumentHelp("The app name in iOS's permission prompt.", valueName: "name"))
    var appName: String = "App"

    @Flag(help: ArgumentHelp("The app starts in the background with no connected scene (`w` or the step `window on|off` moves it).",
                             discussion: "The SDK never suppresses for want of a window: present still shows the primer (the shown event with visible false, the throttle stamp) but in a window attached to no scene, so nothing appears on the phone and nothing can tap it; it keeps the on-screen flag, so later presents are suppressed (onScreen) for the rest of the run."))
    var noWindow = false

    @Flag(help: "No in/out animations (a pushsim convenience: the SDK's primer ignores Reduce Motion). Outcomes keep the SDK's timing.")
    var reduceMotion = false

    @OptionGroup var sdk: SDKOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var script: ScriptOptions

    /// The scene `primer` plays and `snapshot primer` draws. Bad options end the run with one line.
    /// The device is read from the store (a fresh one in memory with `freshDevice`); without `persist` what the run does
    /// to it stays in memory.
    func makeScene(sink: EventSink, images: ImageSource, persist: Bool = true, freshDevice: Bool = false) -> PrimerScene {
        let config: PrimerConfig
        do { config = try builder.makeConfig() } catch { fail(error) }
        var forced: AuthorizationStatus?
        if let status {
            guard let s = AuthorizationStatus(rawValue: status) else {
                fail(UserError("--status must be one of \(AuthorizationStatus.allowedList) (got \"\(status)\")"))
            }
            forced = s
        }
        let wall: Double
        do { wall = try Self.wallClock(now) } catch { fail(error) }
        let store: Store
        if freshDevice {
            do { store = try Store(inMemory: ()) } catch { fail(UserError(error.message, exitCode: error.exitCode)) }
        } else {
            store = Self.openStore(script.store, sink: sink)
        }
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
        let scene = PrimerScene(config: config, device: device, wallClock: wall, store: persist ? store : nil, sink: sink,
                                reduceMotion: reduceMotion, images: images, appName: appName)
        scene.ios = sdk.ios
        scene.appCompatibility = sdk.appCompat
        scene.phoneStatus = PhoneStatus(ios: sdk.ios)
        return scene
    }

    /// Image paths in a config are relative to the config file (already resolved); --image-url is fetched.
    var imageFolderAnchor: String { builder.config ?? "./primer.json" }

    /// `--now`: Unix seconds or ISO 8601; the real time when absent.
    static func wallClock(_ text: String?) throws(UserError) -> Double {
        guard let text else { return Date().timeIntervalSince1970 }
        if let d = Double(text), d.isFinite, d >= 0 { return d }
        if let d = ISODate.parse(text) { return d.timeIntervalSince1970 }
        throw UserError("--now must be Unix seconds or an ISO 8601 time such as 2026-01-31T09:00:00Z (got \"\(text)\")")
    }

    /// The store at `path` (or the default); a damaged file was moved aside: say so on stderr and as a warning event.
    static func openStore(_ path: String?, sink: EventSink) -> Store {
        let p = path ?? Store.defaultPath()
        let store: Store
        do { store = try Store(path: p) } catch { fail(UserError(error.message, exitCode: error.exitCode)) }
        for w in store.warnings {
            StandardStreams.error("pushsim: warning: \(w)\n")
            sink.emit(Event("warning", ["path": .string(p), "message": .string(w)]), at: 0)
        }
        return store
    }
}
