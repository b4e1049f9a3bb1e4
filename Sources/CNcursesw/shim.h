// The C side of the terminal layer: ncurses with the wide API, its macros and globals as inline functions,
// and a few stateless helpers (signal handlers and the saved tty modes live in CTerminalGuard).
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

/* ncurses 6.4 reads the rest of an SGR (mode 1006) mouse report itself, in read_SGR (ncurses/base/lib_mouse.c), into a
   nine-slot parameter array without counting the parameters: a report with dozens of ';' wrote past the array onto
   the stack and the screen died with SIGSEGV (`make fuzz`, target input). Where this screen's reports are SGR (its
   terminfo's kmous is ESC [ <, or its XM asks for 1006, which is how ncurses chooses), the prefix ESC [ < is given
   `code` instead of KEY_MOUSE, so wget_wch hands the report's characters over unread by ncurses (SGRMouse.swift
   reads them). 1 when the prefix is pushsim's, 0 when the reports are X10 (three bytes, which ncurses reads safely),
   -1 when the binding failed (KEY_MOUSE is off then: the reports arrive as characters and are dropped as an unknown
   sequence). Call after every mousemask(), which binds KEY_MOUSE again. */
static inline int pushsim_claim_sgr_mouse(int code) {
    const char *kmous = tigetstr("kmous");
    const char *xm = tigetstr("XM");
    int sgr = (kmous != NULL && kmous != (char *)-1 && strcmp(kmous, "\033[<") == 0)
        || (xm != NULL && xm != (char *)-1 && strstr(xm, "1006") != NULL);
    if (!sgr) return 0;
    keyok(KEY_MOUSE, FALSE);
    if (key_defined("\033[<") != code) define_key("\033[<", code);
    return key_defined("\033[<") == code ? 1 : -1;
}

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
