// The SDK's native in-app message (PushwooshInApp, 7.2) as its parser leaves it: one type per template, every value
// already validated, defaulted and clamped the way `PWInAppConfigParser` does (Pushwoosh/pushwoosh-ios-sdk,
// iOS_SDK/Pushwoosh/PushwooshInApp/Model/PWInAppConfigParser.swift and PWInAppMessageModel.swift). Nothing here
// reads a clock or a file: the parser gets the arrival time and the appearance as arguments.

/// The ten templates, named as `displayType` names them (lowercased) and as events report them (`layout`).
public enum InAppLayout: String, Sendable, Equatable, CaseIterable {
    case modal, sheet, carousel, stories, banner, fullscreen, video, pip, scratchcard, spinwheel
}

/// A CSS hex colour (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, alpha last), components 0…1.
public struct InAppColor: Sendable, Equatable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// The SDK's contrast rule (`PWInAppStyle.contrastColor`): luminance 0.299 R + 0.587 G + 0.114 B above 0.65 is a
    /// light surface, whose text is white 0.12; anything else gets white.
    public var isLight: Bool { 0.299 * red + 0.587 * green + 0.114 * blue > 0.65 }
    public static let white = InAppColor(red: 1, green: 1, blue: 1)
    public static let black = InAppColor(red: 0, green: 0, blue: 0)
}

/// A text object `{ "text": non-empty string, "color": colour }` (both required).
public struct InAppText: Sendable, Equatable {
    public var text: String
    public var color: InAppColor
    public init(text: String, color: InAppColor) { self.text = text; self.color = color }
}

/// What a tap does. Every action dismisses the message; `url` opens its link first.
public enum InAppAction: Sendable, Equatable {
    case close
    case url(String)
}

/// A contract button: every key required (`text`, `background`, `border.color`, `border.radius` ≥ 0, `action`).
/// Action-less buttons (`spinwheel.spinButton`, `scratchcard.revealButton`) store `.close`.
public struct InAppButton: Sendable, Equatable {
    public var text: InAppText
    public var background: InAppColor
    public var borderColor: InAppColor
    public var borderRadius: Double
    public var action: InAppAction
    public init(text: InAppText, background: InAppColor, borderColor: InAppColor, borderRadius: Double, action: InAppAction) {
        self.text = text; self.background = background; self.borderColor = borderColor
        self.borderRadius = borderRadius; self.action = action
    }
}

/// `cover`: a required background colour and an optional image (fullscreen's backdrop, the scratch card's foil).
public struct InAppCover: Sendable, Equatable {
    public var background: InAppColor
    public var image: String?
    public init(background: InAppColor, image: String? = nil) { self.background = background; self.image = image }
}

/// A prize (scratch card, spin wheel): at least a title or a non-empty code; an optional button with a real action.
public struct InAppReward: Sendable, Equatable {
    public var title: InAppText?
    /// `nil` when absent, null or `""`.
    public var code: String?
    public var button: InAppButton?
    public var message: InAppText?
    public init(title: InAppText? = nil, code: String? = nil, button: InAppButton? = nil, message: InAppText? = nil) {
        self.title = title; self.code = code; self.button = button; self.message = message
    }
}

/// The scratch card's and spin wheel's `background`: one colour, or ≥ 2 stops of a diagonal gradient.
public enum InAppSurface: Sendable, Equatable {
    case solid(InAppColor)
    case gradient([InAppColor])
    /// The solid colour, or the gradient's first stop (the SDK keeps it as the solid fallback).
    public var first: InAppColor {
        switch self {
        case .solid(let c): return c
        case .gradient(let stops): return stops.first ?? .black
        }
    }
    /// A gradient card (`makeGradientSurface`) clips its content to its rounded corners; a solid one does not.
    public var isGradient: Bool {
        if case .gradient = self { return true }
        return false
    }
}

/// modal and sheet share their keys and check order.
public struct InAppCard: Sendable, Equatable {
    public var background: InAppColor
    public var title: InAppText?
    public var message: InAppText?
    public var image: String?
    public var showClose: Bool
    public var buttons: [InAppButton]
    public var dimBackground: Bool
    public init(background: InAppColor, title: InAppText? = nil, message: InAppText? = nil, image: String? = nil,
                showClose: Bool, buttons: [InAppButton], dimBackground: Bool) {
        self.background = background; self.title = title; self.message = message; self.image = image
        self.showClose = showClose; self.buttons = buttons; self.dimBackground = dimBackground
    }
}

