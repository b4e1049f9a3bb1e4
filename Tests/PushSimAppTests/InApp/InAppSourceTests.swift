// Loading a native in-app config: a bare file, a campaign ZIP (localised, id injected as Core does), and every kind
// of hostile archive refused in one sentence.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct InAppSourceTests {
    static let modal = ##"{"displayType":"modal","modal":{"background":"#FFFFFF","title":{"text":"{{greeting|text|Hi}}","color":"#000000"},"showClose":true,"buttons":[],"dimBackground":true}}"##
    static let pushwoosh = #"{"default_language":"en","localization":{"en":{"greeting":"Hello"},"fr":{"greeting":"Bonjour"}}}"#

    func refusal(_ entries: [TestZIP.Entry], name: String = "sale.zip") throws -> UserError? {
        let path = try TestZIP.write(entries, name: name)
        do {
            _ = try InAppSource.load(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBareFileKeepsItsConfigAndHasNoIdOverride() throws {
        let path = try validationTemp(Self.modal, name: "native-config.json")
        let loaded = try InAppSource.load(path: path)
        #expect(loaded.idOverride == nil)
        #expect(loaded.fromZIP == false)
        #expect(loaded.config["modal"]?["title"]?["text"] == "{{greeting|text|Hi}}", "only a ZIP is localised")
        #expect(InAppConfigParser.parse(loaded.config, isDark: false, now: 0).message?.id == nil)
    }

    @Test func aZIPIsLocalisedAndNamedAfterItself() throws {
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal), TestZIP.Entry("pushwoosh.json", Self.pushwoosh)], name: "r-SALE.zip")
        let loaded = try InAppSource.load(path: path)
        #expect(loaded.fromZIP)
        #expect(loaded.idOverride == "r-SALE")
        #expect(loaded.config["inAppId"] == "r-SALE")
        #expect(loaded.config["modal"]?["title"]?["text"] == "Hello")
        #expect(try InAppSource.load(path: path, language: "fr").config["modal"]?["title"]?["text"] == "Bonjour")
        let result = InAppConfigParser.parse(loaded.config, isDark: false, now: 0)
        #expect(result.message?.id == "r-SALE")
    }

    @Test func anExplicitInAppIdIsKept() throws {
        let config = Self.modal.replacingOccurrences(of: #""displayType":"modal""#, with: #""displayType":"modal","inAppId":"author-id""#)
        let loaded = try InAppSource.load(path: try TestZIP.write([TestZIP.Entry("native-config.json", config)]))
        #expect(loaded.idOverride == nil)
        #expect(loaded.config["inAppId"] == "author-id")
    }

    @Test func aZIPWithoutPushwooshJSONTakesThePlaceholderDefaults() throws {
        let loaded = try InAppSource.load(path: try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal)]))
        #expect(loaded.config["modal"]?["title"]?["text"] == "Hi")
        #expect(loaded.warnings.isEmpty)
    }

    @Test func aZippedFolderIsFoundOneLevelDown() throws {
        let loaded = try InAppSource.load(path: try TestZIP.write([TestZIP.Entry("campaign/native-config.json", Self.modal), TestZIP.Entry("campaign/pushwoosh.json", Self.pushwoosh)]))
        #expect(loaded.config["modal"]?["title"]?["text"] == "Hello")
    }

    @Test func standardInputMayBeAZIPAndGetsNoId() throws {
        let bytes = TestZIP.bytes([TestZIP.Entry("native-config.json", Self.modal)])
        let loaded = try InAppSource.load(bytes: bytes, path: "-")
        #expect(loaded.idOverride == nil)
        #expect(loaded.file == "-", "inapp_dropped reports the path as given")
    }

    @Test func anHTMLRichMediaIsNamedInOneLine() throws {
        let e = try refusal([TestZIP.Entry("index.html", "<html></html>")], name: "promo.zip")
        #expect(e?.message.hasSuffix("promo.zip: an HTML rich media (index.html, no native-config.json); pushsim shows native in-app templates only") == true)
        #expect(e?.exitCode == 1)
    }

    @Test func hostileArchivesAreRefusedInOneSentence() throws {
        let traversal = try refusal([TestZIP.Entry("../x", "a"), TestZIP.Entry("native-config.json", Self.modal)])
        #expect(traversal?.message.contains(#"the ZIP entry "../x" points outside the archive's folder"#) == true)
        #expect(try refusal([TestZIP.Entry("/etc/passwd", "a")])?.message.contains("points outside") == true)
        #expect(try refusal([TestZIP.Entry("a\\..\\b", "a")])?.message.contains("points outside") == true)
        let bomb = try refusal([TestZIP.Entry("native-config.json", Self.modal), TestZIP.Entry("big.bin", "x", declaredSize: 70 * 1_048_576)])
        #expect(bomb?.message.contains("would unpack to 70 MB; pushsim unpacks at most 64 MB") == true)
        let many = try refusal((0...1_000).map { TestZIP.Entry("f\($0)", "") })
        #expect(many?.message.contains("the ZIP has 1001 entries (more than 1000)") == true)
        let encrypted = try refusal([TestZIP.Entry("native-config.json", Self.modal, flags: 1)])
        #expect(encrypted?.message.hasSuffix("native-config.json is encrypted; pushsim reads unencrypted resource ZIPs only") == true)
        let hidden = try refusal([TestZIP.Entry("secret.txt", "x", flags: 1), TestZIP.Entry("native-config.json", Self.modal)])
        #expect(hidden?.message.hasSuffix("secret.txt is encrypted; pushsim reads unencrypted resource ZIPs only") == true, "an encrypted entry hides the rest from the listing")
        let badJSON = try refusal([TestZIP.Entry("native-config.json", "{not-a-json")])
        #expect(badJSON?.message.contains("sale.zip: native-config.json: not valid JSON: line 1, column 2") == true)
        for e in [traversal, bomb, many, encrypted, badJSON] {
            #expect(e?.exitCode == 2)
            #expect(e?.message.contains("\n") == false)
        }
    }

    @Test func aTruncatedArchiveIsRefused() throws {
        let full = TestZIP.bytes([TestZIP.Entry("native-config.json", Self.modal)])
        for cut in [full.count - 5, full.count / 2, 10] {
            let path = NSTemporaryDirectory() + "pushsim-cut-\(UUID().uuidString).zip"
            try Data(full.prefix(cut)).write(to: URL(fileURLWithPath: path))
            do {
                _ = try InAppSource.load(path: path)
                Issue.record("a ZIP cut at \(cut) bytes was read")
            } catch {
                #expect(error.message.contains("truncated or damaged") || error.message.contains("cannot be unpacked"), "\(error.message)")
            }
        }
    }

    /// Found by the zip fuzz target: a central directory pointing past the end made ZIPFoundation's in-memory archive
    /// trap; the archive is now read from a file, where such a read finds nothing.
    @Test func aDirectoryPointingPastTheEndIsRefused() throws {
        let hex = "504b0304140000000000ab487b5d1f871b600d0000000d0000000a000000696e6465782e68746d6c3c68746d6c3e3c2f68746d6c3e504b01021403140000000000ab487b5d1f871b600d0000000d0000000a0000000000000000000000800100000000696e6465782e68746d6c504b050600000000010001006d6c3c68746d00000000"
        var bytes: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex { let j = hex.index(i, offsetBy: 2); bytes.append(UInt8(hex[i..<j], radix: 16)!); i = j }
        #expect(throws: UserError("sale.zip: the ZIP lists 1 entry but only 0 can be read (it is truncated or damaged)", exitCode: 2)) {
            try InAppSource.load(bytes: bytes, path: "sale.zip")
        }
    }

    /// Found by the zip fuzz target: a compressed size running past the end made ZIPFoundation's inflater loop for ever.
    @Test func dataRunningPastTheEndIsRefusedNotInflated() throws {
        var bytes = TestZIP.bytes([TestZIP.Entry("native-config.json", Self.modal)])
        bytes[18] = 0xFF; bytes[19] = 0xFF  // the local header's compressed size
        #expect(throws: UserError("sale.zip: native-config.json cannot be unpacked (the ZIP is damaged: its data runs past the end of the archive)", exitCode: 2)) {
            try InAppSource.load(bytes: bytes, path: "sale.zip")
        }
    }

    @Test func aLyingDeclaredSizeCannotInflateTheReader() throws {
        // The headers say 10 bytes: the reader stops at what they say (and the checksum of those bytes fails), or
        // reads the stored data whole; either way nothing beyond the archive's own bytes is produced.
        let path = try TestZIP.write([TestZIP.Entry("native-config.json", Self.modal, declaredSize: 10)])
        do {
            let loaded = try InAppSource.load(path: path)
            #expect(loaded.config["displayType"] == "modal")
        } catch {
            #expect(error.message.contains("cannot be unpacked") || error.message.contains("not valid JSON"), "\(error.message)")
            #expect(error.exitCode == 2)
        }
    }
}
