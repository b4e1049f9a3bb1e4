// Full-resolution images for pictures: the media layer's loader (disk cache, the SDK's 1500 px decode), failures kept.

import Foundation
import PushSimEngine
import PushSimMedia

/// Pictures need pixels, not cells: this asks the media layer for the decoded image (never a reduced decode) and
/// remembers each failure once, so a missing image is drawn as the placeholder the cell screens show and reported.
public final class PictureImages {
    public let loader: ImageLoader
    private var failures: [String: String] = [:]
    private var images: [String: DecodedImage] = [:]
    public private(set) var diagnostics: [Diagnostic] = []

    public init(loader: ImageLoader) {
        self.loader = loader
    }

    /// Images resolved against `payloadFolder` (relative paths and `file:` URLs), remote ones through the disk cache
    /// under `appGroup` (else the default cache).
    public convenience init(payloadFolder: String, appGroup: String? = nil, fetch: FetchLimits = FetchLimits()) {
        let cache = DiskCache(base: appGroup ?? DiskCache.defaultBase())
        self.init(loader: ImageLoader(configuration: .init(baseDirectory: payloadFolder, cache: cache, fetch: fetch)))
    }

    public enum Outcome: Equatable {
        case image(DecodedImage)
        case failed(String)
    }

    /// `url` cannot be had for `reason`, already said elsewhere (a campaign ZIP's missing entry): drawn as a failure,
    /// with no warning of its own.
    public func markUnavailable(_ url: String, reason: String) {
        if images[url] == nil { failures[url] = reason }
    }

    public func image(_ url: String) -> Outcome {
        if let hit = images[url] { return .image(hit) }
        if let reason = failures[url] { return .failed(reason) }
        do {
            let img = try loader.image(for: url)
            images[url] = img
            return .image(img)
        } catch {
            failures[url] = error.reason
            diagnostics.append(Diagnostic(.warning, path: "", "image \(url) could not be loaded: \(error.reason); a placeholder is shown"))
            return .failed(error.reason)
        }
    }
}
