// The list of subcommands; each experience adds its command here.

import ArgumentParser

enum CommandRegistry {
    static let all: [ParsableCommand.Type] = [
        HomeCommand.self,
        StoriesCommand.self,
        PrimerCommand.self,
        InboxCommand.self,
        InAppCommand.self,
        NotifyCommand.self,
        ValidateCommand.self,
        PrefetchCommand.self,
        ResetCommand.self,
        SnapshotCommand.self,
        RecordCommand.self,
        SchemaCommand.self,
        MCPCommand.self,
        RenderCommand.self,
        ServeCommand.self,
        ReportCommand.self,
    ]
}
