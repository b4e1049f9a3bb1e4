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
    /// The frame the user most likely sees next (the story a collapsed notification opens to, a story's next page),
    /// or nil: a terminal that shows real pixels starts encoding its pictures ahead, so they are ready when that frame
    /// comes. Only its pictures are used (nothing of it is drawn); asked after every frame, so it should be cheap.
    func lookahead(at now: Double) -> Canvas?
}

extension Scene {
    public func takeRequests() -> [TerminalRequest] { [] }
    public var wakeDescriptors: [Int32] { [] }
    public func interrupted(at now: Double) {}
    public func lookahead(at now: Double) -> Canvas? { nil }
}

/// What `q` does at a scene's top level. The rule everywhere: `q` and Esc go back one level (closing help, a dialog,
/// the stories dismiss screen); at the top level `q` quits a command run directly and goes back to the home screen in
/// a sample opened from it. Esc never quits: at the top level it keeps the screen's own meaning (a tap outside the
/// primer) or does nothing, so a stray Esc cannot end the program.
public enum LeaveAction: Sendable, Equatable {
    case quit, back
    /// Inside a walkthrough row: q opens the walkthrough's summary (what was tried, where the report goes).
    case summary

    /// The key hint, as every screen shows it: `q quit` only where q quits.
    public var hint: String { "q \(word)" }
    public var word: String {
        switch self {
        case .quit: return "quit"
        case .back: return "back"
        case .summary: return "summary"
        }
    }

    /// Whether `key` leaves the scene from its top level: q always; Esc only back to the home screen, never out of
    /// the program.
    public func leaves(on key: Key) -> Bool { key == .char("q") || (key == .esc && self == .back) }
}

/// A scene the home screen can open as a sample: told so, it shows `q back` where the command shows `q quit`.
public protocol Leavable: AnyObject {
    var leaveAction: LeaveAction { get set }
}
