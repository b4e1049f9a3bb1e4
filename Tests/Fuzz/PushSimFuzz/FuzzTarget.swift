// libFuzzer entry point for the readers of untrusted input; PUSHSIM_FUZZ_TARGET picks which one (`make fuzz`).

import Foundation
import PushSimApp
import PushSimEngine

/// The readers under test. Each returns normally for any input; a crash, a trap or a failed property is a finding.
enum FuzzTarget: String, CaseIterable {
    case json, stories, inbox, primer, banner, script

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
        }
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

    /// Property: the item-by-item reader gives what the whole-document parser gives.
    func inbox(_ bytes: [UInt8]) {
        let parser = InboxFeedParser(now: FuzzTarget.now, timeZone: TimeZone(identifier: "UTC")!)
        let split = try? InboxFeedReader.read(bytes, file: "fuzz.json", parser: parser)
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
}

/// One input, as libFuzzer's `LLVMFuzzerTestOneInput` (main.swift passes it to the driver).
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}
