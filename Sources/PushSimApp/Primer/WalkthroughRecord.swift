// What turns a walkthrough's results into a record a tester can hand on: the report's context (date, versions,
// config, the command to run it again) and where a walkthrough started from the home screen keeps its report.

import Foundation
import PushSimEngine

public enum WalkthroughRecord {
    /// The SDK rules the decision table follows: the primer's source is unchanged from 7.1.1 to the newest release
    /// pushsim covers.
    public static let sdkRules = "7.1.1–7.2.9 (the primer's source is unchanged in that range)"

    public static func context(configSource: String, command: String, now: Date = Date()) -> WalkthroughReportContext {
        WalkthroughReportContext(date: iso(now), pushsimVersion: PushSimVersion.current, sdkVersion: sdkRules,
                                 configSource: configSource, command: command)
    }

    /// `$XDG_DATA_HOME/pushsim/reports/primer-walkthrough-<UTC date and time>.md` (default `~/.local/share`).
    public static func defaultReportPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                                         now: Date = Date()) -> String {
        let base: String
        if let x = environment["XDG_DATA_HOME"], !x.isEmpty { base = x }
        else { base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share" }
        let stamp = iso(now).replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        return base + "/pushsim/reports/primer-walkthrough-\(stamp).md"
    }

    /// Write `text` to `path`, making its folder; the file appears whole or not at all (written beside it, renamed).
    public static func write(_ text: String, to path: String) throws(UserError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw UserError("cannot write the walkthrough report to \(path): \(reason(error))")
        }
    }

    /// One line after the walkthrough: how it went and where the report is.
    public static func closing(_ results: [WalkthroughResult], wroteTo path: String) -> String {
        "QA walkthrough: \(WalkthroughReport.summary(results)); report written to \(path)"
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on the device"
            case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
            default: break
            }
        }
        return "the file could not be written"
    }

    static func iso(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: d)
    }
}
