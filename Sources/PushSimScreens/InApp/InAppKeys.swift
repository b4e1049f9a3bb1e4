// The keyboard of native in-app messages: one table gives each template's keys, its hints line and its `?` help,
// and turns a key into the contract's step, so what the screen says is what the keys do.

import PushSimEngine

/// A swipe's direction, as the `swipe` step names it.
public enum InAppSwipe: String, Hashable, Sendable { case left, right, up, down }

/// What a key does to a message: the contract's steps (`button N`, `close`, `tap`, …) plus the keyboard's finger.
public enum InAppKeyAction: Hashable, Sendable {
    case button(Int)
    case close
    case tap
    case tapOutside
    case tapZone(InAppStoryZone)
    /// stories: the finger goes down (hold) or comes up; terminals send no key releases, so a key toggles it.
    case holdToggle
    case swipe(InAppSwipe)
    /// scratch card: move the keyboard's finger by whole cells of the SDK's 16 × 10 grid (a stroke while it is down).
    case scratchMove(dx: Int, dy: Int)
    /// scratch card: the keyboard's finger down (a stroke starts) or up (it ends).
    case scratchFinger
    case reveal
    case spin
    case claim
    case mute
    case expand
    /// pip: throw it toward a side (−1, 0, 1 each way); it settles in the nearest corner (a `pip-drag`).
    case pipThrow(dx: Int, dy: Int)
    case videoReady
    case videoFail
    case videoEnd
    /// The API's `dismiss()` (the message and the pip), the app to the background and back, `isPaused` on and off.
    case dismissAll
    case toggleBackground
    case togglePause
}

/// A key's action and the message it is for (an index into the presentations, the pip first; nil for the app's
/// and the API's keys).
public struct InAppKeyTarget: Hashable, Sendable {
    public var index: Int?
    public var action: InAppKeyAction
    public init(index: Int?, action: InAppKeyAction) { self.index = index; self.action = action }
}

public enum InAppKeys {
    struct Binding {
        var keys: [Key]
        var label: String
        var help: String
        var action: InAppKeyAction
        /// Shown on the hints line (the rest only in `?` help).
        var hint: Bool = false
    }

