// PushwooshInboxKitAttributes: every toggle with the SDK's default (spec §3.2).

public struct InboxAttributes: Sendable, Equatable {
    /// Leaving the screen marks the visible unread rows read.
    public var automaticReadOnDisappear = true
    public var enableDarkTheme = true
    public var pullToRefreshEnabled = true
    public var swipeToDeleteEnabled = true
    /// The default transform floats pinned messages to the top (and the indicator needs it).
    public var pinningEnabled = true
    public var pinIndicatorVisible = true
    public var inlineButtonsEnabled = true
    /// Every message uses this kind, bypassing the resolver and its degrade rules.
    public var forceCellKind: InboxCellKind?
    public var emptyMessage = "Your inbox is empty"
    public var errorMessage = "Couldn't load messages"

    public init() {}

    /// The pin chip or glyph shows only when pinning is on, the message is pinned and the indicator is visible.
    public func showsPin(_ pinned: Bool) -> Bool { pinningEnabled && pinned && pinIndicatorVisible }
}
