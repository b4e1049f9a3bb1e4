// What each template does with a gesture (each view's handlers in PushwooshInApp/Views/, 7.2.x). `nil` means the
// message on screen has no such control (the scene says so in a warning); `[]` means the control is there and the
// gesture changed nothing the delegate hears about.

extension InAppPlayer {
    public mutating func handle(_ g: InAppGesture, at t: Double) -> [InAppPlayerOutcome]? {
        guard closingAt == nil else { return nil }
        let content = message.content
        switch g {
        case .close:
            return content.showsCloseChip ? [.close] : nil
        case .tapOutside:
            switch message.outsideTap {
            case .closes: return [.close]
            case .passesThrough: return [.passThrough]
            case .covered: return nil
            }
        case .button(let n):
            return button(n, at: t)
        case .tap:
            return tap(at: t)
        case .tapAt, .fingerDown, .fingerUp, .fingerDownAt, .fingerCancel:
            return story(g, at: t)
        case .swipe(let d):
            return swipe(d, at: t)
        case .drag(let dy):
            switch content {
            case .sheet, .banner:
                dragOffset = max(0, dy)
                settle = nil
                return []
            default: return nil
            }
        case .release(let dy, let v):
            return release(dy, velocity: v, at: t)
        case .scratch(let points):
            return scratch(points, at: t)
        case .scratchDown(let p):
            return scratchDown(p, at: t)
        case .scratchMove(let p):
            return scratchMove(p, at: t)
        case .scratchUp:
            return scratchUp(at: t)
        case .reveal:
            guard case .scratchcard(let s) = content, s.revealButton != nil else { return nil }
            return reveal(at: t)
        case .spin:
            guard case .spinwheel(let w) = content else { return nil }
            // Once per presentation: the hub is disabled after the first tap.
            guard spunAt == nil else { return [] }
            spunAt = t
            spin = InAppWheelSpin(segments: w.segments.count, winIndex: w.winIndex, id: message.id, reduceMotion: reduceMotion)
            return []
        case .claim:
            guard let code = reward?.code, rewardTappable(at: t) else { return nil }
            copiedAt = t
            // Each tap bursts its own confetti over the panel; older volleys that have fallen are forgotten.
            claimedAt = claimedAt.filter { t - $0 < InAppConfetti.visibleFor } + [t]
            return [event("reward_claimed", ["promoCode": .string(code)])]
        case .mute:
            guard isPlayer else { return nil }
            player.muted.toggle()
            return []
        case .expand:
            guard case .pip = content else { return nil }
            toggleExpand(at: t)
            return []
        case .pipDrag(let p):
            guard case .pip = content else { return nil }
            guard !pipExpanded else { return [] }  // the card follows the finger only when collapsed
            let from = InAppPoint(x: p.x * device.screen.width, y: p.y * device.screen.height)
            pipCorner = nearestCorner(to: from)
            pipMove = PointMotion(from: from, to: pipCentre(pipCorner), at: t, duration: Self.pipSpring)
            return []
        case .videoReady:
            guard isPlayer else { return nil }
            guard player.status == .loading else { return [] }
            readyAt = nil
            startPlaying(at: t)
            return []
        case .videoFail:
            guard isPlayer else { return nil }
            guard player.status == .loading || player.status == .playing else { return [] }
            readyAt = nil
            if let since = playingSince { playedBefore += t - since; playingSince = nil }
            // With a fallback the image shows (and the player counts as ready); without one the message closes.
            guard fallback != nil else { return [.close] }
            player.status = .fallback
            return []
        case .videoEnd:
            guard isPlayer else { return nil }
            guard player.status == .playing else { return [] }
            if loops {
                playedBefore = 0
                playingSince = t
            } else {
                if let since = playingSince { playedBefore += t - since; playingSince = nil }
                player.status = .ended
            }
            return []
        }
    }

    var isPlayer: Bool {
        switch message.content {
        case .video, .pip: return true
        default: return false
        }
    }
    var fallback: String? {
        switch message.content {
        case .video(let v): return v.fallback
        case .pip(let p): return p.fallback
        default: return nil
        }
    }
    var loops: Bool {
        switch message.content {
        case .video(let v): return v.loop
        case .pip(let p): return p.loop
        default: return false
        }
    }

    /// The reward panel's prize: the scratch card's, or the wheel's resolved one.
    var reward: InAppReward? {
        switch message.content {
        case .scratchcard(let s): return s.reward
        case .spinwheel(let w): return w.resolvedReward
        default: return nil
        }
    }

    /// Whether the reward panel's chip and button take a tap at `t`: on the wheel once the panel has appeared; on the
    /// scratch card once revealed, or before that under an image foil (a `UIImageView` lets taps through to the
    /// controls beneath, the generated foil absorbs them).
    func rewardTappable(at t: Double) -> Bool {
        switch message.content {
        case .scratchcard(let s): return scratch.revealed || s.cover.image != nil
        case .spinwheel: return panelAt.map { t + 1e-9 >= $0 } ?? false
        default: return false
        }
    }