public struct InAppCarouselItem: Sendable, Equatable {
    public var image: String?
    public var title: InAppText?
    public var message: InAppText?
    /// `nil`: the slide is not tappable.
    public var action: InAppAction?
    public init(image: String? = nil, title: InAppText? = nil, message: InAppText? = nil, action: InAppAction? = nil) {
        self.image = image; self.title = title; self.message = message; self.action = action
    }
}

public struct InAppCarousel: Sendable, Equatable {
    /// Parsed (required) but never read: the carousel always shows its close chip.
    public var showClose: Bool
    public var items: [InAppCarouselItem]
    public init(showClose: Bool, items: [InAppCarouselItem]) { self.showClose = showClose; self.items = items }
}

public struct InAppStoryItem: Sendable, Equatable {
    /// Seconds, > 0, clamped to ≤ 30.
    public var duration: Double
    public var image: String?
    public var title: InAppText?
    public var message: InAppText?
    public var buttons: [InAppButton]
    public init(duration: Double, image: String? = nil, title: InAppText? = nil, message: InAppText? = nil, buttons: [InAppButton] = []) {
        self.duration = duration; self.image = image; self.title = title; self.message = message; self.buttons = buttons
    }
}

public struct InAppStories: Sendable, Equatable {
    public var showClose: Bool
    public var loop: Bool
    public var items: [InAppStoryItem]
    public init(showClose: Bool, loop: Bool, items: [InAppStoryItem]) { self.showClose = showClose; self.loop = loop; self.items = items }
}

public struct InAppBanner: Sendable, Equatable {
    public enum Position: String, Sendable, Equatable { case top, bottom }
    public var position: Position
    /// Seconds after the slide-in; 0 = stays until dismissed (absent or null in the config).
    public var autoDismiss: Double
    public var image: String?
    public var title: InAppText?
    public var message: InAppText?
    public var background: InAppColor
    public var action: InAppAction
    public var showClose: Bool
    public init(position: Position, autoDismiss: Double, image: String? = nil, title: InAppText? = nil, message: InAppText? = nil,
                background: InAppColor, action: InAppAction, showClose: Bool) {
        self.position = position; self.autoDismiss = autoDismiss; self.image = image; self.title = title
        self.message = message; self.background = background; self.action = action; self.showClose = showClose
    }
}

public struct InAppFullscreen: Sendable, Equatable {
    public var cover: InAppCover
    public var title: InAppText?
    public var message: InAppText?
    public var buttons: [InAppButton]
    public var showClose: Bool
    public init(cover: InAppCover, title: InAppText? = nil, message: InAppText? = nil, buttons: [InAppButton], showClose: Bool) {
        self.cover = cover; self.title = title; self.message = message; self.buttons = buttons; self.showClose = showClose
    }
}

public struct InAppVideo: Sendable, Equatable {
    public var url: String
    public var poster: String?
    public var fallback: String?
    public var title: InAppText?
    public var message: InAppText?
    public var buttons: [InAppButton]
    public var loop: Bool
    public var muted: Bool
    public var showClose: Bool
    public init(url: String, poster: String? = nil, fallback: String? = nil, title: InAppText? = nil, message: InAppText? = nil,
                buttons: [InAppButton], loop: Bool, muted: Bool, showClose: Bool) {
        self.url = url; self.poster = poster; self.fallback = fallback; self.title = title; self.message = message
        self.buttons = buttons; self.loop = loop; self.muted = muted; self.showClose = showClose
    }
}

public struct InAppPip: Sendable, Equatable {
    public enum Corner: String, Sendable, Equatable, CaseIterable {
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
    }
    public var position: Corner
    /// Fraction of the screen width, already converted (a value > 1 is a percent) and clamped to 0.15…0.70.
    public var width: Double
    /// Height ÷ width.
    public var aspectRatio: Double
    /// Points; 16 when absent.
    public var borderRadius: Double
    public var url: String
    public var poster: String?
    public var fallback: String?
    public var loop: Bool
    public var muted: Bool
    public var action: InAppAction?
    /// Parsed (required) but never read: the pip always shows its close chip.
    public var showClose: Bool
    public init(position: Corner, width: Double, aspectRatio: Double, borderRadius: Double = 16, url: String, poster: String? = nil,
                fallback: String? = nil, loop: Bool, muted: Bool, action: InAppAction? = nil, showClose: Bool) {
        self.position = position; self.width = width; self.aspectRatio = aspectRatio; self.borderRadius = borderRadius
        self.url = url; self.poster = poster; self.fallback = fallback; self.loop = loop; self.muted = muted
        self.action = action; self.showClose = showClose
    }
}

