// Whether iOS would accept a notification attachment: Apple's types and size limits for UNNotificationAttachment,
// checked without ever reading more than the limit (a folder, a FIFO or a 2 GB download get one line each).

import Foundation
import PushSimEngine
import PushSimMedia

/// Apple, `UNNotificationAttachment`: images (JPEG, GIF, PNG) up to 10 MB, audio (AIFF, WAV, MP3, M4A) up to 5 MB,
/// video (MPEG, MPEG-2, MP4, AVI) up to 50 MB. The SDK's service extension downloads the root `attachment` and makes
/// an attachment of it (`PWNotificationServiceProcessor.m`, `downloadAttachmentForRequest:`); iOS refuses any other.
public enum AttachmentCheck {
    public enum Kind: String, Sendable {
        case image, audio, video

        public var limit: Int {
            switch self {
            case .image: return 10 * 1024 * 1024
            case .audio: return 5 * 1024 * 1024
            case .video: return 50 * 1024 * 1024
            }
        }

        var limitText: String { "\(limit / 1024 / 1024) MB" }
    }

    /// The kind a file name's extension says, or nil.
    public static func kind(ofName name: String) -> Kind? {
        let ext = (name.split(separator: "?").first.map(String.init) ?? name).split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "jpg", "jpeg", "gif", "png": return .image
        case "aif", "aiff", "wav", "mp3", "m4a": return .audio
        case "mpg", "mpeg", "mp2", "mp4", "m4v", "avi": return .video
        default: return nil
        }
    }

    /// The kind the first bytes say, or nil when they are none of Apple's types.
    public static func kind(ofBytes b: [UInt8]) -> Kind? {
        func at(_ i: Int, _ s: String) -> Bool { b.count >= i + s.utf8.count && Array(b[i..<(i + s.utf8.count)]) == Array(s.utf8) }
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .image }
        if b.count >= 8, b[0] == 0x89, at(1, "PNG") { return .image }
        if at(0, "GIF8") { return .image }
        if at(0, "RIFF") && at(8, "WAVE") { return .audio }
        if at(0, "RIFF") && at(8, "AVI ") { return .video }
        if at(0, "FORM") && (at(8, "AIFF") || at(8, "AIFC")) { return .audio }
        if at(0, "ID3") || (b.count >= 2 && b[0] == 0xFF && (b[1] & 0xE0) == 0xE0) { return .audio }
        if at(4, "ftyp") { return at(8, "M4A ") ? .audio : .video }
        if b.count >= 4, b[0] == 0, b[1] == 0, b[2] == 1, b[3] == 0xBA || b[3] == 0xB3 { return .video }
        return nil
    }

    /// nil when iOS would attach `url`; otherwise why not, in one sentence. `folder` resolves relative `file:` URLs;
    /// `network: false` checks http(s) URLs by their name only (validate stays offline).
    public static func problem(_ url: String, folder: String, allowHTTP: Bool, network: Bool,
                               fetch: FetchLimits = FetchLimits()) -> String? {
        guard let scheme = URLText.scheme(of: url) else { return "it has no scheme, so the service extension cannot download it" }
        if scheme == "file" {
            guard let path = StoriesValidation.localPath(of: url, folder: folder) else { return "it is not a local file: URL" }
            return fileProblem(path)
        }
        guard scheme == "http" || scheme == "https" else { return "the service extension downloads only http(s) URLs, not \(scheme):" }
        if scheme == "http" && !allowHTTP { return DeliveryImages.atsReason }
        let named = kind(ofName: url)
        guard network, let u = URL(string: url) else {
            return named == nil ? "its name does not end in an image, audio or video extension iOS attaches (.jpg, .png, .gif, .mp3, .m4a, .wav, .aiff, .mp4, .mpeg, .avi)" : nil
        }
        var limits = fetch
        limits.maxBytes = (named ?? .video).limit
        let body: FetchedBody
        do {
            body = try HTTPFetcher.fetch(u, limits: limits)
        } catch {
            // The server answered and the phone would fail too (too big, an HTTP error); a server this machine cannot
            // reach says nothing about the phone, so the caller keeps the attachment (`unreachable`).
            let answered = ["too large", "truncated", "the server answered HTTP", "too many redirects"].contains { error.reason.hasPrefix($0) }
            return answered ? "the download failed: \(error.reason)" : unreachable + error.reason
        }
        return contentProblem(Array(body.data.prefix(16)), size: body.data.count)
    }

    /// How `problem` begins when the server could not be reached from here (not a verdict on the phone).
    public static let unreachable = "it could not be downloaded here to check it: "

    static func fileProblem(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return "\(path) does not exist" }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return "\(path) is a folder, not a file"
        case S_IFIFO: return "\(path) is a FIFO, not a file (a download would wait for a writer)"
        case S_IFREG: break
        default: return "\(path) is a device or socket, not a file"
        }
        let size = Int(st.st_size)
        guard size <= Kind.video.limit else { return "\(path) is \(size) bytes, over the largest attachment iOS takes (video, 50 MB)" }
        guard let h = FileHandle(forReadingAtPath: path) else { return "\(path) cannot be read" }
        defer { try? h.close() }
        let head = (try? h.read(upToCount: 16)).map { Array($0) } ?? []
        return contentProblem(head, size: size)
    }

    static func contentProblem(_ head: [UInt8], size: Int) -> String? {
        guard let k = kind(ofBytes: head) else {
            return "it is none of the types iOS attaches (JPEG, GIF, PNG; AIFF, WAV, MP3, M4A; MPEG, MPEG-2, MP4, AVI)"
        }
        if size > k.limit { return "it is a \(size)-byte \(k.rawValue), over iOS's \(k.limitText) limit for an \(k.rawValue) attachment" }
        return nil
    }
}
