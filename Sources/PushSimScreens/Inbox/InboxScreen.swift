// The inbox feed screen: a header, the scrolling list of cards, empty/error states, a status line and key hints.

import Foundation
import PushSimEngine

/// Everything the feed screen shows, as data.
public struct InboxScreenModel {
    public var feed: InboxFeed
    public var context: InboxCardContext
    /// The highlighted row (the one Enter and 1–9 act on).
    public var highlighted = 0
    /// The first visible row and how many of its lines are scrolled off the top.
    public var top = 0
    public var topOffset = 0
    public var status = ""
    /// Pull to refresh in progress: the spinner frame to show.
    public var refreshFrame: Int?
    /// A swipe to delete in progress: the row and how far the "Delete" action has slid in (0–1).
    public var deleting: (row: Int, progress: Double)?
    /// What q does here: `q quit` for `pushsim inbox`, `q back` for a home-screen sample.
    public var leave = LeaveAction.quit
    /// With several `--tags` devices, the one the feed is filled for: the status line starts with it (`u` switches).
    public var deviceName: String?

    public init(feed: InboxFeed, context: InboxCardContext) {
        self.feed = feed
        self.context = context
    }
}

/// Where things were drawn, for mouse hit testing and "visible rows".
public struct InboxLayout: Equatable, Sendable {
    public struct Card: Equatable, Sendable {
        public var row: Int
        public var rect: Rect
        public var buttons: [Rect]
    }
    public var list: Rect
    public var cards: [Card]

    public func card(at x: Int, _ y: Int) -> Card? { cards.first { $0.rect.contains(x: x, y: y) && list.contains(x: x, y: y) } }
}

public enum InboxScreen {
    public static let minSize = Size(width: 30, height: 10)
    public static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Key hints, longest first; the first that fits the width is shown.
    public static func hints(leave: LeaveAction) -> [String] {
        let q = leave.hint
        return [
            "↑↓ move  ⏎ open  1-9 buttons  d delete  r refresh  m read all  c clear read  ? help  \(q)",
            "↑↓ move ⏎ open 1-9 buttons d delete r refresh m read all c clear read ? help \(q)",
            "↑↓ ⏎ open 1-9 buttons d delete r refresh m all read c clear ? help \(q)",
            "↑↓ ⏎ 1-9 d del r refresh m all read c clear ? \(q)",
            "↑↓ ⏎ d del r m c ? help \(q)",
        ]
    }

    /// The `?` box: every key and mouse gesture of the feed.
    public static func helpLines(leave: LeaveAction, devices: Bool = false) -> [String] {
        (devices ? ["u                  the next --tags device"] : []) + [
            "↑ ↓ j k PgUp PgDn  move the highlight",
            "← → h l  drag      page a carousel card's slides",
            "Enter  click       tap the row (read, then its link)",
            "1 … 9              tap the row's buttons",
            "d  Delete  drag ←  swipe to delete",
            "r  drag ↓ at top   pull to refresh (every 10 s at most)",
            "m                  mark every message read",
            "c                  clear the read messages",
            "w                  every warning about the feed",
            "wheel              scroll",
            (leave == .back ? "q  Esc             " : "q                  ") + "\(leave.word) (visible rows are marked read)",
        ]
    }

    /// Where the feed is drawn in a terminal of `size`: a phone's column (PhoneFrame), centred, so a wide terminal
    /// does not stretch the cards edge to edge; the whole terminal up to 80 columns.
    public static func column(_ size: Size) -> Rect { PhoneFrame.column(in: size) }

    public static func listRect(_ size: Size, refreshing: Bool) -> Rect {
        let top = refreshing ? 2 : 1
        let c = column(size)
        return Rect(x: c.x, y: top, width: c.width, height: max(0, size.height - 2 - top))
    }

    static func cardWidth(_ size: Size) -> Int { max(1, column(size).width - 2) }

    public static func cardHeight(_ m: InboxScreenModel, _ row: Int, _ size: Size) -> Int {
        InboxCard.height(m.feed.rows[row], context: m.context, width: cardWidth(size))
    }

    public static func render(_ m: InboxScreenModel, size: Size) -> Canvas {
        renderWithLayout(m, size: size).canvas
    }

