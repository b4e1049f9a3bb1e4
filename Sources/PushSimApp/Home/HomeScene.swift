// The home screen: a menu of every bundled sample, grouped by experience; a chosen sample runs inside it.

import PushSimScreens

public final class HomeScene: Scene {
    /// Smaller than this, the menu shows one line asking for a bigger terminal.
    public static let minimumSize = Size(width: 40, height: 10)
    /// The menu's widest: a wider terminal shows it in a centred column this wide (a sample's line is short; rows
    /// stretched across 200 columns put its title and its keys far apart).
    public static let maximumWidth = 100

    public let samples: [Sample]
    /// Shown when the catalog is empty, so the user learns where samples come from.
    public let resourcesRoot: String
    public private(set) var selected = 0
    /// The sample running now; the menu comes back when its exit status is set.
    public private(set) var child: Scene?
    /// When the running sample was opened. A sample's clock starts when it opens, as a command's does when it is
    /// run (its simulated wall clock is the real time then, and its timers count from 0), so every time the home
    /// screen hands it is relative to this.
    private var childStart = 0.0
    /// One line under the menu: a sample's error, or what just happened.
    public private(set) var message: String?
    public private(set) var showingHelp = false
    public private(set) var exitStatus: Int32?

    private var size = Size(width: 80, height: 24)
    private var scroll = 0
    private var pressedItem: Int?
    private var requests: [TerminalRequest] = []

    /// What `r` does: forget every sample's saved state (the inbox samples' stores), returning one line to show.
    private let resetSamples: () throws(UserError) -> String

    public init(samples: [Sample], resourcesRoot: String,
                resetSamples: @escaping () throws(UserError) -> String = HomeScene.resetBundledSamples) {
        self.resetSamples = resetSamples
        // Grouped by experience in the catalog's order of experiences, keeping each experience's own order.
        self.samples = Sample.Experience.allCases.flatMap { e in samples.filter { $0.experience == e } }
        self.resourcesRoot = resourcesRoot
    }

    // MARK: Scene

    public func resize(to size: Size, at now: Double) {
        self.size = size
        // A smaller terminal shows fewer lines: scroll so the selection stays on screen.
        if !samples.isEmpty { scroll = HomeLayout(samples: samples, size: size, scroll: scroll).scrollKeeping(selected) }
        child?.resize(to: size, at: now - childStart)
    }

    public func handle(_ input: InputEvent, at now: Double) {
        if let child {
            child.handle(input, at: now - childStart)
            collect(from: child)
            return
        }
        if case .resize(let s) = input { resize(to: s, at: now); return }
        if showingHelp {
            if case .key = input { showingHelp = false }
            if case .mouse(let m) = input, m.kind == .release { showingHelp = false }
            return
        }
        switch input {
        case .key(let k): handle(key: k, at: now)
        case .mouse(let m): handle(mouse: m, at: now)
        case .resize: break
        }
    }

    public func advance(to now: Double) {
        guard let child else { return }
        child.advance(to: now - childStart)
        collect(from: child)
    }

    public func nextDeadline() -> Double? { child?.nextDeadline().map { $0 + childStart } }
    public var wakeDescriptors: [Int32] { child?.wakeDescriptors ?? [] }
    public func interrupted(at now: Double) { child?.interrupted(at: now - childStart) }
    public func lookahead(at now: Double) -> Canvas? { child?.lookahead(at: now - childStart) }

    public func takeRequests() -> [TerminalRequest] {
        defer { requests = [] }
        return requests
    }

    public func render(at now: Double) -> Canvas {
        if let child { return child.render(at: now - childStart) }
        var canvas = Canvas(size: size)
        if size.width < Self.minimumSize.width || size.height < Self.minimumSize.height {
            drawTooSmall(&canvas)
            return canvas
        }
        let col = column
        var menu = Canvas(size: Size(width: col.width, height: col.height))
        let layout = HomeLayout(samples: samples, size: size, scroll: scroll)
        HomeRenderer.draw(&menu, layout: layout, samples: samples, selected: selected, message: message,
                          resourcesRoot: resourcesRoot)
        if showingHelp { HomeRenderer.drawHelp(&menu) }
        guard col.width < size.width else { return menu }
        canvas.blit(menu, x: col.x, y: col.y)
        return canvas
    }

