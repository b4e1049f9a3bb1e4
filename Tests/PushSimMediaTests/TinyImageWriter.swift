// Writes PNGs of every colour type, depth and interlacing, and GIFs (interlaced, transparent, framed), for decoder tests.

import Foundation

/// gdk-pixbuf can only save 8-bit RGB(A) PNGs and no GIF at all; the row-by-row decoder must read everything else
/// the formats allow, so the tests write those files themselves: PNG with stored (uncompressed) deflate blocks, GIF
/// with 8-bit LZW codes and a clear code every 100 pixels, so neither needs a compressor.
enum TinyImageWriter {
    /// A PNG. `sample(x, y, channel)` gives each sample (0 ..< 2^bitDepth); colour types 0 grey, 2 RGB, 3 palette,
    /// 4 grey + alpha, 6 RGBA. `palette` is RGB triples; `trns` the tRNS chunk's body, as the format defines it.
    static func png(width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, interlaced: Bool = false,
                    palette: [UInt8] = [], trns: [UInt8]? = nil, sample: (Int, Int, Int) -> Int) -> Data {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
        let bits = channels * Int(bitDepth)
        // Adam7's passes as (x start, y start, x step, y step); a plain image is one pass over everything.
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                raw.append(0)   // filter: none
                var row = [UInt8](repeating: 0, count: (xs.count * bits + 7) / 8)
                var bit = 0
                for x in xs {
                    for c in 0..<channels {
                        let v = sample(x, y, c)
                        if bitDepth == 16 {
                            row[bit / 8] = UInt8(v >> 8)
                            row[bit / 8 + 1] = UInt8(v & 0xFF)
                        } else {
                            // Samples under 8 bits are packed from the most significant bit.
                            row[bit / 8] |= UInt8(v << (8 - Int(bitDepth) - bit % 8) & 0xFF)
                        }
                        bit += Int(bitDepth)
                    }
                }
                raw += row
            }
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0])
        if !palette.isEmpty { out += chunk("PLTE", palette) }
        if let trns { out += chunk("tRNS", trns) }
        out += chunk("IDAT", storedZlib(raw))
        out += chunk("IEND", [])
        return Data(out)
    }

    /// A GIF89a of `width`×`height` whose first frame covers `frame` (the whole canvas by default), coloured from a
    /// 128-entry `palette` (RGB triples) by `index(x, y)` (< 128); `transparent` names a transparent index.
    static func gif(width: Int, height: Int, palette: [UInt8], frame: (x: Int, y: Int, w: Int, h: Int)? = nil,
                    interlaced: Bool = false, transparent: UInt8? = nil, index: (Int, Int) -> UInt8) -> Data {
        precondition(palette.count == 128 * 3)
        let f = frame ?? (0, 0, width, height)
        var out = Data("GIF89a".utf8)
        out += le16(width) + le16(height) + [0xF6, 0, 0]   // global colour table of 2^(6+1) entries
        out += palette
        if let transparent { out += [0x21, 0xF9, 4, 1, 0, 0, transparent, 0] }
        out += [0x2C] + le16(f.x) + le16(f.y) + le16(f.w) + le16(f.h) + [interlaced ? 0x40 : 0]
        let rows: [Int] = interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Array(stride(from: $0.0, to: f.h, by: $0.1)) }
            : Array(0..<f.h)
        // Minimum code size 7: codes are 8 bits (clear 128, end 129) until the table reaches 256 entries, which a
        // clear every 100 codes never lets happen, so each byte is one code.
        let count = f.w * f.h
        var codes = [UInt8](repeating: 0, count: count + (count + 99) / 100 + 1)
        var n = 0
        for (i, r) in rows.enumerated() {
            for c in 0..<f.w {
                if (i * f.w + c) % 100 == 0 { codes[n] = 128; n += 1 }
                codes[n] = index(f.x + c, f.y + r)
                n += 1
            }
        }
        codes[n] = 129
        n += 1
        out.append(7)
        var offset = 0
        while offset < n {
            let k = min(255, n - offset)
            out.append(UInt8(k))
            out += codes[offset..<offset + k]
            offset += k
        }
        out += [0, 0x3B]
        return out
    }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be(UInt32(body.count)) + typed + be(Fixtures.crc32(typed))
    }

    /// A complete zlib stream of stored blocks, with its Adler-32.
    private static func storedZlib(_ raw: [UInt8]) -> [UInt8] {
        var z: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, raw.count - offset)
            let final: UInt8 = offset + n == raw.count ? 1 : 0
            z += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return z + be(b << 16 | a)
    }
}
