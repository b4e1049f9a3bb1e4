// serve's pickers: the iOS release and, with several --tags devices, which device receives the campaign.

import Foundation
import Testing
@testable import PushSimServer

@Suite struct ServePickerTests {
    private func tagsFile(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-serve-picker-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func severalTagsDevicesGetADevicePickerThatSetsTheDeviceIndex() throws {
        let anna = try tagsFile("anna.json", #"{"FirstName":"Anna"}"#)
        let both = try tagsFile("pair.json", #"[{"FirstName":"Bo"},{"FirstName":"Cy"}]"#)
        let given = ["pushsim", "serve", "stories", "p.json", "--tags", anna, "--tags=\(both)", "--device-index", "2"]
        let picker = try #require(ServePlan<StoriesSnapshotCommand>.tagsPicker(given: given))
        #expect(picker.picker.name == "tags")
        #expect(picker.picker.values.count == 3)
        #expect(picker.picker.initial == picker.picker.values[2])
        #expect(picker.arguments(picker.picker.values[1]) == ["--device-index", "1"])
        // The picker owns --device-index: the experience's own line no longer carries it.
        let base = ServePlan<StoriesSnapshotCommand>.removingServerOptions(["p.json", "--tags", anna, "--device-index", "2", "--port", "0"], given: given)
        #expect(base == ["p.json", "--tags", anna])
    }

    @Test func oneDeviceOrNoneGetsNoDevicePicker() throws {
        let anna = try tagsFile("solo.json", #"{"FirstName":"Anna"}"#)
        #expect(ServePlan<StoriesSnapshotCommand>.tagsPicker(given: ["--tags", anna]) == nil)
        #expect(ServePlan<StoriesSnapshotCommand>.tagsPicker(given: []) == nil)
        // Without a tags picker a given --device-index is passed on as it was.
        #expect(ServePlan<StoriesSnapshotCommand>.removingServerOptions(["p.json", "--device-index", "0"], given: ["--device-index", "0"])
                == ["p.json", "--device-index", "0"])
    }

    @Test func theIOSPickerOffersEveryReleaseAndStartsAtTheGivenOne() {
        let pickers = ServePlan<StoriesSnapshotCommand>.pickers(base: ["p.json"], given: ["--ios", "18"], device: "iphone-15")
        let ios = pickers.first { $0.picker.name == "ios" }
        #expect(ios?.picker.values == ["18", "26", "27"])
        #expect(ios?.picker.initial == "18")
        #expect(ios?.arguments("26") == ["--ios", "26"])
    }
}
