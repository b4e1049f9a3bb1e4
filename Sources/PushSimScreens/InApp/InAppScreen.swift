// Native in-app messages over the host app: each template drawn on its own layer, faded, moved and scaled by its
// animation, over its backdrop; and the mouse's question, what is at a cell.

import PushSimEngine

public enum InAppScreen {
    /// Below this the templates cannot be told apart: the "too small" line instead.
    public static let minimumSize = Size(width: 30, height: 10)

    /// How a message is laid on the screen at one moment of its animation.
    struct Motion: Equatable {
        var alpha = 1.0
        var dx = 0
        var dy = 0
        /// The card's width factor (the SDK's scale animations).
        var scale = 1.0
        /// How dark the backdrop is (0 … 0.8).
        var dim = 0.0
    }

    /// Draw `presentations` (the pip first: it sits below a shared-window message) over the host already on `canvas`;
    /// returns where each one's elements landed, for `hit(_:x:y:)`.
    @discardableResult
    public static func draw(_ presentations: [InAppPresentation], images: @escaping InAppImageLookup = { _, _ in .none }, at now: Double,
                            options: InAppDrawOptions = InAppDrawOptions(), on canvas: inout Canvas) -> [InAppHitMap] {
        guard !presentations.isEmpty else { return [] }
        guard canvas.width >= minimumSize.width, canvas.height >= minimumSize.height else {
            TooSmall.draw(need: minimumSize, into: &canvas, keys: "q quit")
            return presentations.map { _ in InAppHitMap() }
        }
        return presentations.map { draw($0, images: images, at: now, options: options, on: &canvas) }
    }

    static func draw(_ given: InAppPresentation, images: @escaping InAppImageLookup, at now: Double, options: InAppDrawOptions,
                     on canvas: inout Canvas) -> InAppHitMap {
        let p = sanitized(given)
        let grid = InAppGrid(canvas: canvas.size, points: p.screen)
        var motion = self.motion(p, grid: grid)
        if motion.dim > 0 { PrimerScreen.dim(grid.screen, on: &canvas, amount: motion.dim) }
        var ctx = InAppDrawContext(p: p, grid: grid, images: images, now: now, options: options, scale: motion.scale)
        var layer = InAppLayer(over: canvas)
        let rect = drawTemplate(&ctx, on: &layer)
        layer.region = rect
        // Slides off its edge by its own height: known once it is laid out.
        switch (p.message.content, p.phase) {
        case (.sheet, .entering(let t)) where !p.reduceMotion: motion.dy += Int(((1 - eased(t)) * Double(grid.screen.maxY - rect.y + grid.rows(40))).rounded())
        case (.sheet, .leaving(let t)) where !p.reduceMotion: motion.dy += Int((t * Double(grid.screen.maxY - rect.y + grid.rows(40))).rounded())
        case (.banner(let b), .entering(let t)): motion.dy += bannerTravel(b, rect: rect, grid: grid, fraction: 1 - eased(t))
        case (.banner(let b), .leaving(let t)): motion.dy += bannerTravel(b, rect: rect, grid: grid, fraction: t)
        default: break
        }
        layer.composite(onto: &canvas, alpha: motion.alpha, dx: motion.dx, dy: motion.dy, clip: grid.screen)
        InAppCelebrationView.draw(p, site: ctx.celebration, grid: grid, options: options, alpha: motion.alpha, dx: motion.dx,
                                  dy: motion.dy, on: &canvas)
        var hits = ctx.hits.offset(dx: motion.dx, dy: motion.dy)
        hits.spinning = layer.spinning
        hits.entries = hits.entries.compactMap { e in
            var e = e
            e.rect = e.rect.intersection(grid.screen)
            return e.rect.isEmpty ? nil : e
        }
        // While it leaves, a message's controls take no more taps (the SDK clears `current` before the out-animation).
        if case .leaving = p.phase { hits.entries = [] }
        return hits
    }