    public static func renderWithLayout(_ m: InboxScreenModel, size: Size) -> (canvas: Canvas, layout: InboxLayout) {
        let col = column(size)
        if col.width < size.width {
            // The feed drawn at the column's size (whose column is itself), then moved to the middle; the margins
            // keep the terminal's own background.
            let inner = renderWithLayout(m, size: Size(width: col.width, height: col.height))
            var cv = Canvas(size: size)
            cv.blit(inner.canvas, x: col.x, y: col.y)
            func moved(_ r: Rect) -> Rect { Rect(x: r.x + col.x, y: r.y + col.y, width: r.width, height: r.height) }
            let cards = inner.layout.cards.map { InboxLayout.Card(row: $0.row, rect: moved($0.rect), buttons: $0.buttons.map(moved)) }
            return (cv, InboxLayout(list: moved(inner.layout.list), cards: cards))
        }
        let t = m.context.theme
        var cv = Canvas(size: size, fill: Cell(" ", fg: t.titleUnread, bg: t.page))
        let list = listRect(size, refreshing: m.refreshFrame != nil)
        guard size.width >= minSize.width, size.height >= minSize.height else {
            cv.centered(TooSmall.line(need: minSize, have: size), in: cv.bounds, y: size.height / 2, style: Style(fg: t.titleUnread))
            return (cv, InboxLayout(list: list, cards: []))
        }
        header(&cv, m, size)
        if let f = m.refreshFrame {
            cv.centered("\(spinner[f % spinner.count]) Refreshing…", in: Rect(x: 0, y: 1, width: size.width, height: 1), y: 1,
                        style: Style(fg: t.date))
        }
        var cards: [InboxLayout.Card] = []
        switch m.feed.screenState {
        case .empty:
            cv.centered(m.feed.attributes.emptyMessage, in: list.insetBy(dx: 3, dy: 0), y: list.y + list.height / 2, style: Style(fg: t.titleRead))
        case .error:
            cv.centered(m.feed.attributes.errorMessage, in: list.insetBy(dx: 3, dy: 0), y: list.y + list.height / 2, style: Style(fg: t.titleRead))
        case .list:
            var pane = Canvas(width: list.width, height: list.height, fill: Cell(" ", fg: t.titleUnread, bg: t.page))
            var y = -m.topOffset
            var i = max(0, min(m.top, m.feed.rows.count - 1))
            let w = cardWidth(size)
            while y < list.height, i < m.feed.rows.count {
                let row = m.feed.rows[i]
                let h = InboxCard.height(row, context: m.context, width: w)
                var buttons: [Rect]
                if let d = m.deleting, d.row == i {
                    buttons = []
                    var one = Canvas(width: w, height: h, fill: Cell(" ", bg: t.page))
                    InboxCard.draw(row, into: &one, x: 0, y: 0, width: w, highlighted: i == m.highlighted, context: m.context)
                    let shift = Int((min(1, max(0, d.progress)) * 12).rounded())
                    pane.blit(one, x: 1 - shift, y: y)
                    let action = Rect(x: 1 + w - shift, y: y, width: shift, height: h)
                    pane.fill(action, with: Cell(" ", fg: .white, bg: t.destructive))
                    if shift >= 8 { pane.centered("Delete", in: action, y: y + h / 2, style: Style(fg: .white, attrs: [.bold])) }
                } else {
                    buttons = InboxCard.draw(row, into: &pane, x: 1, y: y, width: w, highlighted: i == m.highlighted, context: m.context)
                }
                buttons = buttons.map { Rect(x: $0.x, y: $0.y + list.y, width: $0.width, height: $0.height) }
                cards.append(.init(row: i, rect: Rect(x: 1, y: y + list.y, width: w, height: h), buttons: buttons))
                y += h
                i += 1
            }
            cv.blit(pane, x: list.x, y: list.y)
        }
        let status = m.deviceName.map { "device \($0) (u next)" + (m.status.isEmpty ? "" : " · " + m.status) } ?? m.status
        cv.text(TextWidth.truncate(TextWidth.sanitized(status), to: size.width - 1), x: 1, y: size.height - 2, style: Style(fg: t.titleUnread))
        let all = hints(leave: m.leave)
        let hint = all.first { TextWidth.of($0) <= size.width - 2 } ?? all[all.count - 1]
        cv.text(TextWidth.truncate(hint, to: size.width - 1), x: 1, y: size.height - 1, style: Style(fg: t.date, attrs: [.dim]))
        return (cv, InboxLayout(list: list, cards: cards))
    }

