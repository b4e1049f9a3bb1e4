// Compares a PNG with a golden one within a tolerance: both decoded with gdk-pixbuf, mean and per-pixel differences.

import Foundation
import PushSimMedia
import PushSimPicture

struct PNGComparison {
    /// Mean absolute difference per channel (0–255) allowed over the whole picture.
    var meanTolerance = 1.0
    /// A pixel "differs" when a channel is off by more than this…
    var pixelThreshold = 64
    /// …and at most this fraction of pixels may differ (antialiasing of glyph edges between freetype versions).
    var maxDifferingFraction = 0.001

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Goldens__")

    /// nil when `picture` matches the golden `name`; else why not. A missing golden (or PUSHSIM_RECORD_GOLDENS=1)
    /// is written and reported as a failure, so a new golden is always looked at before it is trusted.
    func check(_ picture: Picture, golden name: String) throws -> String? {
        let url = Self.goldens.appendingPathComponent(name + ".png")
        let record = ProcessInfo.processInfo.environment["PUSHSIM_RECORD_GOLDENS"] == "1"
        if record || !FileManager.default.fileExists(atPath: url.path) {
            try picture.writePNG(to: url.path)
            return "recorded \(url.path); look at it, then run the test again"
        }
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: tmp) }
        try picture.writePNG(to: tmp.path)
        let reason = try compare(Data(contentsOf: tmp), Data(contentsOf: url))
        if reason != nil {
            // Keep the picture that differs beside the golden, for a look.
            try? FileManager.default.removeItem(at: url.deletingPathExtension().appendingPathExtension("actual.png"))
            try? FileManager.default.copyItem(at: tmp, to: url.deletingPathExtension().appendingPathExtension("actual.png"))
        }
        return reason
    }

    /// nil when the two PNGs match within the tolerances; else a sentence with the numbers.
    func compare(_ a: Data, _ b: Data) throws -> String? {
        let limits = DecodeLimits(maxSide: 0)
        let x = try ImageDecoder.decode(a, limits: limits), y = try ImageDecoder.decode(b, limits: limits)
        guard x.width == y.width, x.height == y.height else {
            return "size \(x.width)×\(x.height) differs from the golden's \(y.width)×\(y.height)"
        }
        var total = 0, differing = 0
        for p in 0..<(x.width * x.height) {
            var worst = 0
            for ch in 0..<3 {
                let d = abs(Int(x.rgba[p * 4 + ch]) - Int(y.rgba[p * 4 + ch]))
                total += d
                worst = max(worst, d)
            }
            if worst > pixelThreshold { differing += 1 }
        }
        let pixels = Double(x.width * x.height)
        let mean = Double(total) / (pixels * 3)
        let fraction = Double(differing) / pixels
        if mean <= meanTolerance && fraction <= maxDifferingFraction { return nil }
        return "mean difference \(String(format: "%.2f", mean)) (allowed \(meanTolerance)), "
            + "\(String(format: "%.3f", fraction * 100)) % of pixels differ by more than \(pixelThreshold) (allowed \(maxDifferingFraction * 100) %)"
    }
}
