// `pushsim schema KIND`: print the JSON Schema (draft 2020-12) of one input pushsim reads, for editors and CI.

import ArgumentParser
import PushSimApp

extension PayloadSchema: ExpressibleByArgument {}

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of an input: stories, inbox, primer, banner, inapp, tags or pushwoosh (a campaign ZIP's pushwoosh.json).",
        discussion: """
        The same files are in the repository's schemas/ folder. Point an editor at one (VS Code's json.schemas, or \
        "$schema" in the file) to complete keys and mark misspelt or mistyped ones; `pushsim validate` checks what a \
        schema cannot (what the SDK drops, cuts or refuses).
        """
    )

    @Argument(help: ArgumentHelp("What the schema describes: \(PayloadSchema.kindList).", valueName: "kind"))
    var kind: PayloadSchema

    func run() throws {
        print(kind.text, terminator: "")
    }
}
