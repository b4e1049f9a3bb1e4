// The files `pushsim validate` checks: those named, and the `.json` and `.zip` files in a folder named (its whole
// tree with `--recursive`), which are skipped with a count rather than refused when they are no payload.

import Foundation

public struct ValidationInput: Equatable, Sendable {
    public var path: String
    /// Found in a folder, not named: a JSON file there that is no payload (a `package.json`) is skipped, not an error.
    public var found: Bool

    public init(path: String, found: Bool) {
        self.path = path
        self.found = found
    }

    /// `arguments` with each folder replaced by the `.json` and `.zip` files in it (below it too when `recursive`),
    /// in name order, hidden files and folders left out (`.git`). Anything else is kept as named, to be read (and
    /// refused with its reason) as before.
    public static func expand(_ arguments: [String], recursive: Bool) -> [ValidationInput] {
        var out: [ValidationInput] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard argument != "-", FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                out.append(ValidationInput(path: argument, found: false))
                continue
            }
            out += files(in: argument, recursive: recursive).map { ValidationInput(path: $0, found: true) }
        }
        return out
    }

    /// Whether a file found in a folder is one `validate` reads.
    static func isCandidate(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !name.hasPrefix(".") && (lower.hasSuffix(".json") || lower.hasSuffix(".zip"))
    }

    /// The candidate files in `folder`, named as `folder/relative/path`. Links to folders are not followed, so a
    /// link loop ends the walk rather than repeating it.
    static func files(in folder: String, recursive: Bool) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let here = relative.isEmpty ? base : base + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: here) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = here + "/" + name
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                      let type = attributes[.type] as? FileAttributeType else { continue }
                if type == .typeDirectory {
                    if recursive { pending.append(child) }
                } else if isCandidate(name), type == .typeRegular || type == .typeSymbolicLink {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}
