// The table of phones (issue 35): every phone of late 2026 with Apple's screen sizes, the published safe areas and
// model identifiers, one row per `--device` name.

import Testing
@testable import PushSimEngine

@Suite struct PhoneTableTests {
    // Apple's Human Interface Guidelines, "Layout", device screen dimensions
    // (https://developer.apple.com/design/human-interface-guidelines/layout#Specifications): points and scale.
    @Test func screensAreTheHumanInterfaceGuidelines() throws {
        let hig: [(String, Double, Double, Double)] = [
            ("iphone-16", 393, 852, 3), ("iphone-16-plus", 430, 932, 3), ("iphone-16-pro", 402, 874, 3),
            ("iphone-16-pro-max", 440, 956, 3), ("iphone-16e", 390, 844, 3), ("iphone-17", 402, 874, 3),
            ("iphone-17-pro", 402, 874, 3), ("iphone-17-pro-max", 440, 956, 3), ("iphone-air", 420, 912, 3),
            ("iphone-14", 390, 844, 3), ("iphone-15", 393, 852, 3), ("iphone-15-pro-max", 430, 932, 3),
            ("iphone-se", 375, 667, 2), ("iphone-mini", 375, 812, 3),
        ]
        for (name, w, h, scale) in hig {
            let phone = try #require(Phone.named(name), "\(name) is in the table")
            #expect((phone.width, phone.height, phone.scale) == (w, h, scale), "\(name)")
        }
    }

    // Simulator readings published by third parties (device_preview 3.0.0-prerelease3's presets,
    // https://pub.dev/documentation/device_preview/3.0.0-prerelease3/presets/DevicePresets-class.html): the Pro
    // models 62, the Air 68 (its taller status bar), the 16e/17e notch 47; every Face ID phone 34 at the bottom.
    @Test func safeAreasAndCutouts() throws {
        let insets: [(String, Double, Double, Phone.Cutout)] = [
            ("iphone-16", 59, 34, .dynamicIsland), ("iphone-16-plus", 59, 34, .dynamicIsland),
            ("iphone-16-pro", 62, 34, .dynamicIsland), ("iphone-16-pro-max", 62, 34, .dynamicIsland),
            ("iphone-16e", 47, 34, .notch), ("iphone-17", 62, 34, .dynamicIsland), ("iphone-17-pro", 62, 34, .dynamicIsland),
            ("iphone-17-pro-max", 62, 34, .dynamicIsland), ("iphone-17e", 47, 34, .notch), ("iphone-air", 68, 34, .dynamicIsland),
            ("iphone-se", 20, 0, .none), ("iphone-14", 47, 34, .notch), ("iphone-mini", 50, 34, .notch),
        ]
        for (name, top, bottom, cutout) in insets {
            let phone = try #require(Phone.named(name))
            #expect((phone.safeTop, phone.safeBottom, phone.cutout) == (top, bottom, cutout), "\(name)")
            #expect(phone.insetsSourced, "\(name)")
        }
    }

    // frames-cli 1.5.0 (https://github.com/viticci/frames-cli/releases/tag/1.5.0): "iPhone 18 Pro and 18 Pro Max
    // share screen sizes with the 17 Pro models"; their insets are not published, and the table says so.
    @Test func theEighteenProModelsShareTheSeventeenProScreensAndSayTheirInsetsAreGuessed() throws {
        for (new, old) in [("iphone-18-pro", "iphone-17-pro"), ("iphone-18-pro-max", "iphone-17-pro-max")] {
            let n = try #require(Phone.named(new)), o = try #require(Phone.named(old))
            #expect((n.width, n.height, n.scale, n.safeTop, n.safeBottom) == (o.width, o.height, o.scale, o.safeTop, o.safeBottom))
            #expect(!n.insetsSourced)
            #expect(Phone.unsourcedNote.contains(new))
        }
        #expect(Phone.helpList.contains("iphone-18-pro-max"))
        #expect(Phone.helpList.contains("not published"))
    }

    /// The lists help and errors show: every phone in the table's order, as `joined(separator:)` would spell them.
    @Test func theNamesListEveryPhoneInOrder() {
        #expect(Phone.names == Phone.known.map(\.name).joined(separator: ", "))
        let guessed = Phone.known.filter { !$0.insetsSourced }.map(\.name).joined(separator: " and ")
        #expect(Phone.unsourcedNote.hasPrefix(guessed + ": "))
        #expect(Phone.helpList == "\(Phone.names), or WxH in points; \(Phone.unsourcedNote)")
    }

