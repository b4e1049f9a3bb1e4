import Foundation

// Text the phone draws but nobody can read: a configured text colour on the surface the SDK draws it on, compared by
// WCAG 2's contrast ratio. The SDK draws what the config asks (`PWInAppStyle` applies a text's own colour as is; only
// absent colours get `contrastColor(on:)`), so a title in the card's own colour is there and invisible. `validate`
// says so; the surfaces are the ones the SDK's views put under each text (Pushwoosh/pushwoosh-ios-sdk 7.2,
// iOS_SDK/Pushwoosh/PushwooshInApp/Views: the card's `background`, a button's own `background`, the wheel's slice
// colour, the scratch card's fixed ticket under its reward). Text over images (carousel, stories, video, a
// fullscreen cover image) is left alone: what is under it depends on the picture.

public enum InAppLegibility {
    /// Below this the text is hard to make out at all (WCAG asks 4.5:1 of body text; 1.5:1 is far below any advice).
    public static let threshold = 1.5

    /// One warning per text whose colour is below `threshold` against its surface. `dark` picks the system
    /// background a translucent surface is seen over (white or black).
    public static func findings(_ message: InAppMessage, dark: Bool) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let system = dark ? InAppColor.black : InAppColor.white
        /// `under`: what a translucent surface is seen over (a button over its card; a card over the system's background).
        func check(_ text: InAppText?, _ path: String, on surfaces: [InAppColor], _ surfaceName: String, under: [InAppColor]? = nil) {
            guard let text, !surfaces.isEmpty else { return }
            let bases = (under ?? [system]).map { composite($0, over: system) }
            let opaque = surfaces.flatMap { s in bases.map { composite(s, over: $0) } }
            let ratios = opaque.map { contrast(composite(text.color, over: $0), $0) }
            // Over a gradient the text is unreadable only where every stop is too close to it.
            guard let best = ratios.max(), best < threshold else { return }
            let seen = best < 1.1 ? "invisible" : "barely visible"
            out.append(Diagnostic(path: path + ".color", "the text \(JSONValue.string(text.text).quoted) is \(seen) on the phone: its colour \(hex(text.color)) on \(surfaceName) \(surfaces.map(hex).joined(separator: "…")) has a contrast of \(format(best)):1 (the SDK draws the configured colour as is; WCAG asks 4.5:1 of text)"))
        }
        func buttons(_ list: [InAppButton], _ path: String, under: [InAppColor]?) {
            for (i, b) in list.enumerated() { button(b, "\(path)[\(i)]", under: under) }
        }
        func button(_ b: InAppButton?, _ path: String, under: [InAppColor]?) {
            // A translucent button over a picture (stories, video) is seen over whatever the picture has there.
            guard let b, under != nil || b.background.alpha >= 1 else { return }
            check(b.text, "\(path).text", on: [b.background], "its button's background", under: under)
        }
        func reward(_ r: InAppReward, _ path: String, on surfaces: [InAppColor], _ surfaceName: String) {
            // The promo code is drawn in the title's colour (`PWInAppRewardView`), so the title's finding covers both.
            check(r.title, "\(path).title", on: surfaces, surfaceName)
            check(r.message, "\(path).message", on: surfaces, surfaceName)
            button(r.button, "\(path).button", under: surfaces)
        }
        func stops(_ s: InAppSurface) -> [InAppColor] {
            switch s {
            case .solid(let c): return [c]
            case .gradient(let list): return list
            }
        }
        let layout = message.layout.rawValue
        switch message.content {
        case .modal(let c), .sheet(let c):
            check(c.title, "\(layout).title", on: [c.background], "the card's background")
            check(c.message, "\(layout).message", on: [c.background], "the card's background")
            buttons(c.buttons, "\(layout).buttons", under: [c.background])
        case .banner(let b):
            check(b.title, "banner.title", on: [b.background], "the banner's background")
            check(b.message, "banner.message", on: [b.background], "the banner's background")
        case .fullscreen(let f):
            if f.cover.image == nil {
                check(f.title, "fullscreen.title", on: [f.cover.background], "the cover's background")
                check(f.message, "fullscreen.message", on: [f.cover.background], "the cover's background")
            }
            buttons(f.buttons, "fullscreen.buttons", under: f.cover.image == nil ? [f.cover.background] : nil)
        case .carousel, .pip:
            break
        case .stories(let s):
            for (i, item) in s.items.enumerated() { buttons(item.buttons, "stories.items[\(i)].buttons", under: nil) }
        case .video(let v):
            buttons(v.buttons, "video.buttons", under: nil)
        case .scratchcard(let s):
            let card = stops(s.background)
            check(s.title, "scratchcard.title", on: card, "the card's background")
            check(s.message, "scratchcard.message", on: card, "the card's background")
            button(s.revealButton, "scratchcard.revealButton", under: card)
            reward(s.reward, "scratchcard.reward", on: [InAppScratchCard.ticket], "the scratch area's ticket")
        case .spinwheel(let w):
            let card = stops(w.background)
            check(w.title, "spinwheel.title", on: card, "the card's background")
            check(w.message, "spinwheel.message", on: card, "the card's background")
            button(w.spinButton, "spinwheel.spinButton", under: card)
            for (i, s) in w.segments.enumerated() {
                if let color = s.color { check(s.message, "spinwheel.segments[\(i)].message", on: [color], "its slice", under: card) }
            }
            // Only the prize the wheel lands on is ever shown (`winIndex`, always).
            if w.segments.indices.contains(w.winIndex), w.segments[w.winIndex].reward != nil {
                reward(w.resolvedReward, "spinwheel.segments[\(w.winIndex)].reward", on: card, "the card's background")
            } else {
                reward(w.reward, "spinwheel.reward", on: card, "the card's background")
            }
        }
        return out
    }

    /// WCAG 2 contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05), the lighter over the darker.
    public static func contrast(_ a: InAppColor, _ b: InAppColor) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// WCAG 2 relative luminance (sRGB channels linearised).
    static func luminance(_ c: InAppColor) -> Double {
        func lin(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
    }

    /// `top` drawn over the opaque `bottom` (source-over).
    static func composite(_ top: InAppColor, over bottom: InAppColor) -> InAppColor {
        let a = min(max(top.alpha, 0), 1)
        return InAppColor(red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
                          blue: top.blue * a + bottom.blue * (1 - a))
    }

    static func hex(_ c: InAppColor) -> String {
        func byte(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            return String(n, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha < 1 ? byte(c.alpha) : "")
    }

    static func format(_ ratio: Double) -> String {
        let tenths = Int((ratio * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
