// The block's `dark` overlay (spec §3): merged only on a dark phone, visual leaves only, buttons/items by position,
// null never deletes, and the fail-open fallback to the light variant with the SDK's reason.

import Testing
@testable import PushSimEngine

@Suite struct InAppDarkOverlayTests {
    func modal(dark: JSONValue?) -> JSONValue {
        InAppFixtures.set(InAppFixtures.config(.modal), "modal.dark", dark)
    }

    func card(_ r: InAppParseResult) -> InAppCard? {
        if case .modal(let c)? = r.message?.content { return c }
        return nil
    }

    static let sample = InAppFixtures.json(##"{"background":"#1C1C1E","image":"https://example.com/dark.png","title":{"color":"#FFFFFF","text":"ignored"},"message":{"color":"#AEAEB2"},"buttons":[{},{"text":{"color":"#E5E5EA"},"border":{"color":"#48484A"}}]}"##)

    @Test func theOverlayAppliesOnlyOnADarkPhone() {
        let config = modal(dark: Self.sample)
        let light = InAppFixtures.parse(config, isDark: false)
        #expect(card(light)?.background == .white)
        #expect(light.message?.darkApplied == false)
        let dark = InAppFixtures.parse(config, isDark: true)
        let c = card(dark)
        #expect(dark.message?.darkApplied == true)
        #expect(c?.background == InAppConfigParser.hexColor("#1C1C1E"))
        #expect(c?.image == "https://example.com/dark.png")
        #expect(c?.title == InAppText(text: "Hello", color: .white), "the text is not themable, its colour is")
        #expect(c?.message?.color == InAppConfigParser.hexColor("#AEAEB2"))
        #expect(c?.buttons[0] == card(light)?.buttons[0], "{} leaves a button unchanged")
        #expect(c?.buttons[1].text.color == InAppConfigParser.hexColor("#E5E5EA"))
        #expect(c?.buttons[1].borderColor == InAppConfigParser.hexColor("#48484A"))
        #expect(c?.buttons[1].background == card(light)?.buttons[1].background)
        #expect(dark.darkFallback == nil)
        #expect(dark.warnings.map(\.path) == ["modal.dark.title.text"], "the ignored text is warned")
    }

    @Test func nullNeverDeletesAndOnlyVisualLeavesReplace() {
        let dark = InAppFixtures.json(##"{"background":null,"image":null,"showClose":false,"dimBackground":false,"buttons":[{"action":{"type":"close"},"border":{"radius":0}},{}],"dark":{"background":"#000"}}"##)
        let r = InAppFixtures.parse(modal(dark: dark), isDark: true)
        let c = card(r)
        #expect(c?.background == .white)
        #expect(c?.image == "https://example.com/a.png")
        #expect(c?.showClose == true && c?.dimBackground == true)
        #expect(c?.buttons[0].action == .url("https://example.com/go"))
        #expect(c?.buttons[0].borderRadius == 12)
        #expect(r.message?.darkApplied == true)
        #expect(Set(r.warnings.map(\.path)) == ["modal.dark.showClose", "modal.dark.dimBackground", "modal.dark.buttons[0].action.type", "modal.dark.buttons[0].border.radius"])
    }

    @Test func aLeafMayAddAKeyTheLightBlockLacks() {
        let light = InAppFixtures.set(InAppFixtures.config(.modal), "modal.image", nil)
        let r = InAppFixtures.parse(InAppFixtures.set(light, "modal.dark", .object(["image": "https://example.com/night.png"])), isDark: true)
        #expect(card(r)?.image == "https://example.com/night.png")
    }

    @Test(arguments: [
        (#"{"buttons":[{}]}"#, "modal.dark.buttons length 1 != 2"),
        (#"{"buttons":{}}"#, "modal.dark.buttons is not an array of objects"),
        (#"{"buttons":[{},"x"]}"#, "modal.dark.buttons is not an array of objects"),
        (#"{"items":[]}"#, "modal.dark.items has no light array of objects to merge onto"),
        (##"{"buttons":[{},{"text":{"color":"#fff"},"buttons":[{}]}]}"##, "modal.dark.buttons[1].buttons has no light array of objects to merge onto"),
        (#""dark""#, "modal.dark is not an object"),
        ("[]", "modal.dark is not an object"),
    ])
    func aBrokenOverlayFallsBackToLight(_ dark: String, _ reason: String) {
        let r = InAppFixtures.parse(modal(dark: InAppFixtures.json(dark)), isDark: true)
        #expect(r.darkFallback == reason)
        #expect(r.darkDrop == nil)
        #expect(r.message?.darkApplied == false)
        #expect(card(r)?.background == .white)
    }

    @Test func aMergedConfigTheParserRejectsLogsItsDropThenFallsBack() {
        let r = InAppFixtures.parse(modal(dark: .object(["background": "red"])), isDark: true)
        #expect(r.darkDrop?.key == "modal.background")
        #expect(r.darkFallback == "merged config rejected")
        #expect(r.drop == nil)
        #expect(card(r)?.background == .white)
        // Both invalid: the merged drop, the fallback, then the light drop.
        let both = InAppFixtures.set(modal(dark: .object(["background": "red"])), "modal.showClose", nil)
        let b = InAppFixtures.parse(both, isDark: true)
        #expect(b.darkDrop?.key == "modal.background", "the merged config fails at its first key")
        #expect(b.drop?.key == "modal.showClose")
        #expect(b.message == nil)
    }

    @Test func aValidMergeCanRescueAnInvalidLightConfig() {
        let config = InAppFixtures.set(modal(dark: .object(["background": "#000000"])), "modal.background", "black")
        #expect(InAppFixtures.parse(config, isDark: false).drop?.key == "modal.background")
        let dark = InAppFixtures.parse(config, isDark: true)
        #expect(dark.drop == nil && dark.message?.darkApplied == true)
    }

    @Test func segmentsAreNotThemableButRewardsAndTheHubAre() {
        let dark = InAppFixtures.json(##"{"segments":[{"color":"#000"},{},{}],"background":["#000","#111"],"spinButton":{"background":"#333"},"reward":{"title":{"color":"#EEE"}}}"##)
        let r = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.spinwheel), "spinwheel.dark", dark), isDark: true)
        guard case .spinwheel(let w)? = r.message?.content else { Issue.record("spinwheel"); return }
        #expect(w.segments[0].color == InAppConfigParser.hexColor("#FF0000"))
        #expect(w.background == .gradient([.black, InAppConfigParser.hexColor("#111")!]), "a solid light background becomes a gradient")
        #expect(w.spinButton.background == InAppConfigParser.hexColor("#333"))
        #expect(w.reward.title?.color == InAppConfigParser.hexColor("#EEE"))
        #expect(r.warnings.contains { $0.path == "spinwheel.dark.segments" })
    }

    @Test func onlyTheBlocksOwnDarkKeyCounts() {
        var config = InAppFixtures.set(InAppFixtures.config(.modal), "dark", .object(["modal": .object(["background": "#000"])]))
        #expect(card(InAppFixtures.parse(config, isDark: true))?.background == .white, "a root `dark` is not an overlay")
        config = modal(dark: .object(["title": .object(["dark": .object(["color": "#000"])])]))
        #expect(card(InAppFixtures.parse(config, isDark: true))?.title?.color == InAppConfigParser.hexColor("#111111"), "nested dark keys are skipped")
        #expect(InAppFixtures.parse(modal(dark: .null), isDark: true).darkFallback == nil)
        let unknown = InAppFixtures.set(modal(dark: "x"), "displayType", "popup")
        #expect(InAppDarkOverlay.apply(to: unknown).outcome == .none)
    }

    @Test func anItemsOverlayReachesNestedStoryButtons() {
        let dark = InAppFixtures.json(##"{"items":[{"image":"https://example.com/d1.png"},{"buttons":[{"background":"#000000"}]}]}"##)
        let r = InAppFixtures.parse(InAppFixtures.set(InAppFixtures.config(.stories), "stories.dark", dark), isDark: true)
        guard case .stories(let s)? = r.message?.content else { Issue.record("stories"); return }
        #expect(s.items[0].image == "https://example.com/d1.png")
        #expect(s.items[1].buttons[0].background == .black)
    }
}
