// What a screen shows where an image goes: nothing yet, a spinner, rendered cells, or a failure reason.

public enum ImageSlot: Equatable, Sendable {
    /// No image layer available (or no URL): screens draw their placeholder art.
    case none
    /// Loading: a spinner over black (or over the previous image when crossfading).
    case loading
    /// Rendered cells exactly the size that was asked for.
    case image(Canvas)
    /// The image could not be had; the sentence says why (shown on the placeholder).
    case failed(String)
}
