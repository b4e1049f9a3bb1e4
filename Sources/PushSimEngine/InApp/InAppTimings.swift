// How long each template's in- and out-animation runs (each view's `present(in:)` / `dismiss`, PWInAppStyle's shared
// card animation), with and without Reduce Motion. The SDK's springs complete at their duration.

extension InAppLayout {
    /// Seconds from `DidPresent` (the animation's start) to the message fully in.
    public func inDuration(reduceMotion: Bool) -> Double {
        switch self {
        case .modal: return reduceMotion ? 0.2 : 0.55
        case .sheet: return reduceMotion ? 0.2 : 0.5
        case .carousel, .scratchcard, .spinwheel: return reduceMotion ? 0.2 : 0.5
        case .stories: return 0.25          // no Reduce Motion variant
        case .banner: return 0.45           // no Reduce Motion handling
        case .fullscreen, .video: return 0.3
        case .pip: return 0.4
        }
    }

    /// Seconds from the dismiss to `DidClose`.
    public func outDuration(reduceMotion: Bool) -> Double {
        switch self {
        case .modal, .carousel, .scratchcard, .spinwheel: return reduceMotion ? 0.15 : 0.22
        case .sheet: return reduceMotion ? 0.15 : 0.25
        case .stories: return 0.2
        case .banner: return 0.25
        case .fullscreen, .video, .pip: return 0.22
        }
    }

    /// What a tap on the app beside the message does (spec'd per view; sheet and carousel as the newer views do it).
    public enum OutsideTap: Sendable, Equatable {
        /// The message covers the screen: there is no "beside".
        case covered
        /// The backdrop is a scrim that takes the tap and closes the message.
        case closes
        /// Nothing of the message is there: the app gets the tap.
        case passesThrough
    }
}

extension InAppContent {
    public var outsideTap: InAppLayout.OutsideTap {
        switch self {
        case .modal(let c), .sheet(let c): return c.dimBackground ? .closes : .passesThrough
        case .carousel: return .closes
        case .stories, .fullscreen, .video: return .covered
        case .banner, .scratchcard, .spinwheel, .pip: return .passesThrough
        }
    }
}

extension InAppMessage {
    /// A tap beside the message at its release: at 7.2.0 the sheet and the carousel have a clear backdrop that lets
    /// touches through (`PWInAppStyle.makeBackdrop()` in `PWSheetInAppView.swift` / `PWCarouselInAppView.swift`
    /// @fd34d7d); the scrim that closes on a tap comes with 7.2.1 (`SDKVersion.inAppSheetAndCarouselScrim`).
    public var outsideTap: InAppLayout.OutsideTap {
        switch content {
        case .sheet where !sdk.inAppSheetAndCarouselScrim, .carousel where !sdk.inAppSheetAndCarouselScrim: return .passesThrough
        default: return content.outsideTap
        }
    }

    /// How dark the backdrop behind the message is (0 … 0.8): 60 % black behind a dimmed modal or sheet, 80 % behind
    /// a carousel, none behind a sheet or a carousel at 7.2.0 (clear `makeBackdrop()`).
    public var backdropDim: Double {
        switch content {
        case .sheet where !sdk.inAppSheetAndCarouselScrim, .carousel where !sdk.inAppSheetAndCarouselScrim: return 0
        case .modal(let c), .sheet(let c): return c.dimBackground ? 0.6 : 0
        case .carousel: return 0.8
        default: return 0
        }
    }
}

/// The simulated phone's screen in points and its safe-area insets (status bar, home indicator).
public struct InAppDevice: Sendable, Equatable {
    public var screen: InAppSize
    public var safeTop: Double
    public var safeBottom: Double
    public init(screen: InAppSize = .iPhone15, safeTop: Double = DefaultPhone.safeTop, safeBottom: Double = DefaultPhone.safeBottom) {
        self.screen = screen; self.safeTop = safeTop; self.safeBottom = safeBottom
    }
}
