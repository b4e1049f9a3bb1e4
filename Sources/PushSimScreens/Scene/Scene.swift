// The one protocol every experience implements, so the ncurses loop and the headless runner drive them alike.

/// A running screen: receives input and time, draws itself, and says when it next needs to wake.
///
/// Time is seconds since the run began: the monotonic clock interactively, a simulated one headless.
/// A scene never reads a clock itself.
public protocol Scene: AnyObject {
    /// The size to lay out for; called before the first render and on every resize.
    func resize(to size: Size, at now: Double)
    func handle(_ input: InputEvent, at now: Double)
    /// Fire everything due at or before `now`.
    func advance(to now: Double)
    /// The next moment the state or the picture changes on its own (a timer, the next progress-bar cell,
    /// an animation frame); nil when nothing will change until input arrives.
    func nextDeadline() -> Double?
    func render(at now: Double) -> Canvas
    /// Non-nil once the scene wants to end; the value is the process exit status.
    var exitStatus: Int32? { get }
    /// Requests for the terminal (the bell), taken once.
    func takeRequests() -> [TerminalRequest]
    /// File descriptors the interactive loop waits on beside the keyboard (a listening socket and its pending
    /// connections). When one is readable the loop calls `advance(to:)`, which drains it, and draws; so a scene that
    /// waits for the outside world needs no polling deadline. Asked again before every wait.
    var wakeDescriptors: [Int32] { get }
    /// The process is about to end by a signal (Ctrl-C, `kill`, the terminal closing), with the terminal already
    /// restored: save what must not be lost (a QA report). Not called on a normal exit.
    func interrupted(at now: Double)
}

extension Scene {
    public func takeRequests() -> [TerminalRequest] { [] }
    public var wakeDescriptors: [Int32] { [] }
    public func interrupted(at now: Double) {}
}
