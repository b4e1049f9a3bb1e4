// What `pushsim serve` builds each tab's run from: the experience's own arguments, the pickers, a store per run.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimBrowser
import PushSimEngine
import PushSimPicture
import PushSimStore
import Synchronization

/// A picker and the arguments its value adds to the experience's command line.
struct ServePicker: Sendable {
    var picker: BrowserPicker
    var arguments: @Sendable (String) -> [String]
}

/// The experience's command line (what was given after `serve NAME`, less what the pickers and the server set) and
/// how to build a run from it with the pickers' values, exactly as `snapshot NAME` would parse that line.
final class ServePlan<S: SnapshotSubcommand>: Sendable {
    let name: String
    let base: [String]
    /// The store named with --store, copied for every run (the user's store is only read).
    let store: String?
    let pickers: [ServePicker]
    let scale: Double
    let folder: URL
    let runs = Atomic<Int>(0)

    /// Languages offered where the experience takes --language (the payload's own come first when given).
    static var languages: [String] { ["en", "de", "es", "fr", "it", "ja", "pt", "ru", "zh"] }

    init(name: String, base: [String], store: String?, picture: PictureOptions, arguments: [String]) {
        self.name = name
        self.base = base
        self.store = store
        scale = picture.scale ?? 2
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-serve-\(ProcessInfo.processInfo.processIdentifier)")
        pickers = Self.pickers(base: base, given: arguments, device: picture.device)
    }

    /// The pickers, one line each: a picker the experience does not take (its option refused) is left out.
    static func pickers(base: [String], given: [String], device: String) -> [ServePicker] {
        // The appearance that needs no option is the experience's default (InboxKit's theme is dark).
        let darkByDefault = S.appearanceArguments(dark: true).isEmpty
        let appearance = given.contains("--dark") ? "dark" : given.contains("--light") ? "light" : darkByDefault ? "dark" : "light"
        let language = value(of: "--language", in: given)
        let all: [ServePicker?] = [
            ServePicker(picker: BrowserPicker(name: "device", label: "Phone", values: Self.devices(device), initial: device),
                        arguments: { ["--device", $0] }),
            ServePicker(picker: BrowserPicker(name: "appearance", label: "Appearance", values: ["light", "dark"], initial: appearance),
                        arguments: { S.appearanceArguments(dark: $0 == "dark") }),
            takes("--language", "en", base: base) ? ServePicker(
                picker: BrowserPicker(name: "language", label: "Language", values: ["default"] + languages.filter { $0 != language } + (language.map { [$0] } ?? []),
                                      initial: language ?? "default"),
                arguments: { $0 == "default" ? [] : ["--language", $0] }) : nil,
            // --ios is one of the contact sheet's keys, so it is not in `base`: the picker always passes it on.
            takes("--ios", IOSVersion.default.description, base: base) ? ServePicker(
                picker: BrowserPicker(name: "ios", label: "iOS", values: IOSVersion.known.map(\.description),
                                      initial: value(of: "--ios", in: given).flatMap { IOSVersion($0)?.description } ?? IOSVersion.default.description),
                arguments: { ["--ios", $0] }) : nil,
            tagsPicker(given: given),
        ]
        return all.compactMap { $0 }
    }

    /// With --tags naming more than one device: which of them receives the campaign (--device-index, by the device's
    /// name as the status line gives it). A tags file that cannot be read leaves the picker out (the run says why).
    static func tagsPicker(given: [String]) -> ServePicker? {
        let files = values(of: "--tags", in: given)
        guard !files.isEmpty,
              let people = try? PersonalizationInput.load(tagFiles: files, index: nil, raw: false, language: nil, phone: nil, ios: nil),
              people.devices.count > 1 else { return nil }
        // A name given twice (two files of one name) is told apart by its place.
        let names = people.devices.enumerated().map { i, d in
            people.devices.filter { $0.name == d.name }.count > 1 ? "\(d.name) (\(i + 1))" : d.name
        }
        let index = value(of: "--device-index", in: given).flatMap(Int.init).map { min(max($0, 0), names.count - 1) } ?? 0
        return ServePicker(picker: BrowserPicker(name: "tags", label: "Device (tags)", values: names, initial: names[index]),
                           arguments: { v in ["--device-index", String(names.firstIndex(of: v) ?? 0)] })
    }

