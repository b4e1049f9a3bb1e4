// `pushsim snapshot inbox FILE…`: the InboxKit feed's cards from the first visible row, as a PNG.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimFiles
import PushSimPicture
import PushSimStore

struct InboxSnapshotCommand: SnapshotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Draw an inbox feed as the phone shows it (read state from the store, as pushsim inbox does; the store is never changed).",
        discussion: "Steps: select, button N, delete, refresh, key down… (see pushsim inbox --help)."
    )

    @OptionGroup(title: "Inbox options") var inbox: InboxExperienceOptions
    @OptionGroup var picture: PictureOptions

    @Flag(help: "InboxKit's dark theme (its default; for --matrix and record, the opposite of --light).")
    var dark = false

    func validate() throws {
        if dark && inbox.look.light { throw ValidationError("--dark and --light ask for opposite themes: give one") }
    }

    /// InboxKit's own theme: dark unless --light.
    static func appearanceArguments(dark: Bool) -> [String] { dark ? [] : ["--light"] }

    func shot() -> PictureShot {
        let date = inbox.date
        // A picture (or a recording) reads the store's read and deleted state but never writes it: SDK 7.2.x marks
        // what is displayed as read, which against the user's own store would mark a feed read by looking at it.
        let store: Store
        do { store = try Store.scratchCopy(of: inbox.script.store ?? Store.defaultPath()) }
        catch { fail(UserError(error.message, exitCode: error.exitCode)) }
        for w in store.warnings { StandardStreams.error("pushsim: warning: \(w)\n") }
        let sink = EventSink()
        let scene: InboxScene
        do {
            let people = try inbox.personalization.input(language: nil, phone: nil, ios: inbox.sdk.iosText)
            scene = try InboxScene(files: inbox.files, attributes: inbox.attributes, now: date, store: store, images: NoImages(), sink: sink,
                                   device: people.device, rawPlaceholders: people.raw)
        } catch {
            fail(error)
        }
        let images = PictureImages(payloadFolder: MediaImageSource.folder(of: inbox.files.first ?? "-"), fetch: inbox.fetch.limits)
        return PictureShot(scene: scene, script: inbox.script, sink: sink, name: "inbox", images: images) { p, t, device in
            InboxPicture.draw(scene, at: t, on: p, device: device, images: images)
        }.running(inbox.sdk)
    }
}
