// One default phone everywhere (issue 22): snapshot, record and the contact sheet draw the phone whose width the
// terminal and `validate` cut the collapsed notification at — the contract's iphone-15.

import Foundation
import Testing
import PushSimApp
import PushSimEngine
import PushSimScreens
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

/// The picture of the collapsed notification shows the text the terminal and `validate` cut (issue 22): its card lays
/// the text out at the width `NotificationText` cuts for, and the picture never cuts it again.
@Suite struct CollapsedNotificationCutTests {
    @Test func theLockScreenCardsTextWidthIsTheModels() {
        for device in PictureDevice.known {
            let card = device.width - 2 * StoriesPicture.margin
            #expect(NotificationCard.textWidth(card, false, .lockScreen) == device.width - NotificationText.horizontalInsets)
            #expect(NotificationCard.textWidth(card, true, .lockScreen)
                    == device.width - NotificationText.horizontalInsets - NotificationText.thumbnailWidth)
        }
    }

    @Test func theGermanSpringSaleTitleIsCutOnTheSEOnlyAndThePictureAgrees() throws {
        let path = Resources.locate().path("stories/spring-sale.json")
        for (name, cut) in [("iphone-se", ["title"]), ("iphone-15", []), ("iphone-15-pro-max", [])] {
            let device = try #require(PictureDevice(parsing: name))
            let scene = StoriesScene(input: try StoriesScene.load(path: path, language: "de"),
                                     configuration: .init(collapsed: true, delivery: DeliveryOptions(language: "de", deviceName: name, deviceWidth: device.width)),
                                     sink: EventSink())
            #expect(scene.arrival?.text?.truncated == cut, "\(name): the model")
            let p = try Picture(width: device.width, height: device.height, scale: 1)
            StoriesPicture.draw(scene, at: 0, on: p, device: device, images: PictureImages(payloadFolder: (path as NSString).deletingLastPathComponent))
            #expect(p.cuts.isEmpty, "\(name): the picture cut \(p.cuts) again")
        }
    }
}
