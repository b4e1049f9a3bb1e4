// A stories scene as the phone shows it: the expanded notification's story view (spec §1.5, §1.7, §1.8) over a wallpaper.

import PushSimApp
import PushSimEngine
import PushSimMedia
import PushSimScreens

public enum StoriesPicture {
    /// The expanded notification's margins and corners on the lock screen.
    static let margin = 8.0
    static let radius = 20.0

    /// spec §1.5: 3 pt track, radius 1.5, white at 30 %, 4 pt between segments, 23 pt from the top, 12 pt insets.
    static let barTop = 23.0, barInset = 12.0, barHeight = 3.0, barSpacing = 4.0
    /// spec §1.7: the text stack's insets, fonts and spacing; the scrim starts 44 pt above it.
    static let textInset = 24.0, titleSubtitleGap = 6.0, afterSubtitle = 16.0, scrimAbove = 44.0
    static let titleFont = PictureFont(21, .bold)
    static let subtitleFont = PictureFont(14)
    static let pillHeight = 52.0
    static let pillFont = PictureFont(17, .semibold)
    /// spec §1.8: the fallback label's side insets (a UILabel's default 17 pt system font).
    static let fallbackInset = 16.0

    /// `dark`: the phone in dark appearance (the lock screen's notification material; the story view is always black).
    public static func draw(_ scene: StoriesScene, at t: Double, on p: Picture, device: PictureDevice, images: PictureImages, dark: Bool = false) {
        p.dark = dark
        // A page that plays on, the same as in the frame before but for its progress bar: everything under the bar is
        // the recording's kept layer (in the bar's rows the page's photo and scrim, never the text, the pill or the
        // home indicator, so the bar is drawn over what it is drawn over in full).
        if let key = stillKey(scene, at: t, device: device, images: images, dark: dark) {
            let story = storyRect(scene, device: device)
            p.base(key) {
                drawLockScreen(scene, on: p, device: device)
                p.clipped(to: story, radius: radius) {
                    p.translated(dx: story.x, dy: story.y) {
                        drawStory(scene, at: t, on: p, size: (story.width, story.height), images: images, bar: false)
                    }
                }
            }
            p.clipped(to: story, radius: radius) {
                p.translated(dx: story.x, dy: story.y) { drawBar(scene.state.segmentFractions(at: t), on: p, width: story.width) }
            }
            StatusBar.drawHomeIndicator(on: p, device: device, color: .white)
            return
        }
        drawLockScreen(scene, on: p, device: device)
        if let stop = scene.stopped, stop.rejected != nil || scene.expanded {
            drawStopped(scene, reason: stop.rejected?.reason ?? stop.defaultReason ?? "", rejected: stop.rejected != nil, on: p,
                        device: device, images: images)
            StatusBar.drawHomeIndicator(on: p, device: device, color: .white)
            return
        }
        if !scene.expanded {
            // The collapsed notification as the phone lays it out (the delivery path's cut text when simulated), at the
            // width the text was cut for, so the picture shows what the terminal and validate report.
            let (title, body) = collapsedText(scene)
            let thumb = scene.arrival?.thumbnail.map { images.image($0) }
            NotificationCard.draw(on: p, in: collapsedCardRect(scene, device: device, on: p),
                                  appName: scene.configuration.appName, title: title, body: body, thumbnail: thumb, dark: dark,
                                  layout: .lockScreen, glass: device.liquidGlass)
            StatusBar.drawHomeIndicator(on: p, device: device, color: .white)
            return
        }
        let story = storyRect(scene, device: device)
        p.clipped(to: story, radius: radius) {
            p.translated(dx: story.x, dy: story.y) {
                drawStory(scene, at: t, on: p, size: (story.width, story.height), images: images)
            }
        }
        StatusBar.drawHomeIndicator(on: p, device: device, color: .white)
    }

    /// The wallpaper and the status bar. A playing story fills its rectangle opaquely (black, then the page): the
    /// wallpaper shows only around it and through its rounded corners, so the part at least a corner's radius inside
    /// is left out.
    static func drawLockScreen(_ scene: StoriesScene, on p: Picture, device: PictureDevice) {
        let playing = scene.expanded && scene.stopped == nil
        Wallpaper.draw(on: p, device: device, covered: playing ? storyRect(scene, device: device).insetBy(dx: radius, dy: radius) : nil)
        StatusBar.draw(on: p, device: device, color: .white)
    }

