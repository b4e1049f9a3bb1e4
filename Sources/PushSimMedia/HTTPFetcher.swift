// Downloads one http(s) image with the pre-fetcher's limits: connect and total timeouts, a size cap, a redirect limit.

import CImaging
import Foundation

public struct FetchLimits: Sendable, Equatable {
    /// Seconds to wait for the connection.
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

/// HTTP GET through libcurl, which the shim loads on first use (see shim.h for why not URLSession: linking
/// FoundationNetworking costs every pushsim start about 20 ms). Blocks the calling thread — a background worker,
/// the prefetch command, or a headless run — for at most the total timeout.
public enum HTTPFetcher {
    public static func fetch(_ url: URL, limits: FetchLimits) throws(LoadFailure) -> FetchedBody {
        var body = PushsimBody()
        var result = PushsimFetchResult()
        defer { pushsim_body_free(&body) }
        pushsim_http_get(url.absoluteString, milliseconds(limits.connectTimeout), milliseconds(limits.totalTimeout),
                         limits.maxRedirects, Int64(limits.maxBytes), &body, &result)
        let received = Int(body.length)
        let declared = Int64(result.declared_length)
        let contentType = text(&result.content_type)

        switch Int(result.curl_code) {
        case -1:
            throw LoadFailure("http(s) images need libcurl, which is not installed (apt-get install libcurl4)")
        case PUSHSIM_CURLE_OK:
            break
        case PUSHSIM_CURLE_OPERATION_TIMEDOUT:
            throw .timedOut(result.connect_time == 0 && limits.connectTimeout < limits.totalTimeout ? limits.connectTimeout : limits.totalTimeout)
        case PUSHSIM_CURLE_TOO_MANY_REDIRECTS:
            throw .tooManyRedirects(limits.maxRedirects)
        case PUSHSIM_CURLE_FILESIZE_EXCEEDED, PUSHSIM_CURLE_WRITE_ERROR:
            if declared > Int64(limits.maxBytes) { throw .tooLarge(declared: declared, limit: limits.maxBytes) }
            if body.over_limit != 0 || result.curl_code == PUSHSIM_CURLE_FILESIZE_EXCEEDED { throw .tooLarge(limit: limits.maxBytes) }
            throw LoadFailure("the download could not be kept in memory")
        case PUSHSIM_CURLE_PARTIAL_FILE:
            throw .truncated(received: received, expected: declared)
        case PUSHSIM_CURLE_COULDNT_CONNECT:
            throw LoadFailure("could not connect to \(hostPort(url)) (connection refused)")
        case PUSHSIM_CURLE_COULDNT_RESOLVE_HOST:
            throw LoadFailure("the host \(url.host ?? "") was not found")
        case PUSHSIM_CURLE_GOT_NOTHING:
            throw LoadFailure("\(hostPort(url)) closed the connection without answering")
        case PUSHSIM_CURLE_RECV_ERROR where declared > Int64(received):
            throw .truncated(received: received, expected: declared)
        default:
            throw LoadFailure("the download from \(hostPort(url)) failed (\(text(&result.error).lowercased()))")
        }
        let status = Int(result.status)
        // After following redirects a 3xx can only remain when it had no Location to follow.
        guard (200..<300).contains(status) else { throw .http(status) }
        if declared >= 0 && Int64(received) < declared { throw .truncated(received: received, expected: declared) }
        let data = received == 0 ? Data() : Data(bytes: body.data, count: received)
        return FetchedBody(data: data, contentType: contentType.isEmpty ? nil : contentType)
    }

    static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded()))
    }

    static func hostPort(_ url: URL) -> String {
        "\(url.host ?? "the server")\(url.port.map { ":\($0)" } ?? "")"
    }

    /// A fixed-size C char array as a String.
    static func text<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