public struct InAppScratchCard: Sendable, Equatable {
    /// The fixed light "ticket" under the foil, the reward panel's surface (`PWScratchCardInAppView`'s area: white
    /// 0.97, never theme-adaptive).
    public static let ticket = InAppColor(red: 0.97, green: 0.97, blue: 0.97)
    /// 0 < t ≤ 1 in the config, then clamped to 0.1…0.9.
    public var revealThreshold: Double
    public var cover: InAppCover
    public var background: InAppSurface
    public var title: InAppText?
    public var message: InAppText?
    /// Its configured action is ignored (it reveals): stored as `.close`.
    public var revealButton: InAppButton?
    public var reward: InAppReward
    public var showClose: Bool
    public init(revealThreshold: Double, cover: InAppCover, background: InAppSurface, title: InAppText? = nil, message: InAppText? = nil,
                revealButton: InAppButton? = nil, reward: InAppReward, showClose: Bool) {
        self.revealThreshold = revealThreshold; self.cover = cover; self.background = background; self.title = title
        self.message = message; self.revealButton = revealButton; self.reward = reward; self.showClose = showClose
    }
}

public struct InAppWheelSegment: Sendable, Equatable {
    /// The slice's label and its text colour (required).
    public var message: InAppText
    /// Parsed (required, ≥ 0) and never used by the SDK: the outcome is always `winIndex`.
    public var weight: Double
    /// `nil`: the view's palette colour for this index.
    public var color: InAppColor?
    /// `nil`: the wheel's reward.
    public var reward: InAppReward?
    public init(message: InAppText, weight: Double, color: InAppColor? = nil, reward: InAppReward? = nil) {
        self.message = message; self.weight = weight; self.color = color; self.reward = reward
    }
}

public struct InAppSpinWheel: Sendable, Equatable {
    /// 2…12 segments; segment 0 starts at 12 o'clock, slices clockwise, equal angles.
    public var segments: [InAppWheelSegment]
    /// Clamped to 0…count−1, truncated toward zero.
    public var winIndex: Int
    public var background: InAppSurface
    public var title: InAppText?
    public var message: InAppText?
    /// Action-less (stored as `.close`): the hub.
    public var spinButton: InAppButton
    public var reward: InAppReward
    public var loseTitle: InAppText?
    public var showClose: Bool
    public init(segments: [InAppWheelSegment], winIndex: Int, background: InAppSurface, title: InAppText? = nil, message: InAppText? = nil,
                spinButton: InAppButton, reward: InAppReward, loseTitle: InAppText? = nil, showClose: Bool) {
        self.segments = segments; self.winIndex = winIndex; self.background = background; self.title = title
        self.message = message; self.spinButton = spinButton; self.reward = reward; self.loseTitle = loseTitle
        self.showClose = showClose
    }
    /// The prize the wheel shows after stopping: the winning segment's reward, else the wheel's.
    public var resolvedReward: InAppReward { segments.indices.contains(winIndex) ? (segments[winIndex].reward ?? reward) : reward }
}

/// One template's content.
public enum InAppContent: Sendable, Equatable {
    case modal(InAppCard)
    case sheet(InAppCard)
    case carousel(InAppCarousel)
    case stories(InAppStories)
    case banner(InAppBanner)
    case fullscreen(InAppFullscreen)
    case video(InAppVideo)
    case pip(InAppPip)
    case scratchcard(InAppScratchCard)
    case spinwheel(InAppSpinWheel)

    public var layout: InAppLayout {
        switch self {
        case .modal: return .modal
        case .sheet: return .sheet
        case .carousel: return .carousel
        case .stories: return .stories
        case .banner: return .banner
        case .fullscreen: return .fullscreen
        case .video: return .video
        case .pip: return .pip
        case .scratchcard: return .scratchcard
        case .spinwheel: return .spinwheel
        }
    }

