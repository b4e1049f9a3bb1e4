// Where iOS cuts a collapsed notification's text on a given phone: title and subtitle one line each, the body up to
// four lines, each cut with "…" at the device's width.

import PushSimEngine

/// The collapsed notification's text as a phone lays it out. Widths are in display columns: one column stands for
/// the average advance of the system font at the notification's 15 pt (7.9 pt for the body, 8.4 pt for the bold
/// title), so an iPhone 15's four body lines hold about 176 characters — the ~178 that third-party measurements of
/// lock-screen previews report (Apple publishes no figure). The text's width is the device's less 16 pt of margins
/// and 28 pt of padding, and less 48 pt when a thumbnail sits beside it.
public struct NotificationText: Sendable, Equatable {
    /// The lock screen's lines of body: the one answer every front end uses (`NotificationLines`).
    public static let bodyLines = NotificationLines.on(.lockScreen).body
    public static let bodyAdvance = 7.9
    public static let titleAdvance = 8.4
    public static let horizontalInsets = 44.0
    public static let thumbnailWidth = 48.0

    public struct Field: Sendable, Equatable {
        /// `title`, `subtitle` or `body`.
        public var name: String
        public var full: String
        /// The lines as displayed (the last ends in "…" when cut).
        public var lines: [String]
        public var cut: Bool
        /// Characters (graphemes) of `full` that show, and how many it has.
        public var shownCharacters: Int
        public var totalCharacters: Int

        /// The text as the phone shows it on one line: what shows of `full`, then "…" when cut.
        public var displayed: String {
            guard cut else { return TextWidth.sanitized(full.replacingNewlines) }
            return String(full.replacingNewlines.prefix(shownCharacters)).trimmingTrailingSpaces + "…"
        }
    }

    public var title: Field?
    public var subtitle: Field?
    public var body: Field
    public var titleColumns: Int
    public var bodyColumns: Int

    /// The fields that were cut, in display order (the `notification` event's `truncated`).
    public var truncated: [String] { [title, subtitle, body].compactMap { $0 }.filter(\.cut).map(\.name) }

    public static func columns(deviceWidth: Double, thumbnail: Bool, advance: Double,
                               textSize: NotificationTextSize = .default) -> Int {
        let points = deviceWidth - horizontalInsets - (thumbnail ? thumbnailWidth : 0)
        return max(8, Int((points / (advance * textSize.scale)).rounded(.down)))
    }

    public static func layout(title: String?, subtitle: String?, body: String, deviceWidth: Double, thumbnail: Bool) -> NotificationText {
        let tc = columns(deviceWidth: deviceWidth, thumbnail: thumbnail, advance: titleAdvance)
        let bc = columns(deviceWidth: deviceWidth, thumbnail: thumbnail, advance: bodyAdvance)
        return NotificationText(title: title.map { line("title", $0, tc) }, subtitle: subtitle.map { line("subtitle", $0, bc) },
                                body: wrapped("body", body, bc), titleColumns: tc, bodyColumns: bc)
    }

    static func line(_ name: String, _ text: String, _ columns: Int) -> Field {
        let clean = TextWidth.sanitized(text)
        let cut = TextWidth.of(clean) > columns
        let shown = cut ? TextWidth.truncate(clean, to: columns) : clean
        return Field(name: name, full: text, lines: [shown], cut: cut, shownCharacters: cut ? shownPrefix(of: clean, lines: [shown]) : clean.count,
                     totalCharacters: clean.count)
    }

    static func wrapped(_ name: String, _ text: String, _ columns: Int) -> Field {
        // iOS keeps the body's line breaks; anything else that would move the cursor is a space.
        let clean = text.split(separator: "\n", omittingEmptySubsequences: false).map { TextWidth.sanitized(String($0)) }.joined(separator: "\n")
        let all = TextWidth.wrap(clean, width: columns)
        let cut = all.count > bodyLines
        let lines = cut ? TextWidth.wrap(clean, width: columns, maxLines: bodyLines) : all
        let total = clean.count
        return Field(name: name, full: text, lines: lines.isEmpty ? [""] : lines, cut: cut,
                     shownCharacters: cut ? shownPrefix(of: clean, lines: lines) : total, totalCharacters: total)
    }

    /// How many characters of `text` the cut `lines` show: the prefix holding as many non-space characters as the
    /// lines do without their "…" (wrapping drops the spaces it breaks at).
    static func shownPrefix(of text: String, lines: [String]) -> Int {
        var visible = lines.joined().filter { !$0.isWhitespace }
        if visible.hasSuffix("…") { visible.removeLast() }
        var need = visible.count, n = 0
        for ch in text {
            if need == 0 { break }
            n += 1
            if !ch.isWhitespace { need -= 1 }
        }
        return n
    }
}

extension String {
    var replacingNewlines: String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") }
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