    /// Where the menu is drawn: the whole terminal up to `maximumWidth` columns, else a column that wide, centred.
    public var column: Rect {
        let w = min(size.width, Self.maximumWidth)
        return Rect(x: (size.width - w) / 2, y: 0, width: w, height: size.height)
    }

    // MARK: Input

    /// `r` was pressed: the next key decides (y resets every sample's saved state, anything else keeps it).
    public private(set) var confirmingReset = false

    private func handle(key: Key, at now: Double) {
        message = nil
        if confirmingReset {
            confirmingReset = false
            guard key == .char("y") || key == .char("Y") else { message = "Nothing was reset."; return }
            do { message = try resetSamples() } catch {
                message = error.message
                requests.append(.bell)
            }
            return
        }
        switch key {
        case .up, .char("k"): move(by: -1)
        case .down, .char("j"): move(by: 1)
        case .home, .char("g"): move(to: 0)
        case .end, .char("G"): move(to: samples.count - 1)
        case .pageUp: move(by: -max(1, pageItems))
        case .pageDown: move(by: max(1, pageItems))
        case .enter, .space, .char("l"), .right: open(selected, at: now)
        case .char("q"): exitStatus = 0  // Esc never quits the program (LeaveAction)
        case .char("?"): showingHelp = true
        case .char("r"):
            confirmingReset = true
            message = "Reset every sample's saved state? y reset · any other key keeps it"
        default: break
        }
    }

    private func handle(mouse: MouseEvent, at now: Double) {
        let layout = HomeLayout(samples: samples, size: size, scroll: scroll)
        switch mouse.kind {
        case .press:
            // A press beside the menu's column (a wide terminal's margins) is on no sample.
            pressedItem = column.contains(x: mouse.x, y: mouse.y) ? layout.item(atRow: mouse.y) : nil
            if let i = pressedItem { selected = i; message = nil }
        case .release:
            // A click is a press and a release on the same sample, as on a phone.
            if column.contains(x: mouse.x, y: mouse.y), let i = layout.item(atRow: mouse.y), i == pressedItem { open(i, at: now) }
            pressedItem = nil
        case .wheelUp: move(by: -1)
        case .wheelDown: move(by: 1)
        case .drag: break
        }
    }

    private var pageItems: Int { HomeLayout(samples: samples, size: size, scroll: scroll).visibleItemCount }

    private func move(by delta: Int) { move(to: selected + delta) }

    private func move(to index: Int) {
        guard !samples.isEmpty else { return }
        selected = min(max(index, 0), samples.count - 1)
        scroll = HomeLayout(samples: samples, size: size, scroll: scroll).scrollKeeping(selected)
    }

    private func open(_ index: Int, at now: Double) {
        guard samples.indices.contains(index) else { return }
        selected = index
        let sample = samples[index]
        do {
            let scene = try sample.makeScene()
            childStart = now
            (scene as? Leavable)?.leaveAction = .back
            scene.resize(to: size, at: 0)
            scene.advance(to: 0)
            child = scene
            collect(from: scene)
        } catch let e as UserError {
            message = e.message
            requests.append(.bell)
        } catch {
            message = "\(sample.title): \(error)"
            requests.append(.bell)
        }
    }

    /// The default `r`: the inbox samples' stores (primer samples run on an in-memory device, stories and banners
    /// keep nothing).
    public static func resetBundledSamples() throws(UserError) -> String {
        try InboxSampleStore.resetAll()
        return "Every sample reset: the inbox samples show their feeds unread again."
    }

    /// Pass the child's terminal requests on, and come back to the menu once it has finished.
    private func collect(from scene: Scene) {
        requests += scene.takeRequests()
        if let status = scene.exitStatus {
            child = nil
            let title = samples.indices.contains(selected) ? samples[selected].title : "the sample"
            if let closing = (scene as? ClosingMessage)?.closingMessage {
                message = closing
            } else {
                message = status == 0 ? nil : "\(title) ended with status \(status)"
            }
        }
    }

    private func drawTooSmall(_ canvas: inout Canvas) {
        TooSmall.draw(need: Self.minimumSize, into: &canvas)
    }
}
