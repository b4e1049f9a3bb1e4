// The phone's proportions in a terminal (issue 26 item 8): the story's frame and the inbox's and host's column.

import Testing
@testable import PushSimScreens

@Suite struct PhoneFrameTests {
    /// The rule as the stories screen always had it: walk down from the whole width until the rows fit.
    func reference(_ available: Size, _ ratio: Double) -> Size {
        var w = available.width
        while w > 1 && PhoneFrame.height(width: w, aspectRatio: ratio) > available.height { w -= 1 }
        return Size(width: max(w, 0), height: min(PhoneFrame.height(width: w, aspectRatio: ratio), available.height))
    }

    @Test func theFittingSizeIsTheStoriesRuleForEverySizeAndRatio() {
        for ratio in [0.5, 1, 1.5, 16.0 / 9, PhoneFrame.phoneAspectRatio, 3] {
            for w in stride(from: 0, through: 420, by: 7) {
                for h in stride(from: 0, through: 130, by: 3) {
                    let available = Size(width: w, height: h)
                    #expect(PhoneFrame.size(fitting: available, aspectRatio: ratio) == reference(available, ratio), "\(available) at \(ratio)")
                }
            }
        }
        #expect(StoriesScreen.storySize(fitting: Size(width: 80, height: 23), aspectRatio: 1.5) == Size(width: 31, height: 23))
    }

    @Test func upTo80ColumnsTheWholeTerminalIsTheColumn() {
        for size in [Size(width: 80, height: 24), Size(width: 60, height: 16), Size(width: 30, height: 10), Size(width: 80, height: 200)] {
            #expect(PhoneFrame.column(in: size) == Rect(x: 0, y: 0, width: size.width, height: size.height))
        }
    }

    /// A wide terminal keeps a phone's proportions, centred: 80 columns at least, wider only as the height allows.
    @Test func aWideTerminalGetsACentredPhoneColumn() {
        #expect(PhoneFrame.column(in: Size(width: 200, height: 60)) == Rect(x: 60, y: 0, width: 80, height: 60))
        #expect(PhoneFrame.column(in: Size(width: 81, height: 24)) == Rect(x: 0, y: 0, width: 80, height: 24))
        let tall = PhoneFrame.column(in: Size(width: 300, height: 100))
        // 844 / 390 pt: 92 columns are 100 rows of cells about twice as tall as wide.
        #expect(tall == Rect(x: 104, y: 0, width: 92, height: 100))
        #expect(PhoneFrame.height(width: tall.width, aspectRatio: PhoneFrame.phoneAspectRatio) <= 100)
        #expect(PhoneFrame.height(width: tall.width + 1, aspectRatio: PhoneFrame.phoneAspectRatio) > 100)
    }

    /// A screen handed its column asks again with that size: the answer must be the same column.
    @Test func aColumnOfAColumnIsItself() {
        for w in stride(from: 1, through: 500, by: 13) {
            for h in stride(from: 1, through: 200, by: 11) {
                let c = PhoneFrame.column(in: Size(width: w, height: h))
                #expect(PhoneFrame.column(in: Size(width: c.width, height: c.height)) == Rect(x: 0, y: 0, width: c.width, height: c.height))
            }
        }
    }
}
