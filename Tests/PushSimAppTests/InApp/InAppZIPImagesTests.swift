// A campaign ZIP's own images: a relative `image`, `poster` or `fallback` is unpacked from the ZIP (under its caps)
// and the config names the unpacked file; a reference the ZIP does not hold is one warning naming it.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct InAppZIPImagesTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("not decoded here".utf8)

    static func modal(image: String, dark: String? = nil) -> String {
        let overlay = dark.map { #","dark":{"image":"\#($0)"}"# } ?? ""
        return ##"{"displayType":"modal","modal":{"background":"#FFFFFF","image":"\##(image)","showClose":true,"buttons":[],"dimBackground":true\##(overlay)}}"##
    }

    static func entry(_ name: String, _ bytes: [UInt8]) -> TestZIP.Entry {
        var e = TestZIP.Entry(name, "")
        e.data = bytes
        return e
    }

    func cache() -> String { NSTemporaryDirectory() + "pushsim-zip-images-\(UUID().uuidString)" }

    // Issue 38 item 5: an entry declaring 10 bytes but holding more was unpacked whole (a 185 KB ZIP wrote 180 MB).
    @Test func anEntryStopsAtItsDeclaredSize() throws {
        var lying = Self.entry("images/hero.png", Self.png)
        lying.declaredSize = 10
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal(image: "images/hero.png")), lying])
        let base = cache()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let loaded = try InAppSource.load(path: path, unpackImagesInto: base)
        #expect(loaded.config["modal"]?["image"]?.stringValue == "images/hero.png")
        #expect(loaded.warnings.map(\.message).contains { $0.contains("holds more than the 10 bytes its entry declares (the ZIP is damaged)") }, "\(loaded.warnings)")
        #expect(!FileManager.default.fileExists(atPath: base + "/campaign-zip"))
    }

    // Issue 38 item 5: an image over --image-max-mb can never be drawn, so it is not unpacked either.
    @Test func anImageOverTheImageCapIsNotUnpacked() throws {
        let big = Self.png + [UInt8](repeating: 0, count: 1_100_000)
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal(image: "images/hero.png")), Self.entry("images/hero.png", big)])
        let base = cache()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let loaded = try InAppSource.load(path: path, unpackImagesInto: base, imageMaxBytes: 1_048_576)
        #expect(loaded.config["modal"]?["image"]?.stringValue == "images/hero.png")
        #expect(loaded.warnings.map(\.message).contains { $0.contains("is 1.1 MB, over the 1 MB limit for an image (--image-max-mb)") }, "\(loaded.warnings)")
        #expect(!FileManager.default.fileExists(atPath: base + "/campaign-zip"))
    }

    @Test func aRelativeImageIsUnpackedAndNamedByItsFile() throws {
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal(image: "images/hero.png")),
                                      Self.entry("images/hero.png", Self.png)])
        let base = cache()
        let loaded = try InAppSource.load(path: path, unpackImagesInto: base)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let file = try #require(loaded.config["modal"]?["image"]?.stringValue)
        #expect(file.hasPrefix(base + "/campaign-zip/") && file.hasSuffix("/hero.png"))
        #expect(FileManager.default.contents(atPath: file) == Data(Self.png))
        // The SDK's parser takes the path as it takes any image URL.
        #expect(InAppConfigParser.parse(loaded.config, isDark: false, now: 0).message.map { m -> String? in
            if case .modal(let c) = m.content { return c.image }
            return nil
        } == file)
        // The same bytes are found again, not written twice.
        #expect(try InAppSource.load(path: path, unpackImagesInto: base).config["modal"]?["image"]?.stringValue == file)
    }

    @Test func pathsResolveAgainstTheConfigsFolderInsideTheZIP() throws {
        let config = Self.modal(image: "./img/../img/hero.png", dark: "img/hero%20dark.png")
        let path = try TestZIP.write([TestZIP.Entry("campaign/native-config.json", config),
                                      Self.entry("campaign/img/hero.png", Self.png),
                                      Self.entry("campaign/img/hero dark.png", Self.png + [1])])
        let loaded = try InAppSource.load(path: path, unpackImagesInto: cache())
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let light = try #require(loaded.config["modal"]?["image"]?.stringValue)
        let dark = try #require(loaded.config["modal"]?["dark"]?["image"]?.stringValue)
        #expect(FileManager.default.contents(atPath: light) == Data(Self.png))
        #expect(FileManager.default.contents(atPath: dark) == Data(Self.png + [1]), "an escaped space names the entry with a space")
        #expect(dark.hasSuffix("/hero_dark.png"))
    }

    @Test func aMissingEntryIsOneWarningNamingIt() throws {
        let config = ##"{"displayType":"carousel","carousel":{"showClose":true,"items":[{"image":"slides/a.png"},{"image":"slides/a.png"},{"image":"https://cdn.example.com/b.png"}]}}"##
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", config)])
        let loaded = try InAppSource.load(path: path, unpackImagesInto: cache())
        #expect(loaded.warnings.count == 1)
        #expect(loaded.warnings.first?.path == "carousel.items[0].image")
        #expect(loaded.warnings.first?.message == "\"slides/a.png\" is not in the ZIP (no entry slides/a.png); the template shows the SDK's grey placeholder there")
        #expect(loaded.config["carousel"]?["items"]?.arrayValue?[0]["image"] == "slides/a.png", "left as written")
        #expect(loaded.config["carousel"]?["items"]?.arrayValue?[2]["image"] == "https://cdn.example.com/b.png")
    }

    @Test func aPathClimbingOutOfTheZIPIsNotFollowed() throws {
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal(image: "../../etc/passwd"))])
        let loaded = try InAppSource.load(path: path, unpackImagesInto: cache())
        #expect(loaded.warnings.map(\.message) == ["\"../../etc/passwd\" climbs out of the ZIP; the template shows the SDK's grey placeholder there"])
        #expect(loaded.config["modal"]?["image"] == "../../etc/passwd")
    }

    @Test func aDamagedImageEntryIsAWarningNotARefusal() throws {
        var bytes = TestZIP.bytes([TestZIP.Entry("native-config.json", Self.modal(image: "hero.png")), Self.entry("hero.png", Self.png)])
        // The image's stored data (after the config's entry and its own local header) no longer matches its checksum.
        let at = bytes.count - 1 - (22 + 2 * 46 + "native-config.json".utf8.count + "hero.png".utf8.count)
        bytes[at] ^= 0xFF
        let loaded = try InAppSource.load(bytes: bytes, path: "sale.zip", unpackImagesInto: cache())
        #expect(loaded.warnings.map(\.message) == ["\"hero.png\" cannot be drawn (hero.png cannot be unpacked (the ZIP is damaged: its checksum does not match)); the template shows the SDK's grey placeholder there"])
    }

    @Test func checkingAloneUnpacksNothing() throws {
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal(image: "hero.png")), Self.entry("hero.png", Self.png)])
        let loaded = try InAppSource.load(path: path)
        #expect(loaded.config["modal"]?["image"] == "hero.png")
        #expect(loaded.warnings.isEmpty)
    }
}
