// The one place the stories scene gets its image source, so the media layer plugs in without touching callers.

import Foundation
import PushSimEngine

public enum StoriesImages {
    /// The image source for a payload file: relative `file:` URLs resolve against `payloadPath`'s folder
    /// (the current folder for standard input), and the disk cache lives under `appGroup` when given.
    /// Until the media layer provides a source, every page shows its placeholder art.
    public static func source(payloadPath: String, appGroup: String?) -> ImageSource {
        NoImages()
    }

    /// The folder relative `file:` image URLs of `payloadPath` are resolved against.
    public static func baseDirectory(payloadPath: String) -> String {
        if payloadPath == "-" { return FileManager.default.currentDirectoryPath }
        return URL(fileURLWithPath: payloadPath).deletingLastPathComponent().standardizedFileURL.path
    }
}
