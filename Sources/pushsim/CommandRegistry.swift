// The list of subcommands; each experience adds its command here.

import ArgumentParser

enum CommandRegistry {
    static let all: [ParsableCommand.Type] = [
        StoriesCommand.self,
        ValidateCommand.self,
        PrimerCommand.self,
        ResetCommand.self,
    ]
}
