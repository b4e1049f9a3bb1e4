// Golden frames of PushwooshForegroundPush's banner over the host app: at rest (90 % wide, 65 pt from the top, the
// whole body), stacked, entering, sliding up, bursting (pushwoosh-ios-sdk PushwooshForegroundPushImplementation.swift,
// ForegroundPushShape.swift, 7.1.3).

import SnapshotTesting
import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct ForegroundPushBannerTests {
    func frame(_ p: ForegroundPushPresenter, at t: Double, width: Int = 60, height: Int = 24) -> Canvas {
        var c = Canvas(width: width, height: height)
        InAppHostScreen.draw(InAppHostState(), appName: "Shop", statusLine: "f tap  q quit", on: &c)
        ForegroundPushBanner.draw(p, at: t, appName: "Shop", image: { _, _ in .none }, on: &c)
        return c
    }

    func presenter(_ pushes: [ForegroundPush], _ configure: (inout ForegroundPushConfiguration) -> Void = { _ in }) -> ForegroundPushPresenter {
        var c = ForegroundPushConfiguration()
        configure(&c)
        var p = ForegroundPushPresenter(configuration: c)
        for push in pushes { _ = p.reduce(.arrive(push), at: 0) }
        return p
    }

    static let sale = ForegroundPush(title: "Flash sale", body: "Everything in the shop is 30% off for the next two hours, online and in stores. No code needed.")

    @Test func atRest() {
        let p = presenter([Self.sale])
        let c = frame(p, at: 1)
        assertSnapshot(of: c.plainText, as: .lines, named: "foreground-rest")
        #expect(c.row(3).contains("Flash sale") && c[12, 3].attrs.contains(.bold))
        #expect(c.plainText.contains("code needed."), "the body is never cut")
        #expect(c[30, 2].bg == ForegroundPushBanner.background(ForegroundPushConfiguration.defaultGradient, 27, 54), "the default gradient")
        #expect(c[5, 2].bg != c[50, 2].bg, "left to right")
    }

    @Test func solidColourAndStacking() {
        let p = presenter([Self.sale, ForegroundPush(title: "Order shipped", body: "Arrives Thursday")]) {
            $0.backgroundColor = PrimerColor(hex: "#202020")
            $0.usePushAnimation = false
        }
        let c = frame(p, at: 1)
        assertSnapshot(of: c.plainText, as: .lines, named: "foreground-stacked")
        #expect(c.row(3).contains("Order shipped"), "the later push on top, at the same place")
        #expect(c[30, 2].bg == .rgb(32, 32, 32))
    }

    @Test func entersSlidesUpAndBursts() {
        let regular = presenter([Self.sale])
        #expect(!frame(regular, at: 0.02).plainText.contains("Flash sale"), "transparent at first")
        var leaving = regular
        _ = leaving.advance(to: 3.2)
        assertSnapshot(of: frame(leaving, at: 3.2).plainText, as: .lines, named: "foreground-sliding-up")
        var balls = presenter([Self.sale]) { $0.disappear = .balls; $0.duration = 2 }
        _ = balls.advance(to: 2.3)
        let burst = frame(balls, at: 2.3)
        assertSnapshot(of: burst.plainText, as: .lines, named: "foreground-burst")
        #expect(!burst.plainText.contains("Flash sale") && burst.plainText.contains("●"))
    }

    // useLiquidView on iOS 26 with the shipped SDK: the `.systemMaterial` blur over the gradient and black text
    // (`PushwooshForegroundPushImplementation.swift` `showGlassNotification` `#else`, 7.1.3 `f8c5cc8`): in cells, the
    // gradient under a white veil and the title in black; the layout is the classic card's.
    @Test func useLiquidViewOnIOS26IsTheBlurredCardWithBlackText() {
        let classic = presenter([Self.sale])
        let blurred = presenter([Self.sale]) { $0.useLiquidView = true; $0.ios = .v26 }
        let c = frame(classic, at: 1), b = frame(blurred, at: 1)
        assertSnapshot(of: b.plainText, as: .lines, named: "foreground-liquid-ios26")
        #expect(b.plainText == c.plainText, "the same layout and text")
        #expect(b[30, 2].bg == ForegroundPushBanner.background(ForegroundPushConfiguration.defaultGradient, 27, 54)
            .mixed(with: .rgb(255, 255, 255), ForegroundPushConfiguration.materialTint))
        #expect(b[12, 3].fg == .rgb(0, 0, 0) && c[12, 3].fg == .rgb(255, 255, 255))
        // iOS 18 runs no glass path: the classic card, as without useLiquidView.
        let old = frame(presenter([Self.sale]) { $0.useLiquidView = true; $0.ios = .v18 }, at: 1)
        #expect(old[30, 2].bg == c[30, 2].bg && old[12, 3].fg == c[12, 3].fg)
    }
}