    /// The keys of one message on screen.
    static func bindings(_ p: InAppPresentation) -> [Binding] {
        var b: [Binding] = []
        let content = p.message.content
        let buttons = buttonCount(p)
        if buttons > 0 {
            b.append(Binding(keys: (1...min(buttons, 9)).map { Key.char(Character(String($0))) },
                             label: buttons == 1 ? "1" : "1-\(min(buttons, 9))", help: buttons == 1 ? "the button" : "button 1 … \(min(buttons, 9))",
                             action: .button(1), hint: true))
        }
        switch content {
        case .modal, .fullscreen:
            break
        case .sheet:
            b.append(Binding(keys: [.down], label: "↓", help: "swipe the sheet down (dismiss)", action: .swipe(.down), hint: true))
        case .carousel:
            b.append(Binding(keys: [.right, .char("l")], label: "→", help: "swipe left: the next slide", action: .swipe(.left), hint: true))
            b.append(Binding(keys: [.left, .char("h")], label: "←", help: "swipe right: the previous slide", action: .swipe(.right), hint: true))
            b.append(Binding(keys: [.enter, .char("t"), .space], label: "⏎", help: "tap the slide (its action)", action: .tap, hint: true))
        case .stories:
            b.append(Binding(keys: [.left], label: "←", help: "tap the left third (back)", action: .tapZone(.left), hint: true))
            b.append(Binding(keys: [.right, .enter, .char("t")], label: "→", help: "tap the right third (next)", action: .tapZone(.right), hint: true))
            b.append(Binding(keys: [.space, .char("h")], label: "space", help: "finger down / up (a hold ≥ 0.25 s pauses)",
                             action: .holdToggle, hint: true))
            b.append(Binding(keys: [.down], label: "↓", help: "swipe down (close)", action: .swipe(.down)))
        case .banner(let banner):
            b.append(Binding(keys: [.enter, .char("t"), .space], label: "⏎", help: "tap the banner (its action)", action: .tap, hint: true))
            let away: InAppSwipe = banner.position == .top ? .up : .down
            b.append(Binding(keys: [away == .up ? .up : .down], label: away == .up ? "↑" : "↓", help: "swipe it \(away.rawValue), away",
                             action: .swipe(away), hint: true))
        case .video:
            b.append(Binding(keys: [.char("m")], label: "m", help: "mute / unmute", action: .mute, hint: true))
        case .pip:
            b.append(Binding(keys: [.enter, .char("t"), .space], label: "⏎", help: "tap the pip (its action, else expand)", action: .tap, hint: true))
            b.append(Binding(keys: [.char("m")], label: "m", help: "mute / unmute", action: .mute))
            b.append(Binding(keys: [.char("e")], label: "e", help: "expand / collapse", action: .expand, hint: true))
            b.append(Binding(keys: [.left, .right, .up, .down], label: "←↑↓→", help: "throw it to a side: it settles in the nearest corner",
                             action: .pipThrow(dx: 0, dy: 0), hint: true))
        case .scratchcard(let s):
            let revealed = p.scratch.revealed || p.rewardVisible
            if !revealed {
                b.append(Binding(keys: [.left, .right, .up, .down], label: "←↑↓→", help: "move the finger over the foil",
                                 action: .scratchMove(dx: 0, dy: 0), hint: true))
                b.append(Binding(keys: [.space], label: "space", help: "finger down / up: scratch while moving", action: .scratchFinger, hint: true))
            }
            if s.revealButton != nil { b.append(Binding(keys: [.char("r")], label: "r", help: "the reveal button", action: .reveal, hint: !revealed)) }
            // Under an image foil the hidden chip takes taps before the reveal, as on the phone.
            if s.reward.code != nil && (revealed || s.cover.image != nil) {
                b.append(Binding(keys: [.char("y")], label: "y", help: "tap the promo code (copy)", action: .claim, hint: revealed))
            }
        case .spinwheel(let w):
            if !p.wheel.spinning && p.wheel.stoppedIndex == nil {
                b.append(Binding(keys: [.char("s"), .space], label: "s", help: "tap the hub: spin", action: .spin, hint: true))
            }
            if w.resolvedReward.code != nil && p.rewardVisible {
                b.append(Binding(keys: [.char("y")], label: "y", help: "tap the promo code (copy)", action: .claim, hint: true))
            }
        }
        if case .video = content { b += playerKeys } else if case .pip = content { b += playerKeys }
        if content.showsCloseChip { b.append(Binding(keys: [.char("c")], label: "c", help: "the close chip", action: .close, hint: true)) }
        b.append(Binding(keys: [.char("o")], label: "o", help: "tap the app beside the message", action: .tapOutside))
        return b + appKeys
    }

    static let playerKeys: [Binding] = [
        Binding(keys: [.char("v")], label: "v", help: "the player gets ready (else after 0.5 s)", action: .videoReady),
        Binding(keys: [.char("V")], label: "V", help: "the video fails (fallback image, or close)", action: .videoFail),
        Binding(keys: [.char("n")], label: "n", help: "the video reaches its end", action: .videoEnd),
    ]

    /// What the host app and the API do, whatever is on screen.
    static let appKeys: [Binding] = [
        Binding(keys: [.char("d")], label: "d", help: "dismiss() (the message and the pip)", action: .dismissAll),
        Binding(keys: [.char("B")], label: "B", help: "the app to the background / foreground", action: .toggleBackground),
        Binding(keys: [.char("P")], label: "P", help: "isPaused on / off", action: .togglePause),
    ]

    /// Buttons `button N` reaches: the card's, the story page's, the revealed reward's.
    static func buttonCount(_ p: InAppPresentation) -> Int {
        switch p.message.content {
        case .modal(let c), .sheet(let c): return c.buttons.count
        case .fullscreen(let f): return f.buttons.count
        case .video(let v): return v.buttons.count
        case .stories(let s): return s.items.indices.contains(p.page) ? s.items[p.page].buttons.count : 0
        case .scratchcard(let s): return (p.rewardVisible || p.scratch.revealed) && s.reward.button != nil ? 1 : 0
        case .spinwheel(let w): return p.rewardVisible && w.resolvedReward.button != nil ? 1 : 0
        case .carousel, .banner, .pip: return 0
        }
    }

