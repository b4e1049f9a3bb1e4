// `pushsim stories FILE` in its plain form, started without swift-argument-parser's parse.

import Foundation

/// swift-argument-parser builds `stories`' argument sets by reflection over its nine option groups as it parses:
/// 22 M instructions of the 203 M a sixel story's first picture costs (docs/performance.md), 3–4 ms of the main
/// thread's CPU, which beside a CPU-bound job is CPU the picture's thread does not get. The plain form
/// (`pushsim stories FILE`, in a terminal or headless, with only the options `EarlyPicture` knows, each at most once
/// and with a value that is not an option's name) needs none of that: its values are read here and checked by the
/// same checks the parse makes (`StoriesCommand.Values.validateAll`), and the command runs from them.
///
/// Anything else is left to the parse, which reports every error as it always has: another option, an option given
/// twice, `--help`, a value the checks refuse, a value (after a space) starting with '-' other than '-' itself. `StoriesFastStartTests`
/// holds that both ways give the same values, and the same paths to the overlap check, for every plain form.
enum StoriesFastStart {
    /// The options the plain form takes, with whether each takes a value: those that change neither the first
    /// picture nor its cells, and the headless run's (`EarlyPicture`'s two tables; here in any combination, as the
    /// parse takes them).
    static var options: [String: Bool] { EarlyPicture.plainFormOptions }

    /// The values for `arguments` (without the program's name), or nil when they are not the plain form or do
    /// not pass the parse's checks.
    static func values(_ arguments: [String]) -> StoriesCommand.Values? {
        guard let (file, given) = EarlyPicture.storiesOptions(arguments, known: options) else { return nil }
        var values = StoriesCommand.Values(file: file)
        for (i, (name, value)) in given.enumerated() {
            // An option given twice: the parse's to say what that means.
            guard !given[..<i].contains(where: { $0.name == name }) else { return nil }
            switch (name, value) {
            case ("--pixels", let v?): values.terminal.interactive.pixels = v
            case ("--app-group", let v?): values.stories.appGroup = v
            case ("--store", let v?): values.stories.script.store = v
            case ("--device", let v?): values.device = v
            case ("--sdk", let v?): values.stories.sdk.text = v
            case ("--app-name", let v?): values.stories.appName = v
            case ("--record", let v?): values.terminal.interactive.record = v
            case ("--watch", nil): values.watch = true
            case ("--bell", nil): values.bell = true
            case ("--haptics", nil): values.stories.haptics = true
            case ("--long-press-pause", nil): values.stories.longPressPause = true
            case ("--crossfade", nil): values.stories.crossfade = true
            case ("--loop", nil): values.stories.loop = true
            case ("--reduce-motion", nil): values.stories.reduceMotion = true
            case ("--headless", nil): values.terminal.headless = true
            case ("--size", let v?): values.terminal.size = v
            case ("--frames", let v?): values.terminal.frames = v
            case ("--colors", let v?): values.terminal.colors = v
            case ("--symbols", let v?): values.terminal.symbols = v
            case ("--script", let v?): values.stories.script.script = v
            case ("--script-file", let v?): values.stories.script.scriptFile = v
            case ("--events", let v?): values.stories.script.events = v
            default: return nil
            }
        }
        do { try values.validateAll() } catch { return nil }
        return values
    }

    /// Whether this process started the plain way (the debug stats' `start`). Set once, before the run's threads.
    nonisolated(unsafe) private(set) static var taken = false

    /// Runs the plain form when `arguments` are it, and ends the process; returns otherwise.
    static func runIfPlain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        guard let values = values(arguments) else { return }
        let uses = values.overlapUses
        OutputOverlapCheck.check(inputs: uses.inputs, outputs: uses.outputs)
        taken = true
        values.run()
        // A headless run returns (an interactive one ends the process itself): what the parse's way does next.
        exit(0)
    }
}
