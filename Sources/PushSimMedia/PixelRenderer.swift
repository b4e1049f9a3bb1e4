// Encodes a decoded image as a terminal pixel escape (kitty graphics, iTerm2 inline image, sixel), aspect-filled.

import CImaging
import Foundation
import PushSimCanvas

public enum PixelRenderer {
    /// The image aspect-filled into `request.cells` of `request.cellPixels` each, as the escape that draws it at the
    /// cursor without moving it (kitty) or as the protocol leaves it (sixel, iTerm2: the caller saves the cursor).
    /// `image` is consumed: a scrim darkens its pixels in place.
    public static func encode(_ image: consuming DecodedImage, _ request: PixelRequest) -> [UInt8]? {
        let cols = request.cells.width, rows = request.cells.height
        let w = cols * request.cellPixels.width, h = rows * request.cellPixels.height
        guard cols > 0, rows > 0, w > 0, h > 0, image.width > 0, image.height > 0 else { return nil }
        let crop = aspectFill(imageWidth: image.width, imageHeight: image.height, width: w, height: h)
        switch request.proto {
        case .kitty:
            // Cropped and scaled to exactly the pixels of the cells (gdk-pixbuf, bilinear), darkened under a scrim.
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            let scaled = image.rgba.withUnsafeBufferPointer { buf in
                rgb.withUnsafeMutableBufferPointer {
                    pushsim_scale_rgb(buf.baseAddress! + (crop.y * image.width + crop.x) * 4, Int32(image.width * 4),
                                      Int32(crop.width), Int32(crop.height), Int32(w), Int32(h), 3, $0.baseAddress)
                }
            }
            guard scaled == 1 else { return nil }
            if let scrim = request.scrim {
                rgb.withUnsafeMutableBufferPointer {
                    darken($0.baseAddress!, stride: w * 3, width: w, height: h, channels: 3,
                           from: scrim.fromRow * request.cellPixels.height, darkness: scrim.darkness)
                }
            }
            return kitty(rgb: rgb, width: w, height: h, id: request.kittyID)
        case .sixel, .iterm:
            // chafa scales the crop itself (faster than scaling first); a scrim is applied to the crop's rows, which
            // a uniform scale maps onto the same fraction of the picture.
            let mode = request.proto == .sixel ? CHAFA_PIXEL_MODE_SIXELS : CHAFA_PIXEL_MODE_ITERM2
            func encode(_ origin: UnsafePointer<UInt8>, stride: Int) -> [UInt8]? {
                var length = 0
                // Opaque pixels: premultiplied is the same pixels, and cheaper for chafa's scaler (shim.h).
                guard let out = pushsim_chafa_pixels(mode, CHAFA_PIXEL_RGBA8_PREMULTIPLIED, origin, Int32(crop.width), Int32(crop.height), Int32(stride),
                                                     Int32(cols), Int32(rows), Int32(request.cellPixels.width),
                                                     Int32(request.cellPixels.height), &length) else { return nil }
                defer { g_free(out) }
                return out.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            }
            guard let scrim = request.scrim else {
                return image.rgba.withUnsafeBufferPointer { encode($0.baseAddress! + (crop.y * image.width + crop.x) * 4, stride: image.width * 4) }
            }
            // Darkened in place, in the crop's rows under the scrim only: a decode made for this picture is this
            // call's alone, so nothing is copied (an image shared with the memory cache is copied once, on write).
            let width = image.width
            return image.rgba.withUnsafeMutableBufferPointer { buf in
                let origin = buf.baseAddress! + (crop.y * width + crop.x) * 4
                darken(origin, stride: width * 4, width: crop.width, height: crop.height, channels: 4,
                       from: scrim.fromRow * request.cellPixels.height * crop.height / h, darkness: scrim.darkness)
                return encode(origin, stride: width * 4)
            }
        }
    }

