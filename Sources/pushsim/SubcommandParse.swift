// The command line parsed from the named subcommand down, the whole tree only when that does not give a command.

import ArgumentParser

/// swift-argument-parser parses `pushsim stories …` from the root: it builds the tree of every command (each
/// command's configuration, `record`'s generic subcommands among them), reads the root's arguments, then the
/// subcommand's, checking after each what the stack of commands allows. Every type it reflects on for the first time
/// costs a scan of the binary's ~6,900 protocol-conformance records, so the parse was most of a start-up
/// (docs/performance.md, "Instruction counts per release"). The named subcommand's own `parseAsRoot` (the library's
/// documented entry point, on a subcommand type) reads the same arguments into the same command without the root.
///
/// Only a successful parse into the named command or one of its own subcommands is taken. Anything else — an error,
/// `--help`, `--version`, `help`, a completion request, a name that is not a subcommand — goes through
/// `PushSim.parseAsRoot`, so every message, usage line and exit status is the root's, as before.
/// `SubcommandParseTests` checks that both parses give the same command for every command and option shape.
enum SubcommandParse {
    /// The command the arguments (without the program's name) name, parsed from it down, or nil.
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first, let type = subcommand(named: name) else { return nil }
        guard let parsed = try? type.parseAsRoot(Array(arguments.dropFirst())) else { return nil }
        return isCommand(Swift.type(of: parsed), under: type) ? parsed : nil
    }

    /// The root's subcommand with this name (as `pushsim NAME` finds it), or nil.
    static func subcommand(named name: String) -> ParsableCommand.Type? {
        // An option, or `help`, is never a subcommand's name; the root's tree handles both.
        guard !name.hasPrefix("-") else { return nil }
        // The registry itself, not `PushSim.configuration.subcommands`: building the root's configuration (its discussion
        // and version texts) cost a start a conformance scan and string work for nothing.
        return CommandRegistry.all.first { commandName(of: $0) == name || $0.configuration.aliases.contains(name) }
    }

    /// Whether `type` is `root` or one of the commands below it (so not argument-parser's own `help`).
    static func isCommand(_ type: ParsableCommand.Type, under root: ParsableCommand.Type) -> Bool {
        if type == root { return true }
        return root.configuration.subcommands.contains { isCommand(type, under: $0) }
    }

    /// The name a command is called by: its configuration's, as every command here sets one.
    private static func commandName(of type: ParsableCommand.Type) -> String? {
        type.configuration.commandName
    }
}
