// Finds the bundled samples (Resources/) whether pushsim runs from the build folder, an install, or a test.

import Foundation

public struct Resources: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    /// `$PUSHSIM_RESOURCES`, else `Resources/` beside the package (two levels above `.build/<config>/pushsim`),
    /// else `../share/pushsim` beside the executable, else `./Resources`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> Resources {
        if let r = environment["PUSHSIM_RESOURCES"], !r.isEmpty { return Resources(root: r) }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        var candidates: [URL] = []
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("Resources"))
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("../share/pushsim"))
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Resources"))
        // The source tree, for tests run by `swift test` from anywhere.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources"))
        for c in candidates where FileManager.default.fileExists(atPath: c.appendingPathComponent("README.md").path) {
            return Resources(root: c.standardizedFileURL.path)
        }
        return Resources(root: "Resources")
    }

    public func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    /// How a command line the home screen suggests names a bundled file: `Resources/…` when the samples are the
    /// `Resources/` folder of the current directory (the source tree), else the full path (an installed pushsim's
    /// `$PREFIX/share/pushsim/…`), so the command works when it is copied into this shell.
    public func shown(_ relative: String, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        let here = URL(fileURLWithPath: currentDirectory).appendingPathComponent("Resources").standardizedFileURL.path
        if URL(fileURLWithPath: root).standardizedFileURL.path == here { return "Resources/" + relative }
        return path(relative)
    }
}