    /// When the wheel's reward panel starts fading in: the stop, then 1.0 s, then the wheel's 0.25 s fade.
    var panelAt: Double? {
        guard let spin, let at = spunAt else { return nil }
        return at + spin.duration + InAppWheelSpin.panelDelay(reduceMotion: reduceMotion) + InAppWheelSpin.wheelFade(reduceMotion: reduceMotion)
    }

    mutating func button(_ n: Int, at t: Double) -> [InAppPlayerOutcome]? {
        let buttons: [InAppButton]
        switch message.content {
        case .modal(let c), .sheet(let c): buttons = c.buttons
        case .fullscreen(let f): buttons = f.buttons
        case .video(let v): buttons = v.buttons
        case .stories(let s):
            guard s.items.indices.contains(page) else { return nil }
            buttons = s.items[page].buttons
            guard buttons.indices.contains(n) else { return nil }
            // The CTA stops playback first, then runs its action.
            if var st = stories { _ = StoriesPlayer.reduce(&st, .dismiss(at: t)); stories = st }
        case .scratchcard, .spinwheel:
            guard let b = reward?.button, rewardTappable(at: t) else { return nil }
            buttons = [b]
        default: return nil
        }
        guard buttons.indices.contains(n) else { return nil }
        return [.action(buttons[n].action)]
    }

    mutating func tap(at t: Double) -> [InAppPlayerOutcome]? {
        switch message.content {
        case .banner(let b): return [.action(b.action)]
        case .carousel(let c):
            guard c.items.indices.contains(page) else { return nil }
            return c.items[page].action.map { [.action($0)] } ?? []
        case .pip(let p):
            if let a = p.action { return [.action(a)] }
            toggleExpand(at: t)
            return []
        case .stories:
            return story(.tapAt(0.5), at: t)
        default: return nil
        }
    }

    mutating func swipe(_ d: InAppGesture.Direction, at t: Double) -> [InAppPlayerOutcome]? {
        switch message.content {
        case .carousel(let c):
            // No loop, no wrap-around: a swipe past either end does nothing.
            let next: Int
            switch d {
            case .left: next = min(page + 1, c.items.count - 1)
            case .right: next = max(page - 1, 0)
            default: return []
            }
            guard next != page else { return [] }
            page = next
            return [event("inapp_page", ["index": .number(Double(page))])]
        case .stories:
            return d == .down ? [.close] : []
        case .sheet:
            return d == .down ? [.close] : []
        case .banner(let b):
            // Toward its own edge: up for a top banner, down for a bottom one.
            return (b.position == .top && d == .up) || (b.position == .bottom && d == .down) ? [.close] : []
        default: return nil
        }
    }

    mutating func release(_ dy: Double, velocity: Double, at t: Double) -> [InAppPlayerOutcome]? {
        switch message.content {
        case .sheet:
            let moved = max(0, dy)
            if moved > Self.sheetDismissDistance || velocity > Self.sheetDismissVelocity { return [.close] }
            dragOffset = moved
            settle = moved > 0 ? Motion(from: moved, at: t, duration: Self.springBack) : nil
            if moved == 0 { dragOffset = 0 }
            return []
        case .banner:
            // Any drag toward its own edge is the swipe that closes it; one the other way settles back.
            if dy > 0 { return [.close] }
            dragOffset = 0
            return []
        default: return nil
        }
    }

    /// stories: tap zones and holds, through the push stories player; the in-app template closes where push stories
    /// would stay on the last page (a forward tap there without `loop`).
    mutating func story(_ g: InAppGesture, at t: Double) -> [InAppPlayerOutcome]? {
        guard var s = stories, case .stories(let cfg) = message.content else { return nil }
        defer { stories = s }
        let width = device.screen.width
        func forwardOffEnd(_ x: Double) -> Bool {
            s.phase == .playing && x >= width / 3 && s.isLastPage && !cfg.loop
        }
        switch g {
        case .tapAt(let f):
            let x = f * width
            if forwardOffEnd(x) { return [.close] }
            let out = storyEffects(StoriesPlayer.reduce(&s, .tap(x: x, width: width, at: t)))
            page = s.index
            return out
        case .fingerDown:
            _ = StoriesPlayer.reduce(&s, .fingerDown(x: width / 2, width: width, at: t))
            return []
        case .fingerDownAt(let f):
            _ = StoriesPlayer.reduce(&s, .fingerDown(x: min(1, max(0, f)) * width, width: width, at: t))
            return []
        case .fingerCancel:
            let out = storyEffects(StoriesPlayer.reduce(&s, .fingerMovedAway(at: t)))
            page = s.index
            return out
        case .fingerUp:
            guard let f = s.finger else { return [] }
            if !f.longPress && t - f.downAt < StoriesState.longPressThreshold && forwardOffEnd(f.x) {
                _ = StoriesPlayer.reduce(&s, .fingerMovedAway(at: t))
                return [.close]
            }
            let out = storyEffects(StoriesPlayer.reduce(&s, .fingerUp(at: t)))
            page = s.index
            return out
        default: return nil
        }
    }

