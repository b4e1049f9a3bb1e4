// --app-name's trim is Foundation's `.whitespacesAndNewlines` trim, without going through NSString.

import Foundation
import Testing
@testable import pushsim

@Suite struct AppDisplayNameTests {
    static let samples = [
        "Shop", "  Shop  ", "\tShop\n", "\u{00A0}Shop\u{3000}", "\u{2028}Shop\u{2029}", "\u{0085}Shop\u{000B}\u{000C}\r",
        "Sh op", "   ", "", "\u{200B}Shop\u{200B}", "\u{FEFF}Shop", "e\u{0301} ", " 商店 ", " 🛍️ ", "\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}x",
    ]

    @Test(arguments: samples) func trimsAsFoundationDoes(_ raw: String) {
        #expect(AppDisplayName.trimmed(raw) == raw.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func checkedRefusesWhatIsBlankAfterTheTrim() throws {
        #expect(throws: (any Error).self) { try AppDisplayName.checked(" \u{3000} ") }
        #expect(try AppDisplayName.checked("  My App ") == "My App")
    }
}
