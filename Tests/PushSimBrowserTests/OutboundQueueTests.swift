// A tab's outgoing queue and its inbox stay bounded whatever the client does: a slow reader gets fewer pictures.

import Testing
@testable import PushSimBrowser

@Suite struct OutboundQueueTests {
    @Test func aNewPictureReplacesOneNotYetSent() async {
        let q = OutboundQueue()
        for n in 0..<100 { q.push(frame: [UInt8](repeating: UInt8(n), count: 1000)) }
        #expect(q.waitingBytes == 1000)
        #expect(q.dropped.frames == 99)
        #expect(await q.next() == .frame([UInt8](repeating: 99, count: 1000)))
    }

    @Test func textsKeepTheirOrderUpToTheLimitThenTheOldestAreDropped() async {
        let q = OutboundQueue(textLimit: 3)
        for n in 0..<10 { q.push(text: "e\(n)") }
        #expect(q.dropped.texts == 7)
        #expect(await q.next() == .text("e7"))
        #expect(await q.next() == .text("e8"))
        #expect(await q.next() == .text("e9"))
    }

    @Test func textsGoBeforeThePictureAndCloseEndsTheWriter() async {
        let q = OutboundQueue()
        q.push(frame: [1])
        q.push(text: "a")
        q.close()
        q.push(text: "after close")
        #expect(await q.next() == .text("a"))
        #expect(await q.next() == .frame([1]))
        #expect(await q.next() == nil)
    }

    @Test func aWaitingWriterIsHandedTheNextMessage() async {
        let q = OutboundQueue()
        async let taken = q.next()
        // Whether the writer waits already or not, the message reaches it once.
        q.push(text: "hello")
        #expect(await taken == .text("hello"))
        #expect(q.waitingBytes == 0)
    }

    @Test func aFloodedMailboxKeepsTheNewestAndCountsTheRest() async {
        let m = Mailbox<Int>(limit: 4)
        for n in 0..<1000 { m.post(n) }
        #expect(m.dropped == 996)
        #expect(await m.next() == [996, 997, 998, 999])
    }
}
