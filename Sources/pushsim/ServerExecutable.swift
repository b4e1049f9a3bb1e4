// `pushsim serve` and `pushsim mcp` run in a second executable, pushsim-server, beside this one in the build folder
// and in PREFIX/lib/pushsim once installed.
//
// The HTTP and WebSocket server (Hummingbird on SwiftNIO) and the MCP library brought 3,585 of the one static
// binary's 10,807 protocol-conformance records, and every start of every command paid for them: the Swift runtime's
// first cast of a type to a protocol is a pass over all the records, and a story's cold first frame makes 74 such
// passes (docs/performance.md, "Which conformance scans a start makes"). So `pushsim` keeps `serve` and `mcp` as
// commands — their options, `--help`, validation, man pages and completions are the same — and, once their
// arguments are parsed and checked, replaces itself (execv: the same process, its standard streams and its
// arguments) with pushsim-server, which is built from the same sources (Sources/PushSimServer/Shared is a link to
// Sources/pushsim) with PUSHSIM_SERVER defined and the two servers linked in.

import Foundation
import PushSimApp
import PushSimFiles
import PushSimTerminal
#if canImport(Glibc)
import Glibc
#endif

enum ServerExecutable {
    /// The file name of the second executable, beside `pushsim`.
    static let name = "pushsim-server"

    /// Where pushsim-server is, for a `pushsim` in `folder`: beside it (the build folder), else where `make install`
    /// puts it, PREFIX/lib/pushsim/ for PREFIX/bin/pushsim. The first that can be run, else the first.
    static func candidates(folder: String) -> [String] {
        [folder + "/" + name, (folder as NSString).deletingLastPathComponent + "/lib/pushsim/" + name]
    }

    static var path: String {
        let all = candidates(folder: (ChildRun.ownPath as NSString).deletingLastPathComponent)
        return all.first { FileManager.default.isExecutableFile(atPath: $0) } ?? all[0]
    }

    /// This process replaced by pushsim-server with the same arguments; one line and status 1 when it cannot be.
    static func run() -> Never {
        _ = StandardOutput.flush()
        let arguments = CommandLine.arguments
        let target = path
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(target, &argv)
        let reason = String(cString: strerror(errno))
        let command = arguments.dropFirst().first ?? "serve"
        fail(UserError("pushsim \(command) runs \(name), which could not be started from \(target) (\(reason)): "
            + "it is built and installed beside pushsim (make build, make install)"))
    }

    /// In pushsim-server: the process is called `pushsim` (its name in `ps`, `pgrep` and /proc/PID/comm), as it was
    /// started as pushsim; threads started later take the name too. Before any thread starts.
    static func takeName() {
        #if PUSHSIM_SERVER
        // prctl(PR_SET_NAME) is variadic, which Swift cannot call, and Glibc's module leaves pthread_setname_np out.
        let fd = open("/proc/self/comm", O_WRONLY)
        if fd >= 0 {
            _ = "pushsim".withCString { write(fd, $0, strlen($0)) }
            close(fd)
        }
        #endif
    }
}
