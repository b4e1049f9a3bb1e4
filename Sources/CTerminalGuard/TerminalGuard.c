// The terminal layer's signal handling and saved tty state (include/TerminalGuard.h). Handlers only write the
// signal number to a self-pipe (async-signal-safe); the run loop polls that pipe beside standard input and restores
// the terminal in ordinary code. Crash signals restore what they can.
//
// The state is one object in this file. It used to be a function-local static inside a `static inline` helper of
// CNcursesw/shim.h, and Swift emits such a helper (and its static) into every object file that calls it: a debug
// build called the helpers from TerminalGuard.swift alone, but a release build (whole-module optimisation, one object
// file per source file) inlined TerminalGuard's wrappers into NcursesDriver.swift and Terminal.swift, which then each
// had their own copy. The tty modes saved at start were unknown to the Ctrl-Z path (the shell's echo stayed on after
// `fg` while recording) and to the crash handler (a crash left the screen raw).

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include "TerminalGuard.h"

typedef struct {
    int signal_pipe[2];
    volatile sig_atomic_t screen_active;
    int termios_valid;
    struct termios termios;
    volatile sig_atomic_t recording;
    /// A copy of the original standard input while fd 0 is the screen's own non-blocking reopen of it (-1: untouched).
    int stdin_saved;
} pushsim_guard_state;

static pushsim_guard_state state = {{-1, -1}, 0, 0, {0}, 0, -1};

static pushsim_guard_state *pushsim_guard(void) { return &state; }

/* Signals whose default action ends the process and that pushsim ends by in order, through the run loop: the
   terminal is restored, the recording finished, then the process dies by the same signal (status 128 + N).
   SIGKILL and SIGSTOP cannot be caught; the crash signals (below) restore what they can in the handler itself. */
int pushsim_is_ending_signal(int sig) {
    switch (sig) {
    case SIGHUP: case SIGINT: case SIGQUIT: case SIGUSR1: case SIGUSR2: case SIGPIPE: case SIGALRM: case SIGTERM:
#ifdef SIGSTKFLT
    case SIGSTKFLT:
#endif
    case SIGXCPU: case SIGXFSZ: case SIGVTALRM: case SIGPROF:
#ifdef SIGIO
    case SIGIO:
#endif
#ifdef SIGPWR
    case SIGPWR:
#endif
        return 1;
    default:
        return sig >= SIGRTMIN && sig <= SIGRTMAX;
    }
}

static void pushsim_on_crash(int sig);

static void pushsim_on_signal(int sig) {
    int saved = errno;
    // A second ending signal while the first is still unanswered means the run loop is stuck (a write the terminal
    // does not take): restore and die here, as for a crash, rather than never.
    static volatile sig_atomic_t ending = 0;
    if (pushsim_is_ending_signal(sig) && ending++ > 0) pushsim_on_crash(sig);
    unsigned char b = (unsigned char)sig;
    int fd = pushsim_guard()->signal_pipe[1];
    if (fd >= 0) { ssize_t r = write(fd, &b, 1); (void)r; }
    errno = saved;
}

static void pushsim_restore_everything(void) {
    pushsim_guard_state *g = pushsim_guard();
    // endwin is not async-signal-safe, but on a crash the process is dying anyway: a usable shell is worth the
    // risk (ncurses' own handlers do the same).
    if (g->screen_active) { g->screen_active = 0; endwin(); }
    if (g->termios_valid) tcsetattr(0, TCSANOW, &g->termios);
    if (g->stdin_saved >= 0) dup2(g->stdin_saved, 0);
}

