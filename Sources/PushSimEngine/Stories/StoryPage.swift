// One story page as the SDK models it (`StoryPage`): an image, how long it shows, and optional text and button.

public struct StoryPage: Sendable, Equatable {
    /// spec §1.3: `StoryPage.defaultDuration` and `maxDuration`.
    public static let defaultDuration = 5.0
    public static let maxDuration = 30.0

    /// The image URL exactly as written in the payload (it has a scheme; `file:` URLs may be relative).
    public var image: String
    public var duration: Double
    public var link: String?
    public var buttonTitle: String?
    public var title: String?
    public var subtitle: String?

    public init(image: String, duration: Double = StoryPage.defaultDuration, link: String? = nil,
                buttonTitle: String? = nil, title: String? = nil, subtitle: String? = nil) {
        self.image = image
        self.duration = duration
        self.link = link
        self.buttonTitle = buttonTitle
        self.title = title
        self.subtitle = subtitle
    }

    /// spec §1.7: the call-to-action shows only with a link and a non-empty button title.
    public var hasCallToAction: Bool { link != nil && !(buttonTitle ?? "").isEmpty }
}

/// What parsing a userInfo gives: the pages (maybe none), where they were found, and everything dropped.
public struct StoriesPayload: Sendable, Equatable {
    public enum Source: String, Sendable, Equatable {
        /// Root `pw_stories` (the `ios_root_params` delivery).
        case root = "pw_stories"
        /// `u.pw_stories` (the `data` delivery).
        case customData = "u.pw_stories"
        case userdata = "userdata.pw_stories"
    }

    public var pages: [StoryPage]
    /// Where the `pw_stories` block was found; nil when there is none.
    public var source: Source?
    /// The notification body shown by the fallback (`aps.alert.body`, or `aps.alert` when it is a string).
    public var body: String
    public var title: String?
    public var diagnostics: [Diagnostic]
    /// The JSON path of each page in `pages` (`pw_stories.pages[3]`), for findings about a page.
    public var pagePaths: [String] = []

    public init(pages: [StoryPage], source: Source?, body: String, title: String? = nil, diagnostics: [Diagnostic] = []) {
        self.pages = pages
        self.source = source
        self.body = body
        self.title = title
        self.diagnostics = diagnostics
    }

    public var isFallback: Bool { pages.isEmpty }
}
