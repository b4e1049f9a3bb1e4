// libFuzzer entry point for the readers of untrusted input; PUSHSIM_FUZZ_TARGET picks which one (`make fuzz`).

import Foundation
import PushSimApp
import PushSimCanvas
import PushSimEngine
import PushSimMedia
import PushSimScreens
import PushSimTerminal

/// The readers under test. Each returns normally for any input; a crash, a trap or a failed property is a finding.
enum FuzzTarget: String, CaseIterable {
    case json, stories, inbox, primer, banner, script, image, inapp, localize, zip, input, liquid, reply, tags, placeholders

    /// Chosen once per process from the environment (libFuzzer runs one target per process).
    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["PUSHSIM_FUZZ_TARGET"] ?? ""
        guard let t = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("PUSHSIM_FUZZ_TARGET must be one of: \(names) (got '\(name)')\n".utf8))
            exit(2)
        }
        return t
    }()

    /// A fixed "now" so that inbox expiry does not depend on when the fuzzer runs.
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    func run(_ bytes: [UInt8]) {
        switch self {
        case .json: json(bytes)
        case .stories:
            guard let doc = try? JSONParser.parse(bytes: bytes) else { return }
            if let all = try? StoriesInput.readAll(doc) {
                for (n, input) in all.enumerated() {
                    _ = input.payload.pages.map(\.image)
                    _ = try? StoriesInput.read(doc, notification: n)
                }
            }
        case .inbox: inbox(bytes)
        case .primer:
            guard let doc = try? JSONParser.parse(bytes: bytes) else { return }
            var config = PrimerConfig()
            try? config.apply(json: doc, source: "fuzz.json")
        case .banner:
            if let doc = try? JSONParser.parse(bytes: bytes) { _ = BannerParser.parse(doc, defaultID: "fuzz") }
            _ = BannerParser.parse(text: String(decoding: bytes, as: UTF8.self), defaultID: "fuzz")
        case .script:
            for step in Script.parse(String(decoding: bytes, as: UTF8.self)) {
                _ = try? Script.seconds(step)
                _ = try? Script.point(step)
                _ = step.words
            }
        case .image: image(bytes)
        case .inapp: inapp(bytes)
        case .localize: localize(bytes)
        case .zip: zipArchive(bytes)
        case .input: input(bytes)
        case .liquid: liquid(bytes)
        case .reply: reply(bytes)
        case .tags: tags(bytes)
        case .placeholders: placeholders(bytes)
        }
    }

    /// What a listener on pushsim's socket answers `notify` (issue 38: a foreign one answering "ok " and 4 MB was
    /// printed whole): any bytes give an id of one line within the bound, or a one-line refusal.
    func reply(_ bytes: [UInt8]) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { return }
        defer { close(fds[0]) }
        // What fits in the socket's buffer is the answer (the writer never blocks), then the listener hangs up.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        do {
            let id = try SocketClient.awaitReply(fds[0], path: "fuzz.sock", service: .inapp)
            if id.contains("\n") || id.utf8.count > SocketClient.maxReply + 4096 { fatalError("answer \(id.utf8.count) bytes") }
        } catch {
            if error.message.contains("\n") || error.message.isEmpty { fatalError("refusal \(error.message)") }
        }
    }

    /// Properties of the native in-app parser, light and dark: it is deterministic; a drop has a key and a
    /// one-line sentence; a message is the template `displayType` names, with every clamp inside its range.
    func inapp(_ bytes: [UInt8]) {
        guard let doc = try? JSONParser.parse(bytes: bytes) else { return }
        for dark in [false, true] {
            let r = InAppConfigParser.parse(doc, isDark: dark, now: FuzzTarget.now.timeIntervalSince1970)
            guard r == InAppConfigParser.parse(doc, isDark: dark, now: FuzzTarget.now.timeIntervalSince1970) else { fatalError("not deterministic") }
            guard (r.message == nil) != (r.drop == nil) else { fatalError("a message and a drop, or neither") }
            if let d = r.drop, d.key.isEmpty || d.sentence.isEmpty || d.sentence.contains("\n") { fatalError("drop \(d)") }
            if r.darkFallback != nil && !dark { fatalError("a dark fallback on a light phone") }
            guard let m = r.message else { continue }
            guard m.layout.rawValue == doc["displayType"]?.stringValue?.lowercased() else { fatalError("layout \(m.layout)") }
            switch m.content {
            case .pip(let p): guard (0.15...0.70).contains(p.width), p.aspectRatio > 0, p.borderRadius >= 0 else { fatalError("pip \(p)") }
            case .scratchcard(let s): guard (0.1...0.9).contains(s.revealThreshold) else { fatalError("threshold") }
            case .spinwheel(let w): guard (2...12).contains(w.segments.count), w.segments.indices.contains(w.winIndex) else { fatalError("wheel") }
            case .stories(let s): guard !s.items.isEmpty, s.items.allSatisfy({ $0.duration > 0 && $0.duration <= 30 }) else { fatalError("stories") }
            case .carousel(let c): guard !c.items.isEmpty else { fatalError("carousel") }
            case .banner(let b): guard b.autoDismiss >= 0, b.autoDismiss.isFinite else { fatalError("banner") }
            default: break
            }
        }
    }

    /// Property of the localiser: a config without `{` comes back unchanged; any other either fills or refuses
    /// as too large. The input is the config; the table is fixed (a key, a colour and the two formatting modifiers).
    func localize(_ bytes: [UInt8]) {
        let table = try! JSONParser.parse(#"{"default_language":"en","localization":{"en":{"k":"v {x|text|y}","c":"14234c","p":"1234.5","d":"0"}}}"#)
        let doc = (try? JSONParser.parse(bytes: bytes)) ?? .string(String(decoding: bytes, as: UTF8.self))
        guard let r = try? InAppLocalizer.localize(doc, pushwoosh: table, language: nil) else { return }
        if !doc.jsonText().contains("{"), r.config != doc { fatalError("a config without placeholders changed") }
        _ = try? InAppLocalizer.localize(doc, pushwoosh: nil, language: "fr")
    }

    /// Property of the campaign ZIP reader: any bytes load or are refused in one line.
    func zipArchive(_ bytes: [UInt8]) {
        do {
            _ = try InAppSource.load(bytes: bytes, path: "fuzz.zip", language: nil)
        } catch {
            if error.message.contains("\n") || error.message.isEmpty { fatalError("refusal \(error.message)") }
        }
    }

    /// One decoder for the whole run, as the screen has one ncurses for its whole life: what an input leaves behind
    /// (half a sequence, a mouse button held) is what the next one meets.
    // libFuzzer calls the test function from one thread only.
    nonisolated(unsafe) static var decoder: ByteInputDecoder? = ByteInputDecoder()

    /// Property: after any bytes, `q` decodes as q, and no key of the earlier bytes is held back to arrive with it (a
    /// wedged decoder, or one that ate the next key, kept pushsim from quitting: issue 25 item 3). The one leftover
    /// allowed is a mouse event: ncurses reports a mouse sequence cut short (`ESC [ <` and nothing after it) as a
    /// release at 0,0 once the next byte arrives, which no scene acts on without a press.
    func input(_ bytes: [UInt8]) {
        guard let decoder = Self.decoder else { fatalError("ncurses does not know xterm-256color here") }
        _ = decoder.decode(bytes)
        let next = decoder.decode(Array("q".utf8))
        let heldBack = next.dropLast().filter { if case .mouse = $0 { return false } else { return true } }
        if next.last != .key(.char("q")) || !heldBack.isEmpty {
            fatalError("after \(bytes.count) bytes, q decoded as \(next)")
        }
    }

    /// Property: any bytes decode or fail with a LoadFailure; what decodes has the pixels its size says, within the
    /// SDK's 1500 px, and, decoded for cells, is never larger than the full decode; with a 7 px side every image
    /// the fuzzer makes goes through the box filter too, and decoded for a picture's pixel box it has its pixels too.
    /// A small budget (1 MP) keeps each input fast: the decoders' arithmetic is the same at any size.
    func image(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let limits = DecodeLimits(maxSide: 1500, pixelBudget: 1_000_000)
        _ = ImageDecoder.probe(data)
        guard let full = try? ImageDecoder.decode(data, limits: limits) else { return }
        guard full.rgba.count == full.width * full.height * 4, max(full.width, full.height) <= 1500,
              full.width >= 1, full.height >= 1 else { fatalError("decoded \(full) with \(full.rgba.count) bytes") }
        guard let small = try? ImageDecoder.decode(data, limits: limits, cells: Size(width: 8, height: 4)) else {
            fatalError("decoded in full but not for cells: \(full)")
        }
        guard small.width <= full.width, small.height <= full.height else { fatalError("\(small) larger than \(full)") }
        guard let tiny = try? ImageDecoder.decode(data, limits: DecodeLimits(maxSide: 7, pixelBudget: 1_000_000)) else {
            fatalError("decoded at its size but not reduced: \(full)")
        }
        guard max(tiny.width, tiny.height) <= 7, tiny.rgba.count == tiny.width * tiny.height * 4 else { fatalError("\(tiny)") }
        // A terminal picture's decode (a JPEG straight from libjpeg at a DCT scale, its EXIF orientation applied).
        guard let picture = try? ImageDecoder.decode(data, limits: limits, pixels: Size(width: 20, height: 10)) else {
            fatalError("decoded in full but not for a picture: \(full)")
        }
        guard picture.rgba.count == picture.width * picture.height * 4, picture.width >= 1, picture.height >= 1,
              picture.width * picture.height <= full.declaredWidth * full.declaredHeight else { fatalError("\(picture)") }
    }

    /// Property: whatever parses prints as JSON that parses back to the same value (non-finite numbers print as
    /// null, so documents holding them are skipped); the duplicate-tracking parse agrees with the plain one.
    func json(_ bytes: [UInt8]) {
        let plain = try? JSONParser.parse(bytes: bytes)
        var duplicates: [JSONDuplicateKey] = []
        var count = 0
        let tracked = try? JSONParser.parse(bytes: bytes, duplicates: &duplicates, duplicateCount: &count)
        guard plain == tracked else { fatalError("the duplicate-tracking parse disagrees with the plain one") }
        guard duplicates.count <= count, duplicates.count <= JSONParser.maxDuplicatesReported else { fatalError("duplicate counts") }
        guard let v = plain, FuzzTarget.allFinite(v) else { return }
        guard let again = try? JSONParser.parse(v.jsonText()), again == v else { fatalError("round trip changed the value") }
    }

    /// Properties: the item-by-item reader gives what the whole-document parser gives; reading items straight from
    /// their bytes gives what reading them through a tree each gives — the same messages, warnings and errors, and
    /// the same rows built from them (which read what the direct reader summarised of `action_params`); and the
    /// splitter finds the same items with one thread or several.
    func inbox(_ bytes: [UInt8]) {
        let parser = InboxFeedParser(now: FuzzTarget.now, timeZone: TimeZone(identifier: "UTC")!)
        var treeParser = parser
        treeParser.readsItemsDirectly = false
        let direct = Result { try InboxFeedReader.read(bytes, file: "fuzz.json", parser: parser) }
        let tree = Result { try InboxFeedReader.read(bytes, file: "fuzz.json", parser: treeParser) }
        switch (direct, tree) {
        case (.success(let a), .success(let b)):
            guard a == b else { fatalError("reading items directly disagrees with reading them through a tree") }
            for (m, n) in Swift.zip(a.messages, b.messages) {
                guard InboxRow(m, forceCellKind: nil) == InboxRow(n, forceCellKind: nil) else {
                    fatalError("a message read directly makes another row than read through a tree: \(m.code)")
                }
            }
        case (.failure(let a), .failure(let b)):
            guard String(describing: a) == String(describing: b) else { fatalError("the two readers fail differently: \(a) / \(b)") }
        default:
            fatalError("one reader failed and the other did not: \(direct) / \(tree)")
        }
        // The input as an item's action_params text: the quick summary declines it or is the tree's.
        guard bytes.withUnsafeBufferPointer(InboxFeedReader.quickSummaryAgrees) else {
            fatalError("the quick summary of action_params disagrees with the tree's")
        }
        guard bytes.withUnsafeBufferPointer(InboxFeedReader.quickButtonsAgree) else {
            fatalError("the buttons read from action_params' bytes disagree with the tree's")
        }
        // The input as one item: a reading that finds no repeated key agrees with the parser's.
        guard bytes.withUnsafeBufferPointer(InboxFeedReader.distinctKeysAgree) else {
            fatalError("an item read as repeating no key repeats one")
        }
        // The splitter's items are the same when several threads split the array from guessed item starts.
        let ranges = bytes.withUnsafeBufferPointer { b in (1...4).map { InboxFeedReader.itemRanges(b, shares: $0) } }
        guard ranges.allSatisfy({ $0 == ranges[0] }) else { fatalError("splitting by several threads finds other items") }
        let split = try? direct.get()
        guard let doc = try? JSONParser.parse(bytes: bytes) else {
            guard split == nil else { fatalError("the reader accepted what the parser refuses") }
            return
        }
        let whole = try? parser.parse(doc, file: "fuzz.json")
        guard split == whole else { fatalError("the item-by-item reader disagrees with the whole-document parse") }
    }

    static func allFinite(_ v: JSONValue) -> Bool {
        switch v {
        case .number(let d): return d.isFinite
        case .array(let a): return a.allSatisfy(allFinite)
        case .object(let o): return o.allSatisfy { allFinite($0.value) }
        default: return true
        }
    }

    /// Property of the tags-file reader: any document gives devices or one sentence; a device keeps at most
    /// `TagsFile.maxTags` tags and never an object value.
    func tags(_ bytes: [UInt8]) {
        guard let doc = try? JSONParser.parse(bytes: bytes) else { return }
        guard let r = try? TagsFile.read(doc, file: "fuzz.json", name: "fuzz") else { return }
        for d in r.devices {
            if d.tags.count > TagsFile.maxTags { fatalError("more tags than the limit") }
            if d.tags.contains(where: { $0.value.objectValue != nil }) { fatalError("an object tag value was kept") }
        }
    }

    /// Property of the Dynamic Content scanner and the two fillers: a text without `{` is never changed, and the
    /// placeholders found lie inside the text, in order.
    func placeholders(_ bytes: [UInt8]) {
        let s = String(decoding: bytes, as: UTF8.self)
        let scan = DynamicContent.scan(s)
        var last = 0
        for p in scan.placeholders {
            if p.range.lowerBound < last || p.range.upperBound > s.utf8.count { fatalError("a placeholder outside the text or out of order") }
            last = p.range.upperBound
        }
        let tags: JSONObject = ["Name": "anna", "Price": "1000", "When": "0"]
        let device = DeviceFill.fill(s, localized: { _ in nil }, tags: tags).text
        let server = DynamicContent.fill(s, tags: tags, placeholders: [:])
        if !s.contains("{") {
            if device != s { fatalError("the device changed a text without placeholders") }
            if server != .text(s, []) { fatalError("the server changed a text without placeholders") }
        }
        // The inbox's leftover check (InboxLeftoverTally) never misses what the warning scanner finds.
        if !PlaceholderScan.all(in: s).isEmpty, !PlaceholderScan.holdsAny(s) { fatalError("holdsAny missed a placeholder") }
    }
}

/// One input, as libFuzzer's `LLVMFuzzerTestOneInput` (main.swift passes it to the driver).
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}
