// The simulated iPhone the primer runs on: its notification authorization, the one-shot prompt, the throttle key.

/// `UNAuthorizationStatus`, with the SDK's raw values.
public enum AuthorizationStatus: String, CaseIterable, Sendable, Equatable {
    case notDetermined, denied, authorized, provisional, ephemeral

    public var rawCode: Int {
        switch self {
        case .notDetermined: return 0
        case .denied: return 1
        case .authorized: return 2
        case .provisional: return 3
        case .ephemeral: return 4
        }
    }

    /// The next status in the order above (the interactive `s` key).
    public var next: AuthorizationStatus {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    public static var allowedList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What the device remembers between runs (the store keeps it).
public struct SimulatedDevice: Equatable, Sendable {
    public var status: AuthorizationStatus
    /// iOS shows the permission prompt once per install; later registrations answer silently.
    public var systemPromptShown: Bool
    /// `PWPushPrimerLastShownAt` in NSUserDefaults: Unix seconds, nil when never written.
    public var lastShownAt: Double?
    /// The app has a connected UIWindowScene for the presenter to attach its window to. Off, the app is running in the
    /// background (a silent push, a background fetch): `present` still shows the primer in the SDK's sense (events,
    /// throttle stamp, on-screen flag) but its window belongs to no scene, so nothing is visible (spec §2.2 #5).
    /// A condition of the moment, not remembered between runs (the store does not keep it).
    public var hasWindowScene: Bool

    public init(status: AuthorizationStatus = .notDetermined, systemPromptShown: Bool = false, lastShownAt: Double? = nil,
                hasWindowScene: Bool = true) {
        self.status = status
        self.systemPromptShown = systemPromptShown
        self.lastShownAt = lastShownAt
        self.hasWindowScene = hasWindowScene
    }

    /// The app's notifications switch in Settings reads on only when authorized.
    public var notificationsOnInSettings: Bool { status == .authorized }

    /// When the throttle next lets a primer with `minInterval` show (nil when it does not hold one back).
    public func throttleEnds(minInterval: Double) -> Double? {
        guard minInterval > 0, let last = lastShownAt, last > 0 else { return nil }
        return last + minInterval
    }
}
