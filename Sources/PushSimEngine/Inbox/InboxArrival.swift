// An inbox push arriving while the feed is on screen (spec §3.8 "Inbox notifications", §3.10 "Parsing a push
// message"): the new message joins the displayed rows at once, unread, in the default order.

import Foundation

extension InboxFeed {
    /// `…DidReceiveInPush` for one message (already parsed, with the device's receive time as its `sendDate`):
    /// - a new code is prepended and the transform runs (§3.8 step 1), so it takes its place in the default order
    ///   (pinned first, unread first, newest first; ahead of rows it ties with) and the screen leaves the empty or
    ///   error state for the list. Only the new row is built: the others keep theirs, and the transform is the
    ///   stable sort `reorder` runs, so a push into a 100,000-row feed costs one sort of nearly sorted keys;
    /// - a code already shown is updated, never duplicated: a later push copy replaces an earlier one, keeping a
    ///   status that is further along (a read message stays read: Read never moves back to Delivered), while a copy
    ///   fetched from the server wins over the push copy (§3.10 `updateAllMessages`), as `pushsim inbox` does when
    ///   it merges files;
    /// - a code not shown but stored with a status further along (deleted on this device) keeps it, as a load's
    ///   merge would (§3.10: "a message read or deleted locally stays read or deleted"), so a deleted message stays
    ///   deleted; `stored` is that status;
    /// - an expired message (`rt` before now) is never shown (`getAllMessages` filters it).
    /// The outcome holds a `receive` event (`code`, `title`) and any `degrade` of the new card, the status to store
    /// (Delivered for a new code) and the status line ("New message: TITLE").
    public mutating func receive(_ m: InboxMessage, stored: InboxStatus? = nil, now: Date) -> InboxOutcome {
        var out = InboxOutcome()
        let title = InboxFeed.displayTitle(m)
        if m.isExpired(at: now) {
            out.events.append(.warning(Diagnostic(.warning, path: m.code,
                "the inbox push expired on \(InboxFeed.iso8601(m.expirationDate!)); the SDK never shows expired messages")))
            out.status = "Expired on arrival: \(title)"
            return out
        }
        var arriving = m
        let isNew: Bool
        if let i = index(of: m.code) {
            let shown = rows[i].message
            if !shown.isFromNotification && m.isFromNotification {
                out.events.append(.warning(Diagnostic(.warning, path: m.code,
                    "code \(JSONValue.string(m.code).quoted) is already in the feed from the server; the push copy is ignored, as the SDK keeps the server copy")))
                out.status = "Already in the feed: \(InboxFeed.displayTitle(shown))"
                return out
            }
            arriving.status = InboxMerge.winner(stored: shown.status, feed: m.status)
            if arriving.status != shown.status { out.persist[m.code] = arriving.status }
            // Only new codes are prepended (§3.8 step 1): the row on screen keeps its old content until the
            // debounced merge reload, which `reorder` is.
            pendingUpdates[m.code] = arriving
            isNew = false
        } else {
            if let stored { arriving.status = InboxMerge.winner(stored: stored, feed: m.status) }
            if arriving.status.isDeleted {
                out.events.append(.warning(Diagnostic(.warning, path: m.code,
                    "message \(JSONValue.string(m.code).quoted) was deleted on this device; it stays deleted")))
                out.status = "Deleted earlier: \(title)"
                return out
            }
            if arriving.status != stored { out.persist[m.code] = arriving.status }
            rows.insert(InboxRow(arriving, forceCellKind: attributes.forceCellKind, sdk: attributes.sdk), at: 0)
            isNew = true
        }
        transformRows()
        recount()
        loadError = nil
        out.events.append(Event("receive", ["code": .string(m.code), "title": .string(title)]))
        if let i = index(of: m.code), let d = rows[i].resolution.degrade { out.events.append(d.event) }
        out.status = (isNew ? "New message: " : "Updated message: ") + title
        return out
    }

    /// A silent inbox push: one without an alert body (`message` nil; an empty body is not silent). The SDK does
    /// not store it; it runs a full load and shows the server's copy of its code instead (spec §3.10).
    public static func isSilent(_ m: InboxMessage) -> Bool { m.isFromNotification && m.message == nil }

    /// What a card shows as the title: the title, or the message when the title is empty (§3.5 classic cell).
    static func displayTitle(_ m: InboxMessage) -> String {
        if let t = m.title, !t.isEmpty { return t }
        return m.message ?? ""
    }
}
