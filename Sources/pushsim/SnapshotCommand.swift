// `pushsim snapshot EXPERIENCE …`: any moment of any experience written as a PNG, as the phone would show it.

import ArgumentParser

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Write a moment of an experience as a PNG at phone resolution.",
        discussion: """
        Each subcommand takes the same options as the experience's own command, plays --script on the simulated \
        clock exactly as --headless does, and draws the moment the script ends: the real image scaled and cropped \
        as the SDK's aspect-fill does, the progress bar, text wrapped in a real font, the buttons. Without --script, \
        stories and inbox are drawn at t=0 and a primer or banner once it has finished appearing (wait 1).

        Examples:
          pushsim snapshot stories promo.json --script "wait 2.5; tap right" -o page2.png
          pushsim snapshot primer --style sheet --position center
          pushsim snapshot inbox feed.json --device iphone-se
          pushsim snapshot inapp --title "Flash sale" --body "Two hours only"
        """,
        subcommands: [StoriesSnapshotCommand.self, PrimerSnapshotCommand.self, InboxSnapshotCommand.self, InAppSnapshotCommand.self]
    )
}