    /// The story scrim in pixels (spec §1.7): clear at pixel row `from`, `darkness` black at the bottom, linear;
    /// with 4 channels the alpha byte stays opaque. Each row is one scale, applied through a table of its 256 results
    /// (the same rounding as scaling each byte, at a lookup a byte).
    static func darken(_ px: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, channels: Int, from: Int,
                       darkness: Double) {
        let top = max(0, min(from, height))
        let band = height - top
        guard band > 0 else { return }
        var table = [UInt8](repeating: 0, count: 256)
        table.withUnsafeMutableBufferPointer { t in
            for y in top..<height {
                let keep = 1 - darkness * Double(y - top + 1) / Double(band)
                for v in 0..<256 { t[v] = UInt8(Double(v) * keep + 0.5) }
                var p = px + y * stride
                for _ in 0..<width {
                    p[0] = t[Int(p[0])]
                    p[1] = t[Int(p[1])]
                    p[2] = t[Int(p[2])]
                    p += channels
                }
            }
        }
    }

    /// kitty's graphics protocol, direct transmission of 24-bit RGB in 4096-byte base64 chunks under image `id`,
    /// without showing it (a=t) and quietly (q=2: no replies arrive as input); the terminal places it with a=p, so
    /// these bytes do not depend on where or how often the picture is shown.
    static func kitty(rgb: [UInt8], width: Int, height: Int, id: UInt32) -> [UInt8] {
        let payload = Array(Data(rgb).base64EncodedString().utf8)
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / 4096 * 16 + 128)
        var start = 0
        repeat {
            let end = min(payload.count, start + 4096)
            let more = end < payload.count ? 1 : 0
            let keys = start == 0 ? "a=t,f=24,s=\(width),v=\(height),i=\(id),q=2,m=\(more)" : "m=\(more)"
            out += Array("\u{1B}_G\(keys);".utf8)
            out += payload[start..<end]
            out += [0x1B, 0x5C]
            start = end
        } while start < payload.count
        return out
    }

    /// The centre crop of an image that fills `width` × `height` pixels at their aspect ratio (scaleAspectFill).
    public static func aspectFill(imageWidth iw: Int, imageHeight ih: Int, width w: Int, height h: Int) -> CropRect {
        if Double(iw) / Double(ih) > Double(w) / Double(h) {
            let cw = max(1, min(iw, Int((Double(ih) * Double(w) / Double(h)).rounded())))
            return CropRect(x: (iw - cw) / 2, y: 0, width: cw, height: ih)
        }
        let ch = max(1, min(ih, Int((Double(iw) * Double(h) / Double(w)).rounded())))
        return CropRect(x: 0, y: (ih - ch) / 2, width: iw, height: ch)
    }

    /// The protocols libchafa's terminal database finds in `environment` (TERM, TERM_PROGRAM, …), one input to
    /// the terminal's choice. Asked once per environment: the early decode's thread (`EarlyPicture`) and the run loop
    /// both want it at a start, and the second asker waits for the first's answer instead of building chafa's
    /// database again.
    public static func chafaHint(environment: [String: String]) -> Set<PixelProtocol> {
        hintLock.lock()
        defer { hintLock.unlock() }
        if let last = lastHint, last.environment == environment { return last.hint }
        let hint = askChafa(environment)
        lastHint = (environment, hint)
        return hint
    }

    private static let hintLock = NSLock()
    nonisolated(unsafe) private static var lastHint: (environment: [String: String], hint: Set<PixelProtocol>)?

    private static func askChafa(_ environment: [String: String]) -> Set<PixelProtocol> {
        var strings = environment.map { strdup("\($0.key)=\($0.value)") }
        strings.append(nil)
        defer { strings.forEach { free($0) } }
        var sixel: Int32 = 0, kitty: Int32 = 0, iterm: Int32 = 0
        strings.withUnsafeMutableBufferPointer { pushsim_chafa_pixel_hint($0.baseAddress, &sixel, &kitty, &iterm) }
        var out: Set<PixelProtocol> = []
        if sixel != 0 { out.insert(.sixel) }
        if kitty != 0 { out.insert(.kitty) }
        if iterm != 0 { out.insert(.iterm) }
        return out
    }
}
