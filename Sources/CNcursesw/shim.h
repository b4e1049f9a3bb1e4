// The C side of the terminal layer: ncurses with the wide API, its macros and globals as inline functions,
// and the few async-signal-safe helpers Swift cannot write itself.
#ifndef PUSHSIM_CNCURSESW_SHIM_H
#define PUSHSIM_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Globals Swift 6 rejects as not concurrency-safe.
static inline WINDOW *pushsim_stdscr(void) { return stdscr; }
static inline WINDOW *pushsim_curscr(void) { return curscr; }
static inline int pushsim_colors(void) { return COLORS; }
static inline int pushsim_color_pairs(void) { return COLOR_PAIRS; }
/// The terminal's colour count from terminfo, known before start_color (which must not run under NO_COLOR).
static inline int pushsim_terminfo_colors(void) { int n = tigetnum("colors"); return n > 0 ? n : 0; }
/* term.h (where setupterm lives) defines hundreds of lower-case macros (lines, columns, bell...); declare only this. */
extern int setupterm(const char *term, int filedes, int *errret);
/* How many colours terminfo gives `term` (NULL: $TERM), read before the screen starts, when image rendering is set
   up: 0 for a terminal without colour (vt100), -1 when the terminal has no terminfo entry. */
static inline int pushsim_probe_colors(const char *term) {
    int err = 0;
    if (setupterm(term, 1, &err) != OK) return -1;
    int n = tigetnum("colors");
    return n > 0 ? n : 0;
}
static inline FILE *pushsim_stdin(void) { return stdin; }
static inline FILE *pushsim_stdout(void) { return stdout; }

// Attribute macros.
static inline attr_t pushsim_a_normal(void) { return A_NORMAL; }
static inline attr_t pushsim_a_bold(void) { return A_BOLD; }
static inline attr_t pushsim_a_dim(void) { return A_DIM; }
static inline attr_t pushsim_a_italic(void) { return A_ITALIC; }
static inline attr_t pushsim_a_underline(void) { return A_UNDERLINE; }
static inline attr_t pushsim_a_reverse(void) { return A_REVERSE; }
static inline attr_t pushsim_a_blink(void) { return A_BLINK; }

// Mouse masks.
static inline mmask_t pushsim_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t pushsim_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t pushsim_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t pushsim_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t pushsim_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t pushsim_button5_pressed(void) { return 0; }
#endif
static inline mmask_t pushsim_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t pushsim_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

/// Put one grapheme (up to 8 code points) with attributes and an extended colour pair into a cell.
static inline int pushsim_put_cell(WINDOW *win, int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
    cchar_t c;
    memset(&c, 0, sizeof c);
    // setcchar takes the pair both as a short and through opts; opts carries pairs above 32767.
    if (setcchar(&c, wch, attrs, (short)(pair > 32767 ? 0 : pair), &pair) == ERR) return ERR;
    return mvwadd_wch(win, y, x, &c);
}

/// Seconds on the monotonic clock.
static inline double pushsim_monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/// CPU seconds this process has used (all threads), for launch measurements that ignore a busy machine.
static inline double pushsim_process_cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/// CPU time of the calling thread alone (the run loop's own cost of a frame, whatever the machine's load).
static inline double pushsim_thread_cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/// Seconds since the epoch (for asciicast headers and launch measurements).
static inline double pushsim_realtime_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/// The terminal's size from the kernel, or 0 when `fd` is not a terminal.
static inline int pushsim_winsize(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return 0;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 1;
}

// ---------------------------------------------------------------------------------------------------------
// Signals and tty state. Handlers only write the signal number to a self-pipe (async-signal-safe); the run loop
// polls that pipe beside standard input and restores the terminal in ordinary code. Crash signals restore what
// they can.
//
// The state lives in function-local statics. Swift gives every file that calls these helpers its own copy of
// them, so exactly one Swift file (TerminalGuard.swift) may call the helpers below.

typedef struct {
    int signal_pipe[2];
    volatile sig_atomic_t screen_active;
    int termios_valid;
    struct termios termios;
    volatile sig_atomic_t recording;
    /// A copy of the original standard input while fd 0 is the screen's own non-blocking reopen of it (-1: untouched).
    int stdin_saved;
} pushsim_guard_state;

