// `u` in `pushsim inbox` with several `--tags` devices: the feed files read again, their createMessage notifications
// filled for the next device, as a refresh would load them; the status line names the device shown.

import PushSimEngine
import PushSimScreens

extension InboxScene {
    /// The next `--tags` device (wrapping round); with one device `u` says there is nothing to switch to.
    func switchDevice() {
        guard let d = devices, d.all.count > 1 else {
            model.status = "One device: give --tags more than once (or a file of several devices) to switch with u"
            return
        }
        let next = (d.index + 1) % d.all.count
        let before = device
        device = d.all[next]
        do {
            let parsed = try readFeed()
            try apply(parsed, at: now)
        } catch {
            device = before
            model.status = "device \(d.all[next].name) cannot be shown, the feed stays: \(error.message)"
            sink.emit(.warning(Diagnostic(.warning, path: "", "u: device \(d.all[next].name): \(error.message)")), at: now)
            return
        }
        devices = (d.all, next)
        InboxScreen.reveal(&model, size: size)
        markDisplayedAsRead()
        model.status = "The feed as this device receives it: \(model.feed.rows.count) message\(model.feed.rows.count == 1 ? "" : "s")"
    }
}
