// Golden pictures of the system's surfaces in both designs (issue 35): iOS 18's, and iOS 26's Liquid Glass; three
// of today's phones; and the material's own rules (the blur stays inside the surface, iOS 27 draws as 26).

import Foundation
import PushSimApp
import PushSimEngine
import PushSimScreens
import Testing
@testable import PushSimPicture

@Suite(.serialized)
struct LiquidGlassGoldenTests {
    let resources = Resources.locate()
    static let glass = PictureDevice.standard.running(.v26)

    /// The stories push as it arrives on the lock screen of `device`, cut for it as the delivery path cuts it.
    func lockScreen(_ file: String = "spring-sale.json", device: PictureDevice, script: String = "", dark: Bool = false) throws -> Picture {
        let path = resources.path("stories/\(file)")
        let scene = StoriesScene(input: try StoriesScene.load(path: path),
                                 configuration: .init(collapsed: true, delivery: DeliveryOptions(deviceName: device.name, deviceWidth: device.width)),
                                 sink: EventSink())
        let imgs = images(for: path)
        return try shoot(scene, script: script, device: device) { p, t in
            StoriesPicture.draw(scene, at: t, on: p, device: device, images: imgs, dark: dark)
        }
    }

    func primer(_ c: PrimerConfig, script: String, device: PictureDevice) throws -> Picture {
        let scene = PrimerScene(config: c, device: SimulatedDevice(), wallClock: 1_769_850_000, store: nil, sink: EventSink(), appName: "Shop")
        let imgs = images(for: resources.path("primer/alert.json"))
        return try shoot(scene, script: script, device: device) { p, t in PrimerPicture.draw(scene, at: t, on: p, device: device, images: imgs) }
    }

    static let alert = PrimerConfig().title("Stay in the loop").message("Allow notifications for order updates.")

    // The lock screen's notification: iOS 18's opaque card; iOS 26's Liquid Glass platter over the wallpaper
    // ("On the Lock Screen, Liquid Glass appears in areas like the clock, widget backgrounds, notifications",
    // https://www.macstories.net/stories/ios-and-ipados-26-the-macstories-review/6), same geometry and text.
    @Test func lockScreenNotificationInBothDesigns() throws {
        try expectGolden(try lockScreen(device: .standard), "system-lock-screen-ios18")
        try expectGolden(try lockScreen(device: Self.glass), "system-lock-screen-ios26")
        try expectGolden(try lockScreen(device: Self.glass, dark: true), "system-lock-screen-ios26-dark")
    }

    // iOS's own expanded notification (a category the app's content extension does not claim): the system's platter.
    @Test func expandedSystemNotificationInBothDesigns() throws {
        try expectGolden(try lockScreen("wrong-category.json", device: .standard, script: "expand"), "system-expanded-ios18")
        try expectGolden(try lockScreen("wrong-category.json", device: Self.glass, script: "expand"), "system-expanded-ios26")
    }

    // The primer's `.alert` style is the app's UIAlertController (`PWPushPrimerPresenter.m`, 7.1.3 `f8c5cc8`): on
    // iOS 26 the glass alert, left-aligned with capsule buttons; with UIDesignRequiresCompatibility
    // (https://developer.apple.com/documentation/bundleresources/information-property-list/uidesignrequirescompatibility)
    // exactly iOS 18's (the existing golden).
    @Test func primerAlertInBothDesignsAndInCompatibilityMode() throws {
        try expectGolden(try primer(Self.alert, script: "", device: Self.glass), "system-alert-ios26")
        try expectGolden(try primer(Self.alert, script: "", device: PictureDevice.standard.running(.v26, appCompatibility: true)), "primer-alert")
    }

    // The permission prompt is the system's: it follows the OS whatever the app's compatibility key says.
    @Test func permissionPromptFollowsTheOS() throws {
        let sheet = PrimerConfig().title("Never miss a deal").message("Turn on notifications.")
        try expectGolden(try primer(sheet, script: "wait 1; accept; wait 0.5", device: Self.glass), "system-prompt-ios26")
        try expectGolden(try primer(sheet, script: "wait 1; accept; wait 0.5", device: PictureDevice.standard.running(.v26, appCompatibility: true)),
                         "system-prompt-ios26")
    }

    // Three of today's phones on iOS 26, each with its own screen and safe area (Apple's HIG screen sizes; the
    // insets as published simulator readings): the 16e's notch, the 17 Pro's 62 pt island, the Air's 68 pt.
    @Test func todaysPhones() throws {
        for name in ["iphone-16e", "iphone-17-pro", "iphone-air"] {
            let device = try #require(PictureDevice(parsing: name))
            let p = try lockScreen(device: device)
            #expect((p.width, p.height) == (device.width, device.height))
            try expectGolden(p, "phone-\(name)")
        }
    }

    /// The mixed feed on `ios` with `sdk`'s rules, after `script`.
    func inbox(_ ios: IOSVersion, _ sdk: SDKVersion, script: String = "") throws -> Picture {
        let path = resources.path("inbox/mixed.json")
        var attributes = InboxAttributes(sdk: sdk)
        attributes.ios = ios
        let now = try #require(ISO8601DateFormatter().date(from: "2026-01-31T09:00:00Z"))
        let scene = try InboxScene(files: [path], attributes: attributes, now: now, timeZone: TimeZone(identifier: "UTC")!, store: nil,
                                   sink: EventSink())
        let imgs = images(for: path)
        return try shoot(scene, script: script) { p, t in InboxPicture.draw(scene, at: t, on: p, device: .standard, images: imgs) }
    }