    /// What a playing page's picture shows but for its progress bar: equal keys, equal pixels (`Picture.base`). Nil
    /// when the picture changes from frame to frame anyway (a crossfade) or is drawn otherwise (not expanded, stopped,
    /// the fallback text, the spinner of an image still downloading, the dismissed page, whose shade covers the bar).
    struct StillKey: Equatable {
        var scene: ObjectIdentifier
        var device: PictureDevice
        var dark: Bool
        var index: Int
        var page: StoryPage
        var allowHTTP: Bool
        /// The page's image as drawn: its pixels' identity and size, or why it failed.
        var image: [Int]
        var failure: String?
    }

    static func stillKey(_ scene: StoriesScene, at t: Double, device: PictureDevice, images: PictureImages, dark: Bool) -> StillKey? {
        let s = scene.state
        guard scene.expanded, scene.stopped == nil, s.phase != .fallback, s.phase != .dismissed, let page = s.page,
              scene.imageArrived(page.image), scene.crossfade(at: t) == nil else { return nil }
        let http = scene.arrival?.check.applies == true ? scene.configuration.delivery?.allowHTTP ?? true : true
        var key = StillKey(scene: ObjectIdentifier(scene), device: device, dark: dark, index: s.index, page: page, allowHTTP: http,
                           image: [], failure: nil)
        if !DeliveryImages.isRefused(page.image, allowHTTP: http) {
            switch images.image(page.image) {
            case .image(let img):
                let buffer = img.rgba.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } ?? 0 }
                key.image = [buffer, img.width, img.height]
            case .failed(let reason):
                key.failure = reason
            }
        }
        return key
    }

    /// Where the expanded story is on the phone: the extension's height is width × storyAspectRatio, and a tall ratio
    /// on a short phone is narrowed to fit.
    public static func storyRect(_ scene: StoriesScene, device: PictureDevice) -> PictureRect {
        let ratio = scene.configuration.options.aspectRatio
        let available = device.height - device.safeTop - device.safeBottom - 2 * margin
        let w = min(device.width - 2 * margin, available / ratio)
        return PictureRect(x: (device.width - w) / 2, y: device.safeTop + margin, width: w, height: w * ratio)
    }

    /// Where a touch on the scene's touch area lands on the phone: the story while it plays, the collapsed
    /// notification's card before it opens (the scene's area is then the card's cells).
    public static func touchTarget(_ scene: StoriesScene, device: PictureDevice) -> PictureRect? {
        if scene.expanded { return scene.stopped == nil ? storyRect(scene, device: device) : nil }
        guard scene.stopped?.rejected == nil, let p = try? Picture(width: device.width, height: device.height, scale: 1) else { return nil }
        return collapsedCardRect(scene, device: device, on: p)
    }

    /// The collapsed notification's title and body lines, as cut for the phone when the delivery path is simulated.
    static func collapsedText(_ scene: StoriesScene) -> (title: String, body: String) {
        let shown = scene.arrival?.text
        let title = shown?.title?.displayed ?? scene.input.payload.title ?? ""
        // The model's own lines (the subtitle's, then the body's as cut), so the card draws the lines validate counts.
        let body = shown.map { ([$0.subtitle?.displayed].compactMap { $0 } + $0.body.lines).joined(separator: "\n") } ?? scene.input.payload.body
        return (title, body)
    }

    /// The collapsed notification's card on the lock screen (`p` measures its text).
    static func collapsedCardRect(_ scene: StoriesScene, device: PictureDevice, on p: Picture) -> PictureRect {
        let (title, body) = collapsedText(scene)
        let width = device.width - 2 * margin
        let h = NotificationCard.height(on: p, title: title, body: body, width: width, thumbnail: scene.arrival?.thumbnail != nil, layout: .lockScreen)
        return PictureRect(x: margin, y: device.safeTop + 120, width: width, height: h)
    }

    /// Where the push stopped before the story: nothing on the lock screen (APNs refused it), or iOS's own expanded
    /// notification (the attachment's picture, then the whole text); pushsim's sentence why sits under it.
    static func drawStopped(_ scene: StoriesScene, reason: String, rejected: Bool, on p: Picture, device: PictureDevice, images: PictureImages) {
        let width = device.width - 2 * margin
        var y = device.safeTop + 120
        if !rejected, let a = scene.arrival {
            let alert = a.check.alert
            let title = [alert.title, alert.subtitle].compactMap { $0 }.joined(separator: "\n")
            let picture = a.thumbnail.map { images.image($0) }
            let pictureHeight = picture == nil ? 0.0 : width * 0.75
            let h = NotificationCard.height(on: p, title: title, body: alert.body, width: width, thumbnail: false)
            let card = PictureRect(x: margin, y: y, width: width, height: h + pictureHeight)
            // iOS's own expanded notification: its platter follows the OS (from iOS 26 the card under the picture
            // is Liquid Glass over the wallpaper, drawn by NotificationCard below).
            if !device.liquidGlass { p.fillRounded(card, radius: radius, PictureColor(44, 44, 46).alpha(0.92)) }
            if let picture {
                let r = PictureRect(x: margin, y: y, width: width, height: pictureHeight)
                p.clipped(to: r, radius: radius) {
                    switch picture {
                    case .image(let img): p.image(img, in: r, mode: .aspectFill)
                    case .failed: p.fill(r, PictureColor(58, 58, 60))
                    }
                }
            }
            NotificationCard.draw(on: p, in: PictureRect(x: margin, y: y + pictureHeight, width: width, height: h),
                                  appName: scene.configuration.appName, title: title, body: alert.body, thumbnail: nil, dark: true,
                                  glass: device.liquidGlass)
            y = card.maxY + 16
        }
        let font = PictureFont(13)
        let text = "⚠ " + reason
        let th = p.measure(text, font: font, width: width - 24).height
        let box = PictureRect(x: margin, y: y, width: width, height: th + 20)
        p.fillRounded(box, radius: 12, PictureColor.black.alpha(0.7))
        p.text(text, x: box.x + 12, y: box.y + 10, width: width - 24, font: font, color: PictureColor(240, 200, 90))
    }

    /// The story view in its own coordinates (origin top-left, `size` points).
    /// `bar`: false leaves the progress bar out (a recording's kept layer, the bar drawn over it).
    static func drawStory(_ scene: StoriesScene, at t: Double, on p: Picture, size: (w: Double, h: Double), images: PictureImages,
                          bar: Bool = true) {
        let s = scene.state
        let bounds = PictureRect(x: 0, y: 0, width: size.w, height: size.h)
        p.fill(bounds, .black)
        guard s.phase != .fallback, !s.pages.isEmpty, let page = s.page else {
            let text = s.body.isEmpty ? " " : s.body
            let inner = bounds.insetBy(dx: fallbackInset, dy: fallbackInset)
            let h = p.measure(text, font: PictureFont(17), width: inner.width).height
            p.text(text, x: inner.x, y: max(inner.y, bounds.midY - h / 2), width: inner.width, font: PictureFont(17),
                   color: .white, maxLines: Int(inner.height / 20), align: .center)
            return
        }
        let http = scene.arrival?.check.applies == true ? scene.configuration.delivery?.allowHTTP ?? true : true
        if !scene.imageArrived(page.image) {
            // Still downloading (--image-delay): the cleared image view and the large white spinner (spec §1.7).
            let r = PictureRect(x: bounds.midX - 18, y: bounds.midY - 18, width: 36, height: 36)
            p.strokeRounded(r, radius: 18, PictureColor.white.alpha(0.35), lineWidth: 4)
            p.strokeRounded(PictureRect(x: r.x, y: r.y, width: 36, height: 36), radius: 18, .white, lineWidth: 1.5)
        } else if let fade = scene.crossfade(at: t) {
            drawImage(s.pages[fade.fromIndex].image, on: p, bounds: bounds, images: images, allowHTTP: http)
            p.withAlpha(fade.progress) { drawImage(page.image, on: p, bounds: bounds, images: images, allowHTTP: http) }
        } else {
            drawImage(page.image, on: p, bounds: bounds, images: images, allowHTTP: http)
        }
        drawText(page, on: p, bounds: bounds)
        if bar { drawBar(s.segmentFractions(at: t), on: p, width: size.w) }
        if s.phase == .dismissed {
            p.fill(bounds, PictureColor.black.alpha(0.6))
            p.text("Dismissed", x: 0, y: bounds.midY - 12, width: size.w, font: PictureFont(20, .semibold), color: .white, align: .center)
        }
    }

    /// spec §1.7: aspect-fill, full bleed; the placeholder art of the cell screen when the image cannot be had.
    static func drawImage(_ url: String, on p: Picture, bounds: PictureRect, images: PictureImages, allowHTTP: Bool = true) {
        if DeliveryImages.isRefused(url, allowHTTP: allowHTTP) {
            // App Transport Security: the SDK's failed image, the view cleared to black.
            Placeholder.draw(on: p, in: bounds, title: "⚠ image unavailable", detail: StoriesScreen.fileName(of: url), reason: DeliveryImages.atsReason,
                             colors: (.black, .black))
            return
        }
        switch images.image(url) {
        case .image(let img):
            p.image(img, in: bounds, mode: .aspectFill)
        case .failed(let reason):
            Placeholder.draw(on: p, in: bounds, title: "⚠ image unavailable", detail: StoriesScreen.fileName(of: url), reason: reason,
                             colors: (.black, .black))
        }
    }

    /// Title, subtitle and the pill from the bottom up, with the scrim behind them (spec §1.7).
    static func drawText(_ page: StoryPage, on p: Picture, bounds: PictureRect) {
        let width = bounds.width - 2 * textInset
        let title = page.title.map(TextWidth.sanitized) ?? ""
        let subtitle = page.subtitle.map(TextWidth.sanitized) ?? ""
        let th = title.isEmpty ? 0 : p.measure(title, font: titleFont, width: width, maxLines: 2).height
        let sh = subtitle.isEmpty ? 0 : p.measure(subtitle, font: subtitleFont, width: width, maxLines: 2).height
        var bottom = bounds.maxY - textInset
        var pill: PictureRect?
        if page.hasCallToAction {
            pill = PictureRect(x: textInset, y: bottom - pillHeight, width: width, height: pillHeight)
            bottom -= pillHeight + (th + sh > 0 ? afterSubtitle : 0)
        }
        let textTop = bottom - sh - th - (th > 0 && sh > 0 ? titleSubtitleGap : 0)
        let stackTop = min(textTop, pill?.y ?? textTop)
        if th + sh > 0 || pill != nil {
            let from = max(0, stackTop - scrimAbove)
            p.fillGradient(PictureRect(x: 0, y: from, width: bounds.width, height: bounds.maxY - from),
                           colors: [.clear, PictureColor.black.alpha(0.75)], from: (0, from), to: (0, bounds.maxY))
        }
        var y = textTop
        if th > 0 { y += p.text(title, x: textInset, y: y, width: width, font: titleFont, color: .white, maxLines: 2) + (sh > 0 ? titleSubtitleGap : 0) }
        if sh > 0 { p.text(subtitle, x: textInset, y: y, width: width, font: subtitleFont, color: PictureColor.white.alpha(0.85), maxLines: 2) }
        if let pill, let label = page.buttonTitle {
            // White pill, 52 pt, radius 26, dark rounded 17 semibold text, drop shadow.
            p.shadow(pill, radius: pillHeight / 2, opacity: 0.25, blur: 12, dy: 4)
            p.fillRounded(pill, radius: pillHeight / 2, .white)
            let lh = p.measure(label, font: pillFont, width: pill.width - 32, maxLines: 1).height
            p.text(TextWidth.sanitized(label), x: pill.x + 16, y: pill.midY - lh / 2, width: pill.width - 32, font: pillFont,
                   color: PictureColor(28, 28, 30), maxLines: 1, align: .center)
        }
    }

    /// spec §1.5: equal segments 4 pt apart; earlier pages full, the current one at its fraction, later ones empty.
    static func drawBar(_ fractions: [Double], on p: Picture, width: Double) {
        guard !fractions.isEmpty else { return }
        let n = Double(fractions.count)
        let seg = (width - 2 * barInset - barSpacing * (n - 1)) / n
        guard seg > 0 else { return }
        for (i, f) in fractions.enumerated() {
            let r = PictureRect(x: barInset + Double(i) * (seg + barSpacing), y: barTop, width: seg, height: barHeight)
            p.fillRounded(r, radius: barHeight / 2, PictureColor.white.alpha(0.3))
            let fill = min(max(f.isFinite ? f : 0, 0), 1) * seg
            if fill > 0 {
                p.clipped(to: r, radius: barHeight / 2) { p.fill(PictureRect(x: r.x, y: r.y, width: fill, height: barHeight), .white) }
            }
        }
    }
}
