// The interactive run loop: one wait for input, signals, the scene's wake descriptors and its next deadline, on the
// monotonic clock.

import CNcursesw
import Foundation
import PushSimFiles
import PushSimScreens

public enum Terminal {
    public struct Options: Sendable {
        /// Write an asciicast v2 recording of every byte sent to the terminal.
        public var recordPath: String?
        /// Write the loop's counters here at exit (`PUSHSIM_DEBUG_STATS`).
        public var statsPath: String?
        public var environment: [String: String]
        /// `--pixels`: real pictures where the terminal shows them.
        public var pixels: PixelSetting
        /// What libchafa's terminal database finds in the environment (the media layer asks it; this target has no chafa).
        public var chafaPixelHint: Set<PixelProtocol>
        /// Non-blocking descriptors that background work writes when something lands (an image load, a picture's
        /// bytes): polled with the input, read empty when readable, and each such wake draws a frame.
        public var wakeDescriptors: [Int32]
        /// Asked at exit for the debug stats' `earlyDecode` (the early decode's outcome: the media layer's to say).
        public var earlyDecode: @Sendable () -> String = { "" }
        /// The debug stats' `start`: how the front end read its command line ("plain" without the argument parser).
        public var start = ""

        public init(recordPath: String? = nil, statsPath: String? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment,
                    pixels: PixelSetting = .off, chafaPixelHint: Set<PixelProtocol> = [], wakeDescriptors: [Int32] = []) {
            self.recordPath = recordPath
            self.statsPath = statsPath ?? environment["PUSHSIM_DEBUG_STATS"].flatMap { $0.isEmpty ? nil : $0 }
            self.environment = environment
            self.pixels = pixels
            self.chafaPixelHint = chafaPixelHint
            self.wakeDescriptors = wakeDescriptors
        }
    }