    // IK-4, PushwooshInboxKit/Public/PushwooshInboxCell.swift `applyButtons`: from 7.1.2 to 7.2.6 the inline buttons
    // sit on a thin-material blur on iOS 26 (`#available(iOS 26.0, *)` only); 7.2.7 (`b1518f7`) gates it on
    // isLiquidGlass and a tinted glass the shipped binary compiles out, so the flat fill stays.
    @Test func inboxInlineButtonsBlurOnIOS26Before727() throws {
        #expect(try inbox(.v26, .v7_1_3).rgba() != inbox(.v18, .v7_1_3).rgba())
    }

    // IK-9 and IK-10, PushwooshInboxKit/Public/PushwooshInboxCarouselCell.swift (7.1.2+, `#available(iOS 26.0, *)`
    // only, whatever isLiquidGlass says): the carousel's GlassPageDots and the text plate under its title and body.
    @Test func inboxCarouselGlassDotsAndTextPlate() throws {
        let scroll = "down; down; down; down; down; down"
        let glass = try inbox(.v26, .newest, script: scroll)
        #expect(try glass.rgba() != inbox(.v18, .newest, script: scroll).rgba())
        try expectGolden(glass, "system-inbox-carousel-ios26")
    }

    // Nothing published changes notifications or alerts in iOS 27: it draws exactly as 26.
    @Test func iOS27DrawsAs26() throws {
        let a = try primer(Self.alert, script: "", device: PictureDevice.standard.running(.v27)).rgba()
        let b = try primer(Self.alert, script: "", device: Self.glass).rgba()
        #expect(a == b)
        #expect(try lockScreen(device: PictureDevice.standard.running(.v27)).rgba() == lockScreen(device: Self.glass).rgba())
    }

    // The backdrop blur reads and writes only the surface's pixels: everything outside the shape is as it was.
    @Test func theBlurStaysInsideTheSurface() throws {
        let p = try Picture(width: 100, height: 100, scale: 1)
        for i in 0..<10 { p.fill(PictureRect(x: Double(i) * 10, y: 0, width: 5, height: 100), PictureColor(255, 0, 0)) }
        let before = p.rgba()
        let r = PictureRect(x: 30, y: 30, width: 40, height: 40)
        #expect(p.blurBehind(r, radius: 0, blur: 12))
        let after = p.rgba()
        var changedInside = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let i = (y * 100 + x) * 4
                let inside = x >= 30 && x < 70 && y >= 30 && y < 70
                if inside { if after[i + 3] != before[i + 3] { changedInside += 1 } }
                else { #expect(after[i..<(i + 4)] == before[i..<(i + 4)], "(\(x), \(y)) outside the surface changed") }
            }
        }
        // The stripes are smoothed inside: most pixels took a mix of red and the clear gaps (their alpha moved).
        #expect(changedInside > 40 * 40 / 2)
    }

    // A rotated drawing has no rectangle of pixels under the shape: the blur declines and draws nothing.
    @Test func theBlurDeclinesUnderARotation() throws {
        let p = try Picture(width: 50, height: 50, scale: 1)
        p.fill(PictureRect(x: 0, y: 0, width: 25, height: 50), PictureColor(0, 0, 255))
        let before = p.rgba()
        var done = true
        p.rotated(0.3, aboutX: 25, y: 25) { done = p.blurBehind(PictureRect(x: 10, y: 10, width: 30, height: 30), radius: 4, blur: 8) }
        #expect(!done)
        #expect(p.rgba() == before)
    }

    // PushwooshForegroundPush with useLiquidView on iOS 26, as the shipped XCFramework draws it (Swift 5.10 compiles
    // the glass out): `drawPush` picks `showGlassNotification`, whose `#else` branch is a `.systemMaterial` blur over
    // the default gradient with black text (`PushwooshForegroundPushImplementation.swift` `drawPush`,
    // `showGlassNotification`; `ForegroundPushShape.swift` `applyBackground`; 7.1.3 `f8c5cc8`). On iOS 18, or without
    // useLiquidView, the classic card: the existing golden `inapp-foreground-push`, drawn the same.
    @Test func foregroundPushWithUseLiquidViewInBothDesigns() throws {
        func shot(ios: IOSVersion, liquid: Bool) throws -> Picture {
            let scene = InAppScene(sink: EventSink(), appName: "Shop")
            scene.foreground.configuration.useLiquidView = liquid
            scene.foreground.configuration.ios = ios
            let imgs = images(for: resources.path("banners/sale.json"))
            let photo = resources.path("images/avatar-1.png")
            return try shoot(scene, script: "foreground-push {\"aps\":{\"alert\":{\"title\":\"Flash sale\",\"body\":\"Two hours only: 30 % off everything in the app and in stores.\"}},\"attachment\":\"\(photo)\"}; wait 1", device: .standard) { p, t in
                BannerPicture.draw(scene, at: t, on: p, device: .standard, images: imgs)
            }
        }
        let blurred = try shot(ios: .v26, liquid: true)
        try expectGolden(blurred, "inapp-foreground-push-liquid-ios26")
        try expectGolden(try shot(ios: .v18, liquid: true), "inapp-foreground-push")
        try expectGolden(try shot(ios: .v26, liquid: false), "inapp-foreground-push")
        try expectGolden(try shot(ios: .v27, liquid: true), "inapp-foreground-push-liquid-ios26")
    }
}