    /// Every value `option` is given (a repeatable option).
    static func values(of option: String, in args: [String]) -> [String] {
        var out: [String] = []
        for (i, a) in args.enumerated() {
            if a == option, i + 1 < args.count { out.append(args[i + 1]) }
            if a.hasPrefix(option + "=") { out.append(String(a.dropFirst(option.count + 1))) }
        }
        return out
    }

    static func devices(_ given: String) -> [String] {
        let names = PictureDevice.known.map(\.name)
        return names.contains(given) ? names : names + [given]
    }

    /// Whether the experience's command takes `option` (with `value`).
    static func takes(_ option: String, _ value: String, base: [String]) -> Bool {
        (try? S.parse(strip(option, from: base) + [option, value])) != nil
    }

    static func value(of option: String, in args: [String]) -> String? {
        for (i, a) in args.enumerated() {
            if a == option, i + 1 < args.count { return args[i + 1] }
            if a.hasPrefix(option + "=") { return String(a.dropFirst(option.count + 1)) }
        }
        return nil
    }

    /// `args` without `option` and its value.
    static func strip(_ option: String, from args: [String]) -> [String] {
        var out: [String] = [], skip = false
        for a in args {
            if skip { skip = false; continue }
            if a == option { skip = true; continue }
            if a.hasPrefix(option + "=") { continue }
            out.append(a)
        }
        return out
    }

    /// The experience's arguments without the server's own (--port, --host), which the snapshot command does not
    /// take, and with --sdk, which the contact sheet's list sets aside, put back.
    static func removingServerOptions(_ args: [String], given: [String]) -> [String] {
        // --device-index is the tags picker's (when there is one; else it is given back as it was).
        let index = tagsPicker(given: given) == nil ? (value(of: "--device-index", in: given).map { ["--device-index", $0] } ?? []) : []
        return strip("--device-index", from: strip("--host", from: strip("--port", from: args)))
            + (value(of: "--sdk", in: given).map { ["--sdk", $0] } ?? []) + index
    }

    /// The FILEs the command names (its arguments that are files on disk), watched for changes.
    var files: [String] {
        base.filter { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }
    }

    var title: String { ([name] + files.map { ($0 as NSString).lastPathComponent }).joined(separator: " ") }

    /// The command line for the pickers' values.
    func arguments(_ choices: [String: String]) -> [String] {
        var args = base
        for p in pickers { args += p.arguments(choices[p.picker.name] ?? p.picker.initial) }
        return args
    }

    /// A run for the pickers' values, on its own copy of the store.
    func experience(_ choices: [String: String]) -> Result<BrowserExperience, BrowserProblem> {
        var args = arguments(choices)
        let n = runs.add(1, ordering: .relaxed).newValue
        let copy = folder.appendingPathComponent("run-\(n).sqlite").path
        do { try copyStore(to: copy) } catch {
            return .failure(BrowserProblem("the store could not be copied for this tab (\(error.localizedDescription))"))
        }
        if store != nil || S.self != PrimerSnapshotCommand.self { args += ["--store", copy] }
        let command: S
        do { command = try S.parse(args) } catch { return .failure(BrowserProblem(S.message(for: error))) }
        let shot = command.shot()
        let device = command.picture.phone
        return .success(BrowserExperience(scene: shot.scene, sink: shot.sink, device: device, scale: scale, draw: shot.draw,
                                          touchTarget: shot.touchTarget,
                                          finish: { try? FileManager.default.removeItem(atPath: copy) }))
    }

    /// Whether the FILEs, as they are now, can be played: `pushsim snapshot NAME` run on them in a child process
    /// (a file that cannot be read ends that process with its one line, which is the answer).
    func problemPlaying() -> String? {
        let out = folder.appendingPathComponent("check.png").path
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var args = arguments([:])
        if store != nil || S.self != PrimerSnapshotCommand.self {
            let copy = folder.appendingPathComponent("check.sqlite").path
            try? FileManager.default.removeItem(atPath: copy)
            do { try copyStore(to: copy) } catch { return "the store could not be copied (\(error.localizedDescription))" }
            args += ["--store", copy]
        }
        let result = ChildRun.pushsim(["snapshot", name] + args + ["-o", out, "--scale", "1"])
        try? FileManager.default.removeItem(atPath: out)
        return result.problem
    }

    /// The user's store (--store, or the default one) copied to `path`, in the run's folder; nothing when there is none yet.
    func copyStore(to path: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = store ?? Store.defaultPath()
        if FileManager.default.fileExists(atPath: source) { try FileManager.default.copyItem(atPath: source, toPath: path) }
    }

    func removeStores() { try? FileManager.default.removeItem(at: folder) }
}
