// The primer as a pure reducer: PWPushPrimerPresenter's flow on a simulated device, effects returned as data (spec §2.2).

public enum PrimerReducer {
    /// Apply `action` at run time `t` (seconds since start). Anything due by `t` (a sheet's outcome) happens first.
    public static func reduce(_ s: inout PrimerState, _ action: PrimerAction, at t: Double) -> [PrimerEffect] {
        var effects = finishDue(&s, at: t)
        switch action {
        case .tick:
            break
        case .present:
            effects += present(&s, at: t)
        case .accept:
            effects += answer(&s, .accept, at: t)
        case .decline:
            effects += answer(&s, .decline, at: t)
        case .tapOutside:
            guard let p = s.presentation, !p.isDismissing else {
                effects.append(.ignored("no primer is on screen"))
                break
            }
            if !p.attachedToScene {
                effects.append(.ignored(Self.sceneless))
            } else if p.config.style == .alert {
                // A UIAlertController has no backdrop tap; only its buttons answer it.
                effects.append(.ignored("an alert ignores taps outside it"))
            } else {
                // PWPushPrimerViewController.backgroundTapped counts as decline.
                effects += dismiss(&s, .declined, at: t)
            }
        case .toggleFocus:
            if s.systemPrompt != nil { s.systemPrompt!.focus = s.systemPrompt!.focus.other }
            else if let p = s.presentation, p.isAnswerable { s.presentation!.focus = p.focus.other }
        case .pressFocused:
            if let prompt = s.systemPrompt { effects += answerPrompt(&s, allow: prompt.focus == .accept) }
            else if let p = s.presentation { effects += answer(&s, p.focus, at: t) }
        case .answerPrompt(let allow):
            effects += answerPrompt(&s, allow: allow)
        case .advanceClock(let seconds):
            s.clockShift += max(0, seconds)
        case .setStatus(let status):
            effects += setStatus(&s, status)
        case .openSettings:
            s.settingsOpen = true
        case .closeSettings:
            s.settingsOpen = false
        case .settingsNotifications(let on):
            effects += setStatus(&s, on ? .authorized : .denied)
        case .setWindowScene(let connected):
            // The presenter attaches its window once, in `present`: a primer already up keeps the scene it got (or
            // stays in a window with none, even when the app comes to the front).
            s.device.hasWindowScene = connected
        }
        return effects
    }

    /// Why a tap cannot reach a primer whose window has no scene.
    public static let sceneless = "the primer's window has no scene (the app was in the background at present): nothing can tap it"

    /// Finish a sheet whose out animation has ended by `t`: its dismiss completion runs at the animation's end.
    static func finishDue(_ s: inout PrimerState, at t: Double) -> [PrimerEffect] {
        guard let d = s.presentation?.dismissal, d.endsAt <= t + 1e-9 else { return [] }
        return dismissAndReport(&s, d.outcome, at: d.endsAt)
    }

    static func present(_ s: inout PrimerState, at t: Double) -> [PrimerEffect] {
        let now = s.wallClock(at: t)
        let decision = PrimerDecision.decide(status: s.device.status, config: s.config,
                                             lastShownAt: s.device.lastShownAt, now: now,
                                             onScreen: s.presentation != nil)
        switch decision {
        case .suppress(let reason):
            let result = PrimerResult(.suppressed, reason: reason)
            // A second present does not touch the visible primer; only its own completion fires.
            if reason != .onScreen { s.lastResult = result }
            return [.emit(result.event)]
        case .show:
            var effects: [PrimerEffect] = []
            // makeWindow always succeeds; with no connected scene the window is attached to none and never seen.
            s.presentation = PrimerPresentation(config: s.config, statusAtPresent: s.device.status, shownAt: t,
                                                attachedToScene: s.device.hasWindowScene)
            s.lastResult = nil
            // PWPushPrimerLastShownAt is written on show, before any answer, and only when throttling is on.
            if s.config.minInterval > 0 {
                s.device.lastShownAt = now
                effects.append(.persist(s.device))
            }
            var shown: JSONObject = ["style": .string(s.config.style.rawValue), "position": .string(s.config.position.rawValue)]
            if !s.device.hasWindowScene { shown["visible"] = .bool(false) }
            effects.append(.emit(Event("shown", shown)))
            return effects
        }
    }

    static func answer(_ s: inout PrimerState, _ button: PrimerButton, at t: Double) -> [PrimerEffect] {
        guard let p = s.presentation else { return [.ignored("no primer is on screen")] }
        guard !p.isDismissing else { return [.ignored("the primer is already closing")] }
        guard p.attachedToScene else { return [.ignored(sceneless)] }
        s.presentation!.focus = button
        // What accept will do is fixed by the status read at present (the SDK's `deniedState`), not by the status now.
        let outcome: PrimerOutcome = button == .decline ? .declined
            : p.statusAtPresent == .denied ? .redirectedToSettings : .accepted
        return dismiss(&s, outcome, at: t)
    }

    /// Start the out animation. The sheet calls `onAccept` / `onDecline` from the completion of its 0.26 s dismiss,
    /// the alert from its action handler, at once.
    static func dismiss(_ s: inout PrimerState, _ outcome: PrimerOutcome, at t: Double) -> [PrimerEffect] {
        guard let p = s.presentation else { return [] }
        if p.config.style == .alert { return dismissAndReport(&s, outcome, at: t) }
        s.presentation!.dismissal = .init(startedAt: t, outcome: outcome, endsAt: t + PrimerConfig.sheetDismissDuration)
        return []
    }

    /// The SDK's `onAccept` / `onDecline` blocks: on accept, Settings (denied at present) or registration (which shows
    /// iOS's one-shot prompt), then `dismissAndReport` hides the window and runs the completion, all at this moment.
    static func dismissAndReport(_ s: inout PrimerState, _ outcome: PrimerOutcome, at t: Double) -> [PrimerEffect] {
        s.presentation = nil
        var effects: [PrimerEffect] = []
        switch outcome {
        case .redirectedToSettings:
            // Only Settings can turn notifications back on once denied.
            effects.append(.openSettingsURL)
            effects.append(.emit(Event("open_settings")))
            s.settingsOpen = true
        case .accepted:
            effects.append(.registerForPush)
            // iOS asks only while it has not decided, and only once per install.
            if !s.device.systemPromptShown && (s.device.status == .notDetermined || s.device.status == .ephemeral) {
                s.device.systemPromptShown = true
                s.systemPrompt = SystemPromptState(shownAt: t)
                effects.append(.persist(s.device))
                effects.append(.emit(Event("system_prompt")))
            }
        case .declined, .suppressed:
            break
        }
        // `accepted` does not wait for the prompt's answer (spec §5.3).
        let result = PrimerResult(outcome)
        s.lastResult = result
        effects.append(.emit(result.event))
        return effects
    }

    static func answerPrompt(_ s: inout PrimerState, allow: Bool) -> [PrimerEffect] {
        guard s.systemPrompt != nil else { return [.ignored("no system prompt is on screen")] }
        s.systemPrompt = nil
        return setStatus(&s, allow ? .authorized : .denied)
    }

    static func setStatus(_ s: inout PrimerState, _ status: AuthorizationStatus) -> [PrimerEffect] {
        s.device.status = status
        // On a phone, notDetermined means iOS has not asked yet (a fresh install), so choosing it forgets the prompt.
        if status == .notDetermined { s.device.systemPromptShown = false }
        return [.persist(s.device), .emit(Event("authorization", ["status": .string(status.rawValue)]))]
    }
}
