// The spin wheel's geometry from PWSpinWheelInAppView.swift (Pushwoosh iOS SDK 7.2.0, fd34d7d): the disc's radius
// per phone, the room a label centred 0.55 r out has before the 72 pt hub, and the pointer (UIColor.label) on its card.

import Testing
@testable import PushSimEngine

@Suite struct InAppWheelLayoutTests {
    func wheel(_ labels: [String], background: InAppSurface) -> InAppSpinWheel {
        let text = { (s: String) in InAppText(text: s, color: .white) }
        let button = InAppButton(text: text("SPIN"), background: .white, borderColor: .white, borderRadius: 36, action: .close)
        return InAppSpinWheel(segments: labels.map { InAppWheelSegment(message: text($0), weight: 1, color: nil, reward: nil) },
                              winIndex: 0, background: background, spinButton: button,
                              reward: InAppReward(title: text("Prize")), showClose: true)
    }

    /// Card = min(width − 2 × 28, 400); the stack's 24 pt insets and the wheel's 30 pt inset leave the disc's side.
    @Test func discRadiusFollowsTheSDKsMetrics_PWSpinWheelInAppView_7_2_0() {
        #expect(InAppWheelLayout.discRadius(deviceWidth: 393) == 114.5)   // iPhone 15: card 337
        #expect(InAppWheelLayout.discRadius(deviceWidth: 430) == 133)     // 6.7-inch: card 374
        #expect(InAppWheelLayout.discRadius(deviceWidth: 1024) == 146)    // capped at the 400 pt card
        #expect(InAppWheelLayout.discRadius(deviceWidth: 100) == 0)
    }

    /// drawLabel centres each label `radius * 0.55` out: it reaches the 72 pt hub when wider than 2 × (0.55 r − 36).
    @Test func labelRoomIsWhatLiesBetweenTheHubAndTheLabelsCentreTwice() {
        #expect(abs(InAppWheelLayout.labelRoom(deviceWidth: 393) - 53.95) < 1e-9)
        #expect(abs(InAppWheelLayout.labelRoom(deviceWidth: 430) - 74.3) < 1e-9)
        #expect(InAppWheelLayout.labelRoom(deviceWidth: 200) == 0)
    }

    @Test func aLabelWiderThanTheRoomIsNamedAtItsPath() {
        let w = wheel(["5% off", "Try again", "Free ship"], background: .solid(.white))
        // 8 pt a character: "5% off" is 48 pt (fits 54), "Try again" 72 pt, "Free ship" 72 pt.
        let found = InAppWheelLayout.hiddenLabels(w, deviceWidth: 393, deviceName: "iphone-15") { Double($0.count) * 8 }
        #expect(found.map(\.path) == ["spinwheel.segments[1].message.text", "spinwheel.segments[2].message.text"])
        let m = found.first?.message ?? ""
        #expect(m.contains("\"Try again\" starts under the hub on iphone-15"), "\(m)")
        #expect(m.contains("about 72 pt wide") && m.contains("leaves 54 pt") && m.contains("first 9 pt are under the hub"), "\(m)")
        #expect(m.contains("PWSpinWheelInAppView.swift, Pushwoosh iOS SDK 7.2.0"))
        // A wider phone has the room.
        #expect(InAppWheelLayout.hiddenLabels(w, deviceWidth: 430, deviceName: "x") { Double($0.count) * 8 }.isEmpty)
    }

    /// makePointer fills it with UIColor.label: black in light appearance, white in dark.
    @Test func thePointerVanishesOnACardOfItsOwnAppearancesColour() {
        let navy = InAppColor(red: 0x10 / 255.0, green: 0x18 / 255.0, blue: 0x28 / 255.0)
        let dark = wheel(["a", "b"], background: .solid(navy))
        let light = InAppWheelLayout.hiddenPointer(dark, dark: false)
        #expect(light?.path == "spinwheel.background")
        #expect(light?.message.contains("barely visible on a light phone") == true, "\(light?.message ?? "")")
        #expect(light?.message.contains("UIColor.label (black in light appearance)") == true)
        #expect(light?.message.contains("#101828") == true)
        #expect(InAppWheelLayout.hiddenPointer(dark, dark: true) == nil, "white on navy is plain to see")

        let white = wheel(["a", "b"], background: .solid(.white))
        #expect(InAppWheelLayout.hiddenPointer(white, dark: false) == nil)
        #expect(InAppWheelLayout.hiddenPointer(white, dark: true)?.message.contains("invisible on a dark phone") == true)

        // A gradient hides it only where every stop is too close.
        let gradient = wheel(["a", "b"], background: .gradient([navy, .white]))
        #expect(InAppWheelLayout.hiddenPointer(gradient, dark: false) == nil)
        #expect(InAppWheelLayout.hiddenPointer(wheel(["a", "b"], background: .gradient([navy, .black])), dark: false) != nil)
    }
}
