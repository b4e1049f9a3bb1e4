// `u` in `pushsim inapp` with several `--tags` devices: the same campaign files, filled again for the next device,
// arrive on a fresh in-app module; the status line names the device shown.

import PushSimEngine
import PushSimScreens

/// The devices of `--tags` and how to show the files for one of them.
public struct InAppDeviceSwitch {
    /// Each device's name (the tags file's, `name#N` for a file of several), in `--tags` order.
    public var names: [String]
    /// The device shown now.
    public var index: Int
    /// Reads the files again for device `index` and delivers them to a new native module on the scene, at `t`. A
    /// file that no longer reads throws, and the device shown stays.
    public var show: (_ scene: InAppScene, _ index: Int, _ t: Double) throws(UserError) -> Void

    public init(names: [String], index: Int, show: @escaping (InAppScene, Int, Double) throws(UserError) -> Void) {
        self.names = names
        self.index = min(max(index, 0), max(names.count - 1, 0))
        self.show = show
    }

    /// What the status line starts with.
    public var label: String { "device \(names.indices.contains(index) ? names[index] : "?") (u next)" }
}

extension InAppScene {
    /// `u`: the next device (wrapping round). False when there is no second device, so the key means nothing here.
    func switchDevice(at t: Double) -> Bool {
        guard var s = deviceSwitch, s.names.count > 1 else { return false }
        let next = (s.index + 1) % s.names.count
        do {
            try s.show(self, next, t)
        } catch {
            emit(.warning(Diagnostic(path: "", "u: device \(s.names[next]) cannot be shown, so \(s.names[s.index]) stays: \(error.message)")), at: t)
            return true
        }
        s.index = next
        deviceSwitch = s
        return true
    }

    /// The bottom line, led by the device shown when there are several (`u` switches).
    public func statusLine(width: Int) -> String {
        guard let s = deviceSwitch, s.names.count > 1 else { return hostStatusLine(width: width) }
        let label = s.label
        let rest = hostStatusLine(width: max(0, width - TextWidth.of(label) - 3))
        return TextWidth.truncate(rest.isEmpty ? label : label + " · " + rest, to: width)
    }
}
