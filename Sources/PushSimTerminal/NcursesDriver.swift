// Owns the ncurses screen: setup and teardown, colour pairs, copying a Canvas (changed cells only), reading input.

import CNcursesw
import Foundation
import PushSimFiles
import PushSimScreens

final class NcursesDriver {
    let colorMode: ColorMode
    /// The locale is not UTF-8: every cell is drawn in ASCII (AsciiFallback), and `shutdown` says why once.
    let asciiOnly: Bool
    private let asciiNotice: String?
    private let screen: OpaquePointer
    private let relay: OutputRelay?
    /// Where ncurses writes; picture escapes go the same way, after ncurses' own output (GraphicsLayer).
    private let output: UnsafeMutablePointer<FILE>
    private var last: Canvas?
    private var mouse = MouseTracking()
    /// The size the recording last announced.
    private var recordedSize: Size?
    private var active = true
    /// Why the recording could not be written, known once `shutdown` has finished it.
    private(set) var recordingFailure: String?
    let stats: RunStats
    /// The run's monotonic origin, which the recording's timestamps also count from.
    private let origin: Double

    init(recordPath: String?, environment: [String: String], stats: RunStats, start: Double) throws(TerminalError) {
        origin = start
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError("standard input and output must be a terminal for the interactive view; use --headless for scripts and pipes")
        }
        self.stats = stats
        // ncursesw reads wide characters by LC_CTYPE alone; the other categories would change nothing it draws and cost
        // every start a dozen more locale files to look for, open and map (0.2 ms: docs/performance.md).
        setlocale(LC_CTYPE, "")
        asciiOnly = !AsciiFallback.localeIsUTF8()
        asciiNotice = asciiOnly ? AsciiFallback.notice(environment: environment) : nil
        TerminalGuard.saveTTY(STDIN_FILENO)
        var rows: Int32 = 24, cols: Int32 = 80
        _ = pushsim_winsize(STDOUT_FILENO, &rows, &cols)
        if let recordPath {
            relay = try OutputRelay(castPath: recordPath, width: Int(cols), height: Int(rows), title: "pushsim", start: start)
            // ncurses cannot ask a pipe for the size; the kernel's answer is applied right after newterm.
            use_env(false)
        } else {
            relay = nil
        }
        let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
        guard term != nil else {
            relay?.abandon()
            throw TerminalError("TERM is not set; set it to your terminal type, for example TERM=xterm-256color")
        }
        output = relay?.ncursesOutput ?? pushsim_stdout()
        guard let scr = newterm(nil, output, pushsim_stdin()) else {
            relay?.abandon()
            throw TerminalError("the terminal type '\(term!)' is unknown to ncurses; try TERM=xterm-256color")
        }
        // A terminal that cannot address the cursor (TERM=dumb, a line printer) cannot show a full screen.
        if let cup = tigetstr("cup"), Int(bitPattern: cup) != -1, Int(bitPattern: cup) != 0 {
            screen = scr
        } else {
            endwin()
            delscreen(scr)
            relay?.abandon()
            TerminalGuard.restoreTTY(STDIN_FILENO)
            throw TerminalError("the terminal type '\(term!)' cannot move the cursor; pushsim needs a full-screen terminal such as TERM=xterm-256color")
        }
        _ = set_term(scr)
        TerminalGuard.setScreenActive(true)
        TerminalGuard.setRecording(relay != nil)
        if relay != nil {
            TerminalGuard.programMode(STDIN_FILENO)
            _ = resizeterm(rows, cols)
        }
        Self.capScreen()
        cbreak()
        noecho()
        nonl()
        // No software flow control while the screen runs (a Ctrl-S froze output and, with it, input); ncurses keeps
        // this as its program mode, so a resume after Ctrl-Z turns it off again.
        TerminalGuard.noFlowControl(STDIN_FILENO)
        def_prog_mode()
        TerminalGuard.stdinNonBlocking(true)
        intrflush(pushsim_stdscr(), false)
        keypad(pushsim_stdscr(), true)
        Self.defineKeyVariants()
        nodelay(pushsim_stdscr(), true)
        _ = curs_set(0)
        // The cursor is hidden: leave it wherever the last change ended instead of moving it back to the window's
        // cursor after every frame (bytes per changed cell, issue 14).
        _ = leaveok(pushsim_stdscr(), true)
        set_escdelay(Self.escapeDelay)
        // Before colours start: resuming a screen with colours on would send `oc` (OSC 104), resetting a palette
        // the user's shell set (base16 themes).
        Self.leaveInitialState()
        // start_color only when drawing in colour: once started, even pair 0 is sent as explicit colours.
        colorMode = ColorMode.detect(environment: environment, hasColors: has_colors(), colors: Int(pushsim_terminfo_colors()))
        if colorMode.usesColor {
            start_color()
            use_default_colors()
        }
        enableMouse()
        recordedSize = size
    }

    /// ncurses 6 flushes its output buffer — one write(2) — after every cursor move while the screen is in its
    /// initial state (`_nc_mvcur` checks `_endwin == ewInitial`, meant for low-level terminfo programs), and a
    /// screen only leaves that state when a refresh follows an `endwin()`. Without this a full frame went out in
    /// about a hundred writes (one per row, the pty or an SSH channel carrying each alone, and a terminal free to
    /// paint the rows it has); after it, a frame is one write per 4 KB or so of ncurses' buffer. Done once here,
    /// before anything is drawn, any key is read, colours are started or the mouse is asked for: the terminal
    /// sees the alternate screen left and entered again in one burst, with nothing on either.
    private static func leaveInitialState() {
        endwin()
        doupdate()
    }

    /// Terminals and multiplexers send some keys in forms their TERM's terminfo does not list (tmux sends
    /// ESC [ 1 ~ for Home under TERM=xterm-256color, which lists ESC O H). Unrecognised, such a sequence would
    /// arrive as a lone Esc plus characters, and Esc quits; so every common form is taught to ncurses.
    static func defineKeyVariants() {
        let variants: [(String, Int32)] = [
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
            ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
            ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[3~", KEY_DC), ("\u{1B}[Z", KEY_BTAB),
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
            ("\u{1B}OM", KEY_ENTER),
        ]
        for (sequence, code) in variants where key_defined(sequence) == 0 {
            _ = define_key(sequence, code)
        }
    }

    private func enableMouse() { Self.enableMouse(&mouse) }

    /// The mouse events asked for. With REPORT_MOUSE_POSITION in it, ncurses asks xterm-like terminals for
    /// any-motion tracking (1003) in SGR encoding (1006): presses, releases, the wheel and drags arrive; plain
    /// hovering is dropped in the decoder and does not redraw.
    static let mouseMask = pushsim_button1_pressed() | pushsim_button1_released() | pushsim_button4_pressed()
        | pushsim_button5_pressed() | pushsim_report_mouse_position()

    /// The key code ncurses gives an SGR mouse report's prefix (ESC [ <) in place of KEY_MOUSE, above every code
    /// ncurses assigns (KEY_MAX and the terminfo's extended keys just after it); SGRMouse.swift says why.
    static let sgrMouseKey: Int32 = 0x7E00

    /// Milliseconds ncurses waits after an Esc for the rest of a sequence (ESCDELAY), and pushsim for the rest of a
    /// mouse report.
    static let escapeDelay: Int32 = 25

    /// Switch the mouse on; `tracking` forgets the buttons held, as ncurses does.
    static func enableMouse(_ tracking: inout MouseTracking) {
        _ = mousemask(mouseMask, nil)
        _ = mouseinterval(0)
        _ = pushsim_claim_sgr_mouse(sgrMouseKey)
        tracking.held = 0
    }

    private func disableMouse() {
        _ = mousemask(0, nil)
    }

    /// The size ncurses lays out for.
    var size: Size {
        Size(width: Int(getmaxx(pushsim_stdscr())), height: Int(getmaxy(pushsim_stdscr())))
    }

    /// The largest screen laid out, as headless `--size` allows: a 10000 × 10000 terminal grew every interactive
    /// command past 1.5 GB in two seconds (issue 38). A larger terminal shows the screen in its top-left corner.
    static let maxSide: Int32 = 1000

    /// ncurses' screen no larger than `maxSide` each way (its buffers are three of the screen's size).
    static func capScreen() {
        let rows = getmaxy(pushsim_stdscr()), cols = getmaxx(pushsim_stdscr())
        if rows > maxSide || cols > maxSide { _ = resizeterm(min(rows, maxSide), min(cols, maxSide)) }
    }

    /// Bytes sent to the terminal so far (known only while recording).
    var bytesWritten: Int? { relay?.bytesWritten }

    // MARK: Drawing

    /// Copy `canvas` onto the screen, writing only cells that changed since the last frame; ncurses sends the diff.
    func draw(_ canvas: Canvas, force: Bool = false) {
        let win = pushsim_stdscr()
        let full = force || last == nil || last!.size != canvas.size
        if full, last?.size != canvas.size { werase(win) }
        // Only when the counters are written (PUSHSIM_DEBUG_STATS, the benches): the estimate costs about as much as the
        // cells' own ncurses calls (strings for every move and colour), on the frame that competes with a picture's encode.
        var estimate = stats.detailed ? NeededBytes(mode: colorMode) : nil
        let w = canvas.width
        let previous = full ? [] : last!.cells
        canvas.cells.withUnsafeBufferPointer { cells in
            previous.withUnsafeBufferPointer { before in
                for y in 0..<canvas.height {
                    for x in 0..<w {
                        let i = y * w + x
                        if !full && before[i] == cells[i] { continue }
                        var cx = x
                        var c = cells[i]
                        if c.isContinuation {
                            // A changed right half means the wide grapheme to its left must be written again.
                            guard x > 0, !cells[i - 1].isContinuation else { continue }
                            cx = x - 1
                            c = cells[i - 1]
                        }
                        let wide = cx + 1 < w && cells[y * w + cx + 1].isContinuation
                        put(c, x: cx, y: y, width: wide ? 2 : 1, win: win)
                        estimate?.add(c, x: cx, y: y)
                    }
                }
            }
        }
        last = canvas
        wnoutrefresh(win)
        doupdate()
        stats.renders += 1
        if let estimate {
            stats.cellsChanged += estimate.cells
            stats.bytesNeeded += estimate.bytes
            stats.bytesCursorAndGlyphs += estimate.bare
            stats.frameLog.append((pushsim_monotonic_seconds() - origin, estimate.cells, estimate.bare))
        }
        if stats.firstFrameRealtime == nil {
            stats.firstFrameRealtime = pushsim_realtime_seconds()
            stats.firstFrameCPUSeconds = pushsim_process_cpu_seconds()
        }
    }

    /// Forget what is on screen so the next draw repaints everything (after a resume or a resize).
    func invalidate() {
        last = nil
        clearok(pushsim_curscr(), true)
    }

    private func put(_ cell: Cell, x: Int, y: Int, width: Int, win: UnsafeMutablePointer<WINDOW>?) {
        var attrs = pushsim_a_normal()
        let a = colorMode.attributes(for: cell)
        if a.contains(.bold) { attrs |= pushsim_a_bold() }
        if a.contains(.dim) { attrs |= pushsim_a_dim() }
        if a.contains(.italic) { attrs |= pushsim_a_italic() }
        if a.contains(.underline) { attrs |= pushsim_a_underline() }
        if a.contains(.reverse) { attrs |= pushsim_a_reverse() }
        if a.contains(.blink) { attrs |= pushsim_a_blink() }
        var pair: Int32 = 0
        if colorMode.usesColor {
            let fg = colorMode.index(of: cell.fg), bg = colorMode.index(of: cell.bg)
            if fg != -1 || bg != -1 { pair = max(0, alloc_pair(fg, bg)) }
        }
        if asciiOnly {
            // One byte per cell: a wide grapheme's ASCII stand-in fills both of its cells.
            for (k, byte) in AsciiFallback.ascii(cell.grapheme.isEmpty ? " " : cell.grapheme, width: width).utf8.prefix(width).enumerated() {
                var one = WideCell()
                one.first = wchar_t(byte)
                _ = one.withPointer { pushsim_put_cell(win, Int32(y), Int32(x + k), $0, attrs, pair) }
            }
            return
        }
        // The cluster's first five code points, terminated, in a buffer on the stack: a frame puts thousands of
        // cells, and an array each was most of this function's cost (allocation, map and release).
        var scalars = WideCell()
        var count = 0
        scalars.withPointer { p in
            for scalar in cell.grapheme.unicodeScalars {
                guard count < 5 else { break }
                p[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
        }
        if count == 0 { scalars.first = 32; count = 1 }
        let ok = scalars.withPointer { pushsim_put_cell(win, Int32(y), Int32(x), $0, attrs, pair) }
        if ok == ERR, count > 1 {
            // ncurses refuses clusters whose later code points have width (emoji ZWJ sequences): draw the base.
            var base = WideCell()
            base.first = scalars.first
            _ = base.withPointer { pushsim_put_cell(win, Int32(y), Int32(x), $0, attrs, pair) }
        }
    }

    func bell() { beep() }

    /// Bytes ncurses does not know about (picture escapes), written after its last update and flushed.
    func writeRaw(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, output) }
        fflush(output)
    }

    // MARK: Input

    /// Everything ncurses has decoded so far (non-blocking).
    func readEvents() -> [InputEvent] {
        Self.readEvents(mouse: &mouse, input: STDIN_FILENO, escapeDelay: Self.escapeDelay) { refreshSize() }
    }

    /// What the current screen's ncurses has decoded, as pushsim's events (`ByteInputDecoder` reads the same way).
    /// ncurses also answers ERR for bytes that are not a character (0xA3 alone, invalid UTF-8) with more behind
    /// them, in `input` or in its own buffer: reading stops only when both are empty, so the keys after such a byte
    /// are not left waiting for the next key. An SGR mouse report still unfinished when the bytes run out is waited
    /// for once, as long as ncurses waits for the rest of an escape sequence (ESCDELAY), and dropped if its end
    /// does not come: a report cut in two by the network arrives whole, and a stray prefix does not eat the next key.
    static func readEvents(mouse: inout MouseTracking, input: Int32, escapeDelay: Int32, resized: () -> Size) -> [InputEvent] {
        var out: [InputEvent] = []
        var refusals = 0
        var report: SGRMouseReader?
        var waitedForReport = false
        func emit(state: mmask_t, x: Int32, y: Int32) {
            for m in InputDecoder.mouse(state: state, x: x, y: y, buttonDown: mouse.buttonDown) {
                if m.kind == .press { mouse.buttonDown = true }
                if m.kind == .release { mouse.buttonDown = false }
                out.append(.mouse(m))
            }
        }
        while true {
            var ch: wint_t = 0
            errno = 0
            let r = wget_wch(pushsim_stdscr(), &ch)
            if r == ERR {
                // Empty is ERR with errno untouched (or EAGAIN from the non-blocking read) and no byte waiting in the
                // descriptor; ERR with an errno (EILSEQ) was a refused byte, and what ncurses buffered behind it is
                // read now.
                let empty = errno == 0 || errno == EAGAIN || errno == EWOULDBLOCK
                var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                refusals += 1
                let waiting = poll(&fd, 1, 0) == 1 && fd.revents & Int16(POLLIN) != 0
                if refusals < 4096 && (waiting || !empty) { continue }
                if report != nil && !waitedForReport {
                    waitedForReport = true
                    fd.revents = 0
                    if poll(&fd, 1, max(escapeDelay, 0)) == 1 && fd.revents & Int16(POLLIN) != 0 { continue }
                }
                break
            }
            if r == KEY_CODE_YES {
                let code = Int32(ch)
                // A report begins (one left unfinished is dropped); any other key ends an unfinished one unread.
                report = nil
                if code == sgrMouseKey {
                    report = SGRMouseReader()
                    continue
                } else if code == KEY_RESIZE {
                    out.append(.resize(resized()))
                } else if code == KEY_MOUSE {
                    // X10 reports, which ncurses reads. getmouse hands queued events back newest first: a press and its
                    // release read together (a quick click over SSH, a pasted pair) came out release, then press,
                    // leaving the finger down. Oldest first.
                    var queued: [MEVENT] = []
                    var ev = MEVENT()
                    while getmouse(&ev) == OK { queued.append(ev) }
                    for ev in queued.reversed() { emit(state: ev.bstate, x: ev.x, y: ev.y) }
                } else if let k = InputDecoder.key(functionKey: code) {
                    out.append(.key(k))
                }
                continue
            }
            if report != nil {
                switch report!.feed(UInt32(ch)) {
                case .more:
                    continue
                case .finished(let sgr):
                    report = nil
                    if let sgr, let state = sgr.state(held: &mouse.held) {
                        emit(state: state, x: sgr.cell.x, y: sgr.cell.y)
                    }
                    continue
                case .interrupted:
                    report = nil
                }
            }
            if let k = InputDecoder.key(character: UInt32(ch)) {
                out.append(.key(k))
            }
        }
        return InputDecoder.droppingUnknownSequences(out)
    }

    /// Re-read the kernel's size (ncurses cannot while it writes into the recording pipe) and resize to it.
    func refreshSize() -> Size {
        var rows: Int32 = 0, cols: Int32 = 0
        if pushsim_winsize(STDOUT_FILENO, &rows, &cols) == 1,
           rows != getmaxy(pushsim_stdscr()) || cols != getmaxx(pushsim_stdscr()) {
            _ = resizeterm(min(rows, Self.maxSide), min(cols, Self.maxSide))
        }
        Self.capScreen()
        invalidate()
        if size != recordedSize {
            recordedSize = size
            relay?.noteResize(width: size.width, height: size.height)
        }
        return size
    }

    // MARK: Suspend, resume, shutdown

    func suspend() {
        TerminalGuard.stdinNonBlocking(false)
        disableMouse()
        endwin()
        relay?.drain()
        if relay != nil { TerminalGuard.restoreTTY(STDIN_FILENO) }
        fflush(nil)
    }

    func resume() {
        if relay != nil { TerminalGuard.programMode(STDIN_FILENO) }
        refresh()
        TerminalGuard.stdinNonBlocking(true)
        enableMouse()
        _ = curs_set(0)
        _ = refreshSize()
    }

    /// Give the terminal back as it was: leave the alternate screen, show the cursor, restore the tty modes.
    func shutdown() {
        guard active else { return }
        active = false
        _ = curs_set(1)
        disableMouse()
        endwin()
        TerminalGuard.stdinNonBlocking(false)
        TerminalGuard.setScreenActive(false)
        TerminalGuard.setRecording(false)
        recordingFailure = relay?.finish()?.message
        TerminalGuard.restoreTTY(STDIN_FILENO)
        delscreen(screen)
        if let asciiNotice { StandardStreams.error(asciiNotice + "\n") }
    }
}

/// Up to five code points of a cell and a terminating zero, as `setcchar` reads them: on the stack, not an array.
private struct WideCell {
    var storage: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)

    var first: wchar_t {
        get { storage.0 }
        set { storage.0 = newValue }
    }

    mutating func withPointer<R>(_ body: (UnsafeMutablePointer<wchar_t>) -> R) -> R {
        withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: wchar_t.self, capacity: 6, body) }
    }
}