    static func header(_ cv: inout Canvas, _ m: InboxScreenModel, _ size: Size) {
        let t = m.context.theme
        cv.fill(Rect(x: 0, y: 0, width: size.width, height: 1), with: Cell(" ", bg: t.card))
        cv.text("Inbox", x: 1, y: 0, style: Style(fg: t.titleUnread, attrs: [.bold]))
        let rows = m.feed.rows
        let unread = InboxCard.drawnUnreadCount(m.feed, m.context)
        let count = rows.isEmpty ? "" : "\(rows.count) message\(rows.count == 1 ? "" : "s") · \(unread) unread"
        let pos = rows.isEmpty ? "" : "  \(min(m.highlighted + 1, rows.count))/\(rows.count)"
        let right = count + pos
        cv.text(right, x: size.width - 1 - TextWidth.of(right), y: 0, style: Style(fg: t.date))
    }

    // MARK: scrolling

    /// Moves the viewport so the highlighted card is fully visible (its top at the list top when it is taller).
    public static func reveal(_ m: inout InboxScreenModel, size: Size) {
        let rows = m.feed.rows.count
        guard rows > 0 else { m.top = 0; m.topOffset = 0; m.highlighted = 0; return }
        m.highlighted = max(0, min(m.highlighted, rows - 1))
        m.top = max(0, min(m.top, rows - 1))
        let listH = listRect(size, refreshing: m.refreshFrame != nil).height
        if m.highlighted < m.top || (m.highlighted == m.top && m.topOffset > 0) {
            m.top = m.highlighted
            m.topOffset = 0
            return
        }
        // Lines from the viewport top to the highlighted card's bottom.
        var y = -m.topOffset
        var i = m.top
        while i < m.highlighted, y < listH {
            y += cardHeight(m, i, size)
            i += 1
        }
        let h = cardHeight(m, m.highlighted, size)
        if i == m.highlighted && y + h <= listH { return }
        // Scroll so the card's bottom sits on the list bottom, or its top at the list top if it is taller.
        if h >= listH {
            m.top = m.highlighted
            m.topOffset = 0
            return
        }
        var need = listH - h
        var k = m.highlighted
        while k > 0 {
            let ph = cardHeight(m, k - 1, size)
            if ph > need { m.top = k - 1; m.topOffset = ph - need; return }
            need -= ph
            k -= 1
        }
        m.top = 0
        m.topOffset = 0
    }

    /// Scroll the viewport by `lines` (the wheel), without moving past the ends.
    public static func scroll(_ m: inout InboxScreenModel, by lines: Int, size: Size) {
        guard !m.feed.rows.isEmpty else { return }
        var n = lines
        while n > 0 {
            let h = cardHeight(m, m.top, size)
            if m.topOffset + 1 < h { m.topOffset += 1 }
            else if m.top + 1 < m.feed.rows.count { m.top += 1; m.topOffset = 0 }
            else { break }
            n -= 1
        }
        while n < 0 {
            if m.topOffset > 0 { m.topOffset -= 1 }
            else if m.top > 0 { m.top -= 1; m.topOffset = cardHeight(m, m.top, size) - 1 }
            else { break }
            n += 1
        }
    }

    /// Rows at least partly on screen (what `indexPathsForVisibleRows` would report).
    public static func visibleRows(_ m: InboxScreenModel, size: Size) -> [Int] {
        let listH = listRect(size, refreshing: m.refreshFrame != nil).height
        var out: [Int] = []
        var y = -m.topOffset
        var i = m.top
        while y < listH, i < m.feed.rows.count {
            out.append(i)
            y += cardHeight(m, i, size)
            i += 1
        }
        return out
    }

    /// How many rows a page key moves: the rows that fit in the list, at least one.
    public static func pageRows(_ m: InboxScreenModel, size: Size) -> Int {
        max(1, visibleRows(m, size: size).count - 1)
    }
}
