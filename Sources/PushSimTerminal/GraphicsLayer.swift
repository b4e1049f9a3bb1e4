// Shows the pictures a frame carries as real pixels (kitty, iTerm2, sixel) over the cells ncurses draws: each
// picture is sent once per page and size, and ncurses keeps every other cell.

import PushSimScreens

/// What one frame needs, worked out from the canvas and what is on screen (pure, so it is unit-tested).
struct GraphicsPlan: Equatable {
    /// The frame for ncurses: each pixel picture's own cells blanked (ncurses leaves them alone); text drawn over
    /// a picture stays.
    var cells: Canvas
    /// Drawn first when pictures are sent: their whole rectangles blank, and cells a picture leaves marked so
    /// ncurses overwrites them (writing a cell erases sixel and iTerm2 pixels; skipping it would leave them).
    var before: Canvas?
    /// Pictures to send, with their kitty image and placement ids.
    var send: [(placement: ImagePlacement, id: KittyID)]
    /// kitty placements to delete (their image data stays, so showing the picture again is only a placement).
    var delete: [KittyID]

    static func == (a: GraphicsPlan, b: GraphicsPlan) -> Bool {
        a.cells == b.cells && a.before == b.before && a.delete == b.delete
            && a.send.map(\.placement) == b.send.map(\.placement) && a.send.map(\.id) == b.send.map(\.id)
    }
}

/// kitty's image id (one per picture and size) and placement id (one per time it is shown).
struct KittyID: Hashable {
    var image: UInt32
    var placement: UInt32
}

struct GraphicsState {
    struct Shown: Equatable {
        var key: String
        var rect: Rect
        var scrim: PixelScrim?
        var id: KittyID
        /// Cells of the rectangle that show text over the picture (row-major offsets).
        var over: Set<Int>
    }

    let proto: PixelProtocol
    var shown: [Shown] = []
    /// kitty image ids by picture key: the pixels are transmitted once and placed again later.
    var imageIDs: [String: UInt32] = [:]
    var nextImageID: UInt32 = 1
    var nextPlacementID: UInt32 = 1

    init(proto: PixelProtocol) { self.proto = proto }

    /// Marks a cell a picture leaves, so ncurses writes it even when its new content is blank: U+2800 (a blank
    /// braille pattern) looks empty but differs from a space.
    static let erase = Cell("\u{2800}")

    /// Which pictures show as pixels: whole, uncovered, on screen; with sixel and iTerm2 not on the last row (a
    /// picture reaching it makes those terminals scroll the screen).
    func eligible(_ p: ImagePlacement, screen: Size) -> Bool {
        guard !p.covered, !p.rect.isEmpty, p.rect.intersection(Rect(x: 0, y: 0, width: screen.width, height: screen.height)) == p.rect,
              p.symbols.count == p.rect.width * p.rect.height else { return false }
        return proto == .kitty || p.rect.maxY < screen.height
    }

    /// Works out the frame; `force` after a full repaint (resize, resume), when every picture is sent again.
    mutating func plan(_ canvas: Canvas, force: Bool) -> GraphicsPlan {
        var cells = canvas
        var wanted: [(ImagePlacement, Set<Int>)] = []
        for p in canvas.images where eligible(p, screen: canvas.size) {
            var over = Set<Int>()
            for y in 0..<p.rect.height {
                for x in 0..<p.rect.width {
                    let c = canvas[p.rect.x + x, p.rect.y + y]
                    // Glyphs compare their UTF-8 bytes, without making a String of either cell's: a picture's symbols
                    // (blocks, braille, sextants, spaces) have no other canonically equivalent spelling.
                    if c.glyph != p.symbols[y * p.rect.width + x].glyph { over.insert(y * p.rect.width + x) }
                    else { cells[p.rect.x + x, p.rect.y + y] = .blank }
                }
            }
            wanted.append((p, over))
        }

        // Same pictures in the same places: nothing to send, unless a cell that showed text over a sixel or iTerm2
        // picture now shows the picture again (ncurses will write a blank there, erasing its pixels).
        let same = !force && wanted.count == shown.count && zip(wanted, shown).allSatisfy { w, s in
            w.0.key == s.key && w.0.rect == s.rect && w.0.scrim == s.scrim && (proto == .kitty || s.over.isSubset(of: w.1))
        }
        if same {
            for i in shown.indices { shown[i].over = wanted[i].1 }
            return GraphicsPlan(cells: cells, before: nil, send: [], delete: [])
        }

        let hadShown = !shown.isEmpty
        let delete = proto == .kitty ? shown.map(\.id) : []
        var before = cells
        if proto != .kitty && !force {
            for s in shown {
                before.update(s.rect) { $0 = GraphicsState.erase }
            }
        }
        var send: [(placement: ImagePlacement, id: KittyID)] = []
        var next: [Shown] = []
        for (p, over) in wanted {
            before.fill(p.rect, with: .blank)
            let id = KittyID(image: imageID(for: GraphicsState.pixelsKey(p)), placement: nextPlacementID)
            nextPlacementID = nextPlacementID == UInt32.max ? 1 : nextPlacementID + 1
            send.append((p, id))
            next.append(Shown(key: p.key, rect: p.rect, scrim: p.scrim, id: id, over: over))
        }
        shown = next
        let needsBefore = !send.isEmpty || (proto != .kitty && hadShown && !force)
        return GraphicsPlan(cells: cells, before: needsBefore ? before : nil, send: send, delete: delete)
    }

