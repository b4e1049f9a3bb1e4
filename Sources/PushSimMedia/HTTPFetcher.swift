// Downloads one http(s) image with the pre-fetcher's limits: connect and total timeouts, a size cap, a redirect limit.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct FetchLimits: Sendable, Equatable {
    /// Seconds to wait for the connection and between bytes.
    public var connectTimeout: Double
    /// Seconds for the whole download, however fast the bytes trickle in.
    public var totalTimeout: Double
    /// Bytes; a larger declared Content-Length or body is abandoned as soon as it is seen.
    public var maxBytes: Int
    public var maxRedirects: Int

    public init(connectTimeout: Double = 10, totalTimeout: Double = 10, maxBytes: Int = 20 * 1024 * 1024, maxRedirects: Int = 5) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
    }
}

public struct FetchedBody: Sendable {
    public var data: Data
    public var contentType: String?
}

public enum HTTPFetcher {
    /// The body of a 2xx answer, or the reason there is none. Blocks the calling thread (never the main run loop's
    /// job: callers are background workers or headless runs) for at most `totalTimeout` plus a moment.
    public static func fetch(_ url: URL, limits: FetchLimits) throws(LoadFailure) -> FetchedBody {
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = max(limits.connectTimeout, 0.001)
        config.timeoutIntervalForResource = max(limits.totalTimeout, 0.001)
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.urlCache = nil
        let delegate = FetchDelegate(limits: limits)
        let session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url)
        request.timeoutInterval = max(limits.connectTimeout, 0.001)
        let task = session.dataTask(with: request)
        task.resume()
        // Our own deadline: URLSession's timeouts are per-idle-interval, and whole seconds on some platforms.
        if delegate.done.wait(timeout: .now() + limits.totalTimeout) == .timedOut {
            delegate.fail(.timedOut(limits.totalTimeout))
            task.cancel()
            _ = delegate.done.wait(timeout: .now() + 1)
        }
        return try delegate.result()
    }
}

/// Collects one task's bytes and decides its outcome; URLSession calls it on its own queue.
final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let limits: FetchLimits
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()
    private var failure: LoadFailure?
    private var status = 0
    private var expected: Int64 = -1
    private var contentType: String?
    private var redirects = 0

    init(limits: FetchLimits) { self.limits = limits }

    /// The first failure wins: later ones (a cancellation we caused) are consequences.
    func fail(_ f: LoadFailure) {
        lock.lock(); defer { lock.unlock() }
        if failure == nil { failure = f }
    }

    func result() throws(LoadFailure) -> FetchedBody {
        lock.lock(); defer { lock.unlock() }
        if let failure { throw failure }
        return FetchedBody(data: data, contentType: contentType)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        lock.lock()
        status = http?.statusCode ?? 200
        expected = response.expectedContentLength
        contentType = http?.value(forHTTPHeaderField: "Content-Type")
        let status = self.status, expected = self.expected
        lock.unlock()
        if !(200..<300).contains(status) {
            fail((300..<400).contains(status) ? .tooManyRedirects(limits.maxRedirects) : .http(status))
            completionHandler(.cancel)
        } else if expected > Int64(limits.maxBytes) {
            fail(.tooLarge(declared: expected, limit: limits.maxBytes))
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        lock.lock()
        data.append(chunk)
        let over = data.count > limits.maxBytes
        lock.unlock()
        if over {
            fail(.tooLarge(limit: limits.maxBytes))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        lock.lock()
        redirects += 1
        let tooMany = redirects > limits.maxRedirects
        lock.unlock()
        if tooMany {
            fail(.tooManyRedirects(limits.maxRedirects))
            completionHandler(nil)
            task.cancel()
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let received = data.count, expected = self.expected
        lock.unlock()
        if expected >= 0 && Int64(received) < expected {
            fail(.truncated(received: received, expected: expected))
        }
        if let error {
            fail(Self.describe(error, limits: limits, host: task.originalRequest?.url))
        }
        done.signal()
    }

    static func describe(_ error: Error, limits: FetchLimits, host: URL?) -> LoadFailure {
        let where_ = host.map { u in "\(u.host ?? "")\(u.port.map { ":\($0)" } ?? "")" } ?? "the server"
        guard let e = error as? URLError else { return LoadFailure("the download failed: \(error.localizedDescription)") }
        switch e.code {
        case .timedOut: return .timedOut(min(limits.connectTimeout, limits.totalTimeout))
        case .cannotConnectToHost: return LoadFailure("could not connect to \(where_) (connection refused)")
        case .cannotFindHost, .dnsLookupFailed: return LoadFailure("the host \(where_) was not found")
        case .notConnectedToInternet: return LoadFailure("there is no network connection")
        case .networkConnectionLost: return LoadFailure("the connection to \(where_) was lost")
        case .httpTooManyRedirects: return .tooManyRedirects(limits.maxRedirects)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return LoadFailure("the TLS connection to \(where_) failed (\(e.localizedDescription))")
        case .cancelled: return LoadFailure("the download was cancelled")
        default: return LoadFailure("the download from \(where_) failed (\(e.localizedDescription))")
        }
    }
}
