// A campaign ZIP's own images: a template's `image`, `poster` or `fallback` named by a path inside the ZIP
// (`images/hero.png`) is drawn from that entry. The entry is unpacked under the ZIP reader's caps into pushsim's cache,
// one folder per content, and the config names the unpacked file; an entry that is not there is one warning naming it.

import Foundation
import PushSimEngine
import PushSimMedia
import Synchronization
import ZIPFoundation

extension InAppSource {
    /// The keys whose values the SDK's image loader fetches (`PWInAppMessageModel.imageURLs`): the templates' `image`
    /// (`cover.image`, every item's), the video's and pip's `poster` and `fallback`; dark overlays hold the same keys.
    static let imageKeys: Set<String> = ["image", "poster", "fallback"]
    /// Under the cache folder (`$XDG_CACHE_HOME/pushsim`): one folder per unpacked image, named by its bytes' SHA-256.
    static let unpackedFolder = "campaign-zip"
    /// `--image-max-mb`'s default: an image larger can never be drawn, so it is not unpacked either.
    public static let defaultImageMaxBytes = 20 * 1_048_576
    /// What one process unpacks from campaign ZIPs in all (a running `pushsim inapp` takes ZIP after ZIP by notify).
    static let maxUnpackedPerRun = 512 * 1_048_576
    static let unpackedThisRun = Mutex<Int>(0)

    /// A path inside the ZIP: no scheme, not absolute. `https://…`, `file:…` and `/…` are fetched or read as they are.
    static func isZIPRelative(_ reference: String) -> Bool {
        !reference.isEmpty && !reference.hasPrefix("/") && URLText.scheme(of: reference) == nil
    }

    /// The entry `reference` names, resolved against `folder` (the config's folder in the ZIP) with `.` and `..` taken
    /// away; nil when it climbs out of the archive.
    static func entryPath(_ reference: String, folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in reference.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(String(part))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// `config` with each relative image that names an entry of the ZIP replaced by the path of that entry unpacked
    /// under `cacheBase` (nil: nothing is unpacked, only what is missing is said), and a warning for each reference
    /// that names no entry, climbs out of the ZIP or cannot be unpacked (the template draws the SDK's grey placeholder);
    /// `unavailable` says why of each such reference, so a picture does not warn of it a second time.
    static func zipImages(_ config: JSONValue, entries: [Entry], folder: String, archive: Archive, bytes: [UInt8], zip: String,
                          cacheBase: String?, imageMaxBytes: Int = defaultImageMaxBytes) -> (config: JSONValue, warnings: [Diagnostic], unavailable: [String: String]) {
        var warnings: [Diagnostic] = []
        var unavailable: [String: String] = [:]
        var said: Set<String> = []
        var unpacked: [String: String] = [:]
        let files = Dictionary(entries.filter { $0.type == .file }.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        func warn(_ path: String, _ reference: String, _ why: String) {
            unavailable[reference] = why
            guard said.insert(reference).inserted else { return }
            warnings.append(Diagnostic(path: path, "\(JSONValue.string(reference).quoted) \(why); the template shows the SDK's grey placeholder there"))
        }
        let out = rewritingImages(config, at: "") { path, reference in
            if let done = unpacked[reference] { return done }
            guard let name = entryPath(reference, folder: folder) else {
                warn(path, reference, "climbs out of the ZIP")
                return nil
            }
            // The editor may write a URL's escapes (`my%20photo.png`) for an entry named with a space.
            guard let entry = files[name] ?? reference.removingPercentEncoding.flatMap({ entryPath($0, folder: folder) }).flatMap({ files[$0] }) else {
                warn(path, reference, "is not in the ZIP (no entry \(shown(name)))")
                return nil
            }
            // The image cap before unpacking: an honest 60 MB image over --image-max-mb was unpacked, never to be drawn.
            if entry.uncompressedSize > UInt64(imageMaxBytes) {
                let mb = JSONValue.formatNumber((Double(entry.uncompressedSize) / 104_857.6).rounded(.up) / 10)
                warn(path, reference, "is \(mb) MB, over the \(JSONValue.formatNumber(Double(imageMaxBytes) / 1_048_576)) MB limit for an image (--image-max-mb)")
                return nil
            }
            guard let cacheBase else { return nil }
            let size = Int(entry.uncompressedSize)
            let within = unpackedThisRun.withLock { total in
                guard total + size <= maxUnpackedPerRun else { return false }
                total += size
                return true
            }
            guard within else {
                warn(path, reference, "is not unpacked: this run has unpacked \(maxUnpackedPerRun / 1_048_576) MB of campaign images already")
                return nil
            }
            do throws(UserError) {
                let data = try extract(entry, from: archive, bytes: bytes, zip: zip)
                let file = try unpack(data, name: (entry.path as NSString).lastPathComponent, into: cacheBase)
                unpacked[reference] = file
                return file
            } catch {
                let message = error.message.hasPrefix(zip + ": ") ? String(error.message.dropFirst(zip.count + 2)) : error.message
                warn(path, reference, "cannot be drawn (\(message))")
                return nil
            }
        }
        return (out, warnings, unavailable)
    }

    /// `v` with every relative image string replaced by what `replace` returns for it (nil keeps it), in document order.
    static func rewritingImages(_ v: JSONValue, at path: String, _ replace: (_ path: String, _ reference: String) -> String?) -> JSONValue {
        switch v {
        case .object(let o):
            var copy = o
            for (key, child) in o {
                let p = path.isEmpty ? key : "\(path).\(key)"
                if imageKeys.contains(key), case .string(let s) = child {
                    if isZIPRelative(s), let file = replace(p, s) { copy[key] = .string(file) }
                } else if case .object = child {
                    copy[key] = rewritingImages(child, at: p, replace)
                } else if case .array = child {
                    copy[key] = rewritingImages(child, at: p, replace)
                }
            }
            return .object(copy)
        case .array(let a):
            return .array(a.enumerated().map { i, child in rewritingImages(child, at: "\(path)[\(i)]", replace) })
        default:
            return v
        }
    }

    /// Writes `data` as `<cacheBase>/campaign-zip/<SHA-256>/<name>` (once: the same bytes find the same file) and
    /// returns its path. The name keeps letters, digits, `.`, `_` and `-`, so the path reads as itself in a URL.
    static func unpack(_ data: [UInt8], name: String, into cacheBase: String) throws(UserError) -> String {
        var safe = String(name.unicodeScalars.map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "._-".unicodeScalars.contains(s)) ? Character(s) : "_"
        })
        if safe.isEmpty || safe.hasPrefix(".") { safe = "image" + safe }
        let folder = ((cacheBase as NSString).appendingPathComponent(unpackedFolder) as NSString)
            .appendingPathComponent(DiskCache.hexDigest(data))
        let file = (folder as NSString).appendingPathComponent(safe)
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber, size.intValue == data.count {
            return file
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(data).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw UserError("it cannot be unpacked into \(folder): \((error as NSError).localizedDescription)")
        }
        return file
    }
}