    /// kitty's image id for these pixels (given once, kept while the program runs).
    mutating func imageID(for pixelsKey: String) -> UInt32 {
        if let id = imageIDs[pixelsKey] { return id }
        defer { nextImageID = nextImageID == UInt32.max ? 1 : nextImageID + 1 }
        imageIDs[pixelsKey] = nextImageID
        return nextImageID
    }

    /// The picture is on screen as pixels already, at that place and with that scrim.
    func isShown(_ p: ImagePlacement) -> Bool {
        shown.contains { $0.key == p.key && $0.rect == p.rect && $0.scrim == p.scrim }
    }

    /// The same pixels: the picture, its size in cells and its scrim.
    static func pixelsKey(_ p: ImagePlacement) -> String { pixelsKey(p.key, p.rect, p.scrim) }

    static func pixelsKey(_ key: String, _ rect: Rect, _ scrim: PixelScrim?) -> String {
        "\(key)|\(rect.width)x\(rect.height)|" + (scrim.map { "\($0.fromRow):\($0.darkness)" } ?? "")
    }

    /// The pixels on screen now.
    var shownPixelsKeys: Set<String> { Set(shown.map { GraphicsState.pixelsKey($0.key, $0.rect, $0.scrim) }) }

    /// Everything is gone from the screen (a full repaint cleared it, or the program suspends or ends).
    mutating func forget() -> [KittyID] {
        defer { shown = [] }
        return proto == .kitty ? shown.map(\.id) : []
    }
}

/// The terminal side: writes what GraphicsState planned, at the right cells, through ncurses' own output.
final class GraphicsLayer {
    let decision: PixelDecision
    let proto: PixelProtocol
    private var state: GraphicsState
    private let cellPixels: Size
    /// Escapes already encoded (sixel, iTerm2), per picture and size: going back to a page costs a write, not an encode.
    /// A kitty transmission waits here only until it is sent.
    private var encoded: [String: [UInt8]] = [:]
    private var encodedOrder: [String] = []
    /// Pictures whose pixels could not be had: they stay cells, and are not asked for again.
    private var unavailable: Set<String> = []
    /// Pictures being encoded off this thread, with the descriptor that turns readable when one is done.
    private var waiting: [String: Int32] = [:]
    /// The same for the pictures of the frame likely to come next (`prepare`).
    private var preparing: [String: Int32] = [:]
    /// The pictures `prepare` last asked for: their bytes are kept until they show or stop being next.
    private(set) var prepared: Set<String> = []
    /// Pictures whose encode `prepare` started (before any frame showed them), until they are sent.
    private var askedAhead: Set<String> = []
    /// kitty images the terminal holds: showing one again is a placement of a few bytes.
    private var transmitted: Set<UInt32> = []
    private var forceNext = true
    /// Bytes of pixel escapes written (the debug stats).
    private(set) var bytesSent = 0
    private(set) var picturesSent = 0
    /// Pictures sent whose encode started ahead, in `prepare` (the debug stats).
    private(set) var picturesSentAhead = 0

