// `pushsim snapshot EXPERIENCE …`: any moment of any experience written as a PNG, as the phone would show it.

import ArgumentParser

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Write a moment of an experience as a PNG at phone resolution.",
        discussion: """
        Each subcommand takes the experience's own options that decide what is on the phone's screen (the payload, \
        the SDK's settings, the clock, the store, --script and --events), plays --script on the simulated clock \
        exactly as --headless does on an 80x24 screen, and draws the moment the script ends: the real image scaled and cropped \
        as the SDK's aspect-fill does, the progress bar, text wrapped in a real font, the buttons. Without --script, \
        stories and inbox are drawn at t=0 and a primer or banner once it has finished appearing (wait 1). \
        The terminal's options (--headless, --size, --frames, --symbols, --colors, --record, --pixels, and --watch, \
        --socket, --dump, --demo, --events-pane, --bell) are not taken.

        Examples:
          pushsim snapshot stories promo.json --script "wait 2.5; tap right" -o page2.png
          pushsim snapshot primer --style sheet --position center
          pushsim snapshot inbox feed.json --device iphone-se
          pushsim snapshot inapp --title "Flash sale" --body "Two hours only"
        """,
        subcommands: [StoriesSnapshotCommand.self, PrimerSnapshotCommand.self, InboxSnapshotCommand.self, InAppSnapshotCommand.self]
    )
}