    /// Run `scene` until its exit status is set and return that status, restoring the terminal first.
    /// Every signal whose default action ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGPIPE,
    /// SIGALRM…) restores the terminal and ends the process by that signal;
    /// SIGTSTP restores it, stops, and repaints everything when continued.
    public static func run(_ scene: Scene, options: Options) throws(TerminalError) -> Int32 {
        let stats = RunStats()
        stats.detailed = options.statsPath != nil
        stats.startRealtime = pushsim_realtime_seconds()
        let signalFD = TerminalGuard.installSignals()
        guard signalFD >= 0 else { throw TerminalError("cannot install signal handlers") }
        let origin = pushsim_monotonic_seconds()
        // Time spent stopped (Ctrl-Z) does not count: a story resumes where it was.
        var stoppedFor = 0.0
        func now() -> Double { pushsim_monotonic_seconds() - origin - stoppedFor }

        // Asked before ncurses owns the terminal: the answers must not arrive as keys.
        let pixels = detectPixels(options)
        stats.pixels = pixels.description
        // The cell's size in pixels: the pty's, else the terminal's own answer (asked, like the attributes, before
        // ncurses reads the keyboard).
        let cellPixels = pixels.proto == nil ? nil
            : TerminalQuery.cellPixels(STDOUT_FILENO) ?? TerminalQuery.askCellPixels(input: STDIN_FILENO, output: STDOUT_FILENO)
        let graphics = GraphicsLayer(decision: pixels, cellPixels: cellPixels)
        // The picture of the frame likely next starts encoding before the first frame is even drawn (a collapsed
        // notification's story: the user's next key almost always opens it), and before ncurses sets the screen up
        // (terminfo, modes, the alternate screen), at the kernel's size; ncurses' own size wins where it differs.
        let early = graphics == nil ? nil : earlySize(options.environment)
        if let graphics, let early {
            scene.resize(to: early, at: now())
            if let next = scene.lookahead(at: now()) { graphics.prepare(next) }
        }
        let driver = try NcursesDriver(recordPath: options.recordPath, environment: options.environment, stats: stats, start: origin)
        var pixelNotice: String?
        if pixels.proto != nil && graphics == nil {
            stats.pixels = "cells (the terminal does not report its cell size in pixels)"
            // Asked for by name: say why it did not happen (auto falls back to cells quietly, as documented).
            if options.pixels != .auto {
                pixelNotice = "pushsim: --pixels \(options.pixels.rawValue) drew cells: the terminal reports no cell size in pixels " +
                    "(its pty says 0 and it did not answer CSI 16 t or CSI 14 t)"
            }
        }
        func present(_ canvas: Canvas) {
            guard let graphics else { return driver.draw(canvas) }
            graphics.present(canvas, on: driver)
            if stats.firstPictureRealtime == nil && graphics.picturesSent > 0 { stats.firstPictureRealtime = pushsim_realtime_seconds() }
            // After the frame is out: the next frame's pictures encode on worker threads while this one shows.
            if let next = scene.lookahead(at: now()) { graphics.prepare(next) }
        }
        func finish() {
            graphics?.free(on: driver)
            stats.pixelBytes = graphics?.bytesSent ?? 0
            stats.picturesSent = graphics?.picturesSent ?? 0
            stats.picturesSentAhead = graphics?.picturesSentAhead ?? 0
            stats.earlyDecode = options.earlyDecode()
            stats.start = options.start
            driver.shutdown()
            if let pixelNotice { StandardStreams.error(pixelNotice + "\n") }
            stats.bytesWritten = driver.bytesWritten
            if let p = options.statsPath { stats.write(to: p) }
        }

        if driver.size != early {
            scene.resize(to: driver.size, at: now())
            if let graphics, let next = scene.lookahead(at: now()) { graphics.prepare(next) }
        }
        present(scene.render(at: now()))

        while scene.exitStatus == nil {
            let timeout: Int32
            if let deadline = scene.nextDeadline() {
                // Round up so the wait ends at or after the deadline, never a hair before it.
                let ms = ((deadline - now()) * 1000).rounded(.up)
                timeout = Int32(min(max(ms, 1), 86_400_000))
            } else {
                timeout = -1
            }
            stats.iterations += 1
            // Background work (an image load, a picture encoded off this thread) wakes the loop when it lands.
            let ours = Set(options.wakeDescriptors + (graphics?.wakeDescriptors ?? [])).sorted()
            let woke = wait(input: STDIN_FILENO, signals: signalFD, scene: scene.wakeDescriptors + ours, timeoutMs: timeout)
            if woke > 0 && woke & 4 != 0 { drain(ours) }
            let wokeAt = pushsim_monotonic_seconds(), wokeCPU = pushsim_thread_cpu_seconds()
            var redrawAll = false
            var resizedTo: Size?

            if woke > 0 && woke & 2 != 0 {
                stats.signalWakeups += 1
                while case let sig = TerminalGuard.nextSignal(signalFD), sig != 0 {
                    switch sig {
                    case _ where TerminalGuard.isEnding(sig):
                        finish()
                        scene.interrupted(at: now())
                        TerminalGuard.die(by: sig)
                    case SIGTSTP:
                        let stopped = pushsim_monotonic_seconds()
                        TerminalGuard.ignoreTTOU(true)
                        graphics?.clear(on: driver)
                        driver.suspend()
                        TerminalGuard.ignoreTTOU(false)
                        TerminalGuard.suspendSelf()
                        driver.resume()
                        stoppedFor += pushsim_monotonic_seconds() - stopped
                        scene.resize(to: driver.size, at: now())
                        redrawAll = true
                    case SIGCONT:
                        driver.invalidate()
                        graphics?.invalidate()
                        redrawAll = true
                    case SIGWINCH:
                        resizedTo = driver.refreshSize()
                    default:
                        break
                    }
                }
            }

            // Read after every wake (it never blocks): keys that arrived together with a timeout, and the
            // KEY_RESIZE ncurses queues after resizeterm.
            var events: [InputEvent] = driver.readEvents()
            if let resizedTo { events.insert(.resize(resizedTo), at: 0) }
            if woke == 0 { stats.deadlineWakeups += 1 }
            else if woke & 1 != 0 { stats.inputWakeups += 1 }
            // EINTR, or a scene descriptor (a socket) became readable.
            else if woke == -1 || woke & 4 != 0 { stats.otherWakeups += 1 }

            let t = now()
            let due = woke == 0 || (scene.nextDeadline().map { $0 <= t } ?? false)
            scene.advance(to: t)
            for e in events {
                stats.inputEvents += 1
                if case .resize(let size) = e {
                    scene.resize(to: size, at: t)
                    redrawAll = true
                } else {
                    scene.handle(e, at: t)
                }
                if scene.exitStatus != nil { break }
            }
            for r in scene.takeRequests() {
                switch r {
                case .bell: driver.bell()
                }
            }
            if scene.exitStatus != nil { break }
            // Input that decoded to nothing (a hovering mouse) changes nothing: no frame.
            // A readable scene descriptor was drained by `advance` above and may have changed the picture.
            guard redrawAll || !events.isEmpty || due || woke & 2 != 0 || (woke > 0 && woke & 4 != 0) else { continue }
            if redrawAll {
                driver.invalidate()
                graphics?.invalidate()
            }
            present(scene.render(at: now()))
            if stats.detailed && events.contains(where: { if case .resize = $0 { false } else { true } }) {
                stats.inputFrameMs.append((pushsim_monotonic_seconds() - wokeAt) * 1000)
                stats.inputFrameCPUMs.append((pushsim_thread_cpu_seconds() - wokeCPU) * 1000)
            }
        }
        finish()
        // The screen is restored; a recording that could not be written is the run's one error.
        if let failure = driver.recordingFailure { throw TerminalError(failure) }
        return scene.exitStatus ?? 0
    }

