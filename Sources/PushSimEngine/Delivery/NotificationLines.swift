// How many lines of a notification's title, subtitle and body iOS shows, by where it shows: the one answer the
// terminal, snapshot, record, validate and the contact sheet's report all draw and report.

/// Where iOS shows a notification's text, collapsed.
///
/// Apple publishes no line counts: its notification guide says only that "if necessary, iOS truncates your message
/// so that it fits well in each notification delivery style" (Local and Remote Notification Programming Guide,
/// https://developer.apple.com/library/archive/documentation/NetworkingInternet/Conceptual/RemoteNotificationsPG/).
/// The counts below are the published measurements: the lock screen's list and Notification Center show the title on
/// one line and up to four lines of body (about 178 characters on a 6.1-inch phone at the default text size), a banner
/// the title and two lines of body (https://bestconnections.org/ios-notifications-show-previews/, and the figures
/// collected at https://syntaxfix.com/question/35448/what-is-the-maximum-length-of-a-push-notification-alert-text).
/// The phone's width and its text size change how many characters a line holds (`NotificationTextSize`), never how
/// many lines show.
public enum NotificationSurface: String, Sendable, CaseIterable {
    /// The lock screen's list and Notification Center (the collapsed story notification).
    case lockScreen
    /// The banner that drops in while the phone is in use (in-app and foreground banners).
    case banner
}

/// The lines each field gets on a surface.
public struct NotificationLines: Sendable, Equatable {
    public var title: Int
    public var subtitle: Int
    public var body: Int

    public init(title: Int, subtitle: Int, body: Int) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    public static func on(_ surface: NotificationSurface) -> NotificationLines {
        switch surface {
        case .lockScreen: NotificationLines(title: 1, subtitle: 1, body: 4)
        case .banner: NotificationLines(title: 1, subtitle: 1, body: 2)
        }
    }

    /// The words for a cut field, as `validate` and the reports say it: "4 lines show", "one line shows".
    public func phrase(for field: String) -> String {
        let n = field == "body" ? body : field == "subtitle" ? subtitle : title
        return n == 1 ? "one line shows" : "\(n) lines show"
    }
}

/// The phone's text size (Settings › Display & Brightness › Text Size): Dynamic Type scales the notification's fonts,
/// so a line holds fewer characters; the number of lines stays (`NotificationLines`). The scale is the body style's
/// point size over the default's (17 pt at Large), from Apple's Human Interface Guidelines' Dynamic Type sizes
/// (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications).
public enum NotificationTextSize: String, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge

    public static let `default` = NotificationTextSize.large

    public var scale: Double {
        switch self {
        case .xSmall: 14.0 / 17
        case .small: 15.0 / 17
        case .medium: 16.0 / 17
        case .large: 1
        case .xLarge: 19.0 / 17
        case .xxLarge: 21.0 / 17
        case .xxxLarge: 23.0 / 17
        }
    }
}
