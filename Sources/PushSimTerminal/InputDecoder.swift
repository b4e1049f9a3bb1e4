// Turns what ncurses reads (characters, function-key codes, mouse button states) into pushsim's InputEvent.

import CNcursesw
import PushSimScreens

public enum InputDecoder {
    /// A character from `get_wch` (not a function key).
    public static func key(character c: UInt32) -> Key? {
        switch c {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .esc
        case 32: return .space
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(c + 96)!))
        case 0, 28...31: return nil
        default:
            guard let s = Unicode.Scalar(c), c >= 0x20, !(0x7F..<0xA0).contains(c) else { return nil }
            return .char(Character(s))
        }
    }

    /// A function-key code from `get_wch` (`KEY_CODE_YES`); nil for codes pushsim does not use.
    public static func key(functionKey code: Int32) -> Key? {
        switch code {
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        default: return nil
        }
    }

    /// Mouse events from `getmouse`'s button state (0-based cells); empty for states pushsim ignores.
    /// A click ncurses folded together is split back into press and release, so scenes see one vocabulary.
    public static func mouse(state: mmask_t, x: Int32, y: Int32, buttonDown: Bool) -> [MouseEvent] {
        let x = Int(x), y = Int(y)
        if state & pushsim_button4_pressed() != 0 { return [MouseEvent(.wheelUp, x: x, y: y)] }
        if pushsim_button5_pressed() != 0 && state & pushsim_button5_pressed() != 0 { return [MouseEvent(.wheelDown, x: x, y: y)] }
        if state & pushsim_button1_pressed() != 0 { return [MouseEvent(.press, x: x, y: y)] }
        if state & pushsim_button1_released() != 0 { return [MouseEvent(.release, x: x, y: y)] }
        if state & pushsim_button1_clicked() != 0 { return [MouseEvent(.press, x: x, y: y), MouseEvent(.release, x: x, y: y)] }
        if state & pushsim_report_mouse_position() != 0 && buttonDown { return [MouseEvent(.drag, x: x, y: y)] }
        return []
    }

    /// Drop escape sequences ncurses did not recognise. It hands those over as Esc followed by the sequence's
    /// characters in the same read; left alone, that Esc would quit a screen. A real Esc key press arrives on its
    /// own (ncurses waits ESCDELAY for more), so it is kept.
    public static func droppingUnknownSequences(_ events: [InputEvent]) -> [InputEvent] {
        var out: [InputEvent] = []
        var i = 0
        func char(at k: Int) -> Character? {
            guard k < events.count else { return nil }
            switch events[k] {
            case .key(.char(let c)): return c
            case .key(.space): return " "
            default: return nil
            }
        }
        while i < events.count {
            // A string sequence (OSC, DCS, APC, PM, SOS: a terminal's late answer, pasted escapes) runs to BEL or
            // ESC \, or to the end of what was read; none of it is a key (ESC ] used to arrive as Esc, which quits).
            if events[i] == .key(.esc), let intro = char(at: i + 1), "]P_^X".contains(intro) {
                var k = i + 2
                while k < events.count && events[k] != .key(.ctrl("g")) && events[k] != .key(.esc) { k += 1 }
                if k < events.count && events[k] == .key(.esc) && char(at: k + 1) == "\\" { k += 1 }
                i = min(k + 1, events.count)
                continue
            }
            guard events[i] == .key(.esc), let intro = char(at: i + 1), intro == "[" || intro == "O" else {
                out.append(events[i])
                i += 1
                continue
            }
            var k = i + 2
            if intro == "[" {
                // CSI: parameter and intermediate bytes (0x20–0x3F), then one final byte (0x40–0x7E).
                while let c = char(at: k), let v = c.asciiValue, (0x20...0x3F).contains(v) { k += 1 }
            }
            if let c = char(at: k), let v = c.asciiValue, (0x40...0x7E).contains(v) { k += 1 }
            i = k
        }
        return out
    }
}