    /// The message a key is for and what it does: the top message's key; when the top message does not block the
    /// app and has no such key, the message under it (a pip beside a banner takes its arrows). With nothing on screen
    /// only the app's keys work.
    public static func action(for key: Key, on presentations: [InAppPresentation]) -> InAppKeyTarget? {
        if let app = appKeys.first(where: { $0.keys.contains(key) }) { return InAppKeyTarget(index: nil, action: app.action) }
        for i in presentations.indices.reversed() {
            if let a = resolve(key, presentations[i]) { return InAppKeyTarget(index: i, action: a) }
            if blocks(presentations[i]) { return nil }
        }
        return nil
    }

    static func resolve(_ key: Key, _ p: InAppPresentation) -> InAppKeyAction? {
        if case .leaving = p.phase { return nil }
        for b in bindings(p) where b.keys.contains(key) {
            switch (b.action, key) {
            case (.button, .char(let c)): return .button(Int(String(c)) ?? 1)
            case (.scratchMove, .left): return .scratchMove(dx: -1, dy: 0)
            case (.scratchMove, .right): return .scratchMove(dx: 1, dy: 0)
            case (.scratchMove, .up): return .scratchMove(dx: 0, dy: -1)
            case (.scratchMove, .down): return .scratchMove(dx: 0, dy: 1)
            case (.pipThrow, .left): return .pipThrow(dx: -1, dy: 0)
            case (.pipThrow, .right): return .pipThrow(dx: 1, dy: 0)
            case (.pipThrow, .up): return .pipThrow(dx: 0, dy: -1)
            case (.pipThrow, .down): return .pipThrow(dx: 0, dy: 1)
            default: return b.action
            }
        }
        return nil
    }

    static func blocks(_ p: InAppPresentation) -> Bool {
        switch p.message.content {
        case .modal, .sheet, .carousel: return p.message.outsideTap == .closes
        case .stories, .fullscreen, .video: return true
        case .pip: return p.pipExpanded
        case .banner, .scratchcard, .spinwheel: return false
        }
    }

    /// The key-hints line for the status row: the top message's main keys, then help and leaving.
    public static func hints(for presentations: [InAppPresentation], leave: LeaveAction = .quit) -> String {
        var parts: [String] = []
        if let top = presentations.last {
            parts.append(top.message.layout.rawValue)
            parts += bindings(top).filter(\.hint).map { "\($0.label) \($0.label == "1" ? "button" : shortHelp($0.action))" }
        }
        parts += ["? help", leave.hint]
        return parts.joined(separator: " · ")
    }

    static func shortHelp(_ a: InAppKeyAction) -> String {
        switch a {
        case .button: return "buttons"
        case .close: return "close"
        case .tap: return "tap"
        case .tapOutside: return "outside"
        case .tapZone(.left): return "back"
        case .tapZone: return "next"
        case .holdToggle: return "hold"
        case .swipe(let d): return "swipe \(d.rawValue)"
        case .scratchMove: return "move"
        case .scratchFinger: return "scratch"
        case .reveal: return "reveal"
        case .spin: return "spin"
        case .claim: return "copy code"
        case .mute: return "mute"
        case .expand: return "expand"
        case .pipThrow: return "corner"
        case .dismissAll: return "dismiss"
        case .toggleBackground: return "background"
        case .togglePause: return "pause"
        case .videoReady: return "ready"
        case .videoFail: return "fail"
        case .videoEnd: return "end"
        }
    }

    /// The `?` help for what is on screen: each message's keys (the top one first), the app's, the mouse, leaving.
    public static func helpLines(for presentations: [InAppPresentation], leave: LeaveAction = .quit) -> [String] {
        var lines: [String] = []
        func line(_ label: String, _ help: String) { lines.append(label.padding(toLength: max(label.count, 8), withPad: " ", startingAt: 0) + "  " + help) }
        for p in presentations.reversed() {
            if !lines.isEmpty { lines.append("") }
            lines.append(p.message.layout.rawValue)
            for b in bindings(p) where !appKeys.contains(where: { $0.action == b.action }) { line(b.label, b.help) }
        }
        if !lines.isEmpty { lines.append("") }
        for b in appKeys { line(b.label, b.help) }
        lines += [
            "",
            "mouse     click = tap; drag = swipe (carousel, sheet,",
            "          banner, stories down), scratch, pip drag;",
            "          hold ≥ 0.25 s on a story pauses it",
        ]
        line("?", "this help")
        line("q", leave.word)
        return lines
    }
}
