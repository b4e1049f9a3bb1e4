// Hand-built ZIP archives (stored entries) for the ZIP reader's tests: every header field is ours to bend, so a
// traversal name, an encrypted flag, a lying size or a cut-off archive is one argument.

import Foundation

struct TestZIP {
    struct Entry {
        var name: String
        var data: [UInt8]
        var flags: UInt16 = 0
        /// Declared uncompressed size; the real size when nil.
        var declaredSize: UInt32?
        init(_ name: String, _ text: String, flags: UInt16 = 0, declaredSize: UInt32? = nil) {
            self.name = name; self.data = Array(text.utf8); self.flags = flags; self.declaredSize = declaredSize
        }
    }

    static func bytes(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: UInt16, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32, _ into: inout [UInt8]) { u16(UInt16(v & 0xFFFF), &into); u16(UInt16(v >> 16), &into) }
        for e in entries {
            let offset = UInt32(out.count)
            let name = Array(e.name.utf8)
            let crc = crc32(e.data)
            let size = UInt32(e.data.count)
            u32(0x0403_4B50, &out); u16(20, &out); u16(e.flags, &out); u16(0, &out); u16(0, &out); u16(0x21, &out)
            u32(crc, &out); u32(size, &out); u32(e.declaredSize ?? size, &out); u16(UInt16(name.count), &out); u16(0, &out)
            out += name + e.data
            u32(0x0201_4B50, &central); u16(0x031E, &central); u16(20, &central); u16(e.flags, &central); u16(0, &central)
            u16(0, &central); u16(0x21, &central); u32(crc, &central); u32(size, &central); u32(e.declaredSize ?? size, &central)
            u16(UInt16(name.count), &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central)
            u32(0o100644 << 16, &central); u32(offset, &central)
            central += name
        }
        let cdOffset = UInt32(out.count)
        out += central
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out); u16(UInt16(entries.count), &out); u16(UInt16(entries.count), &out)
        u32(UInt32(central.count), &out); u32(cdOffset, &out); u16(0, &out)
        return out
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in data {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Writes the archive under a fresh folder with `name` and returns its path.
    static func write(_ entries: [Entry], name: String = "sale.zip") throws -> String {
        let dir = NSTemporaryDirectory() + "pushsim-inapp-zip-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(bytes(entries)).write(to: URL(fileURLWithPath: dir + name))
        return dir + name
    }
}
