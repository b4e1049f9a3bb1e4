// The inbox samples on the home screen: a mixed feed, an empty one, and one built from createMessage requests.

import Foundation
import PushSimEngine
import PushSimScreens
import PushSimStore

extension SampleCatalog {
    /// Each sample keeps its own store beside the default one (`<data dir>/pushsim/samples/inbox-<name>.sqlite`), so
    /// read and deleted state survives restarts as on a phone, and one sample's load never drops another's messages.
    static func inboxSamples(_ r: Resources) -> [Sample] {
        let keys = "↑↓ move · ⏎ open · 1-9 buttons · d delete · r refresh · m read all · c clear read · q back"
        func sample(_ name: String, _ title: String, _ summary: String, files: [String]) -> Sample {
            let paths = files.map { r.path("inbox/\($0)") }
            let store = InboxSampleStore.path(name)
            return Sample(experience: .inbox, title: title, summary: summary, keys: keys,
                          command: "pushsim inbox \(files.map { "Resources/inbox/\($0)" }.joined(separator: " ")) --store \(store)") {
                let s: Store
                do { s = try Store(path: store) } catch let e as StoreError { throw UserError(e.message, exitCode: e.exitCode) }
                let images = MediaImageSource(payloadFolder: r.path("inbox"), mode: .background)
                return try InboxScene(files: paths, now: Date(), store: s, images: images, sink: EventSink())
            }
        }
        return [
            sample("mixed", "Mixed feed", "Every card kind: banner, captioned, classic, carousel, video, wallet; pinned, unread and buttons",
                   files: ["mixed.json"]),
            sample("requests", "Feed from createMessage", "Notifications with inbox_image / inbox_days / inbox_date become cards; the rest are reported",
                   files: ["requests.json", "pushes.json"]),
            sample("empty", "Empty feed", "What a user with no messages sees", files: ["empty.json"]),
        ]
    }
}

/// Where the bundled inbox samples keep their state.
public enum InboxSampleStore {
    public static func path(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dir = (Store.defaultPath(environment: environment) as NSString).deletingLastPathComponent
        return "\(dir)/samples/inbox-\(name).sqlite"
    }
}
