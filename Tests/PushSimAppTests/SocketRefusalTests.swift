// A listener's `error …` answer becomes one line for the user; an empty reason gets a sentence (found by make fuzz).

import Foundation
import Testing
@testable import PushSimApp

@Suite struct SocketRefusalTests {
    /// Writes `answer` into one end of a socket pair and reads it back as notify does.
    func reply(_ answer: String) throws -> String {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]) }
        _ = Array(answer.utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        do {
            return "ok: " + (try SocketClient.awaitReply(fds[0], path: "x.sock", service: .inapp, timeout: 1))
        } catch {
            return error.message
        }
    }

    @Test func aReasonIsSaidAsWritten() throws {
        #expect(try reply("error the banner is too large\n") == "the banner is too large")
    }

    @Test func anEmptyReasonGetsASentenceNotAnEmptyLine() throws {
        for answer in ["error \n", "error \n\n;]3", "error  \r\t\n"] {
            let line = try reply(answer)
            #expect(!line.isEmpty && !line.contains("\n"), "\(answer.debugDescription)")
            #expect(line.contains("without saying why"), "\(answer.debugDescription) gave \(line)")
        }
    }

    @Test func aCRLFEndsTheLineAsALFDoes() throws {
        #expect(try reply("ok abc\r\nsecond line\n") == "ok: abc")
        #expect(try reply("ok a\r\n") == "ok: a")
        #expect(try reply("error too large\r\nmore") == "too large")
    }
}