    init?(decision: PixelDecision, cellPixels: Size?) {
        guard let proto = decision.proto else { return nil }
        // kitty scales into the cells it is given; sixel and iTerm2 need the real cell size to fit them.
        guard let px = cellPixels ?? (proto == .kitty ? Size(width: 10, height: 20) : nil) else { return nil }
        self.decision = decision
        self.proto = proto
        self.cellPixels = px
        state = GraphicsState(proto: proto)
    }

    /// The screen was repainted from scratch (resize, resume): send every picture again.
    func invalidate() { forceNext = true }

    /// What the run loop polls besides input: readable when a picture's bytes are ready (nothing while none is awaited,
    /// so an idle run has no wake-ups).
    var wakeDescriptors: [Int32] { Array(Set(waiting.values).union(preparing.values)).sorted() }

    /// Whether `pixelsKey`'s bytes are here, ready to send (tests).
    func hasBytes(_ pixelsKey: String) -> Bool { encoded[pixelsKey] != nil }

    /// Starts the pictures of the frame likely to come next (`Scene.lookahead`: the story a collapsed notification
    /// opens to, the next page), so their bytes are here when that frame comes and go out in it. Bytes made ahead for a
    /// frame that is no longer next (another page, another size after a resize) and never shown are dropped: at most
    /// one frame's pictures wait here ahead.
    func prepare(_ next: Canvas) {
        preparing = [:]
        var keys = Set<String>()
        for p in next.images where state.eligible(p, screen: next.size) {
            let key = GraphicsState.pixelsKey(p)
            keys.insert(key)
            let held = encoded[key] != nil || state.imageIDs[key].map(transmitted.contains) == true
            if !state.isShown(p) && !held && !unavailable.contains(key) { askedAhead.insert(key) }
            if !ready(p, force: false), let fd = waiting.removeValue(forKey: key) { preparing[key] = fd }
        }
        let onScreen = state.shownPixelsKeys
        // Only bytes made ahead and never shown: a page shown before keeps its escape (going back costs a write).
        for stale in prepared.subtracting(keys) where askedAhead.contains(stale) && !onScreen.contains(stale) {
            encoded[stale] = nil
            encodedOrder.removeAll { $0 == stale }
            askedAhead.remove(stale)
        }
        prepared = keys
    }

    /// One frame's output, in the order it is written: `before` (if any), the picture escapes, `cells`, then kitty's
    /// deletions (the new pictures go up before the old ones come down, so nothing flashes in between).
    struct Output {
        var before: Canvas?
        var pictures: [UInt8]
        var cells: Canvas
        var delete: [UInt8]
    }

    /// Works out a frame: pictures whose bytes are not ready stay cells; the ready ones are sent once.
    func output(_ canvas: Canvas) -> Output {
        let force = forceNext
        forceNext = false
        var canvas = canvas
        holdUnready(&canvas, force: force)
        let plan = state.plan(canvas, force: force)
        var out: [UInt8] = []
        if plan.before != nil {
            for (p, id) in plan.send {
                guard let bytes = escape(for: p, id: id) else { continue }
                // Save the cursor, move to the picture's top-left cell, draw, restore: ncurses' idea of the cursor holds.
                out += Array("\u{1B}7\u{1B}[\(p.rect.y + 1);\(p.rect.x + 1)H".utf8)
                out += wrap(bytes)
                out += Array("\u{1B}8".utf8)
                picturesSent += 1
                if askedAhead.remove(GraphicsState.pixelsKey(p)) != nil { picturesSentAhead += 1 }
            }
            bytesSent += out.count
        }
        trimEncoded(keeping: Set(canvas.images.map(GraphicsState.pixelsKey)).union(prepared))
        return Output(before: plan.before, pictures: out, cells: plan.cells,
                      delete: plan.delete.isEmpty ? [] : wrap(kittyDelete(plan.delete)))
    }

    /// Keeps a few pages' worth of sixel/iTerm2 escapes (a sixel page is a few hundred KB), oldest out first, but
    /// never one of this frame's pictures: a screen of more pictures than that (an inbox of cards) keeps them all.
    func trimEncoded(keeping onScreen: Set<String>) {
        var i = 0
        while encodedOrder.count > 8 && i < encodedOrder.count {
            if onScreen.contains(encodedOrder[i]) { i += 1; continue }
            encoded[encodedOrder.remove(at: i)] = nil
        }
    }

