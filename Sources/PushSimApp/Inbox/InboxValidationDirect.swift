// `pushsim validate` of a getInboxMessages response read message by message, as `pushsim inbox` reads a feed: no
// tree of the whole document, items read straight from their bytes by every core, the same findings as the tree.

import Foundation
import PushSimEngine

extension InboxValidation {
    /// The report `PayloadValidation.check` gives for `bytes`, when they are a `{"response":{"messages":[…]}}` or
    /// `{"messages":[…]}` document (the shapes a large feed has): its parse warnings, repeated keys and per-message
    /// findings are the tree's, found without the tree. nil for anything else — another shape, a syntax error, a
    /// code that two items share — which the caller checks through the tree.
    static func checkDirectly(_ bytes: [UInt8], source: PayloadValidation.Source,
                              options: PayloadValidation.Options) -> PayloadValidation.FileReport? {
        bytes.withUnsafeBufferPointer { buffer in checkDirectly(buffer, source: source, options: options) }
    }

    static func checkDirectly(_ buffer: UnsafeBufferPointer<UInt8>, source: PayloadValidation.Source,
                                      options: PayloadValidation.Options) -> PayloadValidation.FileReport? {
        // Before 7.2.2 an item that is not an object crashes the app: the tree, which sees every item, says where.
        guard options.sdk.inboxSkipsNonObjectFeedItem else { return nil }
        let parser = InboxFeedParser(now: options.now, timeZone: options.timeZone)
        guard let read = InboxFeedReader.readFeedItems(buffer: buffer, file: source.name, parser: parser) else { return nil }
        let messages = read.result.messages
        // A repeated code: `combine` reports it and `messagePaths` maps it to one of its items; the tree decides.
        let combined = InboxFeedParser.combine([read.result])
        guard combined.messages.count == messages.count, combined.diagnostics.count == read.result.diagnostics.count else { return nil }
        // The codes of the items that were skipped must not be any other item's either (the tree maps a code to its
        // last item, skipped or not).
        var kept = [Bool](repeating: false, count: read.items.count)
        for k in read.itemOfMessage { kept[Int(k)] = true }
        var skippedCodes: [String: Int] = [:]
        for k in read.items.indices where !kept[k] {
            guard let code = InboxFeedReader.serverCode(UnsafeBufferPointer(rebasing: buffer[read.items[k]])) else { continue }
            guard skippedCodes.updateValue(k, forKey: code) == nil else { return nil }
        }
        if !skippedCodes.isEmpty, messages.contains(where: { skippedCodes[$0.code] != nil }) { return nil }

        let base = read.inResponse ? JSONPath("response").key("messages") : JSONPath("messages")
        let shape = read.inResponse ? "getInboxMessages response" : "getInboxMessages response without its response wrapper"
        let fileName = (source.name as NSString).lastPathComponent
        // The parser's findings name the file first; a code (a repeat's finding) stands for its item's path.
        var itemOfCode: [String: Int]?
        let diagnostics = read.result.diagnostics.map { d -> Diagnostic in
            if itemOfCode == nil {
                var map = skippedCodes
                map.reserveCapacity(messages.count + skippedCodes.count)
                for (i, m) in messages.enumerated() { map[m.code] = Int(read.itemOfMessage[i]) }
                itemOfCode = map
            }
            var d = d
            var rest = d.path
            for prefix in [source.name + ":", fileName + ":"] where rest.hasPrefix(prefix) {
                rest.removeFirst(prefix.count)
                break
            }
            d.path = rest == "(root)" ? "" : itemOfCode![rest].map { base.index($0).description } ?? rest
            return d
        }
        let lint = finish(diagnostics, shape: shape, base: base, itemCount: read.items.count, kept: messages.count,
                          messages: messages, isRequest: false, source: source, options: options) { i, _ in
            Item(base: base, index: Int(read.itemOfMessage[i]), origin: .server, json: nil)
        }
        guard let (repeats, count) = repeatedKeys(buffer, read, base: base) else { return nil }
        var report = PayloadValidation.report([.inbox], source: source) { _ in lint }
        report.findings += PayloadValidation.duplicateKeyFindings(repeats, total: count, file: source.name, kind: .inbox)
        return report
    }

    /// The keys repeated in one object anywhere in the document, as the tree's parse lists them: in the wrapper
    /// (parsed with an empty message array in place of the items) and in the items that may hold one.
    private static func repeatedKeys(_ buffer: UnsafeBufferPointer<UInt8>, _ read: InboxFeedReader.FeedItems,
                                     base: JSONPath) -> ([JSONDuplicateKey], Int)? {
        var found: [JSONParser.RepeatedKey] = []
        var count = 0
        do {
            let array = read.array
            var wrapper = Array(buffer[..<array.lowerBound])
            wrapper += "[]".utf8
            wrapper += buffer[array.upperBound...]
            let shift = array.count - 2
            let (outer, n) = try wrapper.withUnsafeBufferPointer { try JSONParser.repeatedKeys(in: $0, at: JSONPath()) }
            count += n
            found += outer.map { r in
                func at(_ k: Int) -> Int { k >= array.lowerBound + 2 ? k + shift : k }
                return JSONParser.RepeatedKey(path: r.path, first: at(r.first), second: at(r.second), end: at(r.end))
            }
            for k in read.itemsThatMayRepeatKeys {
                let item = read.items[k]
                let (inner, n) = try JSONParser.repeatedKeys(in: UnsafeBufferPointer(rebasing: buffer[item]), at: base.index(k))
                count += n
                found += inner.map { JSONParser.RepeatedKey(path: $0.path, first: $0.first + item.lowerBound,
                                                            second: $0.second + item.lowerBound, end: $0.end + item.lowerBound) }
            }
        } catch { return nil }
        // The order the whole parse records them in, and as many as it keeps.
        let shown = found.sorted { $0.end < $1.end }.prefix(JSONParser.maxDuplicatesReported)
        let lineColumn = JSONParser.lineColumns(of: shown.flatMap { [$0.first, $0.second] }, in: buffer)
        let repeats = shown.map { r in
            JSONDuplicateKey(path: r.path, firstLine: lineColumn[r.first]!.0, firstColumn: lineColumn[r.first]!.1,
                             line: lineColumn[r.second]!.0, column: lineColumn[r.second]!.1)
        }
        return (repeats, count)
    }
}
