// The inbox's carousel card pages its slides in the terminal, as the SDK's paging gallery does (PushwooshInboxKit's
// PushwooshInboxCarouselCell: one slide a swipe, no wrap, the page dots follow), with keys, a script step and a drag.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine
import PushSimScreens
import PushSimStore

@Suite(.serialized) struct InboxCarouselPagingTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)

    func scene() throws -> (InboxScene, EventSink) {
        let sink = EventSink()
        let s = try InboxScene(files: [Resources.locate().path("inbox/mixed.json")], now: Self.now, timeZone: TimeZone(identifier: "UTC")!,
                               store: Store(inMemory: ()), sink: sink)
        return (s, sink)
    }

    /// Highlight the lookbook carousel (the feed's only one).
    func highlightCarousel(_ s: InboxScene, _ r: HeadlessRunner) throws -> String {
        let i = try #require(s.model.feed.rows.firstIndex { $0.kind == .carousel })
        for _ in 0..<i { try r.perform(ScriptStep(name: "down", argument: "")) }
        return s.model.feed.rows[i].code
    }

    @Test func rightAndLeftPageTheHighlightedCarousel() throws {
        let (s, sink) = try scene()
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 40))
        let code = try highlightCarousel(s, r)
        let before = s.render(at: r.now).plainText
        #expect(before.contains("● ○ ○"))
        try r.perform(ScriptStep(name: "key", argument: "right"))
        #expect(s.model.context.slides[code] == 1)
        #expect(s.render(at: r.now).plainText.contains("○ ● ○"))
        #expect(s.model.status.hasPrefix("Slide 2 of 3"))
        try r.perform(ScriptStep(name: "swipe", argument: "left"))
        #expect(s.model.context.slides[code] == 2)
        // No wrap: the last slide stays.
        try r.perform(ScriptStep(name: "key", argument: "right"))
        #expect(s.model.context.slides[code] == 2)
        #expect(s.model.status == "Last slide")
        try r.perform(ScriptStep(name: "swipe", argument: "right"))
        #expect(s.model.context.slides[code] == 1)
        let pages = sink.events.filter { $0.event.name == "slide" }.map { $0.event["index"]?.numberValue }
        #expect(pages == [1, 2, 1])
    }

    @Test func arrowsDoNothingOnOtherCards() throws {
        let (s, sink) = try scene()
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 40))
        #expect(s.model.feed.rows[0].kind != .carousel)
        try r.perform(ScriptStep(name: "key", argument: "right"))
        #expect(s.model.context.slides.isEmpty)
        #expect(!sink.events.contains { $0.event.name == "slide" })
    }

    // §3.9: a tap on a slide opens that slide's url; the second slide has none, so it is the row tap.
    @Test func tapOpensTheSlideOnScreen() throws {
        var feed = try scene().0.model.feed
        let code = try #require(feed.rows.first { $0.kind == .carousel }?.code)
        #expect(feed.tapSlide(code, slide: 0).events.contains { $0.name == "open_url" })
        var other = try scene().0.model.feed, plain = try scene().0.model.feed
        #expect(other.tapSlide(code, slide: 1) == plain.tap(code))
    }

    @Test func aDragOnTheSlidesPagesThem() throws {
        let (s, _) = try scene()
        let r = HeadlessRunner(scene: s, size: Size(width: 80, height: 40))
        let code = try highlightCarousel(s, r)
        let layout = InboxScreen.renderWithLayout(s.model, size: r.size).layout
        let card = try #require(layout.cards.first { s.model.feed.rows[$0.row].code == code })
        let y = card.rect.y + 2, x = card.rect.x + card.rect.width / 2
        try r.perform(ScriptStep(name: "press", argument: "\(x),\(y)"))
        try r.perform(ScriptStep(name: "drag", argument: "\(x - 8),\(y)"))
        try r.perform(ScriptStep(name: "release", argument: "\(x - 8),\(y)"))
        #expect(s.model.context.slides[code] == 1)
        #expect(s.model.feed.rows.contains { $0.code == code }, "a drag on the slides pages them; it does not delete the row")
    }
}
