// PushwooshInboxKitAttributes: every toggle with the SDK's default (spec §3.2).

public struct InboxAttributes: Sendable, Equatable {
    /// Leaving the screen marks the visible unread rows read.
    public var automaticReadOnDisappear = true
    /// Displayed rows are marked read: when the inbox appears, after each successful load and whenever scrolling
    /// stops (7.2.7, `PushwooshInboxKitAttributes.swift`; only when `sdk` has it: see `readsOnDisplay`).
    public var automaticReadOnDisplay = true
    /// The SDK release whose rules the feed follows (`--sdk`).
    public var sdk = SDKVersion.newest
    /// The iOS release the phone runs (`--ios`): the cells' run-time `#available(iOS 26.0, *)` branches follow it.
    public var ios = IOSVersion.default
    public var enableDarkTheme = true
    public var pullToRefreshEnabled = true
    public var swipeToDeleteEnabled = true
    /// The default transform floats pinned messages to the top (and the indicator needs it).
    public var pinningEnabled = true
    public var pinIndicatorVisible = true
    public var inlineButtonsEnabled = true
    /// Every message uses this kind, bypassing the resolver and its degrade rules.
    public var forceCellKind: InboxCellKind?
    /// Not an attribute: how the host's `PushwooshInboxKitDelegate` answers (each default true, as the protocol's
    /// default implementations).
    public var delegate = InboxDelegateAnswers()
    public var emptyMessage = "Your inbox is empty"
    public var errorMessage = "Couldn't load messages"

    public init() {}

    /// The attributes of an SDK release, with its defaults.
    public init(sdk: SDKVersion) { self.sdk = sdk }

    /// Whether displayed rows are read as they are shown: the attribute exists from 7.2.7 on.
    public var readsOnDisplay: Bool { automaticReadOnDisplay && sdk.inboxReadsOnDisplay }

    /// The pin chip or glyph shows only when pinning is on, the message is pinned and the indicator is visible.
    public func showsPin(_ pinned: Bool) -> Bool { pinningEnabled && pinned && pinIndicatorVisible }
}

/// The host's answers to `PushwooshInboxKitDelegate`'s questions: `didSelect`, `didTapButton`, `shouldDelete`.
public struct InboxDelegateAnswers: Sendable, Equatable {
    public var select = true
    public var button = true
    public var delete = true

    public init(select: Bool = true, button: Bool = true, delete: Bool = true) {
        self.select = select
        self.button = button
        self.delete = delete
    }
}
