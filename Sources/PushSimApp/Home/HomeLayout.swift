// Where each line of the home menu goes: group headings, two lines per sample, scrolled to keep the selection.

import PushSimScreens

struct HomeLayout {
    enum Line: Equatable {
        case heading(Sample.Experience)
        case title(Int)
        case detail(Int)
        case blank
    }

    let size: Size
    let lines: [Line]
    let scroll: Int

    /// The menu occupies the rows between the header (rows 0–1) and the bottom three: two for the selected
    /// sample's command (or an error), one for the keys.
    static let top = 2
    static let bottom = 3
    var listHeight: Int { max(0, size.height - Self.top - Self.bottom) }

    init(samples: [Sample], size: Size, scroll: Int) {
        var lines: [Line] = []
        var current: Sample.Experience?
        for (i, s) in samples.enumerated() {
            if s.experience != current {
                if current != nil { lines.append(.blank) }
                lines.append(.heading(s.experience))
                current = s.experience
            }
            lines.append(.title(i))
            lines.append(.detail(i))
        }
        self.lines = lines
        self.size = size
        self.scroll = min(max(0, scroll), max(0, lines.count - max(0, size.height - Self.top - Self.bottom)))
    }

    /// The visible lines with their screen rows.
    var visible: [(row: Int, line: Line)] {
        guard listHeight > 0 else { return [] }
        let end = min(lines.count, scroll + listHeight)
        guard scroll < end else { return [] }
        return (scroll..<end).map { (Self.top + $0 - scroll, lines[$0]) }
    }

    var visibleItemCount: Int { visible.filter { if case .title = $0.line { return true } else { return false } }.count }

    var hasMoreAbove: Bool { scroll > 0 }
    var hasMoreBelow: Bool { scroll + listHeight < lines.count }

    /// The sample drawn on a screen row, if any.
    func item(atRow row: Int) -> Int? {
        for v in visible where v.row == row {
            switch v.line {
            case .title(let i), .detail(let i): return i
            default: return nil
            }
        }
        return nil
    }

    /// The scroll offset that shows both lines of sample `index` (and its heading when it opens a group).
    func scrollKeeping(_ index: Int) -> Int {
        guard let t = lines.firstIndex(of: .title(index)), listHeight > 0 else { return scroll }
        var first = t
        if t > 0, case .heading = lines[t - 1] { first = t - 1 }
        let last = t + 1
        var s = scroll
        if first < s { s = first }
        if last >= s + listHeight { s = last - listHeight + 1 }
        // Never start on the second line of a sample: that half would be orphaned at the top.
        if s > 0, s < lines.count, case .detail = lines[s], s + 1 <= first { s += 1 }
        return max(0, s)
    }
}
