// Rendered cells kept on disk beside the SDK's image cache, keyed by the image's bytes, the cell size, the colour
// mode, the symbols and dithering: a later start shows a page it has drawn before without decoding or rendering.

import Crypto
import Foundation
import PushSimCanvas

public struct RenderDiskCache: Sendable {
    /// `<base>/pushsim_renders` (beside the SDK's `pw_stories_cache`).
    public let directory: String
    /// Renders kept at most; a write beyond it removes the oldest half (by modification time).
    public let maxFiles: Int
    /// Bumped whenever the file layout or the renderer's output changes, so old files are never read.
    static let formatVersion: UInt8 = 5
    static let magic = Array("PSRC".utf8)

    public init(base: String, maxFiles: Int = 256) {
        directory = (base as NSString).appendingPathComponent("pushsim_renders")
        self.maxFiles = maxFiles
    }

    /// The file name of a render: SHA-256 over the image's bytes and every option that changes the cells.
    public static func key(bytes: Data, size: Size, options: RenderOptions) -> String {
        var h = SHA256()
        h.update(data: bytes)
        h.update(data: Array("|\(formatVersion)|\(size.width)x\(size.height)|\(options.colorMode.rawValue)|\(options.symbols.selectors)|\(options.dither)".utf8))
        return DiskCache.hex(h.finalize())
    }

    public func read(_ key: String, size: Size) -> Canvas? {
        guard let data = FileManager.default.contents(atPath: path(key)) else { return nil }
        return RenderDiskCache.decode(data, size: size)
    }

    /// Written to a temporary file and renamed into place, so a reader sees a whole render or none. A cache that
    /// cannot be written is not an error: the page was drawn, it is only drawn again next time.
    /// Not fsynced: Foundation's `createFile` syncs the data before its rename, which left the process waiting on
    /// the disk (6 ms and more) before the first frame it had just rendered. A render lost or cut by a crash is only
    /// a cache miss: `decode` takes nothing but a whole file of exactly the expected size.
    public func write(_ canvas: Canvas, key: String) {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        let temp = (directory as NSString).appendingPathComponent(".\(key).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        let bytes = RenderDiskCache.encode(canvas)
        let complete = bytes.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard close(fd) == 0, complete, rename(temp, path(key)) == 0 else { unlink(temp); return }
        trim()
    }

    func path(_ key: String) -> String { (directory as NSString).appendingPathComponent(key) }

    /// Keeps the folder bounded: a terminal resized step by step would otherwise leave a render per size.
    private func trim() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory), names.count > maxFiles else { return }
        let dated = names.filter { !$0.hasPrefix(".") }.map { name -> (String, Date) in
            let date = (try? fm.attributesOfItem(atPath: path(name)))?[.modificationDate] as? Date ?? .distantPast
            return (name, date)
        }.sorted { $0.1 < $1.1 }
        for (name, _) in dated.prefix(dated.count - maxFiles / 2) { try? fm.removeItem(atPath: path(name)) }
    }

    // MARK: The file: "PSRC", version, width and height (UInt16 LE), then per cell the grapheme's UTF-8 length and
    // bytes, the foreground, the background (a tag and three bytes each) and the attributes.

    static func encode(_ canvas: Canvas) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(8 + canvas.cells.count * 13)
        out += magic
        out.append(formatVersion)
        for v in [canvas.width, canvas.height] { out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8 & 0xFF)) }
        func color(_ c: Color) {
            switch c {
            case .default: out += [0, 0, 0, 0]
            case .indexed(let i): out += [1, i, 0, 0]
            case .rgb(let r, let g, let b): out += [2, r, g, b]
            }
        }
        for cell in canvas.cells {
            let utf8 = Array(cell.grapheme.utf8.prefix(255))
            out.append(UInt8(utf8.count))
            out += utf8
            color(cell.fg)
            color(cell.bg)
            out.append(cell.attrs.rawValue)
        }
        return Data(out)
    }

    /// nil for anything that is not a whole render of exactly `size` in this version's layout.
    static func decode(_ data: Data, size: Size) -> Canvas? {
        let b = [UInt8](data)
        guard b.count >= 9, Array(b[0..<4]) == magic, b[4] == formatVersion,
              Int(b[5]) | Int(b[6]) << 8 == size.width, Int(b[7]) | Int(b[8]) << 8 == size.height else { return nil }
        var canvas = Canvas(size: size)
        var i = 9
        func color() -> Color? {
            guard i + 4 <= b.count else { return nil }
            defer { i += 4 }
            switch b[i] {
            case 0: return .default
            case 1: return .indexed(b[i + 1])
            case 2: return .rgb(b[i + 1], b[i + 2], b[i + 3])
            default: return nil
            }
        }
        for y in 0..<size.height {
            for x in 0..<size.width {
                guard i < b.count else { return nil }
                let n = Int(b[i]); i += 1
                guard i + n <= b.count, let g = String(validating: b[i..<(i + n)], as: UTF8.self) else { return nil }
                i += n
                guard let fg = color(), let bg = color(), i < b.count else { return nil }
                canvas[x, y] = Cell(g, fg: fg, bg: bg, attrs: Attributes(rawValue: b[i]))
                i += 1
            }
        }
        return i == b.count ? canvas : nil
    }
}
