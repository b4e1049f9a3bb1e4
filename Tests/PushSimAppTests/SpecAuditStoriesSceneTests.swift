// Spec audit of the stories image rules that live in the scene (spec §1.7): what is on screen while a page image loads.

import Testing
@testable import PushSimApp
@testable import PushSimEngine
import PushSimScreens

private let twoPages: JSONValue = [
    "aps": ["alert": ["body": "Body"], "category": "PW_STORIES"],
    "pw_stories": ["pages": [["image": "https://x/a.jpg", "duration": 5], ["image": "https://x/b.jpg", "duration": 5]]],
]

@Suite struct SpecAuditStoriesSceneTests {
    private func images() -> FakeImages {
        let f = FakeImages()
        f.slots["https://x/a.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("A")))
        f.slots["https://x/b.jpg"] = .loading
        f.busy = true
        return f
    }

    // spec §1.7 "With crossfade on, the previous image stays visible until the new one arrives" — however long that takes —
    // and then the new one cross-dissolves in (0.3 s) rather than popping in.
    @Test func crossfadeHoldsThePreviousImageUntilTheNewOneArrives() throws {
        let f = images()
        let h = try StoriesHarness(twoPages, .init(options: StoriesOptions(crossfade: true)), images: f)
        try h.run("tap right; wait 1")
        #expect(h.frames.last!.contains("AAAA"), "still the previous page's picture after 1 s of loading")
        #expect(!h.frames.last!.contains("⠋"))
        f.slots["https://x/b.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("B")))
        f.busy = false
        try h.run("wait 0.1")
        #expect(h.frames.last!.contains("AAAA"), "a third of the way into the dissolve the old glyphs still show")
        try h.run("wait 0.3")
        #expect(h.frames.last!.contains("BBBB"))
        #expect(h.scene.crossfadeFrom == nil)
    }

    // spec §1.7 "With crossfade off, the image view is cleared (black) while loading" — the spinner, not the old picture.
    @Test func withoutCrossfadeTheLoadingPageIsBlack() throws {
        let h = try StoriesHarness(twoPages, images: images())
        try h.run("tap right; wait 0.05")
        #expect(!h.frames.last!.contains("AAAA"))
        #expect(h.frames.last!.contains("⠋"))
    }

    // spec §1.7 "Reduce Motion affects only this image crossfade": with it on, the swap is instant, but the previous
    // picture still stays up while the new one loads (that is the crossfade setting, not an animation).
    @Test func reduceMotionStillKeepsThePreviousImageWhileLoading() throws {
        let f = images()
        let h = try StoriesHarness(twoPages, .init(options: StoriesOptions(crossfade: true, reduceMotion: true)), images: f)
        try h.run("tap right; wait 1")
        #expect(h.frames.last!.contains("AAAA"))
        f.slots["https://x/b.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("B")))
        try h.run("wait 0")
        #expect(h.frames.last!.contains("BBBB"), "instant swap once it lands")
    }
}

private let threePages: JSONValue = [
    "aps": ["alert": ["body": "Body"], "category": "PW_STORIES"],
    "pw_stories": ["pages": [["image": "https://x/a.jpg"], ["image": "https://x/b.jpg"], ["image": "https://x/c.jpg"]]],
]

@Suite struct SpecAuditStoriesLateImageTests {
    private func images() -> FakeImages {
        let f = FakeImages()
        f.slots["https://x/a.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("A")))
        f.slots["https://x/b.jpg"] = .loading
        f.slots["https://x/c.jpg"] = .loading
        f.busy = true
        return f
    }

    // spec §1.7 "A late image for a page the player has already left is ignored" — with crossfade on, the picture on
    // screen stays the last one that landed (page 0), not page 1's when it arrives while page 2 loads.
    @Test func lateImageOfALeftPageIsIgnoredWithCrossfade() throws {
        let f = images()
        let h = try StoriesHarness(threePages, .init(options: StoriesOptions(crossfade: true)), images: f)
        try h.run("tap right; wait 0.1; tap right; wait 0.1")
        #expect(h.frames.last!.contains("AAAA"))
        f.slots["https://x/b.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("B")))
        try h.run("wait 0.5")
        #expect(h.frames.last!.contains("AAAA"))
        #expect(!h.frames.last!.contains("BBBB"))
        f.slots["https://x/c.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("C")))
        f.busy = false
        try h.run("wait 0.5")
        #expect(h.frames.last!.contains("CCCC"))
    }

    // spec §1.7: the same without crossfade — the page left behind never shows; the current one is black until it lands.
    @Test func lateImageOfALeftPageIsIgnoredWithoutCrossfade() throws {
        let f = images()
        let h = try StoriesHarness(threePages, images: f)
        try h.run("tap right; tap right")
        f.slots["https://x/b.jpg"] = .image(Canvas(width: 31, height: 23, fill: Cell("B")))
        try h.run("wait 0.5")
        #expect(!h.frames.last!.contains("BBBB"))
        #expect(h.frames.last!.contains("⠋") || h.frames.last!.contains("⠙") || h.frames.last!.contains("⠹") || h.frames.last!.contains("⠸")
                || h.frames.last!.contains("⠼") || h.frames.last!.contains("⠴") || h.frames.last!.contains("⠦") || h.frames.last!.contains("⠧")
                || h.frames.last!.contains("⠇") || h.frames.last!.contains("⠏"))
    }
}

@Suite struct SpecAuditStoriesSwipeSceneTests {
    // spec §1.6 "No swipe" (horizontal swipe is left out on purpose): a mouse press dragged across the story and released
    // elsewhere turns no page, in either direction, as a moved touch fails UIKit's tap recognizer.
    @Test func aDraggedPressTurnsNoPage() throws {
        let h = try StoriesHarness(twoPages, .init(options: StoriesOptions(haptics: true)))
        let story = h.scene.layout.story
        let y = story.y + story.height / 2
        try h.run("press \(story.maxX - 3),\(y); drag \(story.x + 10),\(y); drag \(story.x + 2),\(y); release")
        try h.run("press \(story.x + 2),\(y); release \(story.maxX - 3),\(y)")
        #expect(h.log == ["0 start 2", "0 show 0"])
        // A press and release on the same cell (or the next one) is still a tap.
        try h.run("press \(story.maxX - 3),\(y); release \(story.maxX - 2),\(y)")
        #expect(h.log.suffix(2) == ["0 haptic", "0 show 1"])
    }

    // spec §1.6: a hold that pauses and then drifts away still resumes on release, and does not navigate.
    @Test func aHoldThatDriftsResumesWithoutNavigating() throws {
        let h = try StoriesHarness(twoPages, .init(options: StoriesOptions(longPressPause: true)))
        let story = h.scene.layout.story
        let y = story.y + story.height / 2
        try h.run("press \(story.maxX - 3),\(y); wait 1; drag \(story.x + 2),\(y); wait 1; release")
        #expect(h.log == ["0 start 2", "0 show 0", "0.25 pause 0", "2 resume 0"])
    }
}
