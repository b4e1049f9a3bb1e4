// The list of subcommands; each experience adds its command here.

import ArgumentParser

enum CommandRegistry {
    static let all: [ParsableCommand.Type] = [
        InboxCommand.self,
    ]
}