    /// Every number the drawing uses made finite and bounded: a presentation is the player's, but a NaN or an
    /// infinity must never trap a conversion to cells.
    static func sanitized(_ given: InAppPresentation) -> InAppPresentation {
        var p = given
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        func bounded(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(v, -limit), limit) : 0 }
        if !(p.screen.width.isFinite && p.screen.width >= 1) || !(p.screen.height.isFinite && p.screen.height >= 1) { p.screen = .iPhone15 }
        p.screen = InAppSize(width: min(p.screen.width, 1e5), height: min(p.screen.height, 1e5))
        switch p.phase {
        case .entering(let t): p.phase = .entering(unit(t))
        case .leaving(let t): p.phase = .leaving(unit(t))
        case .shown: break
        }
        p.pageProgress = unit(p.pageProgress)
        p.dragOffset = bounded(p.dragOffset, 4 * max(p.screen.width, p.screen.height))
        p.pipCenter = InAppPoint(x: bounded(p.pipCenter.x, 1e5), y: bounded(p.pipCenter.y, 1e5))
        p.scratch.strokes = p.scratch.strokes.map { $0.filter { $0.x.isFinite && $0.y.isFinite }.map { InAppPoint(x: bounded($0.x, 10), y: bounded($0.y, 10)) } }
        p.scratch.foilFade = unit(p.scratch.foilFade)
        p.scratchCursor = p.scratchCursor.map { InAppPoint(x: unit($0.x), y: unit($0.y)) }
        p.wheel.angle = p.wheel.angle.isFinite ? p.wheel.angle.truncatingRemainder(dividingBy: 2 * .pi) : 0
        p.wheel.wheelFade = unit(p.wheel.wheelFade)
        p.wheel.hubFade = unit(p.wheel.hubFade)
        p.rewardFade = unit(p.rewardFade)
        p.scratch.border = unit(p.scratch.border)
        p.celebration = p.celebration.sanitized
        p.confetti = InAppConfettiBurst.sanitized(p.confetti)
        p.player.position = p.player.position.isFinite ? min(max(p.player.position, 0), 1e7) : 0
        if case .pip(var pip) = p.message.content {
            pip.width = pip.width.isFinite ? min(max(pip.width, 0.05), 1) : 0.4
            pip.aspectRatio = pip.aspectRatio.isFinite && pip.aspectRatio > 0 ? min(pip.aspectRatio, 100) : 0.5625
            p.message.content = .pip(pip)
        }
        return p
    }

    static func drawTemplate(_ ctx: inout InAppDrawContext, on layer: inout InAppLayer) -> Rect {
        switch ctx.p.message.content {
        case .modal(let c): return InAppModalView.draw(c, ctx: &ctx, on: &layer)
        case .sheet(let c): return InAppSheetView.draw(c, ctx: &ctx, on: &layer)
        case .carousel(let c): return InAppCarouselView.draw(c, ctx: &ctx, on: &layer)
        case .stories(let s): return InAppStoriesView.draw(s, ctx: &ctx, on: &layer)
        case .banner(let b): return InAppBannerView.draw(b, ctx: &ctx, on: &layer)
        case .fullscreen(let f): return InAppFullscreenView.draw(f, ctx: &ctx, on: &layer)
        case .video(let v): return InAppVideoView.draw(v, ctx: &ctx, on: &layer)
        case .pip(let p): return InAppPipView.draw(p, ctx: &ctx, on: &layer)
        case .scratchcard(let s): return InAppScratchCardView.draw(s, ctx: &ctx, on: &layer)
        case .spinwheel(let w): return InAppSpinWheelView.draw(w, ctx: &ctx, on: &layer)
        }
    }

    /// A spring settles early: the animations' progress eased out (cubic), as their motion looks.
    static func eased(_ t: Double) -> Double {
        let k = min(max(t, 0), 1)
        return 1 - (1 - k) * (1 - k) * (1 - k)
    }

    /// The banner's way off its edge: its height plus 40 pt beyond the screen's top (or bottom).
    static func bannerTravel(_ b: InAppBanner, rect: Rect, grid: InAppGrid, fraction: Double) -> Int {
        let travel = b.position == .top ? -(rect.maxY + grid.rows(40)) : grid.screen.maxY - rect.y + grid.rows(40)
        return Int((fraction * Double(travel)).rounded())
    }

    /// Fade, offset, scale and backdrop of each template at its phase (spec'd per view; Reduce Motion fades only).
    static func motion(_ p: InAppPresentation, grid: InAppGrid) -> Motion {
        var m = Motion()
        let backdrop = p.message.backdropDim
        let rm = p.reduceMotion
        switch p.phase {
        case .shown: break
        case .entering(let t):
            let e = eased(t)
            m.alpha = min(max(t, 0), 1)
            switch p.message.content {
            case .modal where !rm: m.dy = Int(((1 - e) * Double(max(1, grid.rows(22)))).rounded()); m.scale = 0.94 + 0.06 * e
            case .carousel where !rm, .scratchcard where !rm, .spinwheel where !rm: m.scale = 0.88 + 0.12 * e
            case .pip: m.scale = 0.8 + 0.2 * e
            case .sheet where !rm: m.alpha = 1
            case .banner: m.alpha = e
            default: break
            }
        case .leaving(let t):
            let k = min(max(t, 0), 1)
            m.alpha = 1 - k
            switch p.message.content {
            case .modal where !rm: m.dy = Int((k * Double(max(1, grid.rows(12)))).rounded()); m.scale = 1 - 0.05 * k
            case .carousel where !rm, .scratchcard where !rm, .spinwheel where !rm: m.scale = 1 - 0.08 * k
            case .pip: m.scale = 1 - 0.15 * k
            case .sheet where !rm: m.alpha = 1
            case .stories where !rm: m.dy = Int((k * Double(max(1, grid.rows(40)))).rounded())
            default: break
            }
        }
        // A finger's drag: the sheet down, the banner toward its own edge (carousels page inside their card).
        switch p.message.content {
        case .sheet: m.dy += grid.rows(max(0, p.dragOffset))
        case .banner(let b): m.dy += (b.position == .top ? -1 : 1) * grid.rows(max(0, p.dragOffset))
        default: break
        }
        m.dim = backdrop * (p.phase == .shown ? 1 : m.alpha)
        return m
    }

    // MARK: - Hit testing

    /// What is at cell (x, y), given each message's hit map from `draw` (the same order): the topmost message's
    /// element there; else, if that message blocks the app (a dimmed or covering template), its backdrop; else the
    /// message under it (a pip), and finally the app.
    public static func hit(_ maps: [InAppHitMap], x: Int, y: Int) -> InAppHit {
        for (i, map) in maps.enumerated().reversed() {
            if let e = map.element(x: x, y: y) { return InAppHit(index: i, element: e) }
            // A blocking message that is leaving still absorbs taps (its scrim is there until the out-animation ends).
            if map.blocksApp { return InAppHit(index: i, element: .outside) }
        }
        return .app
    }

    /// What is at cell (x, y) of a canvas `size` big with `presentations` on it, without drawing anything on screen.
    public static func hit(_ presentations: [InAppPresentation], size: Size, x: Int, y: Int) -> InAppHit {
        var scratch = Canvas(size: size)
        return hit(draw(presentations, at: 0, on: &scratch), x: x, y: y)
    }
}
