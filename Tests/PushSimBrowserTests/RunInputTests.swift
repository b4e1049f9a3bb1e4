// What a tab may send (anything else closes it), and where a click on the phone lands among the scene's cells.

import PushSimCanvas
import PushSimPicture
import PushSimScreens
import Testing
@testable import PushSimBrowser

@Suite struct RunInputTests {
    @Test func thePagesMessagesParse() {
        #expect(RunInput.parse(#"{"type":"down","x":10.5,"y":20}"#) == .pointer(.press, x: 10.5, y: 20))
        #expect(RunInput.parse(#"{"type":"move","x":1,"y":2}"#) == .pointer(.drag, x: 1, y: 2))
        #expect(RunInput.parse(#"{"type":"up","x":1,"y":2}"#) == .pointer(.release, x: 1, y: 2))
        #expect(RunInput.parse(#"{"type":"key","key":"left"}"#) == .key(.left))
        #expect(RunInput.parse(#"{"type":"key","key":"q"}"#) == .key(.char("q")))
        #expect(RunInput.parse(#"{"type":"pick","name":"device","value":"iphone-se"}"#) == .pick(name: "device", value: "iphone-se"))
        #expect(RunInput.parse(#"{"type":"restart"}"#) == .restart)
    }

    @Test func anythingElseIsRefused() {
        #expect(RunInput.parse("") == nil)
        #expect(RunInput.parse("not json") == nil)
        #expect(RunInput.parse("[1,2]") == nil)
        #expect(RunInput.parse(#"{"type":"reload"}"#) == nil)
        #expect(RunInput.parse(#"{"type":"down","x":"1","y":2}"#) == nil)
        #expect(RunInput.parse(#"{"type":"down","x":1e300,"y":2}"#) == nil)
        #expect(RunInput.parse(#"{"type":"key","key":"nosuchkey"}"#) == nil)
        #expect(RunInput.parse(#"{"type":"key","key":"x","extra":"\#(String(repeating: "a", count: 5000))"}"#) == nil)
    }

    @Test func aPointMapsToTheCellItStandsForInTheTouchArea() {
        let area = Rect(x: 10, y: 2, width: 20, height: 10)
        let target = PictureRect(x: 0, y: 0, width: 200, height: 100)
        #expect(BrowserExperience.cell(atX: 0, y: 0, area: area, target: target) == (10, 2))
        #expect(BrowserExperience.cell(atX: 105, y: 55, area: area, target: target) == (20, 7))
        #expect(BrowserExperience.cell(atX: 199.9, y: 99.9, area: area, target: target) == (29, 11))
        // Outside the rectangle: the nearest cell on its edge.
        #expect(BrowserExperience.cell(atX: -50, y: 500, area: area, target: target) == (10, 11))
    }
}
