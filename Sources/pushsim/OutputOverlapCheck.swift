// Before any command runs: refuse outputs that are one of its inputs or another of its outputs (OutputOverlap).

import ArgumentParser
import PushSimApp
import PushSimFiles

/// Every command's paths, found by property name through its option groups, so a new command or option group is
/// covered without a call of its own: `--events`, `--frames`, `-o`, `--report`, `--record`, `--junit` are written;
/// `FILE`, `--config`, `--script-file`, `--store`, `--push`, `--image` are read (the store is also written: an output
/// over it would destroy it too).
enum OutputOverlapCheck {
    static let written: [String: String] = [
        "events": "--events", "frames": "--frames", "output": "-o", "report": "--report", "record": "--record", "junit": "--junit",
    ]
    static let read: [String: String] = [
        "file": "FILE", "files": "FILE", "config": "--config", "scriptFile": "--script-file", "store": "--store",
        "push": "--push", "image": "--image",
    ]

    /// Exits with the one sentence (status 2) when `command`'s outputs overlap.
    static func check(_ command: any ParsableCommand) {
        var ins: [OutputOverlap.Use] = [], outs: [OutputOverlap.Use] = []
        collect(command, inputs: &ins, outputs: &outs, depth: 0)
        check(inputs: ins, outputs: outs)
    }

    /// Exits with the one sentence (status 2) when these outputs overlap these inputs or each other.
    static func check(inputs: [OutputOverlap.Use], outputs: [OutputOverlap.Use]) {
        if let problem = OutputOverlap.problem(inputs: inputs, outputs: outputs) { fail(UserError(problem, exitCode: 2)) }
    }

    /// Walks the stored properties of the parsed command and of its option groups. The wrappers of properties named
    /// like a path and of option groups are read through `pathReaders` and `groupReaders`: a cast to the wrapper's own
    /// type and its `wrappedValue`, which a parsed command always holds. A `Mirror` of each wrapper instead (and of the
    /// `_parsedValue` enum inside it) cost a protocol-conformance lookup per new type, each a scan of the static
    /// binary's ~10,800 conformance records: 11.5 M instructions of a story's 161.5 M cold first frame. A wrapper type
    /// missing from the tables is still read, through `Mirror` as before (`OutputOverlapCheckTests` keeps the tables
    /// whole, so that fallback is never the usual path). A type's name is cached by the runtime.
    private static func collect(_ value: Any, inputs: inout [OutputOverlap.Use], outputs: inout [OutputOverlap.Use], depth: Int,
                                useTables: Bool = true) {
        guard depth < 6 else { return }
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            let typeName = _typeName(type(of: child.value), qualified: true)
            let group = typeName.hasPrefix("ArgumentParser.OptionGroup<")
            guard group || written[name] != nil || read[name] != nil else { continue }
            if group {
                let reader = useTables ? groupReaders[typeName] : nil
                guard let inner = reader?.read(child.value) ?? mirroredValue(child.value) else { continue }
                collect(inner, inputs: &inputs, outputs: &outputs, depth: depth + 1, useTables: useTables)
                continue
            }
            let paths: [String]
            if useTables, let reader = pathReaders[typeName], let read = reader(child.value) {
                paths = read
            } else {
                guard let held = mirroredValue(child.value) else { continue }
                switch held {
                case let s as String: paths = [s]
                case let s as String?: paths = s.map { [$0] } ?? []
                case let s as [String]: paths = s
                default: continue
                }
            }
            if let option = written[name] { outputs += paths.map { OutputOverlap.Use(option, $0) } }
            else if let option = read[name] { inputs += paths.map { OutputOverlap.Use(option, $0) } }
        }
    }

    /// The walk, with or without the tables (the tests compare the two).
    static func collectForTesting(_ command: any ParsableCommand, inputs: inout [OutputOverlap.Use], outputs: inout [OutputOverlap.Use], useTables: Bool) {
        collect(command, inputs: &inputs, outputs: &outputs, depth: 0, useTables: useTables)
    }

    /// What a wrapper holds, through `Mirror`: `Option`, `Argument` and `OptionGroup` keep what was parsed in
    /// `_parsedValue`, an enum whose `value` case holds it (a property never parsed holds a `definition`: nil).
    static func mirroredValue(_ wrapper: Any) -> Any? {
        guard let parsed = Mirror(reflecting: wrapper).children.first(where: { $0.label == "_parsedValue" })?.value,
              let held = Mirror(reflecting: parsed).children.first, held.label == "value" else { return nil }
        return held.value
    }

    /// The path-holding wrappers, by their runtime type name: the paths each holds. (`Option<Value>` and `Argument<Value>`
    /// put no requirement on `Value`, so naming these types looks up no conformance.)
    static let pathReaders: [String: @Sendable (Any) -> [String]?] = {
        var readers: [String: @Sendable (Any) -> [String]?] = [:]
        func add<W>(_: W.Type, _ paths: @escaping @Sendable (W) -> [String]) {
            readers[_typeName(W.self, qualified: true)] = { ($0 as? W).map(paths) }
        }
        add(Option<String>.self) { [$0.wrappedValue] }
        add(Option<String?>.self) { $0.wrappedValue.map { [$0] } ?? [] }
        add(Option<[String]>.self) { $0.wrappedValue }
        add(Argument<String>.self) { [$0.wrappedValue] }
        add(Argument<String?>.self) { $0.wrappedValue.map { [$0] } ?? [] }
        add(Argument<[String]>.self) { $0.wrappedValue }
        return readers
    }()

    /// Every option group of every command, by the runtime name of its `OptionGroup` wrapper: the group's own type and
    /// the parsed group. The key is spelt from the group's name rather than taken from `OptionGroup<G>.self`, whose
    /// metadata would look up `G: ParsableArguments` for each of the groups a command does not have.
    struct GroupReader: Sendable {
        let group: any ParsableArguments.Type
        let read: @Sendable (Any) -> Any?
    }
    static let groupReaders: [String: GroupReader] = {
        var readers: [String: GroupReader] = [:]
        func add<G: ParsableArguments>(_: G.Type) {
            readers["ArgumentParser.OptionGroup<\(_typeName(G.self, qualified: true))>"] = GroupReader(group: G.self) { ($0 as? OptionGroup<G>)?.wrappedValue }
        }
        add(DeliveryOptionGroup.self); add(FetchOptions.self); add(ForegroundPushOptions.self)
        add(InAppExperienceOptions.self); add(InboxAttributeOptions.self); add(InboxExperienceOptions.self)
        add(InteractiveOptions.self); add(NativeInAppOptions.self); add(NativeInAppSettings.self)
        add(PersonalizationOptions.self); add(PictureOptions.self); add(PrimerConfigOptions.self)
        add(PrimerExperienceOptions.self); add(RecordingOptions.self); add(ScriptOptions.self); add(SDKOptions.self)
        add(ServeOptions.self); add(StoriesExperienceOptions.self); add(TerminalOptions.self); add(ValidateCIOptions.self)
        add(InAppSnapshotCommand.self); add(InboxSnapshotCommand.self); add(PrimerSnapshotCommand.self)
        add(StoriesSnapshotCommand.self)
        return readers
    }()
}
