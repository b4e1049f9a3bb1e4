// InboxKit's default date label: "HH:mm" today, "Yesterday", otherwise "MMM d" (spec §3.3), relative to the simulated now.

import Foundation

public struct InboxDateFormatter: @unchecked Sendable {  // DateFormatter formats safely from any thread
    public var now: Date
    public var timeZone: TimeZone
    private let time: DateFormatter
    private let day: DateFormatter
    private let calendar: Calendar

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
        time = InboxDateFormatter.formatter("HH:mm", timeZone)
        day = InboxDateFormatter.formatter("MMM d", timeZone)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        calendar = cal
    }

    static func formatter(_ pattern: String, _ tz: TimeZone) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = tz
        f.dateFormat = pattern
        return f
    }

    /// A nil date shows as now, as `style.dateFormatter(message.sendDate ?? Date())` does.
    public func string(_ date: Date?) -> String {
        let d = date ?? now
        if calendar.isDate(d, inSameDayAs: now) { return time.string(from: d) }
        if let y = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(d, inSameDayAs: y) { return "Yesterday" }
        return day.string(from: d)
    }
}
