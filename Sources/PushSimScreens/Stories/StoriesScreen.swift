// Draws a stories state into a Canvas: image layer, progress bar, scrim, title, subtitle, pill, paused marker, fallback.

import PushSimEngine

public enum StoriesScreen {
    /// Below this a story is unreadable (title, subtitle, pill and the bar need the room).
    public static let minimumStoryWidth = 24
    public static let minimumStoryHeight = 14
    public static let titleColor = Color.white
    public static let subtitleColor = Color.rgb(217, 217, 217)  // white at 85 %
    public static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Rows of a story `width` cells wide (PhoneFrame: a cell is about twice as tall as wide).
    public static func storyHeight(width: Int, aspectRatio: Double) -> Int {
        PhoneFrame.height(width: width, aspectRatio: aspectRatio)
    }

    /// The largest story at `aspectRatio` that fits in `available` (the rule the phone's column shares).
    public static func storySize(fitting available: Size, aspectRatio: Double) -> Size {
        PhoneFrame.size(fitting: available, aspectRatio: aspectRatio)
    }

    /// The smallest story that is still drawn (narrower than this shows the "too small" line instead).
    public static func minimumStorySize(aspectRatio: Double) -> Size {
        var w = minimumStoryWidth
        while storyHeight(width: w, aspectRatio: aspectRatio) < minimumStoryHeight && w < 1000 { w += 1 }
        return Size(width: w, height: storyHeight(width: w, aspectRatio: aspectRatio))
    }

    // MARK: - Image layer

    /// The picture behind everything: the rendered image, a spinner on black, or placeholder art.
    public static func imageLayer(_ slot: ImageSlot, pageIndex: Int, pageCount: Int, url: String, size: Size, now: Double) -> Canvas {
        switch slot {
        case .image(let c):
            var canvas = Canvas(size: size, fill: Cell(" ", bg: .black))
            canvas.blit(c, x: 0, y: 0)
            return canvas
        case .loading:
            var canvas = Canvas(size: size, fill: Cell(" ", bg: .black))
            let frame = spinnerFrames[Int((max(now, 0) * 10).rounded(.down)) % spinnerFrames.count]
            canvas.text(frame, x: size.width / 2, y: size.height / 2, style: Style(fg: .white))
            return canvas
        case .none:
            return placeholder(pageIndex: pageIndex, pageCount: pageCount, url: url, size: size, failure: nil)
        case .failed(let reason):
            return placeholder(pageIndex: pageIndex, pageCount: pageCount, url: url, size: size, failure: reason)
        }
    }

    public static let placeholderGradients: [(Color, Color)] = [
        (.rgb(15, 32, 39), .rgb(44, 83, 100)),
        (.rgb(120, 40, 20), .rgb(230, 150, 40)),
        (.rgb(30, 60, 114), .rgb(70, 100, 170)),
        (.rgb(19, 78, 94), .rgb(90, 160, 110)),
        (.rgb(65, 41, 90), .rgb(120, 40, 80)),
    ]

    /// Placeholder art: a diagonal gradient per page with the page number and the image's file name;
    /// black (the SDK's cleared image view) with the reason when the image failed.
    public static func placeholder(pageIndex: Int, pageCount: Int, url: String, size: Size, failure: String?) -> Canvas {
        var canvas = Canvas(size: size)
        // A failed image: the SDK stops the spinner and clears the image view, so the page is black (spec §1.10).
        let (top, bottom) = failure == nil ? placeholderGradients[pageIndex % placeholderGradients.count] : (Color.black, Color.black)
        let span = Double(max(1, size.width / 2 + size.height))
        for y in 0..<size.height {
            for x in 0..<size.width {
                canvas[x, y] = Cell(" ", bg: top.mixed(with: bottom, Double(x / 2 + y) / span))
            }
        }
        let w = size.width
        let mid = max(2, size.height / 3)
        let label = failure == nil ? "page \(pageIndex + 1) of \(pageCount)" : "⚠ image unavailable"
        canvas.centered(label, in: Rect(x: 1, y: 0, width: w - 2, height: size.height), y: mid, style: Style(fg: .white, attrs: .bold))
        let name = fileName(of: url)
        canvas.centered(name, in: Rect(x: 1, y: 0, width: w - 2, height: size.height), y: mid + 1, style: Style(fg: .rgb(200, 200, 200)))
        if let failure {
            for (k, line) in TextWidth.shownLines(failure, width: max(1, w - 4), maxLines: 3).enumerated() {
                canvas.centered(line, in: Rect(x: 2, y: 0, width: w - 4, height: size.height), y: mid + 3 + k, style: Style(fg: .rgb(230, 200, 120)))
            }
        }
        return canvas
    }

