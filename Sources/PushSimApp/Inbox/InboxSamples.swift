// The inbox samples on the home screen: a mixed feed, an empty one, and one built from createMessage requests.

import Foundation
import PushSimEngine
import PushSimMedia
import PushSimScreens
import PushSimStore

extension SampleCatalog {
    /// Each sample keeps its own store beside the default one (`<data dir>/pushsim/samples/inbox-<name>.sqlite`), so
    /// read and deleted state survives restarts as on a phone, and one sample's load never drops another's messages.
    static func inboxSamples(_ r: Resources, _ colors: ColorMode = .detect()) -> [Sample] {
        let keys = "↑↓ move · ⏎ open · 1-9 buttons · d delete · r refresh · m read all · c clear read · q back"
        func sample(_ name: String, _ title: String, _ summary: String, files: [String]) -> Sample {
            let paths = files.map { r.path("inbox/\($0)") }
            let store = InboxSampleStore.path(name)
            return Sample(experience: .inbox, title: title, summary: summary, keys: keys,
                          command: "pushsim inbox \(files.map { r.shown("inbox/\($0)") }.joined(separator: " ")) --store \(store)") {
                let s: Store
                do { s = try Store(path: store) } catch let e as StoreError { throw UserError(e.message, exitCode: e.exitCode) }
                let images = MediaImageSource(payloadFolder: r.path("inbox"), mode: .background, colorMode: colors)
                return try InboxScene(files: paths, now: Date(), store: s, images: images, sink: EventSink())
            }
        }
        return [
            sample(InboxSampleStore.names[0], "Mixed feed", "Every card kind: banner, captioned, classic, carousel, video, wallet; pinned, unread and buttons",
                   files: ["mixed.json"]),
            sample(InboxSampleStore.names[1], "Feed from createMessage", "Notifications with inbox_image / inbox_days / inbox_date become cards; the rest are reported",
                   files: ["requests.json", "pushes.json"]),
            sample(InboxSampleStore.names[2], "Empty feed", "What a user with no messages sees", files: ["empty.json"]),
            personalizedInboxSample(r, colors),
        ]
    }
}

/// Where the bundled inbox samples keep their state.
public enum InboxSampleStore {
    /// Every inbox sample's store name, in the home screen's order.
    public static let names = ["mixed", "requests", "empty", "personalised"]

    public static func path(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dir = (Store.defaultPath(environment: environment) as NSString).deletingLastPathComponent
        return "\(dir)/samples/inbox-\(name).sqlite"
    }

    /// Forget every inbox sample's read, opened and deleted state (`pushsim reset`, `r` on the home screen), so each
    /// sample shows its feed as new again. Stores never opened are left uncreated. Returns the stores reset.
    @discardableResult
    public static func resetAll(environment: [String: String] = ProcessInfo.processInfo.environment) throws(UserError) -> [String] {
        var done: [String] = []
        for name in names {
            let p = path(name, environment: environment)
            guard FileManager.default.fileExists(atPath: p) else { continue }
            do { try Store(path: p).resetInbox() } catch { throw UserError(error.message, exitCode: error.exitCode) }
            done.append(p)
        }
        return done
    }
}
