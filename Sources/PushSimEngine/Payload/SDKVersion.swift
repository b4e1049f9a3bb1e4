// The Pushwoosh iOS SDK release whose behaviour pushsim follows (`--sdk`), and every rule that differs by release.

/// A release of `Pushwoosh/pushwoosh-ios-sdk`. Where a rule changed, the release on it is the first release whose
/// stored source has the change; a release whose source is not stored (7.2.3) has the rules of the nearest older one
/// that is (7.2.2). Every version-dependent rule is a property here, so the choice is made in one place and each
/// experience asks by name. The commits of the stored releases (in the SDK's code history, read file by file):
/// 7.1.3 `f8c5cc8`, 7.1.4 `0e1645a`, 7.2.0 `fd34d7d`, 7.2.1 `4c81a0b`, 7.2.2 `02d4eb3`, 7.2.4 `e380b5b`,
/// 7.2.5 `5741657`, 7.2.6 `93694e4`, 7.2.7 `b1518f7`, 7.2.8 `a092cdc`, 7.2.9 `c8803d6`.
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
    /// 7.2.1 (`4c81a0b`): the in-app sheet's and carousel's real scrim, and their safe-area fixes.
    public static let v7_2_1 = SDKVersion(7, 2, 1)
    /// 7.2.2 (`02d4eb3`): the inbox core reads `l` and `attachment` only as strings and skips a feed item that is not
    /// an object; the foreground-push delegate setter checks its argument.
    public static let v7_2_2 = SDKVersion(7, 2, 2)
    /// 7.2.4 (`e380b5b`): the in-app parser retries a link `URL(string:)` refuses, percent-encoded.
    public static let v7_2_4 = SDKVersion(7, 2, 4)
    /// 7.2.5: the banner and captioned cards take their hero from the push attachment; the captioned layout changes.
    public static let v7_2_5 = SDKVersion(7, 2, 5)
    /// 7.2.6: captioned and carousel cards need a title and a body; the InboxKit carousel shows at most five slides.
    public static let v7_2_6 = SDKVersion(7, 2, 6)
    /// 7.2.7: rows read on display; every card interaction reports an open; a message's own action owns every tap;
    /// the in-app dark overlay.
    public static let v7_2_7 = SDKVersion(7, 2, 7)
    /// The newest release whose source was read: the default.
    public static let newest = SDKVersion(7, 2, 9)

    /// 7.2.0 (`fd34d7d`): the first release with the native in-app module (`PushwooshInApp`).
    public static let v7_2_0 = SDKVersion(7, 2, 0)

    /// The releases `--sdk` accepts, oldest first: every release from 7.1.3 to the newest. Releases that differ in no
    /// rule behave like the nearest older one that does (7.2.3 like 7.2.2; 7.2.8 and 7.2.9 like 7.2.7).
    public static let known: [SDKVersion] = [
        v7_1_3, SDKVersion(7, 1, 4), v7_2_0, v7_2_1, v7_2_2, SDKVersion(7, 2, 3), v7_2_4,
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

    /// The core reads `l` and `attachment` only when they are strings, and checks that `attachment` is http(s)
    /// (`PWInboxMessageInternal.m@02d4eb3`, 7.2.2); 7.1.3 sends them `hasPrefix:`, which crashes on a non-string.
    public var inboxStringOnlyLinkAndAttachment: Bool { self >= .v7_2_2 }

    /// A server feed item that is not an object is skipped (`validateDictionary` returns NO before it reads the item,
    /// `PWInboxMessageInternal.m@02d4eb3`, 7.2.2). At 7.1.3 (`@f8c5cc8`) it still sends the item `objectForKey:`, and
    /// the app crashes when the feed loads.
    public var inboxSkipsNonObjectFeedItem: Bool { self >= .v7_2_2 }

    /// The most slides an InboxKit carousel card shows (`maxSlides = 5`, slides without an image skipped and taking
    /// no place, `PushwooshInboxCarouselSlide.swift@93694e4`, 7.2.6); nil: every slide with an image (before 7.2.6).
    public var inboxCarouselMaxSlides: Int? { self >= .v7_2_6 ? 5 : nil }

    // MARK: PushwooshInApp rules (iOS_SDK/Pushwoosh/PushwooshInApp/, each stored version at its release)

    /// The sheet (with `dimBackground`) and the carousel put a blocking scrim behind themselves that closes the
    /// message on a tap (60 % and 80 % black; `PWSheetInAppView.swift`, `PWCarouselInAppView.swift` @4c81a0b, 7.2.1).
    /// At 7.2.0 (`@fd34d7d`) both use `PWInAppStyle.makeBackdrop()`, clear and not interactive: a tap beside them
    /// reaches the app and closes nothing.
    public var inAppSheetAndCarouselScrim: Bool { self >= .v7_2_1 }

    /// A link `URL(string:)` refuses is percent-encoded (URL-fragment-allowed and `%`) and parsed once more
    /// (`resolveURL` in `PWInAppConfigParser.swift@e380b5b`, 7.2.4). Before, such a link was simply none.
    public var inAppRetriesRefusedLink: Bool { self >= .v7_2_4 }

    /// The dark overlay: a dark phone merges the template's `dark` block before parsing (`PWInAppDarkOverlay.swift`,
    /// `parse(_:isDark:)` in `PWInAppConfigParser.swift` @b1518f7, 7.2.7). Before, `dark` is an unread key and every
    /// phone shows the light config.
    public var inAppDarkOverlay: Bool { self >= .v7_2_7 }
}