    // The machine identifiers Apple's devices report (`utsname.machine`), which the SDK sends as the device model.
    @Test func modelIdentifiers() throws {
        let ids = ["iphone-15": "iPhone15,4", "iphone-16": "iPhone17,3", "iphone-16-pro": "iPhone17,1", "iphone-16e": "iPhone17,5",
                   "iphone-17": "iPhone18,3", "iphone-17-pro-max": "iPhone18,2", "iphone-air": "iPhone18,4", "iphone-se": "iPhone14,6"]
        for (name, id) in ids { #expect(Phone.named(name)?.modelIdentifier == id, "\(name)") }
        // One row per name and per identifier.
        #expect(Set(Phone.known.map(\.name)).count == Phone.known.count)
        #expect(Set(Phone.known.map(\.modelIdentifier)).count == Phone.known.count)
        #expect(Phone.known.allSatisfy { $0.modelIdentifier.hasPrefix("iPhone") && $0.modelIdentifier.contains(",") })
    }

    @Test func theDefaultStaysTheIPhone15AndNamesIgnoreCase() {
        #expect(Phone.default.name == DefaultPhone.name)
        #expect((Phone.default.width, Phone.default.height) == (393, 852))
        #expect(Phone.named("iPhone-AIR")?.name == "iphone-air")
        #expect(Phone.named("iphone-19") == nil)
        #expect(Phone.known.count == 17)
    }
}

/// `--ios` (issue 35): 18, 26 and 27 (as 26), and the SDK's run-time iOS 26 branches.
@Suite struct IOSVersionTests {
    @Test func releasesAndTheirText() {
        #expect(IOSVersion("18") == .v18)
        #expect(IOSVersion("26") == .v26)
        #expect(IOSVersion("26.1") == .v26)
        #expect(IOSVersion("iOS 27") == .v27)
        #expect(IOSVersion.default == .v26)
        for bad in ["17", "25", "", "26.x", "abc", "1000000000000000000000"] { #expect(IOSVersion(bad) == nil, "\(bad)") }
        #expect(IOSVersion.unknownMessage("19").contains("18, 26, 27"))
    }

    // Liquid Glass from iOS 26 on (https://developer.apple.com/documentation/uikit/uiglasseffect, iOS 26.0+); iOS 27
    // keeps it, and nothing published changes notifications or alerts in it, so 27 draws as 26.
    @Test func liquidGlassFrom26AndTwentySevenDrawsAsTwentySix() {
        #expect(!IOSVersion.v18.liquidGlass)
        #expect(IOSVersion.v26.liquidGlass)
        #expect(IOSVersion.v27.liquidGlass == IOSVersion.v26.liquidGlass)
        #expect(IOSVersion.v27.inboxGlassPageDots == IOSVersion.v26.inboxGlassPageDots)
    }

    // UIDesignRequiresCompatibility (https://developer.apple.com/documentation/bundleresources/information-property-list/uidesignrequirescompatibility):
    // the app's own UIKit keeps the earlier design; the system's surfaces do not.
    @Test func theCompatibilityKeyKeepsOnlyTheAppsAlert() {
        #expect(IOSVersion.v26.appAlertIsGlass(compatibility: false))
        #expect(!IOSVersion.v26.appAlertIsGlass(compatibility: true))
        #expect(!IOSVersion.v18.appAlertIsGlass(compatibility: false))
        #expect(IOSVersion.v26.liquidGlass)
    }

    // PushwooshInboxKit/Public/PushwooshInboxCell.swift `applyButtons` (7.1.2–7.2.6: `#available(iOS 26.0, *)` only;
    // 7.2.7 `b1518f7`: gated on isLiquidGlass and a tinted glass the shipped binary compiles out) and
    // PushwooshInboxCarouselCell.swift `GlassPageDots` and the text plate (run-time only, 7.1.2 and later).
    @Test func theInboxsRunTimeBranches() {
        #expect(IOSVersion.v26.inboxBlursInlineButtons(sdk: .v7_1_3))
        #expect(IOSVersion.v26.inboxBlursInlineButtons(sdk: .v7_2_6))
        #expect(!IOSVersion.v26.inboxBlursInlineButtons(sdk: .v7_2_7))
        #expect(!IOSVersion.v26.inboxBlursInlineButtons(sdk: .newest))
        #expect(!IOSVersion.v18.inboxBlursInlineButtons(sdk: .v7_1_3))
        #expect(IOSVersion.v26.inboxGlassPageDots && IOSVersion.v26.inboxCarouselTextPlate)
        #expect(!IOSVersion.v18.inboxGlassPageDots && !IOSVersion.v18.inboxCarouselTextPlate)
    }
}
