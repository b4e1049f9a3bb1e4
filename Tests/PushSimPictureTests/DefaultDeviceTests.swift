// One default phone everywhere (issue 22): snapshot, record and the contact sheet draw the phone whose width the
// terminal and `validate` cut the collapsed notification at — the contract's iphone-15.

import Testing
import PushSimEngine
@testable import PushSimPicture

@Suite struct DefaultDeviceTests {
    @Test func thePicturesDefaultIsTheDeliveryPathsDefault() throws {
        #expect(PictureDevice.default.name == "iphone-15")
        #expect(PictureDevice.default.name == DeliveryOptions.defaultDevice.name)
        #expect(PictureDevice.default.width == DeliveryOptions.defaultDevice.width)
        #expect(PictureDevice(parsing: DeliveryOptions.defaultDevice.name) == PictureDevice.default)
        #expect(DeliveryOptions().deviceWidth == PictureDevice.default.width)
    }
}
