// The primer's whole state on the simulated device: what is on screen, the clocks, and the device; plus actions and effects.

/// The two buttons of a primer (and, reused, of the system prompt: accept = Allow, decline = Don't Allow).
public enum PrimerButton: String, Sendable, Equatable {
    case accept, decline

    public var other: PrimerButton { self == .accept ? .decline : .accept }
}

/// A primer on screen, from its `present` until its dismiss animation ends.
public struct PrimerPresentation: Equatable, Sendable {
    /// The configuration of the builder that presented it (each `present` snapshots its own builder).
    public var config: PrimerConfig
    /// The status read before deciding; only it decides what accept does (denied → Settings), even if the device
    /// changes while the primer is up (the SDK captures it when `present` runs).
    public var statusAtPresent: AuthorizationStatus
    /// Run time (seconds since start) the primer was shown: its in animation starts here.
    public var shownAt: Double
    /// The presenter attached its window to a connected scene. Without one (the app in the background) the SDK still
    /// shows the primer, in a window no one sees or can tap: it holds the on-screen flag for the rest of the process.
    public var attachedToScene = true
    public var focus: PrimerButton = .accept
    /// Set once answered: the out animation runs from `startedAt`; `onAccept`'s work and the outcome come at its end.
    public var dismissal: Dismissal?

    public struct Dismissal: Equatable, Sendable {
        public var startedAt: Double
        public var outcome: PrimerOutcome
        public var endsAt: Double
    }

    public var isDismissing: Bool { dismissal != nil }

    /// Whether a tap can reach it: attached to a scene and not already leaving.
    public var isAnswerable: Bool { attachedToScene && !isDismissing }
}

/// iOS's own permission alert ("App" Would Like to Send You Notifications).
public struct SystemPromptState: Equatable, Sendable {
    public var shownAt: Double
    public var focus: PrimerButton = .accept
}

public struct PrimerState: Equatable, Sendable {
    /// The builder used by `present` (each present copies it).
    public var config: PrimerConfig
    public var device: SimulatedDevice
    /// The wall clock (Unix seconds) when the run started, passed in by the command; never read here.
    public var wallClockAtStart: Double
    /// How far `advance` has moved the wall clock beyond the run time.
    public var clockShift: Double = 0
    public var presentation: PrimerPresentation?
    public var systemPrompt: SystemPromptState?
    /// The simulated Settings app is in front (after a redirect, or opened by the user).
    public var settingsOpen = false
    /// The result of the latest present, for the side panel.
    public var lastResult: PrimerResult?

    public init(config: PrimerConfig, device: SimulatedDevice, wallClockAtStart: Double) {
        self.config = config
        self.device = device
        self.wallClockAtStart = wallClockAtStart
    }

    /// The simulated wall clock at run time `t`: the start, plus the run time, plus every `advance`.
    public func wallClock(at t: Double) -> Double { wallClockAtStart + t + clockShift }

    /// When the throttle next lets the primer show, in wall-clock seconds; nil when it holds nothing back.
    public func throttleEnds() -> Double? { device.throttleEnds(minInterval: config.minInterval) }

    /// The next run time something happens on its own (a sheet's outcome after its out animation).
    public var nextDeadline: Double? { presentation?.dismissal?.endsAt }
}

/// An outcome as the completion receives it, with the reason pushsim adds for a suppression.
public struct PrimerResult: Equatable, Sendable, CustomStringConvertible {
    public var outcome: PrimerOutcome
    public var reason: SuppressReason?
    public init(_ outcome: PrimerOutcome, reason: SuppressReason? = nil) {
        self.outcome = outcome
        self.reason = reason
    }
    public var description: String { reason.map { "\(outcome.rawValue) (\($0.rawValue))" } ?? outcome.rawValue }

    /// The contract's `outcome` event.
    public var event: Event {
        var f: JSONObject = ["outcome": .string(outcome.rawValue)]
        if let reason { f["reason"] = .string(reason.rawValue) }
        return Event("outcome", f)
    }
}

public enum PrimerAction: Equatable, Sendable {
    /// `present` (or `present(completion)`) on a fresh builder with the current config.
    case present
    case accept
    case decline
    /// A tap on the dimmed backdrop: decline for the sheet; alerts have no outside tap.
    case tapOutside
    /// Move the keyboard focus to the other button (primer or system prompt).
    case toggleFocus
    /// Press the focused button.
    case pressFocused
    /// Answer iOS's permission prompt.
    case answerPrompt(allow: Bool)
    /// Move the simulated wall clock (the throttle's clock), not the run time.
    case advanceClock(seconds: Double)
    /// Change the device's status directly (QA's "what if the device were…").
    case setStatus(AuthorizationStatus)
    case openSettings
    case closeSettings
    /// The app's notifications switch in Settings: on → authorized, off → denied.
    case settingsNotifications(on: Bool)
    /// The app gains or loses its connected window scene (comes to the front, goes to the background). Only what the
    /// next `present` attaches its window to changes.
    case setWindowScene(Bool)
    /// Time passed: finish out animations due by now.
    case tick
}

/// What the runtime must do; the reducer does no I/O.
public enum PrimerEffect: Equatable, Sendable {
    case emit(Event)
    /// Save the device (status, prompt shown, last-shown time) to the store.
    case persist(SimulatedDevice)
    /// `registerForPushNotifications` was called (the SDK's `onAccept` in notDetermined / ephemeral, after the dismiss).
    case registerForPush
    /// `UIApplicationOpenSettingsURLString` was opened (`onAccept` in the denied state read at `present`).
    case openSettingsURL
    /// An action that had no effect and why, for the log (e.g. a tap outside an alert).
    case ignored(String)
}
