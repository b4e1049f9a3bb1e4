// InputFile on hostile input (issue 12 items 1, 2 and 8): closed or endless standard input, FIFOs, devices, sockets,
// folders and oversized input get one line each, in bounded memory, without ever blocking.

import Foundation
import Testing
@testable import PushSimApp

@Suite struct InputFileTests {
    static func temp(_ name: String) -> String { NSTemporaryDirectory() + "pushsim-input-\(UUID().uuidString)-\(name)" }

    /// The read end of a pipe that holds `bytes` and whose writer has gone (small: it fits the pipe's buffer).
    static func pipeHolding(_ bytes: [UInt8]) -> Int32 {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        return ends[0]
    }

    // Item 1: `pushsim validate - <&-` died in readDataToEndOfFile's try! (SIGILL). A number far above any open
    // descriptor stands for a closed one (closing a real one would race the tests running beside this one).
    @Test func closedStandardInputIsOneLineWithStatus2() {
        #expect(throws: UserError("standard input: is closed; give a file name instead of '-', or pipe the payload in (pushsim … - < file.json)", exitCode: 2)) {
            try InputFile.readStandardInput(1_000_000)
        }
        // What `reserveStandardDescriptors` leaves on a closed descriptor 0 (close-on-exec /dev/null, which no
        // inherited descriptor can be) also reads as closed, not as /dev/null.
        let placeholder = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(placeholder) }
        #expect(throws: UserError("standard input: is closed; give a file name instead of '-', or pipe the payload in (pushsim … - < file.json)", exitCode: 2)) {
            try InputFile.readStandardInput(placeholder)
        }
    }

    // A script file must be UTF-8: decoding would turn a 0xFF into U+FFFD, whose first byte (0xEF) a later JSON
    // error then named (issue 12 item 10).
    @Test func scriptTextNamesTheInvalidByteAndItsPlace() throws {
        let file = Self.temp("steps.txt")
        defer { unlink(file) }
        #expect(FileManager.default.createFile(atPath: file, contents: Data([0x77, 0x0A, 0xC3, 0xA9, 0x20, 0xFF, 0x7D])))
        #expect(throws: UserError("\(file): line 2, column 3: invalid UTF-8 (byte 0xFF); save it as UTF-8")) { try InputFile.readText(file) }
        #expect(InputFile.firstInvalidUTF8([0x61, 0xC3, 0x28])! == (2, 0x28), "a lead byte cut short names the byte that cut it")
        #expect(InputFile.firstInvalidUTF8([0xC3])! == (0, 0xC3))
        #expect(InputFile.firstInvalidUTF8(Array("é😀".utf8)) == nil)
        #expect(FileManager.default.createFile(atPath: file, contents: Data("wait 1\n".utf8)))
        #expect(try InputFile.readText(file) == "wait 1\n")
    }

    // Item 2: standard input is read in chunks and refused once it passes the cap, so an endless stream costs the
    // cap, not all memory.
    @Test func standardInputStopsAtTheCap() throws {
        let path = Self.temp("big.json")
        defer { unlink(path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: UInt8(ascii: "["), count: 300_000)))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(throws: UserError("standard input: is larger than 200000 bytes; pushsim reads up to 200000 bytes", exitCode: 2)) {
            try InputFile.readStandardInput(fd, limit: 200_000)
        }
        // An endless device read through the same loop stops at the cap too.
        let zero = open("/dev/zero", O_RDONLY)
        defer { close(zero) }
        #expect(throws: UserError("/dev/zero: is larger than 1 MB; pushsim reads up to 1 MB", exitCode: 1)) {
            try InputFile.readAll(zero, name: "/dev/zero", limit: 1_048_576, exitCode: 1)
        }
        #expect(InputFile.maxBytes == 64 * 1_048_576, "files and standard input share one cap")
    }

    @Test func standardInputFromAPipeOrAFileIsRead() throws {
        let text = Array("{\"a\": [1, 2, 3]}".utf8)
        let fd = Self.pipeHolding(text)
        defer { close(fd) }
        #expect(try InputFile.readStandardInput(fd) == text)
    }

    // /dev/stdin on /dev/null or /dev/zero, or a terminal: a character device is no payload.
    @Test func standardInputOnADeviceIsRefusedByName() {
        for device in ["/dev/null", "/dev/zero"] {
            let fd = open(device, O_RDONLY)
            defer { close(fd) }
            #expect(throws: UserError("standard input: is \(device), a character device, not a file or a pipe; pipe the payload in (pushsim … - < file.json) or give its file name", exitCode: 2)) {
                try InputFile.readStandardInput(fd)
            }
        }
        let dir = open(NSTemporaryDirectory(), O_RDONLY | O_DIRECTORY)
        defer { close(dir) }
        #expect(throws: UserError("standard input: is a folder; give a file name instead of '-'", exitCode: 2)) {
            try InputFile.readStandardInput(dir)
        }
    }

    // Item 8: `pushsim inbox FIFO --dump` hung in open(2). Without the fix this test never returns.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let fifo = Self.temp("feed.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let expected = UserError("\(fifo): is a named pipe (FIFO), not a file; to read from it, pass '-' and redirect it: pushsim … - < \(fifo)")
        #expect(throws: expected) { try InputFile.readBytes(fifo) }
        #expect(throws: expected) { try InboxFeedFile.withBytes(fifo) { $0.count } }
        #expect(InboxFeedFile.Mapping(fifo) == nil)
    }

    // Item 8: devices, sockets and folders were all "check its permissions"; each is now named.
    @Test func nonRegularFilesAreNamedForWhatTheyAre() throws {
        #expect(throws: UserError("/dev/zero: is a character device, not a file")) { try InputFile.readBytes("/dev/zero") }
        #expect(throws: UserError("/dev/null: is a character device, not a file")) { try InputFile.readBytes("/dev/null") }
        let dir = NSTemporaryDirectory()
        #expect(throws: UserError("\(dir): is a folder, not a file")) { try InputFile.readBytes(dir) }

        // A listening Unix socket cannot be opened at all (ENXIO): still named, not "check its permissions".
        let sock = Self.temp("s.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd); unlink(sock) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (k, b) in sock.utf8.prefix(raw.count - 1).enumerated() { raw[k] = b }
        }
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        #expect(throws: UserError("\(sock): is a socket, not a file")) { try InputFile.readBytes(sock) }
    }

    // `pushsim stories <(curl …)`: the shell's /dev/fd/N is a pipe it opened for us, read like standard input.
    @Test func theShellsDescriptorPipesAreRead() throws {
        let text = Array("[1]".utf8)
        let fd = Self.pipeHolding(text)
        defer { close(fd) }
        #expect(try InputFile.readBytes("/dev/fd/\(fd)") == text)
        #expect(InputFile.inheritedDescriptor("/proc/self/fd/7") == 7)
        #expect(InputFile.inheritedDescriptor("/dev/stdin") == 0)
        #expect(InputFile.inheritedDescriptor("/dev/fd/x") == nil)
    }

    // Relative images in a payload read through a descriptor resolve against the file it is open on, or against
    // nothing for a pipe; never against /dev/fd (validate used to look for `/dev/fd/images/a.jpg`).
    @Test func aDescriptorsFolderIsItsFilesOrNone() throws {
        let fd = Self.pipeHolding(Array("[1]".utf8))
        defer { close(fd) }
        #expect(InputFile.folder(of: "/dev/fd/\(fd)") == nil)
        #expect(InputFile.folder(of: "-") == nil)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-folder-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("p.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let opened = open(file, O_RDONLY)
        defer { close(opened) }
        let real = (dir.path as NSString).resolvingSymlinksInPath
        #expect(InputFile.folder(of: "/dev/fd/\(opened)").map { ($0 as NSString).resolvingSymlinksInPath } == real)
        #expect(InputFile.folder(of: "/proc/self/fd/\(opened)").map { ($0 as NSString).resolvingSymlinksInPath } == real)
        #expect(InputFile.folder(of: file) == dir.path)
        #expect(InputFile.folder(of: "/x/y/../p.json") == "/x")
    }

    @Test func regularFilesKeepTheirMessages() throws {
        #expect(throws: UserError("/nonexistent/x.json: no such file")) { try InputFile.readBytes("/nonexistent/x.json") }
        let file = Self.temp("a.json")
        defer { unlink(file) }
        #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
        #expect(throws: UserError("\(file)/x.json: no such file (a part of the path is not a folder)")) { try InputFile.readBytes(file + "/x.json") }
        #expect(try InputFile.readBytes(file) == Array("{}".utf8))
        #expect(FileManager.default.createFile(atPath: file, contents: Data(count: 3 * 1_048_576)))
        #expect(throws: UserError("\(file): the file is 3 MB; pushsim reads files up to 1 MB")) { try InputFile.readFile(file, limit: 1_048_576) }
        // /proc files say they are empty; they are read to their end all the same.
        #expect(try InputFile.readBytes("/proc/self/status").count > 0)
    }
}