static void pushsim_on_crash(int sig) {
    pushsim_restore_everything();
    if (pushsim_guard()->recording) {
        // While recording, the restore went into the relay pipe: give the relay thread a moment to pass it on.
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

int pushsim_install_signals(void) {
    pushsim_guard_state *g = pushsim_guard();
    if (g->signal_pipe[0] < 0) {
        if (pipe(g->signal_pipe) != 0) return -1;
        for (int i = 0; i < 2; i++) {
            fcntl(g->signal_pipe[i], F_SETFD, FD_CLOEXEC);
            fcntl(g->signal_pipe[i], F_SETFL, fcntl(g->signal_pipe[i], F_GETFL) | O_NONBLOCK);
        }
        atexit(pushsim_restore_everything);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = pushsim_on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    // Every signal that would end the process: a default death (SIGQUIT, SIGUSR1, SIGPIPE, SIGALRM…) left the
    // alternate screen on, the cursor hidden and the tty raw, and SIGQUIT woke Swift's crash reporter.
    // Installed even where the parent ignored it (a wrapper's trap '' INT): the user's Ctrl-C must still end pushsim.
    for (int sig = 1; sig < NSIG; sig++) {
        if (pushsim_is_ending_signal(sig)) sigaction(sig, &sa, NULL);
    }
    sigaction(SIGTSTP, &sa, NULL);
    sigaction(SIGCONT, &sa, NULL);
    // Resizes come through the pipe too (ncurses then installs no handler of its own): a flag set by ncurses'
    // handler would be seen only at the next read, and a wait with no deadline would never make one.
    sigaction(SIGWINCH, &sa, NULL);
    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    crash.sa_handler = pushsim_on_crash;
    sigemptyset(&crash.sa_mask);
    sigaction(SIGSEGV, &crash, NULL);
    sigaction(SIGBUS, &crash, NULL);
    sigaction(SIGILL, &crash, NULL);
    sigaction(SIGTRAP, &crash, NULL);
    sigaction(SIGABRT, &crash, NULL);
    sigaction(SIGFPE, &crash, NULL);
    sigaction(SIGSYS, &crash, NULL);
    return g->signal_pipe[0];
}

/* Standard input non-blocking (on = 1) while the screen reads it, or as it was (on = 0). ncurses reads the rest of
   a mouse sequence with a blocking read(2): a partial one (`ESC [ < 0 ; 1` in pasted bytes) blocked the whole run
   loop until the next key came, and then ate that key. Non-blocking, the partial sequence ends where the bytes do.
   O_NONBLOCK belongs to the open file, which a terminal's fd 0 shares with fd 1 (and with the shell): set there, it
   made standard output non-blocking too, and a large picture escape (a sixel) lost bytes to EAGAIN. So fd 0 becomes
   a second open of the same terminal (/proc/self/fd/0), non-blocking on its own; the original is kept aside and put
   back on every exit path (and for Ctrl-Z). Where the reopen fails, input stays blocking, as before. */
void pushsim_stdin_nonblocking(int on) {
    pushsim_guard_state *g = pushsim_guard();
    if (on) {
        if (g->stdin_saved >= 0 || !isatty(0)) return;
        int fd = open("/proc/self/fd/0", O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) return;
        int saved = fcntl(0, F_DUPFD_CLOEXEC, 3);
        if (saved < 0) { close(fd); return; }
        if (dup2(fd, 0) < 0) { close(fd); close(saved); return; }
        close(fd);
        g->stdin_saved = saved;
    } else if (g->stdin_saved >= 0) {
        dup2(g->stdin_saved, 0);
        close(g->stdin_saved);
        g->stdin_saved = -1;
    }
}

void pushsim_set_screen_active(int active) { pushsim_guard()->screen_active = active; }
void pushsim_set_recording(int recording) { pushsim_guard()->recording = recording; }

void pushsim_suspend_self(void) {
    struct sigaction dfl, old;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &old);
    raise(SIGTSTP);
    sigaction(SIGTSTP, &old, NULL);
}

/// Ignore SIGTTOU (on = 1) or restore its default. While restoring the terminal for a Ctrl-Z, the shell may
/// already have taken the terminal back (it stops a job once its other processes, a wrapping `make` or `sh`,
/// have stopped); without this the restore's tcsetattr would stop pushsim half-way with SIGTTOU, and `fg`
/// would resume it only for it to stop again.
void pushsim_ignore_ttou(int on) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on ? SIG_IGN : SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTTOU, &sa, NULL);
}

void pushsim_die_by_signal(int sig) {
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

int pushsim_wait(int input_fd, int signal_fd, int timeout_ms) {
    struct pollfd fds[2];
    fds[0].fd = input_fd; fds[0].events = POLLIN; fds[0].revents = 0;
    fds[1].fd = signal_fd; fds[1].events = POLLIN; fds[1].revents = 0;
    int n = poll(fds, 2, timeout_ms);
    if (n < 0) return -1;
    int r = 0;
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) r |= 1;
    if (fds[1].revents & POLLIN) r |= 2;
    return r;
}

int pushsim_next_signal(int signal_fd) {
    unsigned char b;
    return read(signal_fd, &b, 1) == 1 ? (int)b : 0;
}

int pushsim_tty_save(int fd) {
    pushsim_guard_state *g = pushsim_guard();
    if (tcgetattr(fd, &g->termios) != 0) return 0;
    g->termios_valid = 1;
    return 1;
}

/// cbreak + noecho + nonl as ncurses sets them, for the recording path where ncurses writes into a pipe and
/// cannot set the tty itself.
int pushsim_tty_program_mode(int fd) {
    pushsim_guard_state *g = pushsim_guard();
    if (!g->termios_valid) return 0;
    struct termios t = g->termios;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL);
    t.c_iflag &= ~(tcflag_t)(ICRNL | INLCR | IGNCR | IXON | IXOFF);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    return tcsetattr(fd, TCSADRAIN, &t) == 0;
}

/// Take the terminal out of software flow control (IXON, IXOFF) while the full screen runs, as vim does: a Ctrl-S
/// typed (or in pasted bytes) would otherwise stop pushsim's output, block its next write and, with it, the reading
/// of every key after it. Ctrl-S and Ctrl-Q then arrive as keys. The saved modes bring flow control back at exit.
int pushsim_tty_no_flow_control(int fd) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return 0;
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    return tcsetattr(fd, TCSADRAIN, &t) == 0;
}

int pushsim_tty_restore(int fd) {
    pushsim_guard_state *g = pushsim_guard();
    if (!g->termios_valid) return 0;
    return tcsetattr(fd, TCSADRAIN, &g->termios) == 0;
}

