// What every template's drawing gets: the presentation, the cell grid, the images, the time and where things landed.

import PushSimEngine

/// An image at a cell size, as the scene's image source has it now (`ImageSource.slot(for:size:)`).
public typealias InAppImageLookup = (_ url: String, _ size: Size) -> ImageSlot

/// How the terminal shows colours, where it changes what is drawn (not only how it is mapped).
public struct InAppDrawOptions: Sendable, Equatable {
    /// No colours (NO_COLOR, a monochrome terminal): the wheel's slices and the scratch foil are told apart by
    /// their glyphs, since their colours will not show.
    public var monochrome: Bool
    public init(monochrome: Bool = false) { self.monochrome = monochrome }
}

struct InAppDrawContext {
    let p: InAppPresentation
    let grid: InAppGrid
    let images: InAppImageLookup
    let now: Double
    let options: InAppDrawOptions
    /// The card's scale in the shared in/out animations (0.88 → 1): the card is drawn that much narrower.
    var scale: Double = 1
    var hits = InAppHitMap()
    /// Where the reward's confetti falls from and its band sweeps (the scratch card and the spin wheel set it).
    var celebration = InAppCelebrationSite()

    /// A centred card `width` columns wide at rest, narrowed by the animation's scale.
    func scaled(_ width: Int) -> Int { max(4, Int((Double(width) * scale).rounded())) }
}

extension InAppLayer {
    /// UIActivityIndicatorView's eight spokes as the ring of a braille cell's eight dots, the gap where the highlight
    /// is, stepping clockwise from the top-left (`InAppSpinner`).
    static let spinnerFrames = ["⣾", "⣷", "⣯", "⣟", "⡿", "⢿", "⣻", "⣽"]

    /// The spinner at its step at `t` (the scene's clock); marks the layer as turning, so the terminal wakes for the
    /// next step, and only while one is drawn.
    mutating func spinner(at t: Double, x: Int, y: Int, style: Style) {
        guard canvas.contains(x: x, y: y) else { return }
        canvas.text(Self.spinnerFrames[InAppSpinner.step(at: t)], x: x, y: y, style: style)
        spinning = true
    }
}
