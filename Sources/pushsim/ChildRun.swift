// Runs pushsim itself in a child process: a step that may end its process with one line (a file that cannot be
// played) is tried there, so the command that asked (`serve`, `report`) goes on and reports that line.

import Foundation

enum ChildRun {
    /// The running executable (`/proc/self/exe`), or argv[0] where there is no /proc.
    static var ownPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The `pushsim` a child runs: this executable, or in pushsim-server (`serve`, `mcp`) the `pushsim` beside it,
    /// which starts faster (ServerExecutable says why); pushsim-server itself, a superset, if there is none.
    static var executable: String {
        let own = ownPath
        #if PUSHSIM_SERVER
        // Beside it in the build folder; installed, it is PREFIX/lib/pushsim/pushsim-server and pushsim PREFIX/bin/pushsim.
        let folder = (own as NSString).deletingLastPathComponent
        for main in [folder + "/pushsim", folder + "/../../bin/pushsim"] where FileManager.default.isExecutableFile(atPath: main) {
            return (main as NSString).standardizingPath
        }
        #endif
        return own
    }

    /// Run `pushsim ARGS`; its exit status and the last line it wrote to standard error that is not a warning
    /// (without the `pushsim: ` prefix), and its warnings.
    static func pushsim(_ arguments: [String]) -> (status: Int32, problem: String?, warnings: [String]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return (127, "pushsim could not run itself (\(error.localizedDescription))", []) }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            line.hasPrefix("pushsim: ") ? String(line.dropFirst(9)) : String(line)
        }
        let warnings = lines.filter { $0.hasPrefix("warning: ") }.map { String($0.dropFirst(9)) }
        let problem = p.terminationStatus == 0 ? nil
            : lines.last { !$0.hasPrefix("warning: ") && !$0.hasPrefix("wrote ") } ?? "exit status \(p.terminationStatus)"
        return (p.terminationStatus, problem, warnings)
    }
}
