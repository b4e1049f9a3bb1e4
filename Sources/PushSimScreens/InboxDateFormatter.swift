// InboxKit's default date label: "HH:mm" today, "Yesterday", otherwise "MMM d" (spec §3.3), relative to the simulated now.

import Foundation

public struct InboxDateFormatter: Sendable {
    public var now: Date
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    /// A nil date shows as now, as `style.dateFormatter(message.sendDate ?? Date())` does.
    public func string(_ date: Date?) -> String {
        let d = date ?? now
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        if cal.isDate(d, inSameDayAs: now) { return format(d, "HH:mm") }
        if let y = cal.date(byAdding: .day, value: -1, to: now), cal.isDate(d, inSameDayAs: y) { return "Yesterday" }
        return format(d, "MMM d")
    }

    func format(_ d: Date, _ pattern: String) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = timeZone
        f.dateFormat = pattern
        return f.string(from: d)
    }
}
