// `pushsim mcp` with standard input closed right after the requests: the requests read and not yet answered, which
// the server waits for before it ends (MCPLineTransport.swift).

import Foundation
import Testing
@testable import PushSimServer

@Suite struct PendingAnswersTests {
    private func line(_ s: String) -> Data { Data(s.utf8) }

    @Test func aRequestIsWaitedForUntilItsAnswerIsSent() {
        let a = PendingAnswers()
        a.read(line(#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#))
        a.read(line(#" {"method":"tools/call","id":"x","jsonrpc":"2.0","params":{}}"#))
        #expect(a.waiting == 2)
        a.sent(line(#"{"id":7,"jsonrpc":"2.0","result":{"tools":[]}}"#))
        #expect(a.waiting == 1)
        // A number id and a string id of the same digits are different requests.
        a.sent(line(#"{"id":"7","jsonrpc":"2.0","result":{}}"#))
        #expect(a.waiting == 1)
        a.sent(line(#"{"id":"x","jsonrpc":"2.0","error":{"code":-32602,"message":"no"}}"#))
        #expect(a.waiting == 0)
    }

    @Test func notificationsAnswersAndWhatIsNotJSONAreNotWaitedFor() {
        let a = PendingAnswers()
        a.read(line(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#))
        a.read(line(#"{"jsonrpc":"2.0","id":3,"result":{}}"#))
        a.read(line("not json"))
        a.read(line(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#))
        #expect(a.waiting == 0)
    }

    @Test func theWaitEndsAtItsLimitWhenAnAnswerNeverComes() async {
        let a = PendingAnswers()
        a.read(line(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#))
        await a.waitUntilAnswered(limit: 0.05)
        #expect(a.waiting == 1)
    }
}
