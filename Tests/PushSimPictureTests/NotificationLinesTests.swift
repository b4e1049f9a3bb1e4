// One answer for one notification (issue 39): the lines of title and body the terminal draws, validate counts and
// snapshot draws all come from NotificationLines, for long and short payloads, three phones and two languages.

import Foundation
import Testing
import PushSimApp
import PushSimEngine
import PushSimScreens
@testable import PushSimPicture

@Suite struct NotificationLinesTests {
    /// The published measurements (https://bestconnections.org/ios-notifications-show-previews/: "4 lines of text",
    /// and banners "2 lines"): the lock screen's list shows one line of title and four of body, a banner two.
    @Test func theSurfacesLinesAreTheMeasuredOnes() {
        #expect(NotificationLines.on(.lockScreen) == NotificationLines(title: 1, subtitle: 1, body: 4))
        #expect(NotificationLines.on(.banner) == NotificationLines(title: 1, subtitle: 1, body: 2))
        #expect(NotificationLines.on(.lockScreen).phrase(for: "body") == "4 lines show")
        #expect(NotificationLines.on(.lockScreen).phrase(for: "title") == "one line shows")
    }

    /// Every front end reads the same numbers: the terminal's collapsed notification and banner, the picture's cards.
    @Test func everyFrontEndTakesTheSharedAnswer() {
        #expect(NotificationText.bodyLines == NotificationLines.on(.lockScreen).body)
        #expect(BannerOverlay.bodyLines == NotificationLines.on(.banner).body)
        #expect(NotificationCard.bodyLines(.banner) == NotificationLines.on(.banner).body)
        #expect(NotificationCard.bodyLines(.lockScreen) == NotificationLines.on(.lockScreen).subtitle + NotificationLines.on(.lockScreen).body)
    }

    /// A larger text size holds fewer characters on a line; the lines stay.
    @Test func aLargerTextSizeHoldsFewerCharacters() {
        let large = NotificationText.columns(deviceWidth: 393, thumbnail: false, advance: NotificationText.bodyAdvance)
        let xxxl = NotificationText.columns(deviceWidth: 393, thumbnail: false, advance: NotificationText.bodyAdvance, textSize: .xxxLarge)
        let small = NotificationText.columns(deviceWidth: 393, thumbnail: false, advance: NotificationText.bodyAdvance, textSize: .xSmall)
        #expect(xxxl < large && large < small)
    }

    static let longGerman = "Unsere Frühjahrskollektion ist da: fünf neue Looks, kostenloser Versand ab 50 Euro, Rückgabe innerhalb von 30 Tagen und ein Gutschein für Ihre nächste Bestellung, solange der Vorrat reicht und die Größen nicht ausgebucht sind."
    static let longEnglish = "Our spring collection is here: five new looks, free delivery over 50 euros, returns within 30 days and a voucher for your next order while stocks last and sizes are not sold out, so be quick and tap to see them all."

    /// A createMessage request whose title and content are language dictionaries, long in both languages.
    func payload(_ folder: URL) throws -> String {
        let request: [String: Any] = ["request": ["notifications": [[
            "ios_title": ["en": "A very long spring sale title that does not fit on one line at all",
                          "de": "Ein sehr langer Titel des Frühlingsverkaufs, der nicht in eine Zeile passt"],
            "content": ["en": Self.longEnglish, "de": Self.longGerman],
            "ios_category_custom": "PW_STORIES", "ios_root_params": ["aps": ["mutable-content": 1]],
            "data": ["pw_stories": ["pages": [["image": "file:none.jpg"]]]],
        ]]]]
        let url = folder.appendingPathComponent("long.json")
        try JSONSerialization.data(withJSONObject: request).write(to: url)
        return url.path
    }

    @Test func theTerminalValidateAndThePictureAgree() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = [try payload(folder), Resources.locate().path("stories/spring-sale.json")]
        let limit = NotificationLines.on(.lockScreen)
        for path in paths {
            for language in ["en", "de"] {
                for name in ["iphone-se", "iphone-15", "iphone-15-pro-max"] {
                    let device = try #require(PictureDevice(parsing: name))
                    let delivery = DeliveryOptions(language: language, deviceName: name, deviceWidth: device.width)
                    let input = try StoriesScene.load(path: path, language: language)
                    let where_ = "\((path as NSString).lastPathComponent) \(language) \(name)"
                    // The model every front end draws (the terminal's collapsed notification).
                    let arrival = StoriesDelivery.arrive(input, options: delivery, folder: folder.path, network: false)
                    let text = try #require(arrival.text, "\(where_): no text")
                    #expect(text.body.lines.count <= limit.body, "\(where_)")
                    if text.body.cut { #expect(text.body.lines.count == limit.body, "\(where_): a cut body fills its lines") }
                    #expect((text.title?.lines.count ?? 0) <= limit.title, "\(where_)")
                    // validate's sentences say the same number of lines.
                    for field in [text.title, text.body].compactMap({ $0 }) where field.cut {
                        let said = arrival.diagnostics.map(\.message).contains { $0.contains("\(limit.phrase(for: field.name)) \(field.shownCharacters) of its \(field.totalCharacters) characters") }
                        #expect(said, "\(where_): validate does not say \(field.name)'s \(limit.phrase(for: field.name))")
                    }
                    // snapshot draws those lines and cuts nothing again.
                    let scene = StoriesScene(input: input, configuration: .init(collapsed: true, delivery: delivery), sink: EventSink())
                    #expect(scene.arrival?.text == text, "\(where_): the scene's text is the model's")
                    let p = try Picture(width: device.width, height: device.height, scale: 1)
                    StoriesPicture.draw(scene, at: 0, on: p, device: device, images: PictureImages(payloadFolder: folder.path))
                    #expect(p.cuts.allSatisfy { $0.lines >= limit.body }, "\(where_): the picture cut to fewer lines: \(p.cuts)")
                }
            }
        }
    }
}
