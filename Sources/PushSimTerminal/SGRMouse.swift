// xterm's SGR mouse reports (mode 1006: ESC [ < b ; x ; y, then M for a press or m for a release), read by pushsim
// rather than by ncurses. ncurses 6.4 reads such a report in read_SGR (ncurses/base/lib_mouse.c in
// https://github.com/ThomasDickey/ncurses-snapshots) into a nine-slot array without counting the parameters, and a
// report with dozens of `;` overwrote the stack (`make fuzz`, target input: SIGSEGV inside wget_wch). So the prefix
// is bound to a key code of pushsim's own (`pushsim_claim_sgr_mouse`), ncurses hands the report over as characters,
// and this reads them with ncurses' own rules for a well-formed report — the button arithmetic of
// decode_xterm_SGR1006 and handle_wheel — so a click, a drag and the wheel arrive exactly as they did.

import CNcursesw

/// What mouse decoding remembers from one read to the next.
struct MouseTracking: Equatable {
    /// Button 1 is down as the scenes were told: a press came and its release has not.
    var buttonDown = false
    /// The buttons (bits 1–3) ncurses counts as held (its `_mouse_bstate`): a second press report of a held button
    /// is a movement, and a release counts only for a held button. Emptied whenever the mouse is switched on.
    var held: UInt8 = 0
}

/// One SGR report's parameters and final byte, as sent.
struct SGRMouseReport: Equatable {
    var button: Int
    /// 1-based cells as sent (0 when the terminal left it out).
    var x: Int
    var y: Int
    /// M (a press, a movement or the wheel) rather than m (a release).
    var pressed: Bool

    /// The button state ncurses' decode_xterm_SGR1006 gives this report, nil where `getmouse` would drop it (a state
    /// outside the screen's mask: buttons 2 and 3 pressed or released). Updates `held` as ncurses does.
    func state(held: inout UInt8) -> mmask_t? {
        let wheel = button & 64 != 0
        var state: mmask_t
        if pressed {
            // handle_wheel: the low two bits name the button; with bit 64 it is the wheel (button 4 up, 5 down, and
            // 6, a wheel tilted sideways, which the screen does not ask for). With both low bits set it is a movement.
            switch button & 3 {
            case 0: state = wheel ? pushsim_button4_pressed() : press(1, &held)
            case 1: state = wheel ? pushsim_button5_pressed() : press(2, &held)
            case 2: state = wheel ? 0 : press(3, &held)
            default: state = pushsim_report_mouse_position()
            }
        } else {
            var b = 1 + (button & 3)
            if button >= 132 { b = 6 } else if button >= 128 { b = button - 120 } else if button >= 64 { b = button - 60 }
            let bit = UInt8(truncatingIfNeeded: 1 << b)
            if b <= 3 && held & bit != 0 {
                held &= ~bit
                state = b == 1 ? pushsim_button1_released() : 0
            } else {
                state = pushsim_report_mouse_position()
            }
        }
        return state & NcursesDriver.mouseMask != 0 ? state : nil
    }

    /// PRESS_POSITION: the first press report of a button is its press, the next ones (the button held while the
    /// pointer moves) are movements.
    private func press(_ b: Int, _ held: inout UInt8) -> mmask_t {
        let bit = UInt8(1 << b)
        defer { held |= bit }
        if held & bit != 0 { return pushsim_report_mouse_position() }
        return b == 1 ? pushsim_button1_pressed() : 0
    }

    /// ncurses' cells are 0-based; a missing or zero coordinate is cell 0.
    var cell: (x: Int32, y: Int32) { (Int32(max(x - 1, 0)), Int32(max(y - 1, 0))) }
}

/// Reads one report's characters after its ESC [ < prefix, one at a time, keeping no more than three parameters
/// however many are sent.
struct SGRMouseReader {
    enum Step: Equatable {
        /// The report goes on.
        case more
        /// The final byte came: the report, or nil when it was not a well-formed one (no parameter, a stray character
        /// inside, or a final byte other than M or m); either way its characters are used up.
        case finished(SGRMouseReport?)
        /// An Esc: the report ends unread, and the Esc is a key of its own (it may begin the next sequence).
        case interrupted
    }

    private var params = [0, 0, 0]
    private var index = -1
    /// A parameter's first digit or its `;` starts the next parameter.
    private var atParameterStart = true
    private var stray = false
    /// No coordinate is this large; larger values stop growing here instead of overflowing.
    static let largest = 99_999

    mutating func feed(_ c: UInt32) -> Step {
        switch c {
        case 0x30...0x39:
            if atParameterStart { index += 1 }
            atParameterStart = false
            if index < params.count { params[index] = min(params[index] * 10 + Int(c - 0x30), Self.largest) }
        case 0x3B:
            if atParameterStart { index += 1 }
            atParameterStart = true
        case 27:
            return .interrupted
        case 0x40...0x7E:
            // ncurses takes ESC [ < M, with no parameter at all, for a press at the top left; no terminal sends it,
            // and here it is not a report.
            guard !stray, index >= 0, c == 0x4D || c == 0x6D else { return .finished(nil) }
            return .finished(SGRMouseReport(button: params[0], x: params[1], y: params[2], pressed: c == 0x4D))
        default:
            // ncurses counts control characters and any other parameter or intermediate byte as errors, and the
            // report as not one.
            stray = true
        }
        return .more
    }
}