    /// The SDK's forced close chip (each view's `buildUI`): a template with no guaranteed way out shows the chip even
    /// with `showClose: false` — modal, fullscreen and video without buttons, carousel and pip always, scratch card and
    /// spin wheel when their (resolved) reward has no button. Sheet, banner and stories honour `showClose` literally.
    public var showsCloseChip: Bool {
        switch self {
        case .modal(let c): return c.showClose || c.buttons.isEmpty
        case .sheet(let c): return c.showClose
        case .carousel: return true
        case .stories(let s): return s.showClose
        case .banner(let b): return b.showClose
        case .fullscreen(let f): return f.showClose || f.buttons.isEmpty
        case .video(let v): return v.showClose || v.buttons.isEmpty
        case .pip: return true
        case .scratchcard(let s): return s.showClose || s.reward.button == nil
        case .spinwheel(let w): return w.showClose || w.resolvedReward.button == nil
        }
    }

    /// The image URLs the SDK prefetches at arrival (`PWInAppMessageModel.imageURLs`), in order.
    public var imageURLs: [String] {
        switch self {
        case .modal(let c), .sheet(let c): return [c.image].compactMap { $0 }
        case .banner(let b): return [b.image].compactMap { $0 }
        case .fullscreen(let f): return [f.cover.image].compactMap { $0 }
        case .carousel(let c): return c.items.compactMap(\.image)
        case .stories(let s): return s.items.compactMap(\.image)
        case .video(let v): return [v.poster, v.fallback].compactMap { $0 }
        case .pip(let p): return [p.poster, p.fallback].compactMap { $0 }
        case .scratchcard(let s): return [s.cover.image].compactMap { $0 }
        case .spinwheel: return []
        }
    }
}

/// A message as the parser returns it: the tolerant envelope plus the strict block.
public struct InAppMessage: Sendable, Equatable {
    /// `inAppId` (a string, or a number's decimal string); `nil` when absent, empty or any other type.
    public var id: String?
    public var maxDisplays: Int?
    /// Seconds.
    public var cooldown: Double?
    /// Unix seconds: `expireDate` when usable, else arrival + `ttl` when `ttl` > 0, else `nil`.
    public var expiresAt: Double?
    public var content: InAppContent
    /// True when the block's `dark` overlay was merged in (the phone was dark at arrival and the overlay was valid).
    public var darkApplied: Bool
    /// The release whose module parsed it and shows it (`--sdk`): its views and windows follow that release.
    public var sdk: SDKVersion = .newest

    public init(id: String? = nil, maxDisplays: Int? = nil, cooldown: Double? = nil, expiresAt: Double? = nil,
                content: InAppContent, darkApplied: Bool = false) {
        self.id = id; self.maxDisplays = maxDisplays; self.cooldown = cooldown; self.expiresAt = expiresAt
        self.content = content; self.darkApplied = darkApplied
    }

    public var layout: InAppLayout { content.layout }
}

/// Why the parser refused a config: the SDK's log KEY (`Invalid native in-app config, dropped at: KEY`) and one
/// sentence saying what was found and what the SDK wants, e.g. "`modal.title` must be an object {text, color}; found
/// a string".
public struct InAppDrop: Sendable, Equatable, Error {
    /// Exactly the SDK's KEY: `modal.buttons[1].border.radius`, `displayType "Xyz"`, `spinwheel.segments (2–12)`,
    /// `scratchcard.reward (title|code)`.
    public var key: String
    /// The JSON path of the offending value (for `validate`): `modal.buttons[1].border.radius`.
    public var path: String
    public var sentence: String
    public init(key: String, path: String, sentence: String) { self.key = key; self.path = path; self.sentence = sentence }
}

/// Everything one parse says: the message (or the drop), the dark overlay's fallback (the SDK's one fail-open path),
/// and warnings where the phone will differ from what the config says (for `validate` and the event log).
public struct InAppParseResult: Sendable, Equatable {
    public var message: InAppMessage?
    public var drop: InAppDrop?
    /// Set when a dark overlay was broken or its merged config was rejected, and the light variant was used: the
    /// reason as the SDK logs it inside `Invalid dark overlay (…), falling back to light variant`.
    public var darkFallback: String?
    /// When the dark merge was rejected, the drop the merged config hit (logged before the fallback).
    public var darkDrop: InAppDrop?
    public var warnings: [Diagnostic]
    public init(message: InAppMessage? = nil, drop: InAppDrop? = nil, darkFallback: String? = nil, darkDrop: InAppDrop? = nil,
                warnings: [Diagnostic] = []) {
        self.message = message; self.drop = drop; self.darkFallback = darkFallback; self.darkDrop = darkDrop; self.warnings = warnings
    }
}
