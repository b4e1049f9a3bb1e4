// The feed splitter gives the same items whether one thread scans the array or several scan guessed shares of it.

import Foundation
import Testing
@testable import PushSimEngine

@Suite struct InboxSplitterTests {
    /// The message items found by one thread and by `shares` threads, every array split however small.
    func serialAndParallel(_ text: String, shares: Int) -> (serial: [Range<Int>]?, parallel: [Range<Int>]?) {
        Array(text.utf8).withUnsafeBufferPointer { b in
            (InboxFeedReader.itemRanges(b), InboxFeedReader.itemRanges(b, shares: shares))
        }
    }

    /// `parallelItems` over an array starting at `start`, against `items` scanned by one thread.
    func agree(_ text: String, shares: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { b in
            guard let open = text.utf8.firstIndex(of: UInt8(ascii: "[")) else { return }
            var s = Splitter(bytes: b)
            s.i = text.utf8.distance(from: text.utf8.startIndex, to: open) + 1
            var serial: [Range<Int>] = [], parallel: [Range<Int>] = []
            let a = s.items(from: s.i, before: Int.max, into: &serial)
            let p = s.parallelItems(shares: shares, into: &parallel)
            #expect(a == p, "\(shares) shares of \(text)", sourceLocation: sourceLocation)
            if case .closed = a { #expect(serial == parallel, "\(shares) shares of \(text)", sourceLocation: sourceLocation) }
        }
    }

    // spec §3.10 (getInboxMessages items): the guesses land inside strings that hold "},{" (action_params' escaped
    // JSON, a carousel's slides), on real item starts, past the array's end and nowhere; every way gives the serial
    // scan's items.
    @Test func guessedSharesGiveTheSerialItems() {
        let item = #"{"inbox_id":"a","text":"x },{ \"q\" ]}","action_params":"{\"carousel\":[{\"image\":\"a\"},{\"image\":\"b\"}]}"}"#
        var texts = [
            "[" + Array(repeating: item, count: 9).joined(separator: ",") + "]",
            "[" + Array(repeating: item, count: 9).joined(separator: " ,\n {") + "]",
            #"[{"a":"},{"},{"b":1} , {"c":[{},{}]},{"d":"\\"},{"e":2}]"#,
            #"{"response":{"messages":[{"a":1},{"b":"},{"},{"c":3}],"tail":"},{\"x\":1},{"}}"#,
            #"[{"a":1},{"b":2}"#,
            #"[{"a":1},{"b":2},]"#,
            #"[{"a":1},{"b":2} x]"#,
            #"[{"a":"},{"]"#,
            "[1,2,3,{},{}]",
        ]
        texts.append("[" + (0..<50).map { #"{"n":\#($0),"s":"},{\\\"},{"}"# }.joined(separator: ",") + "]")
        for text in texts {
            for shares in 2...12 { agree(text, shares: shares) }
            let pair = serialAndParallel(text, shares: 3)
            #expect(pair.serial == pair.parallel, "\(text)")
        }
    }

    // A share's guessed start is a real item's when `action_params` holds arrays of objects (the bench's buttons and
    // carousel slides: `},{\"` inside the string): a guess inside one was refused at the join, and everything after
    // it was scanned again by one thread.
    @Test func guessesLandOnItemStartsNotInsideEscapedArrays() {
        let items = (0..<400).map { i in
            let ap = i % 2 == 0
                ? #"{\"u\":\"{\\\"displayType\\\": \\\"carousel\\\"}\",\"carousel\":[{\"image\":\"a\"},{\"image\":\"b\"}]}"#
                : #"{\"buttons\":[{\"title\":\"Open\",\"url\":\"https://e/\#(i)\"},{\"title\":\"Later\",\"action\":\"dismiss\"}]}"#
            return #"{"inbox_id":"m\#(i)","text":"Body","action_params":"\#(ap)"}"#
        }
        let text = #"{"response":{"messages":["# + items.joined(separator: ",") + "]}}"
        Array(text.utf8).withUnsafeBufferPointer { b in
            guard let serial = InboxFeedReader.itemRanges(b) else { Issue.record("not split"); return }
            #expect(serial.count == 400)
            let starts = Set(serial.map(\.lowerBound))
            let s = Splitter(bytes: b)
            var guesses = 0
            for from in stride(from: serial[0].lowerBound + 1, to: serial[serial.count - 1].lowerBound, by: 37) {
                guard let g = s.itemStartGuess(from: from) else { continue }
                guesses += 1
                let onAnItemStart = starts.contains(g)
                #expect(onAnItemStart, "a guess at byte \(g), inside an item")
            }
            #expect(guesses > 100)
        }
    }

    // The bench's items (bench/inbox.sh): a large array split by two and by more threads gives the same ranges.
    @Test func aLargeFeedSplitsTheSameWay() {
        var items: [String] = []
        for i in 0..<3_000 {
            let ap = i % 4 == 3 ? #"{\"u\":\"{\\\"displayType\\\": \\\"carousel\\\"}\",\"carousel\":[{\"image\":\"https://cdn.example/\#(i)-a.jpg\"},{\"image\":\"b\"}]}"#
                : #"{\"u\":\"{\\\"displayType\\\": \\\"classic\\\"}\"}"#
            items.append(#"{"inbox_id":"m\#(i)","order":"\#(i)","rt":4102444800,"text":"Body \#(i)","action_type":0,"status":1,"action_params":"\#(ap)"}"#)
        }
        let text = #"{"response":{"messages":["# + items.joined(separator: ",") + "]}}"
        for shares in [2, 3, 7] {
            let pair = serialAndParallel(text, shares: shares)
            #expect(pair.serial?.count == 3_000)
            #expect(pair.serial == pair.parallel)
        }
    }
}
