// What can happen to a stories player: time (timer ticks, the long-press threshold) and touches, each with its time.

public enum StoriesAction: Sendable, Equatable {
    /// The notification is shown expanded: `start` then page 0, or the fallback (spec §1.9).
    case start(at: Double)
    /// The page timer fired; ignored unless `generation` is the current timer's.
    case timerFired(generation: Int, at: Double)
    /// A finger touched the story at `x` of `width` (any unit).
    case fingerDown(x: Double, width: Double, at: Double)
    /// The finger has been down 0.25 s; ignored unless `generation` is the current finger's.
    case longPressThreshold(generation: Int, at: Double)
    /// The finger lifted: a tap when it was short, the end of a long press otherwise.
    case fingerUp(at: Double)
    /// The finger moved beyond a tap's reach (a swipe): no tap follows, and a long press not yet recognised never will be;
    /// one already recognised ends like a release. The SDK has no swipe (spec §1.6), so a swipe does nothing.
    case fingerMovedAway(at: Double)
    /// A finger down and up at once.
    case tap(x: Double, width: Double, at: Double)
    /// The call-to-action button was tapped.
    case button(at: Double)
    /// The user dismissed the notification.
    case dismiss(at: Double)
    /// The host cannot show the story (terminal too small): the clock stops without events.
    case suspend(at: Double)
    /// The host can show the story again: the clock continues where it stopped.
    case unsuspend(at: Double)
}
