// UIActivityIndicatorView as the templates show it while something loads (`PWInAppImageLoader.addSpinner`: `.medium`
// over an image well; the stories' and the video player's `.large` white one). Its motion is UIKit's, not the SDK's:
// since iOS 13 eight spokes, the highlight stepping round them clockwise once a second. The drawings take its step
// from the clock; the terminal wakes once a step while one is on screen, and never otherwise.

public enum InAppSpinner {
    public static let spokes = 8
    /// Steps a second: one turn a second, a spoke a step.
    public static let stepsPerSecond = 8.0

    /// The highlighted spoke (0 at 12 o'clock, clockwise) `t` seconds into the spinner's turning.
    public static func step(at t: Double) -> Int {
        guard t.isFinite, t > 0 else { return 0 }
        return Int((t * stepsPerSecond).truncatingRemainder(dividingBy: Double(spokes)).rounded(.down)) % spokes
    }

    /// The next moment the spinner steps after `t`.
    public static func nextStep(after t: Double) -> Double {
        guard t.isFinite else { return 0 }
        return ((t * stepsPerSecond).rounded(.down) + 1) / stepsPerSecond
    }
}
