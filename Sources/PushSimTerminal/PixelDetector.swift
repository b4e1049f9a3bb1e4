// Picks how images reach the terminal (kitty, iTerm2, sixel or cells) from the environment and the terminal's
// answers: a pure function, unit-tested with a table.

import PushSimScreens

/// `--pixels`: what the user asked for.
public enum PixelSetting: String, Sendable, CaseIterable {
    case auto, kitty, iterm, sixel, off
}

/// What was learnt by asking (the I/O is in TerminalQuery; this is only data).
public struct PixelProbe: Equatable, Sendable {
    /// The reply to Primary Device Attributes (`ESC [ c`), nil when not asked or not answered.
    public var deviceAttributes: String?
    /// tmux's `allow-passthrough` for this pane (nil outside tmux or when tmux could not be asked).
    public var tmuxPassthrough: Bool?
    /// What libchafa's terminal database finds in the environment.
    public var chafa: Set<PixelProtocol>

    public init(deviceAttributes: String? = nil, tmuxPassthrough: Bool? = nil, chafa: Set<PixelProtocol> = []) {
        self.deviceAttributes = deviceAttributes
        self.tmuxPassthrough = tmuxPassthrough
        self.chafa = chafa
    }
}

public struct PixelDecision: Equatable, Sendable, CustomStringConvertible {
    /// nil: images are drawn as cells (symbols), as without pixels.
    public var proto: PixelProtocol?
    /// Wrap every image escape in tmux's DCS pass-through.
    public var passthrough: Bool
    /// Why, in a few words (written to the debug stats; said in the docs).
    public var reason: String

    public init(_ proto: PixelProtocol?, passthrough: Bool = false, _ reason: String) {
        self.proto = proto
        self.passthrough = passthrough
        self.reason = reason
    }

    public var description: String {
        (proto.map { $0.rawValue + (passthrough ? " via tmux passthrough" : "") } ?? "cells") + " (" + reason + ")"
    }
}

public enum PixelDetector {
    /// Whether asking the terminal for its device attributes could change the choice: in auto mode when the
    /// environment names no graphics terminal (xterm, foot, Windows Terminal and tmux itself answer with `4` when
    /// they draw sixel), and for `--pixels sixel` under tmux (does tmux draw sixel itself?).
    public static func shouldAskDeviceAttributes(_ setting: PixelSetting, environment env: [String: String]) -> Bool {
        guard !cannotShowPixels(env) else { return false }
        switch setting {
        case .auto: return named(env, chafa: []).isEmpty
        case .sixel: return inTmux(env)
        case .kitty, .iterm, .off: return false
        }
    }

    /// Whether tmux must be asked about pass-through: only when a protocol that needs it is asked for or named
    /// (sixel under tmux is decided by tmux's own device attributes), so most runs in tmux spawn nothing.
    public static func shouldAskTmux(_ setting: PixelSetting, environment env: [String: String],
                                     chafa: Set<PixelProtocol> = []) -> Bool {
        guard inTmux(env), !cannotShowPixels(env) else { return false }
        switch setting {
        case .off: return false
        case .kitty, .iterm, .sixel: return true
        case .auto: return named(env, chafa: chafa).contains { $0.0 != .sixel }
        }
    }

