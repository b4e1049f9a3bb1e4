// Counters of the run loop, written as JSON when PUSHSIM_DEBUG_STATS names a file (for `make bench`).

import Foundation
import PushSimFiles

public final class RunStats {
    public var startRealtime: Double = 0
    public var firstFrameRealtime: Double?
    /// CPU time the process had used when the first frame was sent (dynamic loading and setup included).
    public var firstFrameCPUSeconds: Double?
    public var iterations = 0
    public var inputWakeups = 0
    public var deadlineWakeups = 0
    public var signalWakeups = 0
    public var otherWakeups = 0
    public var inputEvents = 0
    public var renders = 0
    public var cellsChanged = 0
    public var bytesNeeded = 0
    /// Cursor moves and glyphs alone (no colours): the floor `NeededBytes.bare` counts.
    public var bytesCursorAndGlyphs = 0
    public var bytesWritten: Int?
    /// How pictures are shown (GraphicsLayer): the protocol and why, or "cells (why)".
    public var pixels = ""
    public var pixelBytes = 0
    public var picturesSent = 0
    /// Of those, the pictures whose encode started before a frame showed them (`Scene.lookahead`).
    public var picturesSentAhead = 0
    /// When the first picture's escape was written (the first pixel frame, for bench/pixels.sh).
    public var firstPictureRealtime: Double?
    /// What became of the decode started before the command line was parsed (`EarlyDecode`'s outcome), "" when
    /// the front end has none to report.
    public var earlyDecode = ""
    /// How the front end read its command line: "plain" (`pushsim stories FILE` without the argument parser),
    /// "parsed", or "" when the front end does not say.
    public var start = ""
    /// For each wake-up that brought input and drew a frame: milliseconds from the wake to the frame handed to the
    /// terminal (what a key costs before its effect is on screen).
    public var inputFrameMs: [Double] = []
    /// The run loop thread's CPU time over the same spans: what the frame cost, without the machine's queueing.
    public var inputFrameCPUMs: [Double] = []
    /// Every frame: seconds since the run's origin (the recording's clock), cells changed and their
    /// cursor-and-glyph floor, so a bench can judge a window of steady playback against the recorded bytes.
    public var frameLog: [(t: Double, cells: Int, bare: Int)] = []
    /// Whether the counters will be written (PUSHSIM_DEBUG_STATS): only then are the costlier ones kept.
    public var detailed = false

    public init() {}

    public var json: String {
        var fields: [(String, String)] = [
            ("startRealtime", String(format: "%.6f", startRealtime)),
            ("firstFrameRealtime", firstFrameRealtime.map { String(format: "%.6f", $0) } ?? "null"),
            ("firstFrameCPUSeconds", firstFrameCPUSeconds.map { String(format: "%.6f", $0) } ?? "null"),
            ("iterations", "\(iterations)"), ("inputWakeups", "\(inputWakeups)"),
            ("deadlineWakeups", "\(deadlineWakeups)"), ("signalWakeups", "\(signalWakeups)"),
            ("otherWakeups", "\(otherWakeups)"), ("inputEvents", "\(inputEvents)"),
            ("renders", "\(renders)"), ("cellsChanged", "\(cellsChanged)"), ("bytesNeeded", "\(bytesNeeded)"),
            ("bytesCursorAndGlyphs", "\(bytesCursorAndGlyphs)"),
            ("inputFrameMs", "[" + inputFrameMs.map { String(format: "%.3f", $0) }.joined(separator: ", ") + "]"),
            ("frameLog", "[" + frameLog.map { String(format: "[%.6f, %d, %d]", $0.t, $0.cells, $0.bare) }.joined(separator: ", ") + "]"),
            ("inputFrameCPUMs", "[" + inputFrameCPUMs.map { String(format: "%.3f", $0) }.joined(separator: ", ") + "]"),
        ]
        fields.append(("bytesWritten", bytesWritten.map { "\($0)" } ?? "null"))
        let escaped = pixels.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        fields += [("pixels", "\"\(escaped)\""), ("pixelBytes", "\(pixelBytes)"), ("picturesSent", "\(picturesSent)"),
                   ("picturesSentAhead", "\(picturesSentAhead)"),
                   ("firstPictureRealtime", firstPictureRealtime.map { String(format: "%.6f", $0) } ?? "null"),
                   ("earlyDecode", "\"\(earlyDecode)\""), ("start", "\"\(start)\"")]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}\n"
    }

    func write(to path: String) {
        // Counters for the benches: whole or not at all (a device path is written directly); a failure only loses them.
        try? ReplacingFile.write(json, to: path)
    }
}
