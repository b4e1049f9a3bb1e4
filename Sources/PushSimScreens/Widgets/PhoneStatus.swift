// The phone and the iOS release a run simulates, at the end of an experience's status line when there is room.

import PushSimCanvas
import PushSimEngine

/// What the status line says of the simulated phone: its name (`iPhone 17 Pro`, when the experience takes `--device`)
/// and the iOS release (`--ios`). A tester reading a terminal or a screenshot of it sees which phone and design they
/// are looking at; it is the least urgent part of the line, so it is dropped, never cut, when the terminal is narrow.
public struct PhoneStatus: Sendable, Equatable {
    /// The phone's marketing name; nil for an experience that draws no particular phone.
    public var phone: String?
    public var ios: IOSVersion

    public init(phone: String? = nil, ios: IOSVersion = .default) {
        self.phone = phone
        self.ios = ios
    }

    /// `iPhone 15 · iOS 26`, or `iOS 26` without a phone.
    public var label: String { [phone, "iOS \(ios)"].compactMap { $0 }.joined(separator: " · ") }

    /// `text` followed by ` · iPhone 15 · iOS 26` when the whole fits `width` columns (display width: a CJK character
    /// or an emoji takes two), else by ` · iOS 26` when that fits, else `text` unchanged.
    public func appended(to text: String, width: Int) -> String {
        for tail in [label, "iOS \(ios)"] {
            let line = text.isEmpty ? tail : text + " · " + tail
            if TextWidth.of(line) <= width { return line }
        }
        return text
    }
}
