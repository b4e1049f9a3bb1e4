// The simulated player of video and pip (`PWInAppVideoPlayerView`): the poster with a spinner until ready, the
// fallback image after a failure, and a readout of what the player is doing (there are no frames to show).

import PushSimEngine

enum InAppPlayerView {
    struct Media {
        var poster: String?
        var fallback: String?
        var loop: Bool
    }

    /// Draw the player into `screen`: the poster aspect-fit in a 16:9 picture centred on black (letterboxed, as
    /// `resizeAspect` does), or the fallback aspect-fill over all of it; the readout on its bottom row (`readoutRow`).
    static func draw(_ media: Media, in screen: Rect, readoutRow: Int? = nil, readoutX: Int? = nil, ctx: InAppDrawContext, on layer: inout InAppLayer) {
        layer.fill(screen, color: .black)
        let player = ctx.p.player
        if player.status == .fallback, let url = media.fallback {
            InAppImageWell.draw(url, in: screen, background: .black, ctx: ctx, on: &layer)
        } else if let url = media.poster {
            InAppImageWell.draw(url, in: picture(in: screen), background: .black, ctx: ctx, on: &layer)
        }
        if player.status == .loading {
            // The large white spinner over the poster until the item is ready.
            layer.spinner(at: ctx.now, x: screen.x + screen.width / 2, y: screen.y + screen.height / 2, style: Style(fg: .white, bg: .black))
        }
        let y = readoutRow ?? screen.maxY - 1
        guard screen.width >= 8, y >= screen.y, y < screen.maxY else { return }
        let line = readout(player, loop: media.loop, width: screen.maxX - 1 - max(screen.x + 1, readoutX ?? 0))
        let x = max(screen.x + 1, readoutX ?? 0)
        guard x + 4 < screen.maxX else { return }
        layer.canvas.update(Rect(x: x, y: y, width: min(TextWidth.of(line), screen.maxX - 1 - x), height: 1)) { $0.bg = $0.bg.darkened(0.5) }
        layer.canvas.text(line, x: x, y: y, style: Style(fg: .white), maxWidth: screen.maxX - 1 - x)
    }

    /// The letterboxed 16:9 picture centred in `screen`.
    static func picture(in screen: Rect) -> Rect {
        var w = screen.width
        var h = InAppGrid.rows(forWidth: w, ratio: 9.0 / 16.0)
        if h > screen.height { h = screen.height; w = min(screen.width, Int((Double(h) * 2 * 16 / 9).rounded())) }
        return Rect(x: screen.x + (screen.width - w) / 2, y: screen.y + (screen.height - h) / 2, width: w, height: h)
    }

    /// `▶ 0:03 · muted · loop`, `⠋ loading`, `■ ended 0:12`, `fallback image (the video failed)`.
    static func readout(_ p: InAppPlayerState, loop: Bool, width: Int) -> String {
        var parts: [String]
        switch p.status {
        case .loading: parts = ["loading video"]
        case .playing: parts = ["▶ " + clock(p.position)]
        case .ended: parts = ["■ ended " + clock(p.position)]
        case .fallback: parts = ["fallback image (the video failed)"]
        }
        if p.status != .fallback {
            parts.append(p.muted ? "muted" : "sound on")
            if loop { parts.append("loop") }
        }
        return TextWidth.truncate(parts.joined(separator: " · "), to: max(1, width))
    }

    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.isFinite ? seconds : 0))
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    /// A small control chip (mute, expand): the symbol on the glass shade; returns its cells.
    static func chip(_ symbol: String, x: Int, y: Int, on layer: inout InAppLayer) -> Rect {
        let w = TextWidth.of(symbol) + 2
        let r = Rect(x: x, y: y, width: w, height: 1)
        guard layer.canvas.contains(x: x, y: y), layer.canvas.contains(x: r.maxX - 1, y: y) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        layer.canvas.update(r) { $0 = Cell(" ", fg: .white, bg: $0.bg.darkened(InAppPaint.chipShade)) }
        layer.canvas.text(symbol, x: x + 1, y: y, style: Style(fg: .white, attrs: .bold))
        return r
    }

    static func muteSymbol(_ muted: Bool) -> String { muted ? "🔇" : "🔊" }
}
