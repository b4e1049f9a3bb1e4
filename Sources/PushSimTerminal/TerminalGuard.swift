// The Swift face of CTerminalGuard (signal handlers, saved tty modes), whose state lives once, in TerminalGuard.c.

import CTerminalGuard

enum TerminalGuard {
    /// Install the signal handlers and return the self-pipe's read end (-1 on failure).
    static func installSignals() -> Int32 { pushsim_install_signals() }
    static func wait(input: Int32, signals: Int32, timeoutMs: Int32) -> Int32 { pushsim_wait(input, signals, timeoutMs) }
    static func isEnding(_ sig: Int32) -> Bool { pushsim_is_ending_signal(sig) == 1 }
    static func nextSignal(_ fd: Int32) -> Int32 { pushsim_next_signal(fd) }
    static func suspendSelf() { pushsim_suspend_self() }
    static func ignoreTTOU(_ on: Bool) { pushsim_ignore_ttou(on ? 1 : 0) }
    static func die(by signal: Int32) -> Never {
        pushsim_die_by_signal(signal)
        fatalError("still alive after signal \(signal)")
    }
    static func stdinNonBlocking(_ on: Bool) { pushsim_stdin_nonblocking(on ? 1 : 0) }
    static func setScreenActive(_ active: Bool) { pushsim_set_screen_active(active ? 1 : 0) }
    static func setRecording(_ recording: Bool) { pushsim_set_recording(recording ? 1 : 0) }
    @discardableResult static func saveTTY(_ fd: Int32) -> Bool { pushsim_tty_save(fd) == 1 }
    @discardableResult static func programMode(_ fd: Int32) -> Bool { pushsim_tty_program_mode(fd) == 1 }
    @discardableResult static func noFlowControl(_ fd: Int32) -> Bool { pushsim_tty_no_flow_control(fd) == 1 }
    @discardableResult static func restoreTTY(_ fd: Int32) -> Bool { pushsim_tty_restore(fd) == 1 }
}
