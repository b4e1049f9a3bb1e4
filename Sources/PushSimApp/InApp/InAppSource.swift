// Where a native in-app config comes from: a `native-config.json`, a campaign resource ZIP holding one (localised from
// its `pushwoosh.json` and given the ZIP's name as its id, as Core does), or standard input. Every refusal is one
// sentence naming the file.

import Foundation
import PushSimEngine
import ZIPFoundation

/// A config ready for `InAppConfigParser.parse`, as the SDK's in-app module receives it from Core.
public struct InAppLoaded: Sendable, Equatable {
    /// The config: localised, and with `inAppId` set to `idOverride` when it had none.
    public var config: JSONValue
    /// The id Core injects for a ZIP whose config has no `inAppId` (the ZIP's name without `.zip`); nil otherwise.
    public var idOverride: String?
    /// The path as given (`-` for standard input), as `inapp_dropped` reports it.
    public var file: String
    /// The `native-config.json` came out of a ZIP.
    public var fromZIP: Bool
    /// What the localisation said (placeholders without a value, colours without `#`), with JSON paths.
    public var warnings: [Diagnostic]
    /// The ZIP's relative images that cannot be drawn (not in it, out of it, damaged), each with why: already warned of.
    public var unavailableImages: [String: String] = [:]
    /// One `personalized` event per placeholder the device filled (a ZIP's config only).
    public var events: [Event] = []

    public init(config: JSONValue, idOverride: String? = nil, file: String, fromZIP: Bool = false, warnings: [Diagnostic] = []) {
        self.config = config; self.idOverride = idOverride; self.file = file; self.fromZIP = fromZIP; self.warnings = warnings
    }
}

public enum InAppSource {
    /// A ZIP whose entries declare more than this many bytes in all is refused before anything is inflated.
    public static let maxDeclaredBytes = InputFile.maxBytes
    public static let maxEntries = 1_000
    public static let configName = "native-config.json"
    public static let localizationName = "pushwoosh.json"

    /// Reads `path` (`-` = standard input): a ZIP is told by its first bytes, whatever its name. A ZIP's own images
    /// are unpacked under `unpackImagesInto` (a cache folder) for drawing; nil only checks that they are there.
    /// `tags`: the device's tag dictionary for the SDK's tag passes (`PersonalizationDevice.nativeTags`); nil is a
    /// device without tags. `raw` (`--raw-placeholders`): a ZIP's config is left as written, neither localised nor
    /// filled, with a `personalized` event (source `raw`) and a warning per placeholder.
    public static func load(path: String, language: String? = nil, unpackImagesInto: String? = nil,
                            imageMaxBytes: Int = defaultImageMaxBytes, tags: JSONObject? = nil, raw: Bool = false) throws(UserError) -> InAppLoaded {
        let bytes = try InputFile.readBytes(path)
        return try load(bytes: bytes, path: path, language: language, unpackImagesInto: unpackImagesInto, imageMaxBytes: imageMaxBytes, tags: tags, raw: raw)
    }

    public static func load(bytes: [UInt8], path: String, language: String? = nil, unpackImagesInto: String? = nil,
                            imageMaxBytes: Int = defaultImageMaxBytes, tags: JSONObject? = nil, raw: Bool = false) throws(UserError) -> InAppLoaded {
        let name = InputFile.displayName(path)
        if isZIP(bytes) {
            return try loadZIP(bytes, path: path, language: language, unpackImagesInto: unpackImagesInto, imageMaxBytes: imageMaxBytes, tags: tags, raw: raw)
        }
        let config = try json(bytes, what: name)
        return InAppLoaded(config: config, file: path)
    }

    /// A local file header, or the end record of an empty archive.
    static func isZIP(_ b: [UInt8]) -> Bool {
        b.count >= 4 && b[0] == 0x50 && b[1] == 0x4B && ((b[2] == 3 && b[3] == 4) || (b[2] == 5 && b[3] == 6))
    }

