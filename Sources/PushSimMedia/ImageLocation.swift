// Where an image URL string points: a local file (paths, file: URLs, relative to the payload's folder) or http(s).

import Foundation

public enum ImageLocation: Equatable, Sendable {
    case file(path: String)
    case remote(URL)

    /// Resolves `string` as the payload writes it. `base` is the payload file's folder, against which relative
    /// paths and relative `file:` URLs (`file:../images/x.jpg`, the form the SDK accepts) are resolved.
    public static func resolve(_ string: String, base: String) throws(LoadFailure) -> ImageLocation {
        guard let scheme = scheme(of: string) else {
            return .file(path: absolute(string, base: base))
        }
        switch scheme.lowercased() {
        case "http", "https":
            guard let url = URL(string: string), url.host != nil else {
                throw LoadFailure("'\(string)' is not a valid http(s) URL")
            }
            return .remote(url)
        case "file":
            var rest = String(string.dropFirst(scheme.count + 1))
            if rest.hasPrefix("//") {
                // file://host/path: only the local host makes sense here.
                rest.removeFirst(2)
                if let slash = rest.firstIndex(of: "/") {
                    let host = rest[..<slash]
                    guard host.isEmpty || host == "localhost" else {
                        throw LoadFailure("file URL '\(string)' names another host ('\(host)'); only local files can be read")
                    }
                    rest = String(rest[slash...])
                } else {
                    throw LoadFailure("file URL '\(string)' has no path")
                }
            }
            let path = rest.removingPercentEncoding ?? rest
            guard !path.isEmpty else { throw LoadFailure("file URL '\(string)' has no path") }
            return .file(path: absolute(path, base: base))
        default:
            throw .unsupportedScheme(scheme)
        }
    }

    /// RFC 3986 scheme: a letter, then letters, digits, `+`, `-` or `.`, then `:`.
    static func scheme(of s: String) -> String? {
        guard let colon = s.firstIndex(of: ":") else { return nil }
        let head = s[..<colon]
        guard let first = head.unicodeScalars.first, first.isASCIILetter,
              head.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return String(head)
    }

    static func absolute(_ path: String, base: String) -> String {
        let joined = path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
