// Personalisation where a user meets it in a run (cli-contract "Personalisation"): `u` in the inbox and in-app,
// the `personalized` events of in-app runs, `--raw-placeholders` on a campaign ZIP, `notify --inbox` filled for a
// device, and the warnings for placeholders a getInboxMessages feed still holds.

import Foundation
import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct PersonalizationRunTests {
    static let r = Resources.locate()
    static var zip: String { r.path("personalization/autumn-modal.zip") }
    static var campaign: String { r.path("personalization/campaign.json") }
    static func people() throws -> PersonalizationInput { try SampleCatalog.personalizationDevices(r) }

    func temp(_ name: String, _ text: String) throws -> String {
        let dir = NSTemporaryDirectory() + "pushsim-pers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let p = dir + "/" + name
        try text.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }

    // MARK: in-app

    // Pushwoosh iOS SDK PushwooshCore/InAppMessages/PWResource.m (7.2.x) fills a campaign ZIP's config on the device;
    // cli-contract: a `personalized` event per placeholder, before the message is shown.
    @Test func aZIPInAnInAppRunEmitsItsPersonalizedEventsBeforeItShows() throws {
        let anna = try Self.people().devices[0]
        let scene = try NativeInAppSamples.makePersonalizedScene(Self.zip, people: PersonalizationInput(devices: [anna], index: 0, raw: false, warnings: []))
        let names = scene.sink.events.map(\.event.name)
        let filled = scene.sink.events.map(\.event).filter { $0.name == "personalized" }
        #expect(filled.count == 6)
        #expect(filled.contains { $0["placeholder"] == "{FirstName|CapitalizeFirst|friend}" && $0["value"] == "Anna" && $0["source"] == "tag" })
        #expect(filled.contains { $0["placeholder"] == "{{Greeting|text|Welcome}}" && $0["value"] == "Willkommen zurück" && $0["path"] == "modal.title.text" })
        let shown = try #require(names.firstIndex(of: "inapp_will_present"))
        #expect(names.lastIndex(of: "personalized").map { $0 < shown } == true)
    }

    // --raw-placeholders: the config as written, neither localised from pushwoosh.json nor filled from the tags.
    @Test func rawPlaceholdersLeaveAZIPAsWritten() throws {
        let anna = try Self.people().devices[0]
        let l = try InAppSource.load(path: Self.zip, language: "de", tags: anna.nativeTags, raw: true)
        #expect(l.config["modal"]?["title"]?["text"] == "{{Greeting|text|Welcome}}, {FirstName|CapitalizeFirst|friend}!")
        #expect(l.events.count == 6 && l.events.allSatisfy { $0["source"] == "raw" && $0["value"] == $0["placeholder"] })
        #expect(l.warnings.contains { $0.path == "modal.title.text" && $0.message.contains("--raw-placeholders") })
        let rendered = try RenderOutput.render(bytes: try InputFile.readBytes(Self.zip), path: Self.zip, device: anna, raw: true)
        guard case .rendered(let v, _, _) = rendered else { Issue.record("\(rendered)"); return }
        #expect(v["modal"]?["title"]?["text"] == "{{Greeting|text|Welcome}}, {FirstName|CapitalizeFirst|friend}!")
    }

    // A bare native-config.json reaches no PWResource (nothing fills it): each placeholder is a `raw` event and a warning.
    @Test func aBareConfigIsShownAsWrittenWithRawEvents() throws {
        let path = try temp("native-config.json", ##"{"displayType":"modal","modal":{"background":"#FFFFFF","title":{"text":"Hi {FirstName|CapitalizeFirst|friend}","color":"#000000"},"showClose":true,"dimBackground":true,"buttons":[]}}"##)
        let d = try InAppIntake.sdk(tags: PersonalizationDevice(tags: ["FirstName": "anna"]).nativeTags).read(path)
        #expect(d.config["modal"]?["title"]?["text"] == "Hi {FirstName|CapitalizeFirst|friend}")
        #expect(d.events == [Event("personalized", ["path": "modal.title.text", "placeholder": "{FirstName|CapitalizeFirst|friend}",
                                                    "value": "{FirstName|CapitalizeFirst|friend}", "source": "raw"])])
        #expect(d.warnings.count == 1)
    }

    // `notify --inapp` fills the ZIP on the sending side: its events travel on the socket line to the running inapp.
    @Test func theSocketLineCarriesTheEvents() throws {
        let d = try InAppIntake.sdk(tags: PersonalizationDevice().nativeTags).read(Self.zip)
        let back = try #require(InAppDelivery(socketLine: d.socketLine))
        #expect(!d.events.isEmpty)
        #expect(back.events == d.events)
    }

    // cli-contract: "With several devices in an interactive preview, `u` switches to the next device (the status line
    // names it)".
    @Test func uInInAppFillsTheModalForTheNextDevice() throws {
        let scene = try NativeInAppSamples.makePersonalizedScene(Self.zip, people: try Self.people())
        #expect(scene.statusLine.hasPrefix("device anna-de (u next) · "))
        scene.handle(.key(.char("u")), at: 1)
        #expect(scene.statusLine.hasPrefix("device long-name-se (u next) · "))
        let after = scene.sink.events.filter { $0.t >= 1 }.map(\.event)
        #expect(after.contains { $0.name == "personalized" && $0["value"] == "Maximiliane-charlotte von wolkenstein-trostburg" })
        #expect(after.contains { $0.name == "inapp_will_present" })
        scene.handle(.key(.char("u")), at: 2)
        scene.handle(.key(.char("u")), at: 3)
        #expect(scene.statusLine.hasPrefix("device anna-de (u next)"), "u wraps round")
        // One device: `u` means nothing and the status line names no device.
        let one = try NativeInAppSamples.makePersonalizedScene(Self.zip, people: .untagged())
        #expect(!one.statusLine.hasPrefix("device"))
    }

    // MARK: inbox

    func inbox(_ people: PersonalizationInput) throws -> InboxScene {
        let scene = try InboxScene(files: [Self.campaign], now: Date(timeIntervalSince1970: 1_790_000_000), timeZone: TimeZone(identifier: "UTC")!,
                                   store: nil, sink: EventSink(), device: people.device)
        scene.devices = (people.devices, people.index)
        scene.handle(.resize(Size(width: 80, height: 24)), at: 0)
        return scene
    }

    @Test func uInTheInboxFillsTheFeedForTheNextDevice() throws {
        let scene = try inbox(try Self.people())
        #expect(scene.feed.rows.map(\.message.title) == ["Eine Nachricht für Anna"])
        #expect(scene.render(at: 0).plainText.contains("device anna-de (u next)"))
        scene.handle(.key(.char("u")), at: 1)
        #expect(scene.feed.rows.map(\.message.title) == ["A note for Maximiliane-Charlotte von Wolkenstein-Trostburg"])
        #expect(scene.render(at: 1).plainText.contains("device long-name-se (u next)"))
        #expect(scene.sink.events.contains { $0.t == 1 && $0.event.name == "personalized" && $0.event["source"] == "tag" })
        scene.handle(.key(.char("u")), at: 2)
        #expect(scene.feed.rows.map(\.message.title) == ["A note for you"])
        scene.handle(.key(.char("?")), at: 3)
        #expect(scene.render(at: 3).plainText.contains("the next --tags device"))
    }

    @Test func uInTheInboxWithOneDeviceSaysSo() throws {
        let scene = try inbox(.untagged())
        scene.devices = nil
        scene.handle(.key(.char("u")), at: 1)
        #expect(scene.model.status.hasPrefix("One device"))
        #expect(!scene.render(at: 1).plainText.contains("(u next)"))
    }

    // docs.pushwoosh.com/developer/guides/personalization/dynamic-content: the server fills a notification when it sends
    // it; `notify --inbox --tags` does that for the device, and leaves out a notification the device is not sent.
    @Test func notifyInboxFillsForTheDevice() throws {
        let anna = try Self.people().devices[0]
        guard case .push(let push, _, let events) = try InboxPush.read(Self.campaign, for: anna) else { Issue.record("stopped"); return }
        #expect(push.personalized)
        #expect(events.contains { $0.name == "personalized" && $0["value"] == "Anna" })
        let back = try InboxPush.decode(push.line).get()
        #expect(back.personalized && back.payload == push.payload)
        let untagged = try temp("one.json", #"{"request":{"notifications":[{"content":"For {Name|CapitalizeFirst}","inbox_days":3}]}}"#)
        #expect(try InboxPush.read(untagged, for: PersonalizationDevice()) == .stopped(Event("not_sent", ["reason": "untagged", "tag": "Name"])))
        let two = try temp("two.json", #"{"request":{"notifications":[{"content":"For {Name|CapitalizeFirst}","inbox_days":3},{"content":"All","inbox_days":3}]}}"#)
        guard case .push(let kept, _, let e2) = try InboxPush.read(two, for: PersonalizationDevice()) else { Issue.record("stopped"); return }
        #expect(kept.payload["request"]?["notifications"]?.arrayValue?.count == 1)
        #expect(e2.contains { $0.name == "not_sent" })
    }

    // A request sent without --tags is filled by the receiving inbox for its own device; one already filled is not.
    @Test func theReceivingInboxFillsAnUnfilledRequest() throws {
        let scene = try inbox(try Self.people())
        let doc = try InputFile.readJSON(Self.campaign)
        _ = scene.deliver(InboxPush(file: "/x/campaign2.json", payload: doc), at: 1)
        #expect(scene.feed.rows.contains { $0.message.title == "Eine Nachricht für Anna" && $0.message.source == "/x/campaign2.json" })
        _ = scene.deliver(InboxPush(file: "/x/campaign3.json", payload: doc, personalized: true), at: 2)
        #expect(scene.feed.rows.contains { $0.message.source == "/x/campaign3.json" && $0.message.title == "A note for {FirstName|CapitalizeFirst|you}" })
    }

    // The server filled a getInboxMessages message when it sent it (docs.pushwoosh.com/developer/guides/personalization/
    // dynamic-content); `pushsim inbox` warns about what is left, once per field with a count, however long the feed.
    @Test func leftoverPlaceholdersInAFeedAreOneWarningPerField() throws {
        func item(_ i: Int) -> String {
            #"{"inbox_id":"m\#(i)","order":"\#(i)","rt":"2000000000","status":1,"action_type":0,"title":"Hi {FirstName|CapitalizeFirst|there}","text":"\#(i % 2 == 0 ? "{{ offer }}" : "plain")"}"#
        }
        let feed = #"{"response":{"messages":["# + (0..<2_000).map(item).joined(separator: ",") + "]}}"
        for direct in [true, false] {
            var parser = InboxFeedParser(now: Date(timeIntervalSince1970: 1_790_000_000))
            parser.warnsLeftoverPlaceholders = true
            parser.readsItemsDirectly = direct
            let bytes = Array(feed.utf8)
            let r = try bytes.withUnsafeBufferPointer { try InboxFeedReader.read(buffer: $0, file: "f.json", parser: parser) }
            let left = r.diagnostics.filter { $0.message.contains("shows on the phone as written") }
            #expect(left.map(\.path) == ["f.json:response.messages[0].title", "f.json:response.messages[0].text"], "direct \(direct)")
            #expect(left.first?.message.contains("\"{FirstName|CapitalizeFirst|there}\" (and 1999 more messages' title)") == true)
            #expect(left.last?.message.contains("(and 999 more messages' text)") == true)
            parser.warnsLeftoverPlaceholders = false
            let quiet = try bytes.withUnsafeBufferPointer { try InboxFeedReader.read(buffer: $0, file: "f.json", parser: parser) }
            #expect(!quiet.diagnostics.contains { $0.message.contains("shows on the phone as written") })
        }
    }

    @Test func holdsAnyAgreesWithTheScanner() {
        for s in ["plain", "{", "{}", "{a|b}", "{a|b|}", "x {{ y }} z", "{% if %}", "{{ open", "{a}", "{a|{b}", "{{}}", "{|}", "{%}",
                  // make fuzz: an unclosed `{{` before a Dynamic Content placeholder is no Liquid, the placeholder counts.
                  "{{k|tem-d-yx}", "a}} {{k|x}", "{%k|x}"] {
            #expect(PlaceholderScan.holdsAny(s) == !PlaceholderScan.all(in: s).isEmpty || s == "{|}", "\(s)")
        }
    }
}
