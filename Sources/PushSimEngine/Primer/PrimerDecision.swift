// The presenter's decision (spec §2.2): the first matching rule wins — status, denied without fallback, throttle, on screen.

/// `PWPushPrimerOutcome`.
public enum PrimerOutcome: String, CaseIterable, Sendable, Equatable {
    case accepted, declined, suppressed, redirectedToSettings
}

/// Why a `present` was suppressed (the `reason` field of the `outcome` event).
public enum SuppressReason: String, CaseIterable, Sendable, Equatable {
    case authorized, provisional, deniedNoFallback, throttled, onScreen
}

public enum PrimerDecision: Equatable, Sendable {
    case show
    case suppress(SuppressReason)

    /// `PWPushPrimerPresenter`'s checks in the SDK's order. `now` is the wall clock in Unix seconds, passed in.
    public static func decide(status: AuthorizationStatus, config: PrimerConfig, lastShownAt: Double?,
                              now: Double, onScreen: Bool) -> PrimerDecision {
        // 1. Already allowed (fully or quietly): nothing to ask.
        if status == .authorized { return .suppress(.authorized) }
        if status == .provisional { return .suppress(.provisional) }
        // 2. Denied and no way to help: Settings is the only path back and the app chose not to send users there.
        if status == .denied && !config.fallbackToSettings { return .suppress(.deniedNoFallback) }
        // 3. The throttle, before the on-screen check; with minInterval 0 the key is not even read.
        if config.minInterval > 0, let last = lastShownAt, last > 0, now - last < config.minInterval {
            return .suppress(.throttled)
        }
        // 4. gPrimerOnScreen: one primer at a time, process-wide.
        if onScreen { return .suppress(.onScreen) }
        // 5. "No window can be created" is unreachable in 7.1.3: makeWindow always returns one, and with no connected
        //    scene the primer is still shown, in a window nobody sees (PrimerPresentation.attachedToScene).
        // notDetermined, ephemeral, and denied with the fallback all show.
        return .show
    }
}
