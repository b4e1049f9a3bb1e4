// Options that decide what a headless run plays and keeps (script, events, store), shared by the experience commands
// and their `snapshot` subcommands; and the headless run itself.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimFiles
import PushSimMedia
import PushSimScreens

struct ScriptOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Script steps separated by ';' or newlines.", valueName: "steps"))
    var script: String?

    @Option(help: ArgumentHelp("Read script steps from a file.", valueName: "file"))
    var scriptFile: String?

    @Option(help: ArgumentHelp("Write events as JSON Lines ('-' = standard output).", valueName: "path"))
    var events: String?

    @Option(help: ArgumentHelp("The SQLite state file (default under $XDG_DATA_HOME/pushsim/).", valueName: "path"))
    var store: String?

    /// The options as plain values, which a start without the parse builds itself (`StoriesFastStart`).
    struct Values: Equatable {
        var script: String?
        var scriptFile: String?
        var events: String?
        var store: String?

        func validate() throws {
            if script != nil && scriptFile != nil {
                throw ValidationError("use --script or --script-file, not both")
            }
        }

        /// The steps of --script or --script-file; `fallback` when neither is given.
        func steps(fallback: String = "") throws(UserError) -> [ScriptStep] {
            if let scriptFile {
                return Script.parse(try InputFile.readText(scriptFile))
            }
            if let script { try RawArgument.checkUTF8(script, option: "--script") }
            return Script.parse(script ?? fallback)
        }

        /// For an interactive run: write the events emitted so far (start, warnings) to --events, then each one as it
        /// happens. Every experience command calls this before `runInteractive`; without it --events was ignored there.
        func streamEvents(_ sink: EventSink) {
            guard let events else { return }
            if events == "-" {
                // Standard output is the screen ncurses draws on: JSON there would be drawn over and garble both.
                fail(UserError("--events -: standard output is the terminal in an interactive run; give a file (--events events.jsonl) or add --headless", exitCode: 2))
            }
            do {
                ScriptOptions.tee(sink, to: try OutputStream(path: events))
            } catch {
                fail(error)
            }
        }

        /// Wire the event and frame outputs to a runner and its sink, run the script (`fallback` when none is given) on
        /// a screen of `size` cells (where `click X,Y` lands; a snapshot keeps the default), and exit on a script error.
        /// Returns the runner, at the script's end, for whoever draws that moment.
        @discardableResult
        func runHeadless(scene: ScriptableScene, sink: EventSink, size: Size = TerminalOptions.defaultSize, frames: String? = nil,
                         fallback: String = "") -> HeadlessRunner {
            do {
                let eventsOut = try events.map { p throws(UserError) in try OutputStream(path: p) }
                let framesOut = try frames.map { p throws(UserError) in try OutputStream(path: p) }
                // Events emitted while the scene was built (start, warnings) go out first, at t=0.
                if let eventsOut { ScriptOptions.tee(sink, to: eventsOut) }
                let previous = sink.onEvent
                sink.onEvent = { e in
                    previous?(e)
                    if let line = AbsentTarget.stderrLine(e.event) { StandardStreams.error(line) }
                }
                let runner = HeadlessRunner(scene: scene, size: size)
                if let framesOut { runner.onFrame = { framesOut.write($0) } }
                let steps = try self.steps(fallback: fallback)
                do {
                    try runner.run(steps)
                    ScriptOptions.writeDebugStats()
                    return runner
                } catch let e as ScriptError {
                    throw UserError(e.description, exitCode: 2)
                } catch {
                    throw UserError("\(error)", exitCode: 2)
                }
            } catch let e as UserError {
                fail(e)
            } catch {
                fail(UserError("\(error)"))
            }
        }
    }

    var values: Values { Values(script: script, scriptFile: scriptFile, events: events, store: store) }

    func validate() throws { try values.validate() }

    /// The steps of --script or --script-file; `fallback` when neither is given.
    func steps(fallback: String = "") throws(UserError) -> [ScriptStep] { try values.steps(fallback: fallback) }

    /// For an interactive run: --events as it happens (`Values.streamEvents`).
    func streamEvents(_ sink: EventSink) { values.streamEvents(sink) }

    /// Writes the events `sink` holds so far to `out`, then each new one as it is emitted (after any earlier
    /// listener): the one way both headless and interactive runs write --events.
    static func tee(_ sink: EventSink, to out: OutputStream) {
        for e in sink.events { out.write(e.jsonLine + "\n") }
        let previous = sink.onEvent
        sink.onEvent = { e in previous?(e); out.write(e.jsonLine + "\n") }
    }

    /// A headless run's debug stats (`PUSHSIM_DEBUG_STATS=FILE`, as an interactive run's): what became of the first
    /// picture's early cells (`EarlyPicture`), the one counter a run without a run loop has, and how the command line
    /// was read (`StoriesFastStart`).
    static func writeDebugStats(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["PUSHSIM_DEBUG_STATS"], !path.isEmpty else { return }
        let start = StoriesFastStart.taken ? "plain" : "parsed"
        try? ReplacingFile.write("{\"earlyDecode\": \"\(EarlyDecode.shared.outcome.rawValue)\", \"start\": \"\(start)\"}\n", to: path)
    }

    /// The headless run (`Values.runHeadless`).
    @discardableResult
    func runHeadless(scene: ScriptableScene, sink: EventSink, size: Size = TerminalOptions.defaultSize, frames: String? = nil,
                     fallback: String = "") -> HeadlessRunner {
        values.runHeadless(scene: scene, sink: sink, size: size, frames: frames, fallback: fallback)
    }
}
