// The command line parsed from the named subcommand gives the command the whole tree gives, or hands over to it.

import ArgumentParser
import Foundation
import Testing
@testable import pushsim

@Suite struct SubcommandParseTests {
    /// Everything a command holds after parsing: every option's value, every group's, as text.
    private func contents(_ command: ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    /// Argument vectors that parse (no file is read while parsing): each command, its groups and option shapes
    /// (`--opt value`, `--opt=value`, flags, repeated options, `--` before a value that looks like an option).
    static let parsing: [[String]] = [
        ["stories", "one.json"],
        ["stories", "one.json", "--pixels", "sixel", "--app-group", "group", "--store", "s.sqlite"],
        ["stories", "one.json", "--headless", "--size", "80x40", "--frames", "-", "--script", "wait 1; tap right"],
        ["stories", "--headless", "--size=120x60", "one.json", "--collapsed", "--loop", "--events", "/dev/null"],
        ["stories", "one.json", "--sdk", "7.1.3", "--device", "iphone-se", "--watch", "--events-pane", "--bell"],
        ["stories", "one.json", "--symbols", "block", "--colors", "256", "--long-press-pause", "--image-delay", "2.5"],
        ["stories", "--", "-weird.json"],
        ["stories", "-"],
        ["inbox", "feed.json", "--dump", "--now", "2026-11-23T12:00:00Z", "--store", "s.sqlite"],
        ["inbox", "a.json", "b.json", "--headless", "--script", "wait 0", "--size", "80x24"],
        ["inapp", "--headless", "--script", "wait 1", "--size", "80x24"],
        ["snapshot"],
        ["primer", "--style", "sheet", "--headless"],
        ["primer", "run", "--headless", "--script", "wait 1"],
        ["primer", "walkthrough", "--headless"],
        ["notify", "--title", "Hi", "--body", "There"],
        ["validate", "one.json", "feed.json"],
        ["prefetch", "one.json"],
        ["reset", "--inbox"],
        ["home", "--demo", "--demo-page-seconds", "60"],
        ["home"],
        ["snapshot", "stories", "one.json", "--script", "wait 2.5", "-o", "p.png"],
        ["snapshot", "inbox", "feed.json", "--device", "iphone-se", "--scale", "1", "-o", "i.png"],
        ["snapshot", "primer", "--style", "sheet", "--position", "center", "-o", "x.png"],
        ["snapshot", "inapp", "--title", "T", "--scale", "1", "-o", "x.png"],
        ["record", "stories", "one.json", "--script", "wait 3", "--scale", "1", "-o", "p.webp"],
        ["record", "primer", "--style", "sheet", "--touches", "--fps", "10", "-o", "p.gif"],
    ]

    @Test(arguments: parsing)
    func sameCommandAsTheWholeTree(_ arguments: [String]) throws {
        let whole = try PushSim.parseAsRoot(arguments)
        let quick = try #require(SubcommandParse.command(arguments), "the named subcommand did not parse \(arguments)")
        #expect(type(of: quick) == type(of: whole))
        #expect(contents(quick) == contents(whole))
    }

    /// What only the root answers (help, the version, completion scripts, its `help` subcommand) and every error:
    /// the quick parse gives nothing, and the root's parse, with its messages, runs as before.
    static let handedOver: [[String]] = [
        [], ["--version"], ["--help"], ["-h"], ["help"], ["help", "stories"], ["bogus"], ["-x"],
        ["stories"], ["stories", "--help"], ["stories", "one.json", "-h"], ["stories", "one.json", "--version"],
        ["stories", "one.json", "--bogus"], ["stories", "one.json", "extra"], ["stories", "one.json", "--size"],
        ["stories", "one.json", "--size", "0x0"], ["stories", "one.json", "--pixels", "paper"],
        ["stories", "-", "--watch"], ["stories", "one.json", "--script", "x", "--script-file", "y"],
        ["stories", "--generate-completion-script", "bash"], ["stories", "one.json", "--experimental-dump-help"],
        ["primer", "help"], ["primer", "run", "--help"], ["snapshot", "help", "stories"],
        ["snapshot", "stories", "--help"], ["record", "stories", "one.json", "--fps", "0"],
        ["inbox", "--now", "yesterday", "f.json"], ["home", "--demo-page-seconds", "-1"],
    ]

    @Test(arguments: handedOver)
    func everythingElseGoesToTheRoot(_ arguments: [String]) {
        #expect(SubcommandParse.command(arguments) == nil)
    }

    /// `stories` names `pushsim` as its super-command, so the quick parse skips argument-parser's trial parses for a
    /// completion-script request; the root's help and usage for it read as before (the name once, from the root).
    @Test func storiesHelpIsTheRootsAsBefore() {
        let help = PushSim.helpMessage(for: StoriesCommand.self, columns: 200)
        #expect(help.contains("USAGE: pushsim stories [<options>] <file>"))
        #expect(!help.contains("pushsim pushsim"))
    }

    @Test func aliasesAndNamesFindTheirCommand() throws {
        for command in PushSim.configuration.subcommands {
            let name = try #require(command.configuration.commandName)
            #expect(SubcommandParse.subcommand(named: name) == command)
            for alias in command.configuration.aliases {
                #expect(SubcommandParse.subcommand(named: alias) == command)
            }
        }
        #expect(SubcommandParse.subcommand(named: "help") == nil)
        #expect(SubcommandParse.subcommand(named: "--stories") == nil)
    }
}