    public static func decide(_ setting: PixelSetting, environment env: [String: String], probe: PixelProbe) -> PixelDecision {
        if setting == .off { return PixelDecision(nil, "--pixels off") }
        if cannotShowPixels(env) { return PixelDecision(nil, "TERM=\(env["TERM"] ?? "") shows no pixels") }
        if env["STY"] != nil && !inTmux(env) { return PixelDecision(nil, "GNU screen passes no images through") }
        let sixelAnswer = probe.deviceAttributes.map(hasSixel) ?? false
        let tmux = inTmux(env)

        // The protocol: asked for, or the best the terminal has (kitty, then iTerm2, then sixel, as yazi and timg
        // rank them: kitty keeps images apart from text, sixel overwrites cells).
        let proto: PixelProtocol
        let why: String
        switch setting {
        case .kitty: proto = .kitty; why = "--pixels kitty"
        case .iterm: proto = .iterm; why = "--pixels iterm"
        case .sixel: proto = .sixel; why = "--pixels sixel"
        default:
            if let (p, w) = named(env, chafa: probe.chafa).first {
                proto = p; why = w
            } else if sixelAnswer {
                proto = .sixel; why = tmux ? "tmux draws sixel (device attributes list 4)" : "the terminal's device attributes list sixel (4)"
            } else {
                return PixelDecision(nil, probe.deviceAttributes == nil ? "no graphics terminal found" : "the terminal does not report sixel")
            }
        }
        guard tmux else { return PixelDecision(proto, why) }
        // Under tmux: sixel drawn by tmux itself needs nothing; anything else only reaches the outer terminal
        // through pass-through, which tmux allows only with `set -g allow-passthrough on`.
        if proto == .sixel && sixelAnswer { return PixelDecision(.sixel, why) }
        if probe.tmuxPassthrough == true && proto != .sixel { return PixelDecision(proto, passthrough: true, why + ", tmux allow-passthrough on") }
        if probe.tmuxPassthrough == true && setting == .sixel { return PixelDecision(.sixel, passthrough: true, why + ", tmux allow-passthrough on") }
        if probe.tmuxPassthrough == true {
            return PixelDecision(nil, "tmux does not draw sixel itself, and sixel passed through lands in the wrong place")
        }
        return PixelDecision(nil, "inside tmux with allow-passthrough off (tmux set -g allow-passthrough on)")
    }

    /// Protocols the environment names, best first, with the variable that says so.
    static func named(_ env: [String: String], chafa: Set<PixelProtocol>) -> [(PixelProtocol, String)] {
        let term = env["TERM"] ?? "", program = env["TERM_PROGRAM"] ?? ""
        func has(_ k: String) -> Bool { !(env[k] ?? "").isEmpty }
        var out: [(PixelProtocol, String)] = []
        if term == "xterm-kitty" { out.append((.kitty, "TERM=xterm-kitty")) }
        else if has("KITTY_WINDOW_ID") { out.append((.kitty, "KITTY_WINDOW_ID is set")) }
        else if term == "xterm-ghostty" || program == "ghostty" { out.append((.kitty, "Ghostty")) }
        else if has("KONSOLE_VERSION") { out.append((.kitty, "KONSOLE_VERSION is set")) }
        else if chafa.contains(.kitty) { out.append((.kitty, "libchafa's terminal database")) }
        // WezTerm speaks kitty too, but its iTerm2 images are the complete implementation (yazi picks it as well).
        if program == "iTerm.app" || env["LC_TERMINAL"] == "iTerm2" { out.append((.iterm, "iTerm2")) }
        else if program == "WezTerm" || has("WEZTERM_EXECUTABLE") || has("WEZTERM_PANE") { out.append((.iterm, "WezTerm")) }
        else if program == "vscode" { out.append((.iterm, "VS Code's terminal (terminal.integrated.enableImages)")) }
        else if chafa.contains(.iterm) { out.append((.iterm, "libchafa's terminal database")) }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.hasPrefix("contour") {
            out.append((.sixel, "TERM=\(term)"))
        } else if chafa.contains(.sixel) {
            out.append((.sixel, "libchafa's terminal database"))
        }
        return out
    }

    /// A DA1 reply (`ESC [ ? 63 ; 1 ; 2 ; 4 ; … c`) lists attribute 4 when the terminal draws sixel.
    public static func hasSixel(_ reply: String) -> Bool {
        guard let q = reply.firstIndex(of: "?") else { return false }
        let body = reply[reply.index(after: q)...].prefix { $0 != "c" }
        return body.split(separator: ";").dropFirst().contains { $0 == "4" }
    }

    static func inTmux(_ env: [String: String]) -> Bool { !(env["TMUX"] ?? "").isEmpty }

    static func cannotShowPixels(_ env: [String: String]) -> Bool {
        let term = env["TERM"] ?? ""
        return term.isEmpty || term == "dumb" || term == "linux" || term.hasPrefix("vt1") || term.hasPrefix("vt2")
    }
}
