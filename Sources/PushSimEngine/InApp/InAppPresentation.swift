// What is on screen for one native in-app message at one moment: the seam between the player (which moves it on a
// simulated clock) and the two drawings of it (terminal cells in PushSimScreens/InApp, phone pixels in
// PushSimPicture/InApp). Geometry is in points on the simulated device; drawings scale it to cells or pixels.

public struct InAppPoint: Sendable, Equatable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

public struct InAppSize: Sendable, Equatable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The default device's screen (`DefaultPhone`: an iPhone 15, 393 × 852 pt).
    public static let iPhone15 = InAppSize(width: DefaultPhone.width, height: DefaultPhone.height)
}

/// The scratch card's foil: the SDK measures coverage on a 16 × 10 grid over the scratch area.
public struct InAppScratchState: Sendable, Equatable {
    public static let columns = 16, rows = 10
    /// Row-major, `columns × rows` cells; true = erased (marked).
    public var grid: [Bool]
    /// Every stroke so far, as points in fractions 0…1 of the scratch area (the erased path, drawn 46 pt wide).
    public var strokes: [[InAppPoint]]
    public var revealed: Bool
    /// The foil's fade after the reveal, 0 (opaque) … 1 (gone).
    public var foilFade: Double
    /// The yellow border's growth once the foil has gone (`glowScratchArea`: `borderWidth` from 0 to 2.5 pt, linear),
    /// 0 … 1; drawn only when revealed and the foil has gone. 1 (the default) is the border at rest.
    public var border = 1.0
    public init(grid: [Bool] = Array(repeating: false, count: InAppScratchState.columns * InAppScratchState.rows),
                strokes: [[InAppPoint]] = [], revealed: Bool = false, foilFade: Double = 0) {
        self.grid = grid; self.strokes = strokes; self.revealed = revealed; self.foilFade = foilFade
    }
    public var fraction: Double { Double(grid.lazy.filter { $0 }.count) / Double(grid.count) }
}

public struct InAppWheelState: Sendable, Equatable {
    /// The disc's rotation in radians: 0 at rest (segment 0 starts at 12 o'clock, slices clockwise); the SDK spins
    /// counter-clockwise, so a spin makes it negative.
    public var angle: Double
    public var spinning: Bool
    /// The segment it stopped on, once stopped.
    public var stoppedIndex: Int?
    /// The wheel's fade-out after the stop, 0 … 1 (then the reward panel shows).
    public var wheelFade: Double
    /// The hub's fade to alpha 0.35 after the tap (0.2 s), 0 … 1; applies once the wheel is spinning or stopped. 1 (the
    /// default) is the spent hub at rest.
    public var hubFade = 1.0
    public init(angle: Double = 0, spinning: Bool = false, stoppedIndex: Int? = nil, wheelFade: Double = 0) {
        self.angle = angle; self.spinning = spinning; self.stoppedIndex = stoppedIndex; self.wheelFade = wheelFade
    }
}

/// The simulated player of video and pip.
public struct InAppPlayerState: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        /// The poster (or black) with a spinner, until ready.
        case loading
        case playing
        /// Failed with a `fallback`: the fallback image is shown (aspect-fill).
        case fallback
        /// Reached the end without `loop`: stays on the last frame.
        case ended
    }
    public var status: Status
    public var muted: Bool
    /// Seconds played (for a progress readout).
    public var position: Double
    public init(status: Status = .loading, muted: Bool, position: Double = 0) {
        self.status = status; self.muted = muted; self.position = position
    }
}

public struct InAppPresentation: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// The in-animation, progress 0 … 1.
        case entering(Double)
        case shown
        /// The out-animation, progress 0 … 1.
        case leaving(Double)
    }

    public var message: InAppMessage
    public var phase: Phase
    /// The simulated device's screen in points (`--device`, default iPhone 15).
    public var screen: InAppSize
    public var reduceMotion: Bool

    /// carousel and stories: the current page.
    public var page: Int
    /// stories: the current track's fill, 0 … 1 (earlier tracks full, later empty).
    public var pageProgress: Double
    /// stories: frozen by a hold.
    public var held: Bool
    /// A finger's drag in points: carousel horizontal (negative = content moving left), sheet downward, banner toward
    /// its own edge.
    public var dragOffset: Double

    public var scratch: InAppScratchState
    public var wheel: InAppWheelState
    /// scratch card and spin wheel: the reward panel is showing.
    public var rewardVisible: Bool
    /// spin wheel: the panel's fade-in once the wheel has gone (0.3 s, Reduce Motion 0.15 s), 0 … 1; the card's height
    /// follows it from the wheel's square to the panel's (the SDK lays out inside the same animation). 1 (the default)
    /// is the panel at rest.
    public var rewardFade = 1.0
    /// Seconds since `DidPresent`: the phase of a spinner that started with the message (video and pip loading).
    public var elapsed = 0.0
    /// The promo chip reads "Copied!" (1.6 s after a tap).
    public var copied: Bool
    /// Confetti volleys still on screen (none under Reduce Motion), oldest first.
    public var confetti: [InAppConfettiBurst] = []
    /// The reward panel's shimmer and pulse (`celebrate()`), at rest outside their 1.8 s.
    public var celebration = InAppCelebration()

    /// video and pip.
    public var player: InAppPlayerState
    /// pip: the card's centre in points, and whether it is expanded to the full screen.
    public var pipCenter: InAppPoint
    public var pipExpanded: Bool

    /// scratch card: where the keyboard's finger is over the scratch area (fractions 0…1), nil until the arrow keys
    /// move it; `scratchFingerDown` while it scratches (space toggles it).
    public var scratchCursor: InAppPoint? = nil
    public var scratchFingerDown = false

    public init(message: InAppMessage, phase: Phase = .shown, screen: InAppSize = .iPhone15, reduceMotion: Bool = false) {
        self.message = message; self.phase = phase; self.screen = screen; self.reduceMotion = reduceMotion
        page = 0; pageProgress = 0; held = false; dragOffset = 0
        scratch = InAppScratchState(); wheel = InAppWheelState(); rewardVisible = false; copied = false
        let muted: Bool
        switch message.content {
        case .video(let v): muted = v.muted
        case .pip(let p): muted = p.muted
        default: muted = true
        }
        player = InAppPlayerState(muted: muted)
        pipCenter = InAppPoint(x: screen.width / 2, y: screen.height / 2)
        pipExpanded = false
    }
}
