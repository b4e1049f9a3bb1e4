// The status line names the simulated phone and iOS release (issue 35: a tester sets the phone and OS they hold and
// sees which): appended when it fits by display width, dropped whole on a small terminal, never cut.

import Testing
@testable import PushSimEngine
@testable import PushSimScreens

@Suite struct PhoneStatusTests {
    let status = PhoneStatus(phone: "iPhone 17 Pro", ios: .v26)

    @Test func theLabelNamesThePhoneAndTheRelease() {
        #expect(status.label == "iPhone 17 Pro · iOS 26")
        #expect(PhoneStatus(ios: .v18).label == "iOS 18", "an experience without --device names only the release")
        #expect(PhoneStatus(phone: "iPhone 15", ios: .v27).label == "iPhone 15 · iOS 27", "27 is named as given, though drawn as 26")
    }

    @Test func itIsAppendedWholeOrNotAtAll() {
        let keys = "? help · q quit"
        #expect(status.appended(to: keys, width: 80) == "? help · q quit · iPhone 17 Pro · iOS 26")
        // Too narrow for the phone: the release alone; narrower still: the line as it was.
        #expect(status.appended(to: keys, width: 30) == "? help · q quit · iOS 26")
        #expect(status.appended(to: keys, width: 20) == keys)
        #expect(status.appended(to: "", width: 30) == "iPhone 17 Pro · iOS 26")
    }

    @Test func widthIsMeasuredInColumnsNotCharacters() {
        // Six CJK characters take twelve columns: the whole line is 37 columns, though 31 characters.
        let cjk = "限时特卖开始"
        #expect(status.appended(to: cjk, width: 37) == cjk + " · iPhone 17 Pro · iOS 26")
        #expect(status.appended(to: cjk, width: 36) == cjk + " · iOS 26")
        #expect(status.appended(to: cjk, width: 21) == cjk + " · iOS 26")
        #expect(status.appended(to: cjk, width: 20) == cjk)
    }
}
