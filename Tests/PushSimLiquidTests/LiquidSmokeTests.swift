// The engine's public API end to end: parse, render, errors with positions.

import Foundation
import PushSimLiquid
import Testing

@Suite struct LiquidSmokeTests {
    @Test func rendersAnOutputWithAFilter() throws {
        let t = try LiquidTemplate(parsing: "Hi {{ name | upcase }}!")
        #expect(try t.render(["name": "ann"]) == "Hi ANN!")
    }
}
