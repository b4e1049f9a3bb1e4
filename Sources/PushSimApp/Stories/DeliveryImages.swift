// The images a stories run sees through the phone's eyes: App Transport Security refuses http: URLs, and with
// --image-delay every download not pre-cached by the service extension takes that long on the simulated clock.

import PushSimEngine
import PushSimScreens

/// Wraps the media layer's source. The SDK starts a page's image when the page shows and pre-fetches the later
/// pages after the first (spec §1.10); the page timer runs meanwhile, so a slow network shows the spinner for
/// part of a page, or all of it. Images the Notification Service Extension downloaded at arrival are on disk.
public final class DeliveryImages: ImageSource {
    public static let atsReason = "refused by App Transport Security: an http: URL needs NSAllowsArbitraryLoads (--allow-http)"

    let inner: ImageSource
    let allowHTTP: Bool
    let delay: Double
    /// URLs the service extension pre-cached: they arrive at once.
    var precached: Set<String> = []
    /// The simulated clock, moved by the scene.
    var now = 0.0
    /// Off for a file with no `aps` (the stories part alone): images load as they would without the delivery path.
    var active = true
    /// Called once per refused URL (the scene emits `ats_blocked`).
    var onBlocked: (String) -> Void = { _ in }
    private var requested: [String: Double] = [:]
    private var reportedBlocked: Set<String> = []

    public init(inner: ImageSource, allowHTTP: Bool, delay: Double) {
        self.inner = inner
        self.allowHTTP = allowHTTP
        self.delay = max(0, delay)
    }

    public static func isRefused(_ url: String, allowHTTP: Bool) -> Bool {
        !allowHTTP && URLText.scheme(of: url) == "http"
    }

    func refused(_ url: String) -> Bool {
        guard active, DeliveryImages.isRefused(url, allowHTTP: allowHTTP) else { return false }
        if reportedBlocked.insert(url).inserted { onBlocked(url) }
        return true
    }

    /// When `url`'s download ends; nil when it has no delay.
    func arrival(of url: String) -> Double? {
        guard active, delay > 0, !precached.contains(url) else { return nil }
        if let t = requested[url] { return t + delay }
        requested[url] = now
        return now + delay
    }

    public func slot(for url: String, size: Size) -> ImageSlot {
        if refused(url) { return .failed(DeliveryImages.atsReason) }
        if let t = arrival(of: url), now < t { return .loading }
        return inner.slot(for: url, size: size)
    }

    public func prefetch(_ urls: [String]) {
        let allowed = urls.filter { !refused($0) }
        for url in allowed { _ = arrival(of: url) }
        inner.prefetch(allowed.filter { arrival(of: $0).map { now >= $0 } ?? true })
    }

    /// The earliest pending arrival after now.
    public var nextArrival: Double? {
        requested.values.map { $0 + delay }.filter { $0 > now }.min()
    }

    public var isBusy: Bool { inner.isBusy }
    public func takeDiagnostics() -> [Diagnostic] { inner.takeDiagnostics() }
    public func markUnavailable(_ url: String, reason: String) { inner.markUnavailable(url, reason: reason) }
    public func terminalResized() { inner.terminalResized() }

    public func pictureAhead(for url: String, size: Size) -> Canvas? {
        if active && DeliveryImages.isRefused(url, allowHTTP: allowHTTP) { return nil }
        if active, delay > 0, !precached.contains(url), (requested[url].map { now < $0 + delay } ?? true) { return nil }
        return inner.pictureAhead(for: url, size: size)
    }
}