    static func json(_ bytes: [UInt8], what: String) throws(UserError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes: bytes)
        } catch {
            throw UserError("\(what): not valid JSON: \(error.description)", exitCode: what.contains(": ") ? 2 : 1)
        }
    }

    // MARK: ZIP

    static func loadZIP(_ bytes: [UInt8], path: String, language: String?, unpackImagesInto: String? = nil,
                        imageMaxBytes: Int = defaultImageMaxBytes, tags: JSONObject? = nil, raw: Bool = false) throws(UserError) -> InAppLoaded {
        let name = InputFile.displayName(path)
        // The end record is found here first: ZIPFoundation would look for it through the whole archive, byte by byte,
        // and leaks its in-memory file when it is missing.
        let directory = ZIPCentralDirectory.scan(bytes)
        guard directory.complete else {
            throw UserError("\(name): not a complete ZIP archive (it is truncated or damaged)", exitCode: 2)
        }
        let archive = try openArchive(bytes, name: name)
        // ZIPFoundation stops listing at an encrypted entry, so the central directory is read for those first.
        if directory.count > maxEntries {
            throw UserError("\(name): the ZIP has \(directory.count) entries (more than \(maxEntries)); a campaign resource holds a few files, so pushsim refuses it", exitCode: 2)
        }
        if let first = directory.encrypted.first {
            throw UserError("\(name): \(shown(first)) is encrypted; pushsim reads unencrypted resource ZIPs only", exitCode: 2)
        }
        var entries: [Entry] = []
        var declared: UInt64 = 0
        for entry in archive {
            entries.append(entry)
            if entries.count > maxEntries {
                throw UserError("\(name): the ZIP has more than \(maxEntries) entries; a campaign resource holds a few files, so pushsim refuses it", exitCode: 2)
            }
            let (sum, overflow) = declared.addingReportingOverflow(entry.uncompressedSize)
            declared = overflow ? .max : sum
            if isTraversal(entry.path) {
                throw UserError("\(name): the ZIP entry \(JSONValue.string(entry.path).quoted) points outside the archive's folder; pushsim refuses such archives", exitCode: 2)
            }
        }
        if entries.count < directory.count {
            throw UserError("\(name): the ZIP lists \(directory.count) \(directory.count == 1 ? "entry" : "entries") but only \(entries.count) can be read (it is truncated or damaged)", exitCode: 2)
        }
        if declared > UInt64(maxDeclaredBytes) {
            throw UserError("\(name): the ZIP's files would unpack to \(declared / 1_048_576) MB; pushsim unpacks at most \(maxDeclaredBytes / 1_048_576) MB", exitCode: 2)
        }
        guard let configEntry = find(configName, in: entries) else {
            let html = entries.contains { ($0.path as NSString).lastPathComponent.lowercased() == "index.html" }
            throw UserError("\(name): \(html ? "an HTML rich media (index.html, no \(configName))" : "the ZIP holds no \(configName)"); pushsim shows native in-app templates only")
        }
        let config = try json(try extract(configEntry, from: archive, bytes: bytes, zip: name), what: "\(name): \(shown(configEntry.path))")
        var pushwoosh: JSONValue?
        let folder = (configEntry.path as NSString).deletingLastPathComponent
        if let entry = entries.first(where: { $0.type == .file && $0.path == (folder.isEmpty ? localizationName : "\(folder)/\(localizationName)") }) {
            pushwoosh = try json(try extract(entry, from: archive, bytes: bytes, zip: name), what: "\(name): \(shown(entry.path))")
        }
        let localized: InAppLocalizer.Result
        do {
            localized = raw
                ? InAppLocalizer.asWritten(config, why: "shown as written (--raw-placeholders); the device fills it from \(localizationName) and its tags")
                : try InAppLocalizer.localize(config, pushwoosh: pushwoosh, language: language, tags: tags)
        } catch {
            throw UserError("\(name): localising \(configName) makes it larger than \(error.limit / 1_048_576) MB; pushsim stops there", exitCode: 2)
        }
        let images = zipImages(localized.config, entries: entries, folder: folder, archive: archive, bytes: bytes, zip: name,
                               cacheBase: unpackImagesInto, imageMaxBytes: imageMaxBytes)
        var out = images.config
        var idOverride: String?
        if path != "-", case .object(var root) = out, root["inAppId"] == nil {
            let base = (path as NSString).lastPathComponent
            let id = base.lowercased().hasSuffix(".zip") ? String(base.dropLast(4)) : base
            if !id.isEmpty {
                idOverride = id
                root["inAppId"] = .string(id)
                out = .object(root)
            }
        }
        var loaded = InAppLoaded(config: out, idOverride: idOverride, file: path, fromZIP: true, warnings: localized.warnings + images.warnings)
        loaded.unavailableImages = images.unavailable
        loaded.events = localized.events
        return loaded
    }

    /// The archive over a private copy of `bytes` in a file, unlinked at once (the open handle keeps it): ZIPFoundation's
    /// in-memory archive traps when a hostile header makes it read past the end of its data, where a file just reads
    /// nothing. The copy also keeps the archive exactly the bytes that were checked.
    static func openArchive(_ bytes: [UInt8], name: String) throws(UserError) -> Archive {
        var template = Array((NSTemporaryDirectory() + "/pushsim-zip-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw UserError("\(name): cannot be unpacked (no temporary file: \(String(cString: strerror(errno))))", exitCode: 2)
        }
        let temp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temp) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                close(fd)
                throw UserError("\(name): cannot be unpacked (the temporary copy failed: \(String(cString: strerror(errno))))", exitCode: 2)
            }
            written += n
        }
        close(fd)
        do {
            return try Archive(url: URL(fileURLWithPath: temp), accessMode: .read)
        } catch {
            throw UserError("\(name): not a complete ZIP archive (it is truncated or damaged)", exitCode: 2)
        }
    }

    /// An entry's name for a message: as it is, or JSON-quoted when it holds a control character (a newline in a hostile
    /// name would split the one-line message).
    static func shown(_ path: String) -> String {
        path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? JSONValue.string(path).jsonText() : path
    }

    /// `native-config.json` at the archive's root, else in its one top-level folder (a zipped campaign folder).
    static func find(_ file: String, in entries: [Entry]) -> Entry? {
        if let root = entries.first(where: { $0.path == file }) { return root }
        let nested = entries.filter { e in
            let parts = e.path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts[1] == file && !parts[0].hasPrefix("__MACOSX")
        }
        return nested.count == 1 ? nested[0] : nil
    }

    /// An absolute path, a drive letter, or a `..` component (either slash).
    static func isTraversal(_ path: String) -> Bool {
        if path.hasPrefix("/") || path.hasPrefix("\\") { return true }
        if path.count >= 2, path.dropFirst().first == ":" { return true }
        return path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    /// The entry's bytes, stopping as soon as more than the cap arrived (a declared size may lie).
    /// The entry's bytes, inflated here from the archive's own bytes with ZIPFoundation's inflater: its archive reader
    /// loops for ever when a deflate stream does not end before the end of the file, where this provider stops at the
    /// entry's compressed size. Stops as soon as more than the cap arrived (a declared size may lie); checks the CRC.
    static func extract(_ entry: Entry, from archive: Archive, bytes: [UInt8], zip: String) throws(UserError) -> [UInt8] {
        if entry.type == .symlink {
            throw UserError("\(zip): \(shown(entry.path)) is a symbolic link inside the ZIP, not a file", exitCode: 2)
        }
        guard let data = ZIPCentralDirectory.locate(bytes, name: entry.path, size: entry.compressedSize) else {
            throw UserError("\(zip): \(shown(entry.path)) cannot be unpacked (the ZIP is damaged: its data runs past the end of the archive)", exitCode: 2)
        }
        // Stopped at the size its entry declares: entries declaring 100 bytes but holding 60 MB (with valid CRCs) were
        // unpacked whole, past the ZIP's cap on what its entries declare (issue 38).
        let declared = Int(clamping: entry.uncompressedSize)
        let cap = min(InputFile.maxBytes, declared)
        struct TooLarge: Error {}
        struct Truncated: Error {}
        var out: [UInt8] = []
        do {
            switch data.method {
            case 0:
                guard data.size <= cap else { throw TooLarge() }
                out = Array(bytes[data.start..<(data.start + data.size)])
            case 8:
                var offset = 0
                // Every chunk is exactly `chunk` bytes, zero-padded after the data: the inflater tells zlib a whole
                // buffer is there whatever the provider returns, and would read past a short one.
                _ = try Data.decompress(size: Int64(data.size), bufferSize: 16 * 1024, skipCRC32: true, provider: { _, chunk in
                    guard offset < data.size else { throw Truncated() }
                    let n = min(chunk, data.size - offset)
                    defer { offset += n }
                    var piece = Data(bytes[(data.start + offset)..<(data.start + offset + n)])
                    if n < chunk { piece.append(Data(count: chunk - n)) }
                    return piece
                }, consumer: { piece in
                    if out.count + piece.count > cap { throw TooLarge() }
                    out.append(contentsOf: piece)
                })
            default:
                throw UserError("\(zip): \(shown(entry.path)) cannot be unpacked (compression method \(data.method); resource ZIPs are stored or deflated)", exitCode: 2)
            }
        } catch let e as UserError {
            throw e
        } catch is TooLarge {
            if declared < InputFile.maxBytes {
                throw UserError("\(zip): \(shown(entry.path)) cannot be unpacked: it holds more than the \(declared) bytes its entry declares (the ZIP is damaged)", exitCode: 2)
            }
            throw UserError("\(zip): \(shown(entry.path)) unpacks to more than \(cap / 1_048_576) MB; pushsim reads up to \(cap / 1_048_576) MB", exitCode: 2)
        } catch is Truncated {
            throw UserError("\(zip): \(shown(entry.path)) cannot be unpacked (the ZIP is damaged: its compressed data ends early)", exitCode: 2)
        } catch {
            throw UserError("\(zip): \(shown(entry.path)) cannot be unpacked (the ZIP is damaged: its data cannot be inflated)", exitCode: 2)
        }
        guard UInt32(truncatingIfNeeded: Data(out).crc32(checksum: 0)) == data.crc else {
            throw UserError("\(zip): \(shown(entry.path)) cannot be unpacked (the ZIP is damaged: its checksum does not match)", exitCode: 2)
        }
        return out
    }

}

