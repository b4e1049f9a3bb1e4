// The Pushwoosh iOS SDK release whose behaviour pushsim follows (`--sdk`), and every rule that differs by release.

/// A release of `Pushwoosh/pushwoosh-ios-sdk`. Only releases whose source was read are known; where a rule changed,
/// the release on it is the first read release that has the change (releases in between whose source was not read,
/// such as 7.2.2 and 7.2.3, are not offered). Every version-dependent rule is a property here, so the choice is made
/// in one place and each experience asks by name.
public struct SDKVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// 7.1.3: the last release in the SDK's public git history (`f8c5cc8`).
    public static let v7_1_3 = SDKVersion(7, 1, 3)
    /// 7.2.5: the banner and captioned cards take their hero from the push attachment; the captioned layout changes.
    public static let v7_2_5 = SDKVersion(7, 2, 5)
    /// 7.2.6: captioned and carousel cards need a title and a body; `l` and `attachment` must be strings.
    public static let v7_2_6 = SDKVersion(7, 2, 6)
    /// 7.2.7: rows read on display; every card interaction reports an open; a message's own action owns every tap.
    public static let v7_2_7 = SDKVersion(7, 2, 7)
    /// The newest release whose source was read: the default.
    public static let newest = SDKVersion(7, 2, 9)

    /// The releases `--sdk` accepts, oldest first: 7.1.3 and every later release whose source is known. Releases
    /// that differ in no rule behave like the nearest older one that does (7.2.8 and 7.2.9 like 7.2.7).
    public static let known: [SDKVersion] = [
        v7_1_3, SDKVersion(7, 1, 4), SDKVersion(7, 2, 0), SDKVersion(7, 2, 1), SDKVersion(7, 2, 4),
        v7_2_5, v7_2_6, v7_2_7, SDKVersion(7, 2, 8), newest,
    ]

    /// A known release from its text (`7.2.9`); nil for anything else.
    public init?(_ text: String) {
        guard let v = Self.known.first(where: { $0.description == text }) else { return nil }
        self = v
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    /// The known releases as one list, for help and error messages.
    public static var knownList: String { known.map(\.description).joined(separator: ", ") }

    /// The sentence for a version that is not known.
    public static func unknownMessage(_ text: String) -> String {
        "--sdk: unknown SDK release '\(cut(text))'; known releases: \(knownList)"
    }

    /// A value the user typed, quoted in a message: cut at 40 characters, so a 100 KB value is not echoed whole.
    public static func cut(_ text: String) -> String {
        text.utf8.count > 40 && text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    public static func < (a: SDKVersion, b: SDKVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    // MARK: InboxKit rules (each names the SDK source that has it)

    /// `automaticReadOnDisplay` exists (default true): rows are read as soon as they are displayed
    /// (`PushwooshInboxKitAttributes.swift`, `PushwooshInboxKitViewController.swift` `markDisplayedAsRead`, 7.2.7).
    public var inboxReadsOnDisplay: Bool { self >= .v7_2_7 }

    /// The banner and captioned hero is `attachment`, then `b` (http/https only), before the image chain
    /// (`resolvedBannerURL(from:)`, 7.2.5); the resolver's "has image" follows it.
    public var inboxHeroFromAttachment: Bool { self >= .v7_2_5 }

    /// The captioned card has a round icon (when the icon differs from the hero) and its unread dot on the hero
    /// (`PushwooshInboxCaptionedCell.swift`, 7.2.5).
    public var inboxCaptionedIcon: Bool { self >= .v7_2_5 }

    /// Captioned and carousel cards need a title and a body (`defaultCellKindResolver`, 7.2.6).
    public var inboxRichCardsNeedBody: Bool { self >= .v7_2_6 }

    /// Every card interaction reports an open (status 3), even when the host vetoes (`reportAction`, 7.2.7).
    public var inboxReportsEveryInteraction: Bool { self >= .v7_2_7 }

    /// A message's own action (`rm`, `l`, `h`, `r`) owns every tap, and video/wallet cards own the row tap
    /// (`hasMessageAction`, `handleRowTapOwnedByCard`, 7.2.7).
    public var inboxMessageActionOwnsTaps: Bool { self >= .v7_2_7 }

    /// The core reads `l` and `attachment` only when they are strings (`PWInboxMessageInternal.m`, 7.2.6).
    public var inboxStringOnlyLinkAndAttachment: Bool { self >= .v7_2_6 }
}
