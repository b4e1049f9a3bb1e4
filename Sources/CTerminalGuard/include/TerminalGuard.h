// Signals and the saved tty state of the terminal layer, called through PushSimTerminal's TerminalGuard.swift.
// Compiled once, in TerminalGuard.c, so the process has exactly one copy of the state however the Swift callers are
// optimised (a `static inline` header helper would be emitted, with its statics, into every calling object file).
#ifndef PUSHSIM_TERMINAL_GUARD_H
#define PUSHSIM_TERMINAL_GUARD_H

/// 1 if `sig`'s default action ends the process (the run loop restores the terminal, then dies by it).
int pushsim_is_ending_signal(int sig);
/// Install the handlers (before ncurses starts, so it leaves them alone) and return the self-pipe's read end.
int pushsim_install_signals(void);
/// Standard input non-blocking (on = 1) through a private reopen of the terminal, or the original back (on = 0).
void pushsim_stdin_nonblocking(int on);
/// Whether a crash must leave ncurses' screen (endwin) before dying.
void pushsim_set_screen_active(int active);
/// Whether a crash must give the recording relay a moment to pass the restore on.
void pushsim_set_recording(int recording);
/// Stop the process as the shell asked (SIGTSTP with its default action); returns once continued.
void pushsim_suspend_self(void);
/// Ignore SIGTTOU (on = 1) or restore its default.
void pushsim_ignore_ttou(int on);
/// Die from `sig` with its default action, so the shell sees the usual status (128 + sig).
void pushsim_die_by_signal(int sig);
/// Wait until `input_fd` or the signal pipe is readable, or `timeout_ms` passes (-1 = forever).
/// Returns a bit set: 1 = input, 2 = signal; 0 on timeout; -1 on an interrupted wait (a resize, say).
int pushsim_wait(int input_fd, int signal_fd, int timeout_ms);
/// The next pending signal number from the pipe, or 0.
int pushsim_next_signal(int signal_fd);
/// Save `fd`'s tty modes, which `pushsim_tty_restore` and the exit and crash paths put back. 1 on success.
int pushsim_tty_save(int fd);
/// cbreak + noecho + nonl from the saved modes, for the recording path (ncurses writes into a pipe there).
int pushsim_tty_program_mode(int fd);
/// Software flow control (IXON, IXOFF) off while the full screen runs.
int pushsim_tty_no_flow_control(int fd);
/// The saved modes back (TCSADRAIN). 1 on success, 0 if none were saved or the terminal refused.
int pushsim_tty_restore(int fd);

#endif