/// What ZIPFoundation does not say: how many entries the central directory lists and which are encrypted (general
/// purpose bit 0; ZIPFoundation's listing stops at the first). Reads only the end record and the central directory's
/// fixed fields, bounds-checked.
enum ZIPCentralDirectory {
    /// Little-endian fields, 0 outside the bytes.
    static func u16(_ b: [UInt8], _ i: Int) -> Int { i >= 0 && i + 2 <= b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : 0 }
    static func u32(_ b: [UInt8], _ i: Int) -> Int { u16(b, i) | u16(b, i + 2) << 16 }

    /// Where the end record starts: its signature, searched back from the end over the longest possible comment.
    static func endRecord(_ b: [UInt8]) -> Int? {
        var i = b.count - 22
        while i >= max(0, b.count - 22 - 65_535) {
            if u32(b, i) == 0x0605_4B50 { return i }
            i -= 1
        }
        return nil
    }

    /// `complete`: the end record is there, within the last 64 KB and 22 bytes, with its whole comment.
    static func scan(_ b: [UInt8]) -> (complete: Bool, count: Int, encrypted: [String]) {
        func u16(_ i: Int) -> Int { ZIPCentralDirectory.u16(b, i) }
        func u32(_ i: Int) -> Int { ZIPCentralDirectory.u32(b, i) }
        guard let end = endRecord(b), end + 22 + u16(end + 20) <= b.count else { return (false, 0, []) }
        let count = u16(end + 10)
        var p = u32(end + 16)
        var encrypted: [String] = []
        for _ in 0..<count {
            guard p + 46 <= b.count, u32(p) == 0x0201_4B50 else { break }
            let flags = u16(p + 8), nameLength = u16(p + 28), extra = u16(p + 30), comment = u16(p + 32)
            guard p + 46 + nameLength <= b.count else { break }
            if flags & 1 == 1 { encrypted.append(String(decoding: b[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)) }
            p += 46 + nameLength + extra + comment
        }
        return (true, count, encrypted)
    }

    /// Where the first entry named `name` keeps its data, how it is compressed and its CRC, when the local header and
    /// all the data (the largest of the central directory's, the local header's and ZIPFoundation's `size`, which may
    /// come from a data descriptor) lie inside the archive; nil otherwise.
    static func locate(_ b: [UInt8], name: String, size: UInt64) -> (start: Int, size: Int, method: Int, crc: UInt32)? {
        guard size <= UInt64(b.count) else { return nil }
        func u16(_ i: Int) -> Int { ZIPCentralDirectory.u16(b, i) }
        func u32(_ i: Int) -> Int { ZIPCentralDirectory.u32(b, i) }
        guard let end = endRecord(b) else { return nil }
        var p = u32(end + 16)
        let wanted = Array(name.utf8)
        for _ in 0..<u16(end + 10) {
            guard p + 46 <= b.count, u32(p) == 0x0201_4B50 else { return nil }
            let nameLength = u16(p + 28)
            guard p + 46 + nameLength <= b.count else { return nil }
            if Array(b[(p + 46)..<(p + 46 + nameLength)]) == wanted {
                let local = u32(p + 42)
                guard local + 30 <= b.count, u32(local) == 0x0403_4B50 else { return nil }
                let start = local + 30 + u16(local + 26) + u16(local + 28)
                // The central directory's size; a data descriptor's (ZIPFoundation's `size`) when it says 0.
                let compressed = u32(p + 20) > 0 ? u32(p + 20) : Int(size)
                guard start + max(compressed, u32(local + 18), Int(size)) <= b.count else { return nil }
                return (start, compressed, u16(p + 10), UInt32(u32(p + 16)))
            }
            p += 46 + nameLength + u16(p + 30) + u16(p + 32)
        }
        return nil
    }
}
