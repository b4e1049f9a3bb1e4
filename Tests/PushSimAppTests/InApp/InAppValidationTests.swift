// `pushsim validate` on native in-app configs and campaign ZIPs: detection, the one error at the SDK's key, the dark
// overlay as a dark phone sees it, warnings, and the text and JSON outputs.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct InAppValidationTests {
    /// The spec's sample configs, kept as the in-app fuzz target's seeds.
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/inapp/").path + "/"
    static let modal = ##"{"displayType":"modal","inAppId":"w","modal":{"background":"#FFFFFF","showClose":true,"buttons":[],"dimBackground":true}}"##

    func report(_ text: String, name: String = "native-config.json", kind: PayloadKind? = nil) throws -> PayloadValidation.FileReport {
        PayloadValidation.check(try validationTemp(text, name: name), options: .init(kind: kind, now: validationNow))
    }

    @Test func nativeConfigsAreDetectedByDisplayType() throws {
        #expect(try PayloadValidation.detect(JSONParser.parse(Self.modal)).get() == [.inapp])
        #expect(try PayloadValidation.detect(JSONParser.parse(#"{"inAppId":"x","modal":{}}"#)).get() == [.inapp])
        #expect(try PayloadValidation.detect(JSONParser.parse(#"{"displayType":5}"#)).get() == [.inapp])
    }

    @Test func aValidConfigIsOk() throws {
        let r = try report(Self.modal)
        #expect(r.findings.isEmpty)
        #expect(PayloadValidation.text([r]).hasSuffix("native-config.json: ok (native in-app config (modal, id \"w\"))\n1 file checked: 0 errors, 0 warnings\n"))
    }

    @Test func theRefusalIsOneErrorAtItsKeyPath() throws {
        let r = try report(##"{"displayType":"Modal","modal":{"background":"#fff","title":"Hi","showClose":"yes","buttons":[],"dimBackground":true}}"##)
        #expect(r.errorCount == 1)
        let e = r.findings[0]
        #expect(e.path == "modal.title")
        #expect(e.message == "not shown: `modal.title` must be an object {text, color}; found a string (the SDK logs \"Invalid native in-app config, dropped at: modal.title.text\")")
        #expect(e.kind == .inapp)
        #expect(PayloadValidation.exitStatus([r]) == 1)
        #expect(r.summary == "native in-app config (not shown)")
    }

    @Test func theBundledSpecSamplesValidateAsTheSpecSays() throws {
        func check(_ file: String) -> PayloadValidation.FileReport {
            PayloadValidation.check(Self.samples + file, options: .init(now: validationNow))
        }
        #expect(check("invalid-modal-title-string.json").findings.first { $0.severity == .error }?.message.contains("dropped at: modal.title.text") == true)
        #expect(check("invalid-stories-duration-string.json").findings.first { $0.severity == .error }?.message.contains("dropped at: stories.items[1].duration") == true)
        let carousel = check("carousel-new-arrivals.json")
        #expect(carousel.errorCount == 0)
        #expect(carousel.findings.contains { $0.path == "carousel.showClose" })
        let stories = check("stories-weekend-recipes.json")
        #expect(stories.findings.contains { $0.path.hasSuffix(".duration") && $0.message.contains("30 s") })
        let wheel = check("spinwheel-daily-bonus.json")
        #expect(wheel.findings.contains { $0.path == "spinwheel.segments" && $0.message.contains("weight") })
        let dark = check("modal-welcome-dark.json")
        #expect(dark.errorCount == 0)
        #expect(dark.findings.map(\.path) == ["modal.dark.title.text"])
        for file in ["banner-order-shipped.json", "video-launch-trailer.json", "pip-live-match.json", "scratchcard-black-friday.json"] {
            #expect(check(file).errorCount == 0, "\(file)")
        }
    }

    /// Issue 39 item 8: the bundled spin wheel as the SDK lays it out (PWSpinWheelInAppView.swift, 7.2.0): labels
    /// wider than the room before the hub, and the pointer (UIColor.label) on its dark card on a light phone.
    @Test func theSpinWheelsHiddenLabelsAndPointerAreWarnedAtTheirPaths() {
        var options = PayloadValidation.Options(now: validationNow)
        options.wheelLabelWidth = { Double($0.count) * 8 }
        let r = PayloadValidation.check(Self.samples + "spinwheel-daily-bonus.json", options: options)
        let paths = r.findings.map(\.path)
        // At 8 pt a character "Free ship", "10% off" and "Try again" (72, 56, 72 pt) do not fit iPhone 15's 54 pt;
        // "5% off" (48 pt) does.
        for i in 1...3 { #expect(paths.contains("spinwheel.segments[\(i)].message.text"), "\(paths)") }
        #expect(!paths.contains("spinwheel.segments[0].message.text"))
        let pointer = r.findings.filter { $0.path == "spinwheel.background" }
        #expect(pointer.count == 1 && pointer.first?.message.contains("on a light phone") == true, "\(pointer)")
        // Without a measure (no fonts), the labels are not guessed at; the pointer needs none.
        let unmeasured = PayloadValidation.check(Self.samples + "spinwheel-daily-bonus.json", options: .init(now: validationNow))
        #expect(!unmeasured.findings.contains { $0.path.hasSuffix(".message.text") })
        #expect(unmeasured.findings.contains { $0.path == "spinwheel.background" })
    }

    @Test func aWhiteWheelCardHidesThePointerOnADarkPhoneAndTheOverlaySaysWhere() throws {
        let base = ##"{"displayType":"spinwheel","inAppId":"w","spinwheel":{"background":"#FFFFFF","segments":[{"message":{"text":"A","color":"#000000"},"weight":1},{"message":{"text":"B","color":"#000000"},"weight":1}],"winIndex":0,"spinButton":{"text":{"text":"SPIN","color":"#000000"},"background":"#FFD60A","border":{"color":"#FFFFFF","radius":36}},"reward":{"title":{"text":"Prize","color":"#000000"}},"showClose":trueDARK}}"##
        let plain = try report(base.replacingOccurrences(of: "DARK", with: ""))
        #expect(plain.findings.filter { $0.path == "spinwheel.background" }.map(\.message).contains { $0.contains("invisible on a dark phone") },
                "\(plain.findings)")
        let overlaid = try report(base.replacingOccurrences(of: "DARK", with: ##","dark":{"background":"#1C1C1E"}"##))
        #expect(!overlaid.findings.contains { $0.message.contains("pointer is invisible on a dark phone") }, "\(overlaid.findings)")
        let stillWhite = try report(base.replacingOccurrences(of: "DARK", with: ##","dark":{"background":"#F2F2F7"}"##))
        #expect(stillWhite.findings.contains { $0.path == "spinwheel.dark.background" && $0.message.contains("on a dark phone") },
                "\(stillWhite.findings)")
    }

    @Test func aBrokenOrRejectedDarkOverlayIsAWarning() throws {
        let broken = try report(Self.modal.replacingOccurrences(of: #""dimBackground":true"#, with: #""dimBackground":true,"dark":{"buttons":[{}]}"#))
        #expect(broken.errorCount == 0)
        #expect(broken.findings.map(\.path) == ["modal.dark"])
        #expect(broken.findings[0].message.contains("Invalid dark overlay (modal.dark.buttons length 1 != 0), falling back to light variant"))
        let rejected = try report(Self.modal.replacingOccurrences(of: #""dimBackground":true"#, with: #""dimBackground":true,"dark":{"background":"black"}"#))
        #expect(rejected.findings.map(\.path) == ["modal.background"])
        #expect(rejected.findings[0].message.contains("(merged config rejected)"))
        #expect(rejected.findings[0].severity == .warning)
        let rescued = try report(Self.modal.replacingOccurrences(of: ##""background":"#FFFFFF""##, with: #""background":"white""#)
            .replacingOccurrences(of: #""dimBackground":true"#, with: ##""dimBackground":true,"dark":{"background":"#000000"}"##))
        #expect(rescued.findings.map(\.severity) == [.error, .warning])
        #expect(rescued.findings[1].message.hasPrefix("on a dark phone the overlay's values make the config valid"))
    }

    @Test func jsonOutputCarriesTheKind() throws {
        let r = try report(#"{"displayType":"pip"}"#)
        let json = try JSONParser.parse(PayloadValidation.json([r]))
        #expect(json == .array([.object(["severity": "error", "file": .string(r.file), "path": "pip",
                                         "message": "not shown: `pip` must be an object holding the template's settings (the block named after `displayType`, in lower case); it is missing (the SDK logs \"Invalid native in-app config, dropped at: pip\")",
                                         // A missing block is placed where its parent starts: the document, 1:1.
                                         "kind": "inapp", "line": 1, "column": 1])]))
    }

    @Test func kindInappForcesTheCheck() throws {
        let r = try report(#"{"title":"x"}"#, kind: .inapp)
        #expect(r.findings.first?.message.contains("dropped at: displayType") == true)
    }

    @Test func aCampaignZIPIsCheckedAfterLocalisation() throws {
        let config = #"{"displayType":"modal","modal":{"background":"{{Bg|color|ffffff}}","showClose":true,"buttons":[],"dimBackground":true}}"#
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", config), TestZIP.Entry("pushwoosh.json", #"{"default_language":"en","localization":{"en":{"Bg":"14234c"}}}"#)], name: "r-CODE.zip")
        let r = PayloadValidation.check(path, options: .init(now: validationNow))
        #expect(r.kinds == [.inapp])
        #expect(r.findings.map(\.severity) == [.warning, .error])
        #expect(r.findings.allSatisfy { $0.path == "modal.background" })
        #expect(r.findings[0].message.contains("without a leading #"))
        #expect(r.summary == "native-config.json in a campaign ZIP (not shown)")
        let html = PayloadValidation.check(try TestZIP.write([TestZIP.Entry("index.html", "<p>")]), options: .init(now: validationNow))
        #expect(html.findings.map(\.message) == ["an HTML rich media (index.html, no native-config.json); pushsim shows native in-app templates only"])
        #expect(PayloadValidation.exitStatus([html]) == 1)
        let cut = PayloadValidation.check(try TestZIP.write([TestZIP.Entry("../evil", "x")]), options: .init(now: validationNow))
        #expect(PayloadValidation.exitStatus([cut]) == 2)
    }

    @Test func aDeepConfigIsOneSentence() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let r = try report(#"{"displayType":"modal","modal":"# + deep + "}")
        #expect(r.unreadable)
        #expect(r.findings.first?.message.contains("nesting deeper than 512 levels") == true)
    }
    // Text drawn in a colour its surface hides: one warning at the colour's path, for light and for a dark phone.
    @Test func unreadableTextIsAWarningAtItsColour() throws {
        let card = ##"{"displayType":"modal","modal":{"background":"#101828","title":{"text":"Hi","color":"#101828"},"message":{"text":"Read me","color":"#FFFFFF"},"showClose":true,"buttons":[{"text":{"text":"OK","color":"#FFFFFF"},"background":"#FFFFFF26","border":{"color":"#FFFFFF","radius":8},"action":{"type":"close"}},{"text":{"text":"No","color":"#EEEEEE"},"background":"#FFFFFF","border":{"color":"#FFFFFF","radius":8},"action":{"type":"close"}}],"dimBackground":true}}"##
        let r = try report(card)
        #expect(r.errorCount == 0)
        #expect(r.findings.map(\.path) == ["modal.title.color", "modal.buttons[1].text.color"])
        #expect(r.findings[0].message == "the text \"Hi\" is invisible on the phone: its colour #101828 on the card's background #101828 has a contrast of 1.0:1 (the SDK draws the configured colour as is; WCAG asks 4.5:1 of text)")
        #expect(r.findings[1].message.contains("is barely visible on the phone: its colour #EEEEEE on its button's background #FFFFFF has a contrast of 1.2:1"))
        // A translucent button is seen over its card (white 15 % over #101828 under white text reads well).
        #expect(!r.findings.contains { $0.path == "modal.buttons[0].text.color" })

        let dark = ##"{"displayType":"banner","banner":{"position":"top","autoDismiss":5,"background":"#FFFFFF","title":{"text":"Sale","color":"#000000"},"action":{"type":"close"},"showClose":true,"dark":{"background":"#000000"}}}"##
        let d = try report(dark)
        #expect(d.findings.map(\.path) == ["banner.title.color"])
        #expect(d.findings[0].message.hasPrefix("on a dark phone: the text \"Sale\" is invisible on the phone: its colour #000000 on the banner's background #000000"))
    }

    // The prize the wheel lands on is the one checked; the scratch card's reward sits on the fixed ticket.
    @Test func rewardsAreCheckedOnTheSurfaceTheyAreDrawnOn() throws {
        let wheel = ##"{"displayType":"spinwheel","spinwheel":{"background":["#101828","#101828"],"segments":[{"message":{"text":"A","color":"#FF375F"},"weight":1,"color":"#FF375F"},{"message":{"text":"B","color":"#FFFFFF"},"weight":1,"reward":{"title":{"text":"Won","color":"#101828"},"code":"X"}}],"winIndex":1,"spinButton":{"text":{"text":"SPIN","color":"#000000"},"background":"#FFD60A","border":{"color":"#FFFFFF","radius":36}},"reward":{"title":{"text":"Never shown","color":"#101828"},"code":"Y"},"showClose":true}}"##
        let w = try report(wheel)
        #expect(w.findings.map(\.path).filter { $0.hasSuffix(".color") } == ["spinwheel.segments[0].message.color", "spinwheel.segments[1].reward.title.color"])
        let scratch = ##"{"displayType":"scratchcard","scratchcard":{"revealThreshold":0.5,"cover":{"background":"#888888"},"background":"#101828","reward":{"title":{"text":"Prize","color":"#FFFFFF"},"code":"Z"},"showClose":true}}"##
        let s = try report(scratch)
        #expect(s.findings.map(\.path) == ["scratchcard.reward.title.color"])
        #expect(s.findings[0].message.contains("on the scratch area's ticket #F7F7F7"))
    }

    @Test func theBundledSamplesAreReadable() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/inapp/").path + "/"
        for file in try FileManager.default.contentsOfDirectory(atPath: dir) where file.hasSuffix(".json") {
            let r = PayloadValidation.check(dir + file, options: .init(now: validationNow))
            #expect(!r.findings.contains { $0.message.contains("visible on the phone") }, "\(file)")
        }
    }

    @Test func wcagContrastMatchesItsDefinition() {
        #expect(abs(InAppLegibility.contrast(.black, .white) - 21) < 1e-9)
        #expect(InAppLegibility.contrast(.white, .white) == 1)
        #expect(abs(InAppLegibility.contrast(InAppColor(red: 0.5, green: 0.5, blue: 0.5), .white) - 3.98) < 0.01)
    }
}
