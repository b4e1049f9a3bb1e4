// `pushsim snapshot inbox FILE…`: the InboxKit feed's cards from the first visible row, as a PNG.

import ArgumentParser
import Foundation
import PushSimApp
import PushSimPicture
import PushSimStore

struct InboxSnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Draw an inbox feed as the phone shows it (read state from the store, as pushsim inbox does).",
        discussion: "Steps: select, button N, delete, refresh, key down… (see pushsim inbox --help)."
    )

    @OptionGroup(title: "Inbox options") var inbox: InboxExperienceOptions
    @OptionGroup var picture: PictureOptions

    func run() throws {
        let date = inbox.date
        let store: Store
        do { store = try Store(path: inbox.script.store ?? Store.defaultPath()) }
        catch { fail(UserError(error.message, exitCode: error.exitCode)) }
        let sink = EventSink()
        let scene: InboxScene
        do {
            scene = try InboxScene(files: inbox.files, attributes: inbox.attributes, now: date, store: store, images: NoImages(), sink: sink)
        } catch {
            fail(error)
        }
        let images = PictureImages(payloadFolder: MediaImageSource.folder(of: inbox.files.first ?? "-"), fetch: inbox.fetch.limits)
        let device = picture.phone
        picture.shoot(scene, script: inbox.script, sink: sink, name: "inbox", images: images) { p, t in
            InboxPicture.draw(scene, at: t, on: p, device: device, images: images)
        }
    }
}
