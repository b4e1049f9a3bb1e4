// The SDK's overridable toggles of `PushwooshStoriesViewController` (spec §1.7), as one value.

public struct StoriesOptions: Sendable, Equatable {
    /// `storyAspectRatio`: story height = width × ratio (default 1.5).
    public var aspectRatio: Double
    /// `hapticsEnabled` (default off): a soft impact on tap navigation only.
    public var haptics: Bool
    /// `longPressToPauseEnabled` (default off).
    public var longPressPause: Bool
    /// `crossfadesBetweenPages` (default off): 0.3 s cross-dissolve between page images.
    public var crossfade: Bool
    /// `loopsAfterLastPage` (default off).
    public var loop: Bool
    /// UIAccessibility Reduce Motion: turns the crossfade into an instant swap, nothing else.
    public var reduceMotion: Bool
    /// `appGroupIdentifier`: where the image cache lives (`<dir>/pw_stories_cache/`); nil = the user cache folder.
    public var appGroup: String?

    public init(aspectRatio: Double = 1.5, haptics: Bool = false, longPressPause: Bool = false, crossfade: Bool = false,
                loop: Bool = false, reduceMotion: Bool = false, appGroup: String? = nil) {
        self.aspectRatio = aspectRatio
        self.haptics = haptics
        self.longPressPause = longPressPause
        self.crossfade = crossfade
        self.loop = loop
        self.reduceMotion = reduceMotion
        self.appGroup = appGroup
    }

    /// spec §1.7: the cross-dissolve lasts 0.3 s, and is instant with Reduce Motion.
    public var crossfadeDuration: Double { crossfade && !reduceMotion ? 0.3 : 0 }
}
