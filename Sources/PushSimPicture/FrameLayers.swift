// What a recording keeps from one frame to the next: the pixels of the layer a frame starts with (what did not change
// since the frame before: the lock screen, the status bar, a story page's photo and text) and what they showed.

import CPicture
import Foundation

/// The bottom layer of the last frame, kept so the next frame that starts with the same layer copies it instead of
/// drawing it again. A recording hands one to every frame's picture (`Picture.layers`); a snapshot has none, so it
/// always draws in full. Only the drawing's own key says the layer is the same, so the key must name everything the
/// layer's drawing reads (`Picture.base`).
public final class FrameLayers {
    /// The kept layer: its key, a copy of its pixels (a cairo surface of the picture's size) and the texts it cut.
    private var key: Any?
    private var pixels: OpaquePointer?
    private var cuts: [TextCut] = []
    /// Layers copied from the frame before, and layers drawn (and kept).
    public private(set) var copied = 0, drawn = 0

    public init() {}

    deinit { if let pixels { cairo_surface_destroy(pixels) } }

    /// The kept pixels, when they were drawn under `key` on a picture of `target`'s size.
    func kept<Key: Equatable>(_ key: Key, like target: OpaquePointer) -> (surface: OpaquePointer, cuts: [TextCut])? {
        guard let pixels, let k = self.key as? Key, k == key, Self.sameSize(pixels, target) else { return nil }
        copied += 1
        return (pixels, cuts)
    }

    /// Keep `surface`'s pixels as the layer drawn under `key`, which cut `cuts`.
    func keep<Key: Equatable>(_ surface: OpaquePointer, key: Key, cuts: [TextCut]) {
        drawn += 1
        if pixels == nil || !Self.sameSize(pixels!, surface) {
            if let pixels { cairo_surface_destroy(pixels) }
            pixels = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))
        }
        guard let pixels, cairo_surface_status(pixels) == CAIRO_STATUS_SUCCESS, Self.copy(surface, to: pixels) else {
            // No memory for the copy: nothing kept, every frame drawn in full.
            self.key = nil
            return
        }
        self.key = key
        self.cuts = cuts
    }

    static func sameSize(_ a: OpaquePointer, _ b: OpaquePointer) -> Bool {
        cairo_image_surface_get_width(a) == cairo_image_surface_get_width(b)
            && cairo_image_surface_get_height(a) == cairo_image_surface_get_height(b)
            && cairo_image_surface_get_stride(a) == cairo_image_surface_get_stride(b)
    }

    /// Every pixel of `source` into `target` (the same size and stride, checked by the caller).
    @discardableResult
    static func copy(_ source: OpaquePointer, to target: OpaquePointer) -> Bool {
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(target) else { return false }
        memcpy(to, from, Int(cairo_image_surface_get_stride(source)) * Int(cairo_image_surface_get_height(source)))
        cairo_surface_mark_dirty(target)
        return true
    }
}

extension Picture {
    /// Draw `body` as the picture's first layer, or copy the pixels `layers` kept from the last frame drawn under an
    /// equal `key`. Call it before anything else is drawn (the layer must be what `body` draws on a clear picture) and
    /// give a key that holds everything `body` reads; nil (or no `layers`) draws `body` as always. What is drawn after
    /// it (a story's progress bar) is drawn on the copy as it would be on the layer just drawn, so the frame's pixels
    /// are the same either way.
    public func base<Key: Equatable>(_ key: Key?, _ body: () -> Void) {
        guard let layers, let key else { return body() }
        if let hit = layers.kept(key, like: surface) {
            FrameLayers.copy(hit.surface, to: surface)
            appendCuts(hit.cuts)
            return
        }
        let before = cuts.count
        body()
        layers.keep(surface, key: key, cuts: Array(cuts[before...]))
    }
}
