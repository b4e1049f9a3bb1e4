// Issue 27: a picture starts encoding before ncurses sets the screen up, at the size the kernel gives the terminal;
// that is the size ncurses then lays out for, unless LINES or COLUMNS say otherwise (ncurses reads them first).

import Glibc
import Testing
import PushSimScreens
@testable import PushSimTerminal

@Suite struct EarlySizeTests {
    /// A pseudo-terminal whose window the kernel says is `columns` × `rows` cells; its two ends, closed by the caller.
    private func terminal(columns: UInt16, rows: UInt16) throws -> (main: Int32, other: Int32) {
        var main: Int32 = -1, other: Int32 = -1
        var ws = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&main, &other, nil, nil, &ws) == 0)
        return (main, other)
    }

    @Test func theKernelsSizeIsTheEarlySize() throws {
        let t = try terminal(columns: 132, rows: 43)
        defer { close(t.main); close(t.other) }
        #expect(TerminalQuery.cells(t.other) == Size(width: 132, height: 43))
        #expect(Terminal.earlySize(["TERM": "xterm-256color"], output: t.other) == Size(width: 132, height: 43))
    }

    @Test func linesOrColumnsLeaveItToNcurses() throws {
        let t = try terminal(columns: 132, rows: 43)
        defer { close(t.main); close(t.other) }
        #expect(Terminal.earlySize(["LINES": "30"], output: t.other) == nil)
        #expect(Terminal.earlySize(["COLUMNS": "100"], output: t.other) == nil)
    }

    @Test func noSizeWithoutATerminalOrWithAZeroWindow() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(TerminalQuery.cells(fds[1]) == nil)
        let t = try terminal(columns: 0, rows: 0)
        defer { close(t.main); close(t.other) }
        #expect(Terminal.earlySize([:], output: t.other) == nil)
    }
}
