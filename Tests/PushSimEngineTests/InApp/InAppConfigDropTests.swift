// Every drop KEY of PWInAppConfigParser (spec §2): one change to a valid config, the SDK's exact log KEY, and the path
// and sentence pushsim shows where the phone says nothing.

import Testing
@testable import PushSimEngine

@Suite struct InAppConfigDropTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var layout: InAppLayout
        var path: String
        /// JSON text of the new value; nil removes the key.
        var value: String?
        var key: String
        var testDescription: String { "\(path) = \(value ?? "(removed)") → \(key)" }
        init(_ layout: InAppLayout, _ path: String, _ value: String?, _ key: String) {
            self.layout = layout; self.path = path; self.value = value; self.key = key
        }
    }

    static let button = InAppFixtures.button
    static let cases: [Case] = [
        // root
        Case(.modal, "displayType", nil, "displayType"),
        Case(.modal, "displayType", "5", "displayType"),
        Case(.modal, "displayType", "null", "displayType"),
        Case(.modal, "displayType", #""Xyz""#, #"displayType "Xyz""#),
        Case(.modal, "displayType", #""Modal ""#, #"displayType "Modal ""#),
        Case(.modal, "modal", nil, "modal"),
        Case(.modal, "modal", #""x""#, "modal"),
        Case(.modal, "modal", "[]", "modal"),
        // modal (the card rules; sheet shares them)
        Case(.modal, "modal.background", nil, "modal.background"),
        Case(.modal, "modal.background", #""fff""#, "modal.background"),
        Case(.modal, "modal.background", #"" #fff""#, "modal.background"),
        Case(.modal, "modal.background", ##""#ffff1""##, "modal.background"),
        Case(.modal, "modal.background", ##""#fffffff""##, "modal.background"),
        Case(.modal, "modal.background", ##""#ggg""##, "modal.background"),
        Case(.modal, "modal.background", #""0xffffff""#, "modal.background"),
        Case(.modal, "modal.background", "null", "modal.background"),
        Case(.modal, "modal.title", #""Hi""#, "modal.title.text"),
        Case(.modal, "modal.title", "{}", "modal.title.text"),
        Case(.modal, "modal.title", ##"{"text":"","color":"#000"}"##, "modal.title.text"),
        Case(.modal, "modal.title", ##"{"text":5,"color":"#000"}"##, "modal.title.text"),
        Case(.modal, "modal.title", #"{"text":"Hi"}"#, "modal.title.color"),
        Case(.modal, "modal.title", #"{"text":"Hi","color":"black"}"#, "modal.title.color"),
        Case(.modal, "modal.message", "[]", "modal.message.text"),
        Case(.modal, "modal.message", #"{"text":"Hi","color":"000"}"#, "modal.message.color"),
        Case(.modal, "modal.image", #""""#, "modal.image"),
        Case(.modal, "modal.image", "5", "modal.image"),
        Case(.modal, "modal.image", "{}", "modal.image"),
        Case(.modal, "modal.showClose", nil, "modal.showClose"),
        Case(.modal, "modal.showClose", #""true""#, "modal.showClose"),
        Case(.modal, "modal.showClose", "1", "modal.showClose"),
        Case(.modal, "modal.showClose", "null", "modal.showClose"),
        Case(.modal, "modal.buttons", nil, "modal.buttons"),
        Case(.modal, "modal.buttons", "null", "modal.buttons"),
        Case(.modal, "modal.buttons", "{}", "modal.buttons"),
        Case(.modal, "modal.buttons[1]", #""x""#, "modal.buttons[1]"),
        Case(.modal, "modal.buttons[0].text", nil, "modal.buttons[0].text.text"),
        Case(.modal, "modal.buttons[0].text.color", nil, "modal.buttons[0].text.color"),
        Case(.modal, "modal.buttons[0].background", nil, "modal.buttons[0].background"),
        Case(.modal, "modal.buttons[0].border", nil, "modal.buttons[0].border"),
        Case(.modal, "modal.buttons[0].border", "12", "modal.buttons[0].border"),
        Case(.modal, "modal.buttons[0].border.color", #""blue""#, "modal.buttons[0].border.color"),
        Case(.modal, "modal.buttons[1].border.radius", nil, "modal.buttons[1].border.radius"),
        Case(.modal, "modal.buttons[1].border.radius", "-1", "modal.buttons[1].border.radius"),
        Case(.modal, "modal.buttons[1].border.radius", "true", "modal.buttons[1].border.radius"),
        Case(.modal, "modal.buttons[1].border.radius", #""4""#, "modal.buttons[1].border.radius"),
        Case(.modal, "modal.buttons[0].action", nil, "modal.buttons[0].action.type"),
        Case(.modal, "modal.buttons[0].action", #""close""#, "modal.buttons[0].action.type"),
        Case(.modal, "modal.buttons[0].action.type", nil, "modal.buttons[0].action.type"),
        Case(.modal, "modal.buttons[0].action.type", #""open""#, "modal.buttons[0].action.type"),
        Case(.modal, "modal.buttons[0].action.type", "1", "modal.buttons[0].action.type"),
        Case(.modal, "modal.buttons[0].action.url", nil, "modal.buttons[0].action.url"),
        Case(.modal, "modal.buttons[0].action.url", #""""#, "modal.buttons[0].action.url"),
        Case(.modal, "modal.buttons[0].action.url", #""http://a b.com""#, "modal.buttons[0].action.url"),
        Case(.modal, "modal.dimBackground", nil, "modal.dimBackground"),
        Case(.modal, "modal.dimBackground", "0", "modal.dimBackground"),
        // sheet: the same keys under `sheet.`; dimBackground has no default
        Case(.sheet, "sheet.background", "5", "sheet.background"),
        Case(.sheet, "sheet.title", #""Hi""#, "sheet.title.text"),
        Case(.sheet, "sheet.image", #""""#, "sheet.image"),
        Case(.sheet, "sheet.showClose", nil, "sheet.showClose"),
        Case(.sheet, "sheet.buttons[0].action.type", #""deeplink""#, "sheet.buttons[0].action.type"),
        Case(.sheet, "sheet.dimBackground", nil, "sheet.dimBackground"),
        // carousel
        Case(.carousel, "carousel.showClose", nil, "carousel.showClose"),
        Case(.carousel, "carousel.items", nil, "carousel.items"),
        Case(.carousel, "carousel.items", "[]", "carousel.items"),
        Case(.carousel, "carousel.items[1]", "5", "carousel.items"),
        Case(.carousel, "carousel.items[0].image", "false", "carousel.items[0].image"),
        Case(.carousel, "carousel.items[0].title", ##"{"color":"#000"}"##, "carousel.items[0].title.text"),
        Case(.carousel, "carousel.items[1].message", ##"{"text":"x","color":"#00"}"##, "carousel.items[1].message.color"),
        Case(.carousel, "carousel.items[0].action", "{}", "carousel.items[0].action.type"),
        Case(.carousel, "carousel.items[1].action", #"{"type":"url"}"#, "carousel.items[1].action.url"),
        // stories
        Case(.stories, "stories.showClose", "null", "stories.showClose"),
        Case(.stories, "stories.loop", nil, "stories.loop"),
        Case(.stories, "stories.items", "{}", "stories.items"),
        Case(.stories, "stories.items", "[]", "stories.items"),
        Case(.stories, "stories.items[1].duration", #""5""#, "stories.items[1].duration"),
        Case(.stories, "stories.items[1].duration", nil, "stories.items[1].duration"),
        Case(.stories, "stories.items[0].duration", "0", "stories.items[0].duration"),
        Case(.stories, "stories.items[0].duration", "-2", "stories.items[0].duration"),
        Case(.stories, "stories.items[0].duration", "true", "stories.items[0].duration"),
        Case(.stories, "stories.items[0].image", #""""#, "stories.items[0].image"),
        Case(.stories, "stories.items[0].title", #""x""#, "stories.items[0].title.text"),
        Case(.stories, "stories.items[0].message", #"{"text":"x"}"#, "stories.items[0].message.color"),
        Case(.stories, "stories.items[0].buttons", nil, "stories.items[0].buttons"),
        Case(.stories, "stories.items[1].buttons[0].border.radius", "-0.5", "stories.items[1].buttons[0].border.radius"),
        // banner
        Case(.banner, "banner.position", nil, "banner.position"),
        Case(.banner, "banner.position", #""middle""#, "banner.position"),
        Case(.banner, "banner.position", "1", "banner.position"),
        Case(.banner, "banner.autoDismiss", "0", "banner.autoDismiss"),
        Case(.banner, "banner.autoDismiss", "-3", "banner.autoDismiss"),
        Case(.banner, "banner.autoDismiss", #""6""#, "banner.autoDismiss"),
        Case(.banner, "banner.autoDismiss", "false", "banner.autoDismiss"),
        Case(.banner, "banner.image", "[]", "banner.image"),
        Case(.banner, "banner.title", "7", "banner.title.text"),
        Case(.banner, "banner.message", ##"{"text":"m","color":"#12345"}"##, "banner.message.color"),
        Case(.banner, "banner.background", nil, "banner.background"),
        Case(.banner, "banner.action", nil, "banner.action.type"),
        Case(.banner, "banner.action", "null", "banner.action.type"),
        Case(.banner, "banner.action.url", "5", "banner.action.url"),
        Case(.banner, "banner.showClose", nil, "banner.showClose"),
        // fullscreen
        Case(.fullscreen, "fullscreen.cover", nil, "fullscreen.cover"),
        Case(.fullscreen, "fullscreen.cover", ##""#000""##, "fullscreen.cover"),
        Case(.fullscreen, "fullscreen.cover.background", nil, "fullscreen.cover.background"),
        Case(.fullscreen, "fullscreen.cover.image", #""""#, "fullscreen.cover.image"),
        Case(.fullscreen, "fullscreen.title", "true", "fullscreen.title.text"),
        Case(.fullscreen, "fullscreen.message", #"{"text":"m","color":null}"#, "fullscreen.message.color"),
        Case(.fullscreen, "fullscreen.buttons", nil, "fullscreen.buttons"),
        Case(.fullscreen, "fullscreen.buttons[0].text.text", #""""#, "fullscreen.buttons[0].text.text"),
        Case(.fullscreen, "fullscreen.showClose", #""no""#, "fullscreen.showClose"),
        // video
        Case(.video, "video.url", nil, "video.url"),
        Case(.video, "video.url", "null", "video.url"),
        Case(.video, "video.url", #""""#, "video.url"),
        Case(.video, "video.url", #""http://a b.com""#, "video.url"),
        Case(.video, "video.poster", "5", "video.poster"),
        Case(.video, "video.fallback", #""""#, "video.fallback"),
        Case(.video, "video.title", ##"{"text":"t","color":"#ABCDEG"}"##, "video.title.color"),
        Case(.video, "video.message", #""m""#, "video.message.text"),
        Case(.video, "video.buttons", #""none""#, "video.buttons"),
        Case(.video, "video.loop", nil, "video.loop"),
        Case(.video, "video.muted", "0", "video.muted"),
        Case(.video, "video.showClose", nil, "video.showClose"),
        // pip
        Case(.pip, "pip.position", #""center""#, "pip.position"),
        Case(.pip, "pip.position", nil, "pip.position"),
        Case(.pip, "pip.width", nil, "pip.width"),
        Case(.pip, "pip.width", "0", "pip.width"),
        Case(.pip, "pip.width", "-10", "pip.width"),
        Case(.pip, "pip.width", #""40""#, "pip.width"),
        Case(.pip, "pip.aspectRatio", nil, "pip.aspectRatio"),
        Case(.pip, "pip.aspectRatio", "0", "pip.aspectRatio"),
        Case(.pip, "pip.borderRadius", "-1", "pip.borderRadius"),
        Case(.pip, "pip.borderRadius", #""16""#, "pip.borderRadius"),
        Case(.pip, "pip.url", nil, "pip.url"),
        Case(.pip, "pip.url", "{}", "pip.url"),
        Case(.pip, "pip.poster", #""""#, "pip.poster"),
        Case(.pip, "pip.fallback", "1", "pip.fallback"),
        Case(.pip, "pip.loop", #""yes""#, "pip.loop"),
        Case(.pip, "pip.muted", nil, "pip.muted"),
        Case(.pip, "pip.action", #"{"type":"share"}"#, "pip.action.type"),
        Case(.pip, "pip.action", "[]", "pip.action.type"),
        Case(.pip, "pip.showClose", nil, "pip.showClose"),
        // scratchcard
        Case(.scratchcard, "scratchcard.revealThreshold", nil, "scratchcard.revealThreshold"),
        Case(.scratchcard, "scratchcard.revealThreshold", "0", "scratchcard.revealThreshold"),
        Case(.scratchcard, "scratchcard.revealThreshold", "1.01", "scratchcard.revealThreshold"),
        Case(.scratchcard, "scratchcard.revealThreshold", #""0.5""#, "scratchcard.revealThreshold"),
        Case(.scratchcard, "scratchcard.cover", nil, "scratchcard.cover"),
        Case(.scratchcard, "scratchcard.cover.background", #""silver""#, "scratchcard.cover.background"),
        Case(.scratchcard, "scratchcard.cover.image", "5", "scratchcard.cover.image"),
        Case(.scratchcard, "scratchcard.background", nil, "scratchcard.background"),
        Case(.scratchcard, "scratchcard.background", "[]", "scratchcard.background"),
        Case(.scratchcard, "scratchcard.background", #""red""#, "scratchcard.background"),
        Case(.scratchcard, "scratchcard.background", ##"["#fff",5]"##, "scratchcard.background"),
        Case(.scratchcard, "scratchcard.background", ##"["#fff","red"]"##, "scratchcard.background[1]"),
        Case(.scratchcard, "scratchcard.background", "{}", "scratchcard.background"),
        Case(.scratchcard, "scratchcard.title", #""t""#, "scratchcard.title.text"),
        Case(.scratchcard, "scratchcard.message", #"{"text":"m"}"#, "scratchcard.message.color"),
        Case(.scratchcard, "scratchcard.revealButton", #""Reveal""#, "scratchcard.revealButton"),
        Case(.scratchcard, "scratchcard.revealButton.text", nil, "scratchcard.revealButton.text.text"),
        Case(.scratchcard, "scratchcard.revealButton.border.radius", nil, "scratchcard.revealButton.border.radius"),
        Case(.scratchcard, "scratchcard.reward", nil, "scratchcard.reward"),
        Case(.scratchcard, "scratchcard.reward", "[]", "scratchcard.reward"),
        Case(.scratchcard, "scratchcard.reward", "{}", "scratchcard.reward (title|code)"),
        Case(.scratchcard, "scratchcard.reward", #"{"code":""}"#, "scratchcard.reward (title|code)"),
        Case(.scratchcard, "scratchcard.reward", ##"{"code":null,"message":{"text":"m","color":"#000"}}"##, "scratchcard.reward (title|code)"),
        Case(.scratchcard, "scratchcard.reward.code", "5", "scratchcard.reward.code"),
        Case(.scratchcard, "scratchcard.reward.title", #""Prize""#, "scratchcard.reward.title.text"),
        Case(.scratchcard, "scratchcard.reward.button.action", nil, "scratchcard.reward.button.action.type"),
        Case(.scratchcard, "scratchcard.reward.button.background", nil, "scratchcard.reward.button.background"),
        Case(.scratchcard, "scratchcard.reward.message", #"{"text":"m"}"#, "scratchcard.reward.message.color"),
        Case(.scratchcard, "scratchcard.showClose", nil, "scratchcard.showClose"),
        // spinwheel
        Case(.spinwheel, "spinwheel.segments", nil, "spinwheel.segments"),
        Case(.spinwheel, "spinwheel.segments", "{}", "spinwheel.segments"),
        Case(.spinwheel, "spinwheel.segments[2]", "5", "spinwheel.segments"),
        Case(.spinwheel, "spinwheel.segments", "[]", "spinwheel.segments (2–12)"),
        Case(.spinwheel, "spinwheel.segments", ##"[{"message":{"text":"a","color":"#000"},"weight":1}]"##, "spinwheel.segments (2–12)"),
        Case(.spinwheel, "spinwheel.segments", "[" + Array(repeating: "{}", count: 13).joined(separator: ",") + "]", "spinwheel.segments (2–12)"),
        Case(.spinwheel, "spinwheel.segments[0].message", nil, "spinwheel.segments[0].message.text"),
        Case(.spinwheel, "spinwheel.segments[0].message", #""Win""#, "spinwheel.segments[0].message.text"),
        Case(.spinwheel, "spinwheel.segments[1].message.color", nil, "spinwheel.segments[1].message.color"),
        Case(.spinwheel, "spinwheel.segments[0].weight", nil, "spinwheel.segments[0].weight"),
        Case(.spinwheel, "spinwheel.segments[0].weight", "-1", "spinwheel.segments[0].weight"),
        Case(.spinwheel, "spinwheel.segments[2].weight", #""1""#, "spinwheel.segments[2].weight"),
        Case(.spinwheel, "spinwheel.segments[0].color", #""red""#, "spinwheel.segments[0].color"),
        Case(.spinwheel, "spinwheel.segments[1].reward", "{}", "spinwheel.segments[1].reward (title|code)"),
        Case(.spinwheel, "spinwheel.segments[1].reward", "5", "spinwheel.segments[1].reward"),
        Case(.spinwheel, "spinwheel.winIndex", nil, "spinwheel.winIndex"),
        Case(.spinwheel, "spinwheel.winIndex", #""1""#, "spinwheel.winIndex"),
        Case(.spinwheel, "spinwheel.winIndex", "true", "spinwheel.winIndex"),
        Case(.spinwheel, "spinwheel.background", nil, "spinwheel.background"),
        Case(.spinwheel, "spinwheel.background", ##"["#fff","#00f","nope"]"##, "spinwheel.background[2]"),
        Case(.spinwheel, "spinwheel.title", "{}", "spinwheel.title.text"),
        Case(.spinwheel, "spinwheel.message", ##"{"text":"m","color":"#00000"}"##, "spinwheel.message.color"),
        Case(.spinwheel, "spinwheel.spinButton", nil, "spinwheel.spinButton"),
        Case(.spinwheel, "spinwheel.spinButton.border", nil, "spinwheel.spinButton.border"),
        Case(.spinwheel, "spinwheel.reward", nil, "spinwheel.reward"),
        Case(.spinwheel, "spinwheel.reward", "{}", "spinwheel.reward (title|code)"),
        Case(.spinwheel, "spinwheel.loseTitle", #""Next time""#, "spinwheel.loseTitle.text"),
        Case(.spinwheel, "spinwheel.showClose", nil, "spinwheel.showClose"),
    ]

    @Test(arguments: cases) func dropsAtTheSDKsKey(_ c: Case) {
        let config = InAppFixtures.set(InAppFixtures.config(c.layout), c.path, c.value.map(InAppFixtures.json))
        let r = InAppFixtures.parse(config)
        #expect(r.message == nil)
        #expect(r.drop?.key == c.key)
        #expect(r.drop?.sentence.contains("`") == true, "the sentence names the key")
        #expect(r.drop.map { !$0.sentence.contains("\n") } == true)
    }

    @Test(arguments: InAppLayout.allCases) func everyFixtureParses(_ layout: InAppLayout) {
        let r = InAppFixtures.parse(InAppFixtures.config(layout))
        #expect(r.drop == nil)
        #expect(r.message?.layout == layout)
    }

    @Test func theSentenceSaysWhatWasFoundAndWhatTheSDKWants() {
        let r = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.modal), "modal.title", "Hi"))
        #expect(r.drop == InAppDrop(key: "modal.title.text", path: "modal.title", sentence: "`modal.title` must be an object {text, color}; found a string"))
        let s = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.stories), "stories.items[1].duration", "5"))
        #expect(s.drop?.sentence == "`stories.items[1].duration` must be a number of seconds above 0 (a JSON number); found a string (\"5\")")
        let w = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.spinwheel), "spinwheel.segments", .array([])))
        #expect(w.drop?.path == "spinwheel.segments")
        #expect(w.drop?.sentence == "`spinwheel.segments` must hold 2 to 12 segments; found 0")
        let c = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.modal), "modal.background", "14234c"))
        #expect(c.drop?.sentence.hasSuffix("it lacks the leading #") == true)
        let d = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.modal), "displayType", "Popup"))
        #expect(d.drop?.key == #"displayType "Popup""#)
        #expect(d.drop?.path == "displayType")
    }

    /// The first failing key in the SDK's order is the one reported (Swift evaluates initialiser arguments left to right).
    @Test func onlyTheFirstFailureInCheckOrderIsReported() {
        var modal = InAppFixtures.set(InAppFixtures.config(.modal), "modal.dimBackground", nil)
        modal = InAppFixtures.set(modal, "modal.buttons[1].border.radius", nil)
        #expect(InAppFixtures.parse(modal).drop?.key == "modal.buttons[1].border.radius")
        modal = InAppFixtures.set(modal, "modal.showClose", nil)
        #expect(InAppFixtures.parse(modal).drop?.key == "modal.showClose")
        modal = InAppFixtures.set(modal, "modal.image", "")
        #expect(InAppFixtures.parse(modal).drop?.key == "modal.image")
        // banner: position and autoDismiss come before image…action, background after message.
        var banner = InAppFixtures.set(InAppFixtures.config(.banner), "banner.background", nil)
        banner = InAppFixtures.set(banner, "banner.message", "m")
        #expect(InAppFixtures.parse(banner).drop?.key == "banner.message.text")
        banner = InAppFixtures.set(banner, "banner.autoDismiss", 0)
        #expect(InAppFixtures.parse(banner).drop?.key == "banner.autoDismiss")
        // spinwheel: every segment before winIndex, winIndex before background.
        var wheel = InAppFixtures.set(InAppFixtures.config(.spinwheel), "spinwheel.background", nil)
        wheel = InAppFixtures.set(wheel, "spinwheel.winIndex", nil)
        #expect(InAppFixtures.parse(wheel).drop?.key == "spinwheel.winIndex")
        wheel = InAppFixtures.set(wheel, "spinwheel.segments[2].weight", nil)
        #expect(InAppFixtures.parse(wheel).drop?.key == "spinwheel.segments[2].weight")
        // reward: code before (title|code), that before button, button before message.
        var reward = InAppFixtures.set(InAppFixtures.config(.scratchcard), "scratchcard.reward.message", "m")
        reward = InAppFixtures.set(reward, "scratchcard.reward.button", "b")
        #expect(InAppFixtures.parse(reward).drop?.key == "scratchcard.reward.button")
        // pip: the numbers before url.
        var pip = InAppFixtures.set(InAppFixtures.config(.pip), "pip.url", nil)
        pip = InAppFixtures.set(pip, "pip.borderRadius", -1)
        #expect(InAppFixtures.parse(pip).drop?.key == "pip.borderRadius")
        // a block failure drops the message even though the envelope was read first.
        let bad = InAppFixtures.set(InAppFixtures.set(InAppFixtures.config(.video), "inAppId", "v1"), "video.loop", nil)
        #expect(InAppFixtures.parse(bad).message == nil)
    }

    @Test func aNonObjectConfigIsDroppedAtDisplayType() {
        for doc: JSONValue in [.array([]), "modal", 5, .null] {
            #expect(InAppFixtures.parse(doc).drop?.key == "displayType")
        }
    }

    /// The SDK's own `testUnparseableImageUrlKeepsConfigButRequiredMediaStillFails`.
    @Test func unparseableImageURLKeepsTheConfigButRequiredMediaStillFails() {
        let modal = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.modal), "modal.image", "http://a b.com"))
        #expect(modal.drop == nil)
        guard case .modal(let card)? = modal.message?.content else { Issue.record("modal expected"); return }
        #expect(card.image == nil)
        #expect(modal.warnings.contains { $0.path == "modal.image" })
        let video = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.video), "video.url", "http://a b.com"))
        #expect(video.drop?.key == "video.url")
        #expect(!video.warnings.contains { $0.path == "video.url" }, "the drop says it; no second warning")
    }

    @Test func hugeStringsStayHugeInTheMessageButNotInTheSentence() {
        let big = String(repeating: "é", count: 5_000_000)
        let shown = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.modal), "modal.title.text", .string(big)))
        guard case .modal(let c)? = shown.message?.content else { Issue.record("modal"); return }
        #expect(c.title?.text.count == 5_000_000)
        let dropped = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.modal), "modal.showClose", .string(big)))
        #expect(dropped.drop?.key == "modal.showClose")
        #expect((dropped.drop?.sentence.count ?? .max) < 200)
        let type = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.modal), "displayType", .string(big)))
        #expect(type.drop?.key == "displayType \"" + String(repeating: "é", count: 255) + "…\"")
    }

    @Test func aTenThousandSegmentWheelIsDroppedAtTheCount() {
        let segment: JSONValue = .object(["message": .object(["text": "a", "color": "#000"]), "weight": 1])
        let config = InAppFixtures.set(InAppFixtures.config(.spinwheel), "spinwheel.segments", .array(Array(repeating: segment, count: 10_000)))
        #expect(InAppFixtures.parse(config).drop?.key == "spinwheel.segments (2–12)")
    }
}