    func present(_ canvas: Canvas, on driver: NcursesDriver) {
        let frame = output(canvas)
        if let before = frame.before { driver.draw(before) }
        if !frame.pictures.isEmpty { driver.writeRaw(frame.pictures) }
        driver.draw(frame.cells)
        if !frame.delete.isEmpty { driver.writeRaw(frame.delete) }
    }

    /// Take every picture off the screen (before suspending or exiting; sixel goes with the alternate screen).
    func clear(on driver: NcursesDriver) {
        let ids = state.forget()
        forceNext = true
        // Placements only: kitty keeps the pixels, and a resumed run places them again.
        if proto == .kitty && !ids.isEmpty { driver.writeRaw(wrap(kittyDelete(ids))) }
    }

    /// Frees kitty's copies of the pictures (at exit).
    func free(on driver: NcursesDriver) {
        clear(on: driver)
        if proto == .kitty && !transmitted.isEmpty { driver.writeRaw(wrap(Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8))) }
        transmitted = []
    }

    /// Pictures whose bytes are not ready are drawn as their cells this frame (marked covered) while their encode runs
    /// away from this thread; its wake descriptor brings the frame that sends them, once.
    func holdUnready(_ canvas: inout Canvas, force: Bool) {
        waiting = [:]
        for i in canvas.images.indices where state.eligible(canvas.images[i], screen: canvas.size) {
            let p = canvas.images[i]
            if !ready(p, force: force) { canvas.images[i].covered = true }
        }
    }

    /// True when `p` can be sent now (or is on screen and stays); else asks its provider, which may start the encode.
    func ready(_ p: ImagePlacement, force: Bool) -> Bool {
        let key = GraphicsState.pixelsKey(p)
        if unavailable.contains(key) { return false }
        if !force && state.isShown(p) { return true }
        let id = state.imageID(for: key)
        if encoded[key] != nil || (proto == .kitty && transmitted.contains(id)) { return true }
        let request = PixelRequest(proto: proto, cells: Size(width: p.rect.width, height: p.rect.height), cellPixels: cellPixels,
                                   kittyID: id, scrim: p.scrim)
        switch p.pixels.answer(for: request) {
        case .ready(let bytes):
            encoded[key] = bytes
            if proto != .kitty { encodedOrder.append(key) }
            return true
        case .pending:
            if let fd = p.pixels.wake { waiting[key] = fd }
            return false
        case .unavailable:
            unavailable.insert(key)
            return false
        }
    }

    func escape(for p: ImagePlacement, id: KittyID) -> [UInt8]? {
        let cacheKey = GraphicsState.pixelsKey(p)
        guard proto == .kitty else { return encoded[cacheKey] }
        let place = Array("\u{1B}_Ga=p,i=\(id.image),p=\(id.placement),c=\(p.rect.width),r=\(p.rect.height),z=-1,C=1,q=2\u{1B}\\".utf8)
        if transmitted.contains(id.image) { return place }
        // The pixels go once (a=t), then they are placed (a=p): later showings are the placement alone.
        guard let bytes = encoded.removeValue(forKey: cacheKey) else { return nil }
        transmitted.insert(id.image)
        return bytes + place
    }

    func kittyDelete(_ ids: [KittyID]) -> [UInt8] {
        Array(ids.map { "\u{1B}_Ga=d,d=i,i=\($0.image),p=\($0.placement),q=2\u{1B}\\" }.joined().utf8)
    }

    private func wrap(_ bytes: [UInt8]) -> [UInt8] {
        decision.passthrough ? GraphicsLayer.tmuxPassthrough(bytes) : bytes
    }

    /// Each escape sequence in `bytes` wrapped in tmux's pass-through (`ESC P tmux; … ESC \`, inner ESCs doubled).
    static func tmuxPassthrough(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2048 * 16 + 16)
        var i = 0
        while i < bytes.count {
            // The picture escapes are strings (APC, DCS, OSC): each runs to its terminator, ESC \ or BEL.
            var end = i + 2
            while end < bytes.count {
                if bytes[end] == 0x07 { end += 1; break }
                if bytes[end - 1] == 0x1B && bytes[end] == 0x5C { end += 1; break }
                end += 1
            }
            out += Array("\u{1B}Ptmux;".utf8)
            for b in bytes[i..<end] {
                if b == 0x1B { out.append(0x1B) }
                out.append(b)
            }
            out += [0x1B, 0x5C]
            i = end
        }
        return out
    }
}