    /// The size ncurses will lay out for, known before it starts: the kernel's, unless LINES or COLUMNS set it
    /// (ncurses reads them first) or the kernel does not know.
    static func earlySize(_ environment: [String: String], output: Int32 = STDOUT_FILENO) -> Size? {
        guard environment["LINES"] == nil, environment["COLUMNS"] == nil else { return nil }
        return TerminalQuery.cells(output).map { Size(width: min($0.width, Int(NcursesDriver.maxSide)), height: min($0.height, Int(NcursesDriver.maxSide))) }
    }

    /// What `run` will find for pictures, known without asking the terminal anything: the screen's cells (`earlySize`),
    /// a cell's pixels (the pty's) and the protocol, when the environment and the pty alone decide them; nil when `run`
    /// would draw cells or would have to ask (device attributes, tmux), or standard input or output is not a terminal.
    public static func foreseenPixels(_ setting: PixelSetting, environment env: [String: String], chafaHint: Set<PixelProtocol>)
        -> (screen: Size, cellPixels: Size, proto: PixelProtocol)? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
              !PixelDetector.shouldAskTmux(setting, environment: env, chafa: chafaHint),
              !PixelDetector.shouldAskDeviceAttributes(setting, environment: env),
              let proto = PixelDetector.decide(setting, environment: env, probe: PixelProbe(chafa: chafaHint)).proto,
              let cell = TerminalQuery.cellPixels(STDOUT_FILENO), let screen = earlySize(env) else { return nil }
        return (screen, cell, proto)
    }

    /// The pixel protocol for this run: the environment first, then (only if it could change the answer) the
    /// terminal's device attributes and tmux's pass-through setting.
    static func detectPixels(_ options: Options) -> PixelDecision {
        let env = options.environment
        var probe = PixelProbe(chafa: options.chafaPixelHint)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return PixelDecision(nil, "not a terminal") }
        if PixelDetector.shouldAskTmux(options.pixels, environment: env, chafa: probe.chafa) { probe.tmuxPassthrough = TerminalQuery.tmuxPassthrough(environment: env) }
        if PixelDetector.shouldAskDeviceAttributes(options.pixels, environment: env) {
            probe.deviceAttributes = TerminalQuery.deviceAttributes(input: STDIN_FILENO, output: STDOUT_FILENO)
        }
        return PixelDetector.decide(options.pixels, environment: env, probe: probe)
    }

    /// Reads non-blocking wake descriptors empty, so they wake the loop once per arrival.
    static func drain(_ fds: [Int32]) {
        var sink = [UInt8](repeating: 0, count: 64)
        for fd in fds {
            while read(fd, &sink, sink.count) > 0 {}
        }
    }

    /// One `poll()` over the keyboard, the signal pipe and the scene's descriptors. Returns -1 on EINTR, else bits:
    /// 1 input (or its hang-up), 2 a signal, 4 a scene descriptor is readable (or hung up); 0 is the timeout.
    static func wait(input: Int32, signals: Int32, scene: [Int32], timeoutMs: Int32) -> Int32 {
        if scene.isEmpty { return TerminalGuard.wait(input: input, signals: signals, timeoutMs: timeoutMs) }
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
        fds += scene.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let n = poll(&fds, nfds_t(fds.count), timeoutMs)
        if n < 0 { return -1 }
        let ready = Int16(POLLIN | POLLHUP | POLLERR)
        var r: Int32 = 0
        if fds[0].revents & ready != 0 { r |= 1 }
        if fds[1].revents & Int16(POLLIN) != 0 { r |= 2 }
        if fds[2...].contains(where: { $0.revents & ready != 0 }) { r |= 4 }
        return r
    }
}
