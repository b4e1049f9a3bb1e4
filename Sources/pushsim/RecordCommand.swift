// `pushsim record EXPERIENCE …`: a scripted run as an animated WebP or GIF, each frame what `snapshot` draws then.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimEngine
import PushSimFiles
import PushSimPicture

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a scripted run as an animated WebP or GIF at phone resolution.",
        discussion: """
        Each subcommand takes the same options as the snapshot of that experience, plays --script on the simulated \
        clock from t=0 and draws a frame every 1/--fps seconds until the script's end plus --tail: each frame is \
        exactly the picture `pushsim snapshot` draws at that moment. The same input gives the same bytes.

        WebP frames are encoded by libwebp (lossy at --quality, or --lossless) and put together by libwebpmux; a GIF gets its own \
        256-colour palette each frame, chosen by libimagequant. Only the part of a frame that changed is encoded, \
        and frames are encoded as they are drawn, never all held.

        Examples:
          pushsim record stories promo.json --script "wait 3; tap right; wait 3" --scale 1 -o promo.webp
          pushsim record primer --style sheet --script "wait 1; accept; wait 1; allow" --touches -o primer.gif
          pushsim record inbox feed.json --script "wait 0.5; down; down; select" --fps 10 --scale 1 -o inbox.webp
        """,
        subcommands: [RecordSubcommand<StoriesSnapshotCommand>.self, RecordSubcommand<PrimerSnapshotCommand>.self,
                      RecordSubcommand<InboxSnapshotCommand>.self, RecordSubcommand<InAppSnapshotCommand>.self]
    )
}

/// What only a recording needs.
struct RecordingOptions: ParsableArguments {
    // Unconditional: `--tail -1` reads -1 as the value (and is refused as out of range), not as a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second of the simulated clock, 1 to 60.", valueName: "n"))
    var fps: Double = 15

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds recorded after the script's end.", valueName: "seconds"))
    var tail: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("The longest recording made, in seconds of the simulated clock (its waits, holds and --tail); raise it to record longer.", valueName: "seconds"))
    var maxSeconds: Double = RecordingOptions.defaultMaxSeconds

    @Flag(help: "A translucent mark where each tap, hold, drag, swipe, scratch or spin happens (mouse steps and the experience's own, such as button, accept, select, spin), fading out after the finger lifts.")
    var touches = false

    @Option(parsing: .unconditional, help: ArgumentHelp("WebP quality, 0 to 100 (lossy).", valueName: "n"))
    var quality: Int = 80

    @Flag(help: "Lossless WebP: every frame's pixels exactly as drawn (larger files).")
    var lossless = false

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 60 else { throw ValidationError("--fps must be a number from 1 to 60 (got \(fps))") }
        guard tail.isFinite, tail >= 0, tail <= 3600 else { throw ValidationError("--tail must be seconds from 0 to 3600 (got \(tail))") }
        guard (0...100).contains(quality) else { throw ValidationError("--quality must be from 0 to 100 (got \(quality))") }
        guard maxSeconds.isFinite, maxSeconds > 0, maxSeconds <= 86_400 else { throw ValidationError("--max-seconds must be seconds above 0, up to 86400 (got \(maxSeconds))") }
    }

    /// Ten minutes: `wait 1e9` recorded on and on (issue 38); a longer recording is asked for with --max-seconds.
    static let defaultMaxSeconds: Double = 600
}