    /// A stroke through `points` (fractions of the scratch area): the first point begins it, every later one is a
    /// move (after which the fraction is checked against the threshold), then the finger comes up with the stroke's
    /// `scratch` event. After a reveal the rest of the stroke does nothing, as the SDK's pan handler returns at once.
    mutating func scratch(_ points: [InAppPoint], at t: Double) -> [InAppPlayerOutcome]? {
        guard case .scratchcard = message.content else { return nil }
        guard !scratch.revealed, let first = points.first else { return [] }
        var out = scratchDown(first, at: t) ?? []
        for p in points.dropFirst() where !scratch.revealed { out += scratchMove(p, at: t) ?? [] }
        return out + (scratchUp(at: t) ?? [])
    }

    /// Touch-down (`PWScratchMaskView.beginStroke`): the grid is marked under the finger; no threshold check yet.
    mutating func scratchDown(_ f: InAppPoint, at t: Double) -> [InAppPlayerOutcome]? {
        guard case .scratchcard = message.content else { return nil }
        guard !scratch.revealed else { return [] }
        let area = InAppScratchGrid.areaSize(on: device.screen)
        let q = InAppPoint(x: f.x * area.width, y: f.y * area.height)
        InAppScratchGrid.mark(&scratch.grid, at: q, area: area)
        scratch.strokes.append([f])
        scratchFinger = q
        strokeOpen = true
        return []
    }

    /// A move (`continueStroke`, then the SDK's check in `.changed`): the reveal comes the moment the erased fraction
    /// reaches `revealThreshold`, with the finger still down.
    mutating func scratchMove(_ f: InAppPoint, at t: Double) -> [InAppPlayerOutcome]? {
        guard case .scratchcard(let card) = message.content else { return nil }
        guard !scratch.revealed else { return [] }
        // A move with no stroke open begins one there (`continueStroke` without a last point).
        guard let last = scratchFinger, strokeOpen, !scratch.strokes.isEmpty else { return scratchDown(f, at: t) }
        let area = InAppScratchGrid.areaSize(on: device.screen)
        let q = InAppPoint(x: f.x * area.width, y: f.y * area.height)
        InAppScratchGrid.move(&scratch.grid, from: last, to: q, area: area)
        scratch.strokes[scratch.strokes.count - 1].append(f)
        scratchFinger = q
        return scratch.fraction >= card.revealThreshold ? reveal(at: t) : []
    }

    /// The finger comes up: the stroke's `scratch` event with the erased fraction (also after a stroke that revealed).
    mutating func scratchUp(at t: Double) -> [InAppPlayerOutcome]? {
        guard case .scratchcard = message.content else { return nil }
        guard strokeOpen else { return [] }
        strokeOpen = false
        scratchFinger = nil
        return [event("scratch", ["fraction": .number(scratch.fraction)])]
    }

    /// The reveal, once: `RewardRevealed` fires at its start, while the foil fades.
    mutating func reveal(at t: Double) -> [InAppPlayerOutcome] {
        guard !scratch.revealed, case .scratchcard(let s) = message.content else { return [] }
        scratch.revealed = true
        revealedAt = t
        return [event("reward_revealed", ["promoCode": s.reward.code.map { .string($0) } ?? .null])]
    }

    mutating func toggleExpand(at t: Double) {
        pipExpanded.toggle()
        pipMove = nil
        expandChangedAt = t
    }

    /// pip: the card's centre in a corner, 14 pt inside the safe area.
    func pipCentre(_ c: InAppPip.Corner) -> InAppPoint {
        let s = pipSize
        let left = Self.pipInset + s.width / 2, right = device.screen.width - Self.pipInset - s.width / 2
        let top = device.safeTop + Self.pipInset + s.height / 2
        let bottom = device.screen.height - device.safeBottom - Self.pipInset - s.height / 2
        switch c {
        case .topLeft: return InAppPoint(x: left, y: top)
        case .topRight: return InAppPoint(x: right, y: top)
        case .bottomLeft: return InAppPoint(x: left, y: bottom)
        case .bottomRight: return InAppPoint(x: right, y: bottom)
        }
    }

    /// The collapsed card: screen width × `width`, height = that × `aspectRatio`.
    public var pipSize: InAppSize {
        guard case .pip(let p) = message.content else { return InAppSize(width: 0, height: 0) }
        let w = device.screen.width * p.width
        return InAppSize(width: w, height: w * p.aspectRatio)
    }

    func nearestCorner(to p: InAppPoint) -> InAppPip.Corner {
        InAppPip.Corner.allCases.min { a, b in
            let pa = pipCentre(a), pb = pipCentre(b)
            return (pa.x - p.x) * (pa.x - p.x) + (pa.y - p.y) * (pa.y - p.y) < (pb.x - p.x) * (pb.x - p.x) + (pb.y - p.y) * (pb.y - p.y)
        } ?? .bottomRight
    }
}