    public static func fileName(of url: String) -> String {
        var s = Substring(url)
        if let q = s.firstIndex(where: { $0 == "?" || $0 == "#" }) { s = s[..<q] }
        let last = s.split(separator: "/").last.map(String.init) ?? url
        return last.hasPrefix("file:") ? String(last.dropFirst(5)) : last
    }

    // MARK: - Overlay

    /// Everything drawn over the image: bar, paused marker, scrim, title, subtitle and the pill.
    /// Returns the pill's rectangle when there is one (for mouse hits).
    @discardableResult
    public static func drawOverlay(_ s: StoriesState, at now: Double, into canvas: inout Canvas, rect: Rect,
                                   flash: Bool = false, pillPressed: Bool = false) -> Rect? {
        guard let page = s.page, s.phase != .fallback else { return nil }
        drawBackdrop(page, into: &canvas, rect: rect)
        return drawControls(s, at: now, into: &canvas, rect: rect, flash: flash, pillPressed: pillPressed)
    }

    /// The part of the overlay that only depends on the page and the rect (the scrim and the text): a scene may
    /// draw it once per page over the image and reuse the result while the page plays.
    public static func drawBackdrop(_ page: StoryPage, into canvas: inout Canvas, rect: Rect, layout known: TextLayout? = nil) {
        let layout = known ?? textLayout(page, rect: rect)
        if layout.scrimTop < rect.maxY { Scrim.apply(to: &canvas, in: rect, fromY: layout.scrimTop) }
        var y = layout.textTop
        for line in layout.title {
            canvas.text(line, x: rect.x + 2, y: y, style: Style(fg: titleColor, attrs: .bold), maxWidth: rect.width - 4)
            y += 1
        }
        for line in layout.subtitle {
            canvas.text(line, x: rect.x + 2, y: y, style: Style(fg: subtitleColor), maxWidth: rect.width - 4)
            y += 1
        }
    }

    /// What changes while a page plays, over the backdrop: the pill, the progress bar, the paused marker.
    @discardableResult
    public static func drawControls(_ s: StoriesState, at now: Double, into canvas: inout Canvas, rect: Rect,
                                    flash: Bool = false, pillPressed: Bool = false, layout known: TextLayout? = nil) -> Rect? {
        guard let page = s.page, s.phase != .fallback else { return nil }
        let layout = known ?? textLayout(page, rect: rect)
        var pill: Rect?
        if let py = layout.pillY, let title = page.buttonTitle {
            pill = ButtonPill.draw(title, into: &canvas, in: rect.insetBy(dx: 2, dy: 0), y: py, pressed: pillPressed)
        }
        let fill: Color = flash ? .rgb(255, 214, 10) : ProgressBar.fill
        // The bar's row is one band in the terminal's background across the whole story (the bar fills its own
        // cells; these are the insets either side), so the thin track reads over any image.
        for x in [rect.x, rect.maxX - 1] {
            canvas.fill(Rect(x: x, y: rect.y, width: 1, height: 1), with: Cell(glyph: .space, bg: ProgressBar.background))
        }
        ProgressBar.draw(s.segmentFractions(at: now), into: &canvas, x: rect.x + 1, y: rect.y, width: rect.width - 2, fill: fill)
        if s.paused {
            let marker = "❚❚ paused"
            let mx = rect.maxX - 1 - TextWidth.of(marker)
            canvas.update(Rect(x: mx - 1, y: rect.y + 1, width: TextWidth.of(marker) + 2, height: 1)) { $0.bg = $0.bg.darkened(0.6) }
            canvas.text(marker, x: mx, y: rect.y + 1, style: Style(fg: .white, attrs: .bold))
        }
        return pill
    }

