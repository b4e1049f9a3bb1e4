// The seam between scenes and the media layer: ask for an image at a cell size, get its current slot.

import PushSimEngine
import PushSimScreens

/// Supplies rendered images to scenes. Loading may be asynchronous (interactive) or synchronous (headless,
/// so runs are deterministic); either way `slot` never blocks for longer than a synchronous load.
public protocol ImageSource: AnyObject {
    /// The current state of `url` rendered to `size` cells; starts loading it if it is not loading yet.
    func slot(for url: String, size: Size) -> ImageSlot
    /// Start loading these in the background without rendering (the SDK's pre-fetch of pages 1…n-1).
    func prefetch(_ urls: [String])
    /// True while any load is in flight: the scene then asks to be woken every 50 ms to pick up arrivals.
    var isBusy: Bool { get }
    /// Failures since the last call, each once, as diagnostics (the scene emits them as `warning` events).
    func takeDiagnostics() -> [Diagnostic]
    /// `url`'s picture at `size` cells as blank cells carrying its pixel placement (the same one `slot` gives once the
    /// cells are rendered), so a terminal can encode the pixels of a frame before it comes (`Scene.lookahead`); nil
    /// when this source makes no pixels or the image failed. Renders no cells and reports nothing.
    func pictureAhead(for url: String, size: Size) -> Canvas?
    /// `url` cannot be had for `reason`, already said in a warning (a campaign ZIP's missing entry): its slot is that
    /// failure, and no diagnostic repeats it.
    func markUnavailable(_ url: String, reason: String)
    /// The terminal changed size (the scene's `resize`): a source that renders off the caller's thread may keep drawing
    /// the pictures shown before, fitted to their new boxes, until their new sizes are rendered.
    func terminalResized()
}

extension ImageSource {
    public func pictureAhead(for url: String, size: Size) -> Canvas? { nil }
    /// Sources without failures of their own ignore it.
    public func markUnavailable(_ url: String, reason: String) {}
    public func terminalResized() {}
}

/// The source used when no media layer is wired: every slot is `.none` (placeholder art).
public final class NoImages: ImageSource {
    public init() {}
    public func slot(for url: String, size: Size) -> ImageSlot { .none }
    public func prefetch(_ urls: [String]) {}
    public var isBusy: Bool { false }
    public func takeDiagnostics() -> [Diagnostic] { [] }
}