struct RecordSubcommand<S: SnapshotSubcommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = S.configuration.commandName ?? "experience"
        return CommandConfiguration(
            commandName: name,
            abstract: "Record a scripted run of \(name) as an animated WebP or GIF.",
            usage: S.configuration.usage?.replacingOccurrences(of: "pushsim snapshot", with: "pushsim record"),
            discussion: S.configuration.discussion)
    }

    @OptionGroup var snapshot: S
    @OptionGroup(title: "Recording options") var recording: RecordingOptions

    func validate() throws {
        let picture = snapshot.picture
        if !picture.matrix.isEmpty || picture.report != nil {
            throw ValidationError("--matrix and --report make a contact sheet with pushsim snapshot; a recording is one phone")
        }
        if let o = picture.output, o != "-", AnimationWriter.Format(path: o) == nil {
            throw ValidationError("-o must name a .webp or .gif file (got '\(o)')")
        }
    }

    func run() throws {
        let picture = snapshot.picture
        let shot = snapshot.shot()
        let device = shot.phone(picture.phone), scale = picture.scale ?? device.nativeScale
        let format = picture.output.flatMap { AnimationWriter.Format(path: $0) } ?? .webp
        let path = picture.output ?? shot.name + "." + format.rawValue
        let steps: [ScriptStep]
        do { steps = try shot.script.steps(fallback: shot.fallback) } catch { fail(error) }
        let length = Self.seconds(steps, tail: recording.tail)
        if length > recording.maxSeconds {
            fail(UserError("the script records \(Self.describe(length)) s, over --max-seconds \(JSONValue.formatNumber(recording.maxSeconds)); shorten its waits or raise --max-seconds", exitCode: 2))
        }
        if let problem = Self.targetProblem(path) { fail(UserError(problem)) }
        let runner = HeadlessRunner(scene: shot.scene, size: TerminalOptions.defaultSize)
        do {
            if let events = shot.script.events { ScriptOptions.tee(shot.sink, to: try OutputStream(path: events)) }
        } catch {
            fail(error)
        }
        // Written beside the target and renamed when whole, so a failed recording leaves no half file under its name.
        let temp = Self.temporaryPath(for: path)
        // Removed on every way out: a failure (fail), Ctrl-C or kill (the handler below), or being put in place.
        RecordingCleanup.begin(temp)
        defer { RecordingCleanup.end() }
        let writer: AnimationWriter
        let pw = Int((device.width * scale).rounded()), ph = Int((device.height * scale).rounded())
        do throws(PictureError) {
            guard pw > 0, ph > 0, pw <= 16384, ph <= 16384 else { throw PictureError("the picture would be \(pw)×\(ph) pixels; keep each side from 1 to 16384") }
            writer = try AnimationWriter(format: format, path: temp, width: pw, height: ph, quality: recording.lossless ? nil : recording.quality)
        } catch {
            fail(UserError(error.message.replacingOccurrences(of: temp, with: path)))
        }
        let bar = ProgressBar(estimate: Self.estimate(steps, tail: recording.tail, fps: recording.fps))
        let outcome: Recording.Outcome
        do {
            outcome = try Recording.run(runner, steps: steps, fps: recording.fps, tail: recording.tail, device: device, scale: scale,
                                        touches: recording.touches, touchTarget: shot.touchTarget.map { f in { t in f(t, device) } },
                                        draw: { p, t in shot.draw(p, t, device) },
                                        frame: { p, _, k throws(PictureError) in
                                            try writer.add(p, at: Recording.milliseconds(Recording.time(ofFrame: k, fps: recording.fps)))
                                        },
                                        progress: { k, _ in bar.update(k) })
        } catch let e as PictureError {
            bar.clear()
            try? FileManager.default.removeItem(atPath: temp)
            fail(UserError(e.message))
        } catch let e as ScriptError {
            bar.clear()
            try? FileManager.default.removeItem(atPath: temp)
            fail(UserError(e.description, exitCode: 2))
        } catch {
            bar.clear()
            try? FileManager.default.removeItem(atPath: temp)
            fail(UserError("\(error)", exitCode: 2))
        }
        bar.clear()
        if let why = shot.nothingShown() {
            try? FileManager.default.removeItem(atPath: temp)
            fail(UserError(why))
        }
        PictureOptions.warn(PictureOptions.warnings(shot))
        let bytes: Int
        do {
            bytes = try writer.close(at: Recording.milliseconds(outcome.duration))
            try Self.publish(temp, as: path)
        } catch let e as PictureError {
            try? FileManager.default.removeItem(atPath: temp)
            fail(UserError("\(path): \(e.message)"))
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            fail(UserError("\(path): the recording could not be put in place (\(error.localizedDescription))"))
        }
        let seconds = JSONValue.formatNumber(TimedEvent.roundMillis(outcome.duration))
        StandardStreams.error("pushsim: wrote \(path) (\(outcome.frames) frames, \(seconds) s, \(bytes) bytes)\n")
    }

    /// `-`: a file in the temporary folder, copied to standard output; else a hidden file beside the target.
    static func temporaryPath(for path: String) -> String {
        let pid = ProcessInfo.processInfo.processIdentifier
        if path == "-" { return (NSTemporaryDirectory() as NSString).appendingPathComponent("pushsim-record-\(pid)") }
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(pid).partial").path
    }

    static func publish(_ temp: String, as path: String) throws {
        if path == "-" {
            let data = try Data(contentsOf: URL(fileURLWithPath: temp))
            try? FileManager.default.removeItem(atPath: temp)
            // Not FileHandle.write, which traps when standard output refuses the bytes (`-o - > /dev/full`).
            if let problem = StandardStreams.closedOutputProblem("-o -") { throw PictureError(problem) }
            if let code = data.withUnsafeBytes({ ReplacingFile.writeAll(STDOUT_FILENO, $0) }) {
                throw PictureError(FileWriteError(path: "-", code: code).message)
            }
            return
        }
        if rename(temp, path) != 0 { throw PictureError(String(cString: strerror(errno))) }
    }

    /// Seconds the run will likely last: its waits and holds plus the tail (infinity when one is not a number).
    static func seconds(_ steps: [ScriptStep], tail: Double) -> Double {
        steps.reduce(tail) { sum, s in
            ["wait", "hold"].contains(s.name) ? sum + ((try? Script.seconds(s)) ?? 0) : sum
        }
    }

    /// Frames the run will likely have, for the progress bar: clamped before the conversion (`wait 1e300` trapped).
    static func estimate(_ steps: [ScriptStep], tail: Double, fps: Double) -> Int {
        let frames = (seconds(steps, tail: tail) * fps).rounded(.up)
        guard frames.isFinite, frames < 1e12 else { return 1_000_000_000_000 }
        return max(1, Int(frames))
    }

    static func describe(_ seconds: Double) -> String {
        seconds.isFinite && seconds < 1e15 ? JSONValue.formatNumber(seconds) : "more than 10^15"
    }

    /// A target the user made read-only is refused, as `cp` refuses it without -f (root included: by its mode bits).
    static func targetProblem(_ path: String) -> String? {
        guard path != "-" else { return StandardStreams.closedOutputProblem("-o -") }
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_mode & 0o222 == 0 else { return nil }
        return "\(path) is read-only, so it was left as it is; make it writable (chmod u+w) or pass another -o"
    }
}

/// A progress bar on standard error for a recording that takes more than a second (and only on a terminal).
final class ProgressBar {
    private let start = Date()
    private let estimate: Int
    private var shown = false
    private let enabled = isatty(2) == 1

    init(estimate: Int) { self.estimate = estimate }

    func update(_ frames: Int) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        let total = max(estimate, frames)
        let width = 30
        let filled = Int(Double(width) * Double(frames) / Double(total))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        StandardStreams.errorAsIs("\rpushsim: recording \(bar) \(frames)/\(total) frames")
        shown = true
    }

    func clear() {
        guard shown else { return }
        StandardStreams.errorAsIs("\r\u{1B}[K")
        shown = false
    }
}
