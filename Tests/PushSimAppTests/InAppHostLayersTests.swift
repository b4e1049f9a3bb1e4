// `pushsim inapp`'s host composing its layers (HostLayers): a surface it has never had is one more layer on top, and
// gets every input first, wakes the loop at its own deadline and draws over the others; the built-ins' orders.

import Testing
@testable import PushSimApp
@testable import PushSimEngine
@testable import PushSimScreens

/// A surface the host has never had: it takes the key `t`, presses on row 2, socket lines that start with `fake:` and
/// the step `fake-mark`; it wakes at `deadline` and draws a bar of `#` across row 2.
final class FakeLayer: HostLayer {
    unowned let host: any HostLayerContext
    var deadline: Double?
    var touches: [String] = []
    var advancedTo: [Double] = []

    init(host: any HostLayerContext) { self.host = host }

    func advance(to t: Double) { advancedTo.append(t) }
    func nextDeadline(now: Double) -> Double? { deadline }
    func key(_ k: Key, at t: Double) -> Bool {
        guard case .char("t") = k else { return false }
        host.emit(Event("fake_key", ["key": .string("t")]), at: t)
        return true
    }
    func press(x: Int, y: Int, at t: Double) -> Bool {
        guard y == 2 else { return false }
        touches.append("press \(x),\(y)")
        return true
    }
    func drag(x: Int, y: Int, at t: Double) { touches.append("drag \(x),\(y)") }
    func release(x: Int, y: Int, at t: Double) { touches.append("release \(x),\(y)") }
    func receive(_ line: String, at t: Double) -> String? { line.hasPrefix("fake:") ? "ok fake" : nil }
    func expand(_ step: ScriptStep) throws -> [PrimitiveStep]? {
        guard step.name == "fake-mark" else { return nil }
        return [.call { [unowned self] t in host.emit(Event("fake_mark"), at: t) }]
    }
    func draw(at t: Double, on c: inout Canvas) { _ = c.text(String(repeating: "#", count: c.width), x: 0, y: 2) }
    func keyHints(leave: LeaveAction) -> (hints: String, note: String?)? { ("t fake", nil) }
}

@Suite struct InAppHostLayersTests {
    func scene() -> (InAppScene, FakeLayer) {
        let scene = InAppScene(sink: EventSink())
        let fake = FakeLayer(host: scene)
        scene.putOnTop(fake)
        return (scene, fake)
    }

    func names(_ scene: InAppScene) -> [String] { scene.sink.events.map(\.event.name) }

    @Test func aKeyGoesToTheTopLayerFirstAndWhatItLeavesGoesBelow() throws {
        let (scene, _) = scene()
        _ = try inAppRun(scene, #"notify {"id":"a","title":"A","link":"https://a"}; wait 1; key t"#)
        #expect(names(scene) == ["banner_show", "fake_key"], "t is the fake's now: the banner is not tapped")
        #expect(scene.lastEvent == "fake_key t", "a layer's events reach the status line like the banners'")
        _ = try inAppRun(scene, "key s; key down; key enter")
        #expect(names(scene) == ["banner_show", "fake_key", "banner_hide", "host_click"], "s reaches the banner, ⏎ the app")
        #expect(scene.statusLine.hasPrefix("t fake · "), "the layer with the keyboard puts its hints first")
    }

    @Test func aPressGoesToTheTopLayerThenItsDragAndRelease() throws {
        let (scene, fake) = scene()
        // The banner rests on rows 1–6: without the fake a click on row 2 would tap it.
        _ = try inAppRun(scene, #"notify {"id":"a","title":"A"}; wait 1; press 20,2; drag 21,2; release 21,2; click 30,10"#)
        #expect(fake.touches == ["press 20,2", "drag 21,2", "release 21,2"])
        #expect(names(scene) == ["banner_show", "host_click"], "a click where the fake is not reaches the app, past the layers")
    }

    @Test func theDeadlineIsTheSoonestOfTheLayers() {
        let (scene, fake) = scene()
        scene.resize(to: Size(width: 60, height: 16), at: 0)
        #expect(scene.nextDeadline() == nil)
        fake.deadline = 3
        #expect(scene.nextDeadline() == 3)
        _ = scene.notify(text: #"{"title":"x","duration":2}"#, at: 0)
        #expect(scene.nextDeadline() == 0.05, "the banner's drop-in frames come sooner")
        fake.deadline = 0.01
        #expect(scene.nextDeadline() == 0.01)
        scene.advance(to: 0.5)
        #expect(fake.advancedTo.last == 0.5, "the clock reaches every layer")
    }

    @Test func stepsAndSocketLinesTryTheTopLayerFirst() throws {
        let (scene, _) = scene()
        _ = try inAppRun(scene, "wait 1; fake-mark")
        #expect(scene.sink.events.map { "\($0.t) \($0.event.name)" } == ["1.0 fake_mark"])
        #expect(scene.receive("fake: hello") == "ok fake")
        #expect(scene.receive(#"{"id":"b","title":"B"}"#) == "ok b", "a line no layer above claims is a banner")
        #expect(scene.receive(ForegroundPushWire.line(["aps": ["alert": ["title": "P"]]])) == "ok f1", "the foreground layer's line")
    }

    @Test func theTopLayerIsDrawnOverTheOthers() throws {
        let (scene, _) = scene()
        _ = try inAppRun(scene, #"notify {"id":"a","title":"Spring sale","body":"Everything 30 % off"}; wait 1"#)
        let rows = scene.render(at: 1).plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[2] == Substring(String(repeating: "#", count: 60)), "over the banner, which rests on rows 1–6")
        #expect(rows[1...6].contains { $0.contains("Spring sale") || $0.contains("Everything") }, "the banner is still drawn below it")
    }

    /// The built-ins as the host composes them: foreground pushes under the banner's window and native messages over
    /// both; keys and steps go to the native messages first; a press on a banner stays the banner's; a socket line no
    /// other layer claims is a banner.
    @Test func theBuiltInLayersOrders() {
        let scene = InAppScene(sink: EventSink())
        _ = scene.attachNative(intake: .sdk(), options: InAppPresenterOptions(), capsEnabled: false, isDark: false, store: nil)
        _ = scene.attachNative(intake: .sdk(), options: InAppPresenterOptions(), capsEnabled: false, isDark: false, store: nil)
        guard let native = scene.nativeLayer else { Issue.record("no native layer"); return }
        let b = ObjectIdentifier(scene.banners), f = ObjectIdentifier(scene.foregroundPushes), n = ObjectIdentifier(native)
        func ids(_ l: [any HostLayer]) -> [ObjectIdentifier] { l.map { ObjectIdentifier($0) } }
        #expect(ids(scene.layers.drawn) == [f, b, n], "a second attachNative replaces the first layer")
        #expect(ids(scene.layers.advanced) == [b, f, n])
        #expect(ids(scene.layers.keyed) == [n, b, f])
        #expect(ids(scene.layers.pressed) == [b, n, f])
        #expect(ids(scene.layers.lines) == [n, f, b])
        #expect(scene.native === native.native)
    }
}
