// When a player's reward celebrates (`PWScratchCardInAppView.reveal`, `PWSpinWheelInAppView.spinFinished` and
// `collapseWheelIntoReward`, `PWInAppRewardView.copyTapped`): the confetti volleys and `celebrate()`, on the simulated
// clock. Reduce Motion skips all of it, as the SDK's `guard !UIAccessibility.isReduceMotionEnabled` does.

extension InAppPlayer {
    /// When `celebrate()` runs: the scratch card's once the foil has faded (0.45 s after the reveal), the wheel's once
    /// the reward panel has faded in (1.0 s + 0.25 s + 0.3 s after the stop).
    var celebrateAt: Double? {
        guard !reduceMotion else { return nil }
        switch message.content {
        case .scratchcard: return revealedAt.map { $0 + Self.foilFade(reduceMotion: false) }
        case .spinwheel: return panelAt.map { $0 + InAppWheelSpin.panelFade(reduceMotion: false) }
        default: return nil
        }
    }

    /// The scratch card's foil fades 0.45 s ease-out after the reveal (0.2 s under Reduce Motion).
    static func foilFade(reduceMotion: Bool) -> Double { reduceMotion ? 0.2 : 0.45 }
    /// Then the area's border grows (`glowScratchArea`: a CABasicAnimation of `borderWidth` from 0 to 2.5, no timing
    /// function, so linear) over 0.4 s (0.15 s under Reduce Motion).
    static func borderGrowth(reduceMotion: Bool) -> Double { reduceMotion ? 0.15 : 0.4 }

    /// The scratch card's border: from when it grows (the foil's fade over) until it is whole.
    var borderGrows: (from: Double, until: Double)? {
        guard let r = revealedAt else { return nil }
        let from = r + Self.foilFade(reduceMotion: reduceMotion)
        return (from, from + Self.borderGrowth(reduceMotion: reduceMotion))
    }

    /// Every volley so far, started or due: the reveal's and the stop's over the card (the wheel's in the segment
    /// colours that were given, else the default palette), and one over the panel per tap on the promo chip.
    var bursts: [(at: Double, anchor: InAppConfettiBurst.Anchor, colors: [InAppColor], salt: UInt64)] {
        guard !reduceMotion else { return [] }
        var out: [(at: Double, anchor: InAppConfettiBurst.Anchor, colors: [InAppColor], salt: UInt64)] = []
        switch message.content {
        case .scratchcard:
            if let r = revealedAt { out.append((r, .card, [], 1)) }
        case .spinwheel(let w):
            if let spin, let at = spunAt { out.append((at + spin.duration, .card, w.segments.compactMap(\.color), 2)) }
        default: break
        }
        // A claim's seed comes from its moment, so a volley keeps its pieces while older ones are forgotten.
        for c in claimedAt { out.append((c, .rewardPanel, [], c.bitPattern)) }
        return out
    }

    /// The volleys on screen at `t`.
    func confetti(at t: Double) -> [InAppConfettiBurst] {
        let base = InAppRandom.seed(id: message.id)
        return bursts.filter { t + 1e-9 >= $0.at && t - $0.at < InAppConfetti.visibleFor }.map { b in
            var r = InAppRandom(seed: base ^ (b.salt &* 0xd6e8_feb8_6659_fd93))
            return InAppConfettiBurst(anchor: b.anchor, age: max(0, t - b.at), colors: b.colors, seed: r.next())
        }
    }

    func celebration(at t: Double) -> InAppCelebration {
        celebrateAt.map { InAppCelebration(elapsed: t - $0) } ?? InAppCelebration()
    }

    /// Until when confetti falls or the panel celebrates (nil: nothing started or due).
    var celebrationEnds: Double? {
        var ends = bursts.map { $0.at + InAppConfetti.visibleFor }
        if let c = celebrateAt { ends.append(c + InAppCelebration.duration) }
        return ends.max()
    }
}
