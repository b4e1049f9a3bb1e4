// --pixels auto|kitty|iterm|sixel|off: which protocol each environment and terminal answer gives (a table).

import PushSimScreens
import Testing
@testable import PushSimTerminal

@Suite("Pixel protocol detection")
struct PixelDetectorTests {
    struct Row: CustomStringConvertible, Sendable {
        var setting: PixelSetting
        var env: [String: String]
        var probe: PixelProbe
        var expect: PixelProtocol?
        var passthrough = false
        var description: String { "\(setting) \(env.sorted { $0.key < $1.key }) da1=\(probe.deviceAttributes ?? "-")" }
    }

    static let xtermVT340 = "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"
    static let xtermPlain = "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"
    static let tmux33 = "\u{1B}[?1;2c"

    static let rows: [Row] = [
        // Auto: the environment names the terminal.
        Row(setting: .auto, env: ["TERM": "xterm-kitty"], probe: PixelProbe(), expect: .kitty),
        Row(setting: .auto, env: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], probe: PixelProbe(), expect: .kitty),
        Row(setting: .auto, env: ["TERM": "xterm-ghostty"], probe: PixelProbe(), expect: .kitty),
        Row(setting: .auto, env: ["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"], probe: PixelProbe(), expect: .kitty),
        Row(setting: .auto, env: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], probe: PixelProbe(), expect: .iterm),
        Row(setting: .auto, env: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], probe: PixelProbe(), expect: .iterm),
        Row(setting: .auto, env: ["TERM": "xterm-256color", "WEZTERM_PANE": "0"], probe: PixelProbe(), expect: .iterm),
        Row(setting: .auto, env: ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"], probe: PixelProbe(), expect: .iterm),
        Row(setting: .auto, env: ["TERM": "foot"], probe: PixelProbe(), expect: .sixel),
        Row(setting: .auto, env: ["TERM": "mlterm"], probe: PixelProbe(), expect: .sixel),
        // libchafa's terminal database is one more witness.
        Row(setting: .auto, env: ["TERM": "xterm-256color"], probe: PixelProbe(chafa: [.sixel]), expect: .sixel),
        // Auto: only the device attributes tell (xterm -ti vt340 lists 4; plain xterm does not).
        Row(setting: .auto, env: ["TERM": "xterm-256color"], probe: PixelProbe(deviceAttributes: xtermVT340), expect: .sixel),
        Row(setting: .auto, env: ["TERM": "xterm-256color"], probe: PixelProbe(deviceAttributes: xtermPlain), expect: nil),
        Row(setting: .auto, env: ["TERM": "xterm-256color"], probe: PixelProbe(), expect: nil),
        // Terminals that show no pixels, and GNU screen.
        Row(setting: .auto, env: ["TERM": "linux"], probe: PixelProbe(deviceAttributes: xtermVT340), expect: nil),
        Row(setting: .auto, env: ["TERM": "dumb"], probe: PixelProbe(), expect: nil),
        Row(setting: .kitty, env: ["TERM": "vt100"], probe: PixelProbe(), expect: nil),
        Row(setting: .auto, env: ["TERM": "screen-256color", "STY": "1.pts"], probe: PixelProbe(deviceAttributes: xtermVT340), expect: nil),
        // tmux: pass-through only where allowed; sixel only when tmux draws it itself.
        Row(setting: .auto, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0", "KITTY_WINDOW_ID": "1"],
            probe: PixelProbe(tmuxPassthrough: true), expect: .kitty, passthrough: true),
        Row(setting: .auto, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0", "KITTY_WINDOW_ID": "1"],
            probe: PixelProbe(tmuxPassthrough: false), expect: nil),
        Row(setting: .auto, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0", "LC_TERMINAL": "iTerm2"],
            probe: PixelProbe(tmuxPassthrough: true), expect: .iterm, passthrough: true),
        Row(setting: .auto, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0"],
            probe: PixelProbe(deviceAttributes: tmux33, tmuxPassthrough: true), expect: nil),
        Row(setting: .auto, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0"],
            probe: PixelProbe(deviceAttributes: "\u{1B}[?1;2;4c", tmuxPassthrough: false), expect: .sixel),
        Row(setting: .auto, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0", "TERM_PROGRAM": "tmux"],
            probe: PixelProbe(tmuxPassthrough: true, chafa: [.sixel]), expect: nil),
        // Asked for by name.
        Row(setting: .kitty, env: ["TERM": "xterm-256color"], probe: PixelProbe(), expect: .kitty),
        Row(setting: .iterm, env: ["TERM": "xterm-256color"], probe: PixelProbe(), expect: .iterm),
        Row(setting: .sixel, env: ["TERM": "xterm-256color"], probe: PixelProbe(), expect: .sixel),
        Row(setting: .sixel, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0"],
            probe: PixelProbe(deviceAttributes: tmux33, tmuxPassthrough: true), expect: .sixel, passthrough: true),
        Row(setting: .kitty, env: ["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0"], probe: PixelProbe(tmuxPassthrough: false), expect: nil),
        Row(setting: .off, env: ["TERM": "xterm-kitty"], probe: PixelProbe(), expect: nil),
    ]

    @Test(arguments: rows)
    func decision(_ row: Row) {
        let d = PixelDetector.decide(row.setting, environment: row.env, probe: row.probe)
        #expect(d.proto == row.expect, "\(d)")
        #expect(d.passthrough == row.passthrough, "\(d)")
        #expect(!d.reason.isEmpty)
    }

    @Test func tmuxWithPassthroughOffSaysHowToTurnItOn() {
        let d = PixelDetector.decide(.auto, environment: ["TERM": "tmux-256color", "TMUX": "x", "KITTY_WINDOW_ID": "1"],
                                     probe: PixelProbe(tmuxPassthrough: false))
        #expect(d.description == "cells (inside tmux with allow-passthrough off (tmux set -g allow-passthrough on))")
    }

    @Test func deviceAttributesAreAskedOnlyWhenTheyCanChangeTheAnswer() {
        #expect(PixelDetector.shouldAskDeviceAttributes(.auto, environment: ["TERM": "xterm-256color"]))
        #expect(!PixelDetector.shouldAskDeviceAttributes(.auto, environment: ["TERM": "xterm-kitty"]))
        #expect(!PixelDetector.shouldAskDeviceAttributes(.auto, environment: ["TERM": "dumb"]))
        #expect(!PixelDetector.shouldAskDeviceAttributes(.off, environment: ["TERM": "xterm-256color"]))
        #expect(!PixelDetector.shouldAskDeviceAttributes(.sixel, environment: ["TERM": "xterm-256color"]))
        #expect(PixelDetector.shouldAskDeviceAttributes(.sixel, environment: ["TERM": "tmux-256color", "TMUX": "x"]))
        // tmux is asked about pass-through only when a kitty or iTerm2 terminal is named outside it (or asked for).
        #expect(PixelDetector.shouldAskTmux(.auto, environment: ["TERM": "tmux-256color", "TMUX": "x", "KITTY_WINDOW_ID": "1"]))
        #expect(!PixelDetector.shouldAskTmux(.auto, environment: ["TERM": "tmux-256color", "TMUX": "x"]))
        #expect(PixelDetector.shouldAskTmux(.iterm, environment: ["TERM": "tmux-256color", "TMUX": "x"]))
        #expect(!PixelDetector.shouldAskTmux(.off, environment: ["TERM": "tmux-256color", "TMUX": "x", "KITTY_WINDOW_ID": "1"]))
        #expect(!PixelDetector.shouldAskTmux(.auto, environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]))
    }

    @Test func sixelIsAttributeFourAfterTheClass() {
        #expect(PixelDetector.hasSixel(Self.xtermVT340))
        #expect(!PixelDetector.hasSixel(Self.xtermPlain))
        #expect(!PixelDetector.hasSixel("\u{1B}[?4;1c"))  // 4 as the class is not the attribute
        #expect(!PixelDetector.hasSixel("garbage"))
        #expect(PixelDetector.hasSixel("\u{1B}[?62;4c"))
    }

    @Test func theReplyIsFoundAmongOtherBytesAndTheStatusReportEndsTheWait() {
        let bytes = Array("x\u{1B}[?63;1;2;4c\u{1B}[0n".utf8)
        #expect(TerminalQuery.extractDA1(bytes) == "\u{1B}[?63;1;2;4c")
        #expect(TerminalQuery.containsStatusReply(bytes))
        #expect(TerminalQuery.extractDA1(Array("\u{1B}[0n".utf8)) == nil)
        #expect(!TerminalQuery.containsStatusReply(Array("\u{1B}[?63;4c".utf8)))
    }
}
