// An animated WebP or GIF being written, frame by frame (CPicture/AnimationEncoder.c): nothing but the last frame held.

import CPicture
import Foundation

public final class AnimationWriter {
    public enum Format: String, Sendable, CaseIterable {
        case webp, gif

        /// The format a file name asks for: `.webp` or `.gif`, any case.
        public init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "webp": self = .webp
            case "gif": self = .gif
            default: return nil
            }
        }
    }

    public let format: Format
    private var encoder: OpaquePointer?
    private var error = [CChar](repeating: 0, count: 512)

    /// `quality` 0–100 for lossy WebP, nil for lossless WebP; a GIF is always 256 colours a frame.
    public init(format: Format, path: String, width: Int, height: Int, quality: Int?) throws(PictureError) {
        self.format = format
        encoder = pushsim_anim_open(format == .webp ? Int32(PUSHSIM_ANIM_WEBP) : Int32(PUSHSIM_ANIM_GIF), path, Int32(width),
                                    Int32(height), Int32(quality ?? -1), &error, error.count)
        guard encoder != nil else { throw PictureError("\(path): \(reason)") }
    }

    deinit { pushsim_anim_abandon(encoder) }

    /// The encoder's last sentence.
    private var reason: String { String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }

    /// Add `picture` as the frame shown from `ms` milliseconds on.
    public func add(_ picture: Picture, at ms: Int) throws(PictureError) {
        guard let encoder else { return }
        var stride: Int32 = 0
        let pixels = pushsim_surface_pixels(picture.surface, &stride)
        guard pushsim_anim_add(encoder, pixels, stride, Int32(ms), &error, error.count) == 0 else {
            throw PictureError("the frame at \(ms) ms could not be encoded: \(reason)")
        }
    }

    /// The frames encoded so far (an unchanged frame lengthens the one before instead).
    public var encodedFrames: Int { encoder.map { Int(pushsim_anim_encoded_frames($0)) } ?? 0 }

    /// End the last frame at `ms`, write the file; its size in bytes.
    public func close(at ms: Int) throws(PictureError) -> Int {
        guard let e = encoder else { return 0 }
        encoder = nil
        let size = pushsim_anim_close(e, Int32(ms), &error, error.count)
        guard size >= 0 else { throw PictureError("the recording could not be written: \(reason)") }
        return Int(size)
    }
}