static inline pushsim_guard_state *pushsim_guard(void) {
    static pushsim_guard_state state = {{-1, -1}, 0, 0, {0}, 0, -1};
    return &state;
}

/* Signals whose default action ends the process and that pushsim ends by in order, through the run loop: the
   terminal is restored, the recording finished, then the process dies by the same signal (status 128 + N).
   SIGKILL and SIGSTOP cannot be caught; the crash signals (below) restore what they can in the handler itself. */
static inline int pushsim_is_ending_signal(int sig) {
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

static inline void pushsim_on_crash(int sig);

static inline void pushsim_on_signal(int sig) {
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

static inline void pushsim_restore_everything(void) {
    pushsim_guard_state *g = pushsim_guard();
    // endwin is not async-signal-safe, but on a crash the process is dying anyway: a usable shell is worth the
    // risk (ncurses' own handlers do the same).
    if (g->screen_active) { g->screen_active = 0; endwin(); }
    if (g->termios_valid) tcsetattr(0, TCSANOW, &g->termios);
    if (g->stdin_saved >= 0) dup2(g->stdin_saved, 0);
}

static inline void pushsim_on_crash(int sig) {
    pushsim_restore_everything();
    if (pushsim_guard()->recording) {
        // While recording, the restore went into the relay pipe: give the relay thread a moment to pass it on.
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/// Install the handlers (before ncurses starts, so it leaves them alone) and return the pipe's read end.
static inline int pushsim_install_signals(void) {
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
static inline void pushsim_stdin_nonblocking(int on) {
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

static inline void pushsim_set_screen_active(int active) { pushsim_guard()->screen_active = active; }
static inline void pushsim_set_recording(int recording) { pushsim_guard()->recording = recording; }

/// Stop the process as the shell asked (SIGTSTP with its default action); returns once continued.
static inline void pushsim_suspend_self(void) {
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
static inline void pushsim_ignore_ttou(int on) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on ? SIG_IGN : SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTTOU, &sa, NULL);
}

/// Die from `sig` with its default action, so the shell sees the usual status (128 + sig).
static inline void pushsim_die_by_signal(int sig) {
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

/// Wait until standard input or the signal pipe is readable, or `timeout_ms` passes (-1 = forever).
/// Returns a bit set: 1 = input, 2 = signal; 0 on timeout; -1 on an interrupted wait (a resize, say).
static inline int pushsim_wait(int input_fd, int signal_fd, int timeout_ms) {
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

/// The next pending signal number from the pipe, or 0.
static inline int pushsim_next_signal(int signal_fd) {
    unsigned char b;
    return read(signal_fd, &b, 1) == 1 ? (int)b : 0;
}

static inline int pushsim_tty_save(int fd) {
    pushsim_guard_state *g = pushsim_guard();
    if (tcgetattr(fd, &g->termios) != 0) return 0;
    g->termios_valid = 1;
    return 1;
}

/// cbreak + noecho + nonl as ncurses sets them, for the recording path where ncurses writes into a pipe and
/// cannot set the tty itself.
static inline int pushsim_tty_program_mode(int fd) {
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
static inline int pushsim_tty_no_flow_control(int fd) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return 0;
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    return tcsetattr(fd, TCSADRAIN, &t) == 0;
}

static inline int pushsim_tty_restore(int fd) {
    pushsim_guard_state *g = pushsim_guard();
    if (!g->termios_valid) return 0;
    return tcsetattr(fd, TCSADRAIN, &g->termios) == 0;
}

// ---------------------------------------------------------------------------------------------------------
// Stateless helpers, callable from any file.

/// Flush standard output; 0, or the errno of a flush that failed now or earlier (print's buffer lost to a full disk).
static inline int pushsim_flush_stdout(void) {
    errno = 0;
    int failed = fflush(stdout) != 0 || ferror(stdout);
    return failed ? (errno ? errno : EIO) : 0;
}

static inline FILE *pushsim_fdopen_write(int fd) { return fdopen(fd, "w"); }
static inline FILE *pushsim_fdopen_read(int fd) { return fdopen(fd, "r"); }

static inline int pushsim_set_pipe_size(int fd, int bytes) {
#ifdef F_SETPIPE_SZ
    return fcntl(fd, F_SETPIPE_SZ, bytes);
#else
    (void)fd; (void)bytes; return -1;
#endif
}

#endif
