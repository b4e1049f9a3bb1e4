// `pushsim reset [--inbox] [--primer] [--inapp]`: forget persisted state; all of it without flags.

import ArgumentParser
import Foundation
import PushSimFiles
import PushSimApp
import PushSimStore

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Forget persisted state (all of it without flags).",
        discussion: """
        --primer returns the simulated device to a fresh install: notDetermined, iOS has not asked, no throttle. \
        --inbox forgets every inbox message's local status (read, action performed, deleted); without --store it \
        also resets the home screen's inbox samples (their stores under $XDG_DATA_HOME/pushsim/samples/). \
        --inapp forgets how often each native in-app message was shown (the counts --frequency-caps checks).
        """
    )

    @Flag(help: "Forget the inbox's message statuses.") var inbox = false
    @Flag(help: "Forget the primer's simulated device (status, prompt, last-shown time).") var primer = false
    @Flag(help: "Forget the native in-app messages' display counts and last-shown times.") var inapp = false
    @Option(help: ArgumentHelp("The SQLite state file (default under $XDG_DATA_HOME/pushsim/).", valueName: "path"))
    var store: String?

    func run() throws {
        let path = store ?? Store.defaultPath()
        do {
            let s = try Store(path: path)
            for w in s.warnings { StandardStreams.error("pushsim: warning: \(w)\n") }
            try s.reset(inbox: inbox, primer: primer, inapp: inapp)
        } catch {
            fail(UserError(error.message, exitCode: error.exitCode))
        }
        let all = !inbox && !primer && !inapp
        let state = [(primer || all, "primer"), (inbox || all, "inbox")].filter(\.0).map(\.1).joined(separator: " and ")
        let what = [state.isEmpty ? nil : state + " state", inapp || all ? "in-app display counts" : nil]
            .compactMap { $0 }.joined(separator: " and ")
        print("Reset the \(what) in \(path).")
        // The home screen's inbox samples keep their own stores beside the default one; a reset of the default state
        // resets them too, or a cleared sample would stay empty for good.
        if store == nil && (inbox || all) {
            do {
                let samples = try InboxSampleStore.resetAll()
                if !samples.isEmpty { print("Reset the home screen's inbox samples (\(samples.count) in \((samples[0] as NSString).deletingLastPathComponent)).") }
            } catch {
                fail(error)
            }
        }
    }
}