    /// Where a page's text, pill and scrim go in a rect (`textLayout`); a scene may keep it per page and size.
    public struct TextLayout: Sendable {
        var title: [String]
        var subtitle: [String]
        var textTop: Int
        var pillY: Int?
        var scrimTop: Int
    }

    public static func textLayout(_ page: StoryPage, rect: Rect) -> TextLayout {
        let width = max(1, rect.width - 4)
        let title = page.title.map { TextWidth.shownLines($0, width: width, maxLines: 2) } ?? []
        let subtitle = page.subtitle.map { TextWidth.shownLines($0, width: width, maxLines: 2) } ?? []
        var cursor = rect.maxY - 1  // one row of margin at the bottom
        var pillY: Int?
        if page.hasCallToAction {
            pillY = cursor - 1
            cursor -= 1 + (title.isEmpty && subtitle.isEmpty ? 0 : 1)
        }
        let top = cursor - title.count - subtitle.count
        let hasAny = !title.isEmpty || !subtitle.isEmpty || pillY != nil
        return TextLayout(title: title, subtitle: subtitle, textTop: top, pillY: pillY,
                          scrimTop: hasAny ? max(rect.y + 2, min(top, pillY ?? top) - 2) : rect.maxY)
    }

    /// Where the call-to-action pill is for the current page, if it has one.
    public static func pillFrame(_ s: StoriesState, rect: Rect, layout known: TextLayout? = nil) -> Rect? {
        guard s.phase != .fallback, let page = s.page, let title = page.buttonTitle, page.hasCallToAction,
              let py = (known ?? textLayout(page, rect: rect)).pillY else { return nil }
        return ButtonPill.frame(title: title, in: rect.insetBy(dx: 2, dy: 0), y: py)
    }

    // MARK: - Whole story

    /// The story in `rect`: image layer (from `image`), then the overlay; the fallback when there are no pages.
    @discardableResult
    public static func draw(_ s: StoriesState, at now: Double, image: ImageSlot, into canvas: inout Canvas, rect: Rect,
                            flash: Bool = false, pillPressed: Bool = false) -> Rect? {
        if s.phase == .fallback || s.pages.isEmpty {
            drawFallback(body: s.body, into: &canvas, rect: rect)
            return nil
        }
        let page = s.page!
        let layer = imageLayer(image, pageIndex: s.index, pageCount: s.pages.count, url: page.image, size: Size(width: rect.width, height: rect.height), now: now)
        canvas.blit(layer, x: rect.x, y: rect.y)
        return drawOverlay(s, at: now, into: &canvas, rect: rect, flash: flash, pillPressed: pillPressed)
    }

    /// spec §1.8: black, the body centred (wrapped) with side insets; no bar, no button.
    /// The SDK's fallback: the notification body on black. `warnings` ("path: why", what pushsim dropped and why)
    /// fill the lower part, so a broken payload says what is wrong on the screen itself, not only in the events.
    public static func drawFallback(body: String, warnings: [String] = [], into canvas: inout Canvas, rect: Rect) {
        canvas.fill(rect, with: Cell(" ", bg: .black))
        var inner = rect.insetBy(dx: 2, dy: 1)
        guard !inner.isEmpty else { return }
        if !warnings.isEmpty && inner.height >= 8 {
            // The lower half (at most) explains; the body keeps the upper part.
            let why = Rect(x: inner.x, y: inner.y + inner.height / 2 + 1, width: inner.width, height: inner.height - inner.height / 2 - 1)
            drawWarnings(warnings, into: &canvas, rect: why)
            inner = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height / 2)
        }
        let text = body.isEmpty ? "(the notification has no body)" : body
        let lines = TextWidth.wrap(text.split(separator: "\n", omittingEmptySubsequences: false).map { TextWidth.sanitized(String($0)) }.joined(separator: "\n"),
                                   width: inner.width, maxLines: inner.height)
        let y0 = inner.y + (inner.height - lines.count) / 2
        let style = body.isEmpty ? Style(fg: .rgb(140, 140, 140)) : Style(fg: .white)
        for (k, line) in lines.enumerated() {
            canvas.centered(line, in: inner, y: y0 + k, style: style)
        }
    }

    /// "Why no story:" and each finding wrapped under a bullet, as many as fit; the rest counted on the last line.
    static func drawWarnings(_ warnings: [String], into canvas: inout Canvas, rect: Rect) {
        let head = Style(fg: .rgb(255, 196, 0), attrs: .bold), text = Style(fg: .rgb(230, 200, 120))
        canvas.text(TextWidth.truncate("Why no story:", to: rect.width), x: rect.x, y: rect.y, style: head)
        var y = rect.y + 1
        for (k, w) in warnings.enumerated() {
            let left = warnings.count - k
            // A line is kept for "… N more" unless this is the last finding.
            let room = rect.maxY - y - (left > 1 ? 1 : 0)
            let lines = TextWidth.wrap(TextWidth.sanitized(w), width: max(1, rect.width - 2))
            if room <= 0 || (lines.count > room && k > 0) {
                canvas.text(TextWidth.truncate("… \(left) more: pushsim validate", to: rect.width), x: rect.x, y: y, style: text)
                return
            }
            for (n, line) in lines.prefix(room).enumerated() {
                canvas.text((n == 0 ? "• " : "  ") + line, x: rect.x, y: y, style: text)
                y += 1
            }
        }
    }

    // MARK: - Status line and help

    /// `page 2/5 · 4 s left · paused · looping · ? help · q dismiss · last: show 1`, cut to `width`: where it does
    /// not fit, `? help` goes first and the end (the last event) is cut, so what q does stays readable.
    public static func statusLine(_ s: StoriesState, at now: Double, lastEvent: String?, opened: String? = nil,
                                  leave: LeaveAction = .quit, width: Int = .max) -> String {
        let full = statusParts(s, at: now, lastEvent: lastEvent, opened: opened, leave: leave)
        let line = full.joined(separator: " · ")
        // `truncate` stops at `width`, so a long last event costs no more than a short one.
        if TextWidth.truncate(line, to: width).utf8.count == line.utf8.count { return line }
        let short = full.map { $0 == helpAndDismiss ? "q dismiss" : $0 }
        return TextWidth.truncate(short.joined(separator: " · "), to: width)
    }

    static let helpAndDismiss = "? help · q dismiss"

    static func statusParts(_ s: StoriesState, at now: Double, lastEvent: String?, opened: String?, leave: LeaveAction) -> [String] {
        var parts: [String] = []
        switch s.phase {
        case .idle:
            parts.append("notification · Enter or click to open · \(leave.hint)")
        case .fallback:
            parts.append("fallback · no valid pages · q dismiss")
        case .dismissed:
            parts.append("dismissed · r replay · \(leave.hint)")
        case .playing, .completed:
            parts.append("page \(s.index + 1)/\(s.pages.count)")
            if s.phase == .completed {
                parts.append("finished · r replay · \(leave.hint)")
            } else {
                let left = s.timeLeft(at: now)
                parts.append("\(Int(left.rounded(.up))) s left")
            }
            if s.paused { parts.append("paused") }
            if s.suspended { parts.append("held") }
            if s.options.loop { parts.append("looping") }
            // What q does while a page plays (it dismisses; on the dismiss screen it leaves), before the last event
            // so a narrow terminal cuts the event, not the key.
            if s.phase == .playing { parts.append(helpAndDismiss) }
        }
        if let lastEvent { parts.append("last: \(lastEvent)") }
        // What a tap opened stays readable after the events that follow it (the SDK dismisses after a button).
        if let opened { parts.append("opened \(opened)") }
        return parts
    }

    public static func helpLines(leave: LeaveAction = .quit) -> [String] {
        [
            "←  h        tap the left third (back)",
            "→  l  space tap the right third (next)",
            "1  2  3     tap the left / middle / right third",
            "Enter  b    the button",
            "p           finger down / up (hold to pause)",
            "q  Esc      dismiss; on the dismiss screen: \(leave.word)",
            "r           replay (after dismiss or finish)",
            "mouse       click = tap, hold ≥ 0.25 s = long press",
            "?           this help",
            "",
            "As in the SDK: the middle third goes forward (only",
            "two zones); forward on the last page does nothing",
            "unless looping; a long hold never navigates.",
        ]
    }

    /// A centred box with the keys.
    public static func drawHelp(into canvas: inout Canvas, leave: LeaveAction = .quit) {
        HelpBox.draw(helpLines(leave: leave), into: &canvas)
    }
}
