// The `date` filter: Ruby's `Time.parse`-style reading of a date and `strftime` formatting, in UTC or the offset the
// date names (https://shopify.github.io/liquid/filters/date/).

import Foundation

enum LiquidDate {
    /// A moment and the UTC offset it was written in.
    struct Moment {
        var seconds: Int
        var nanos: Int = 0
        var utcOffset: Int = 0
        var zone = "UTC"
    }

    /// Liquid's `date`: an empty format returns the input; an input that is no date is returned as it is.
    static func filter(_ input: LiquidValue, format: String, now: Date) -> LiquidValue {
        guard !format.isEmpty, let m = moment(input, now: now) else { return input }
        return .string(strftime(m, format))
    }

    /// Liquid's `Utils.to_date`: "now"/"today", a Unix timestamp (an integer or a string of digits), or a date string.
    static func moment(_ input: LiquidValue, now: Date) -> Moment? {
        switch input {
        case .int(let n): return Moment(seconds: n)
        case .string(let s):
            let t = s.lowercased().trimmingCharacters(in: .whitespaces)
            if t.isEmpty { return nil }
            if t == "now" || t == "today" {
                let d = now.timeIntervalSince1970
                let whole = d.rounded(.down)
                return Moment(seconds: Int(whole), nanos: Int((d - whole) * 1e9))
            }
            if t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                return Int(t).map { Moment(seconds: $0) }
            }
            return parse(s)
        default: return nil
        }
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
    static func days(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civil(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// A liberal reading of the date strings campaigns use, as Ruby's `Time.parse` reads them: ISO 8601
    /// ("2016-03-14", "2016-03-14T10:00:00Z", "2016-03-14 10:00:00 +0100"), "2016/03/14", "March 14, 2016",
    /// "14 Mar 2016 10:00", RFC 2822 ("Mon, 14 Mar 2016 10:00:00 +0000"). A date without a zone is UTC.
    static func parse(_ s: String) -> Moment? {
        let lower = s.lowercased()
        var year: Int?, month: Int?, day: Int?
        var hour = 0, minute = 0, second = 0, nanos = 0
        var offset: Int?
        var zone = "UTC"
        // Tokens: runs of digits, runs of letters, and single other characters.
        var tokens: [String] = []
        var current = ""
        var kind = 0
        for c in lower {
            let k = c.isNumber && c.isASCII ? 1 : (c.isLetter ? 2 : 3)
            if k == kind && k != 3 { current.append(c) } else {
                if !current.isEmpty { tokens.append(current) }
                current = String(c); kind = k
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var i = 0
        var numbers: [Int] = []
        var pm: Bool?
        while i < tokens.count {
            let t = tokens[i]
            func tok(_ j: Int) -> String { j < tokens.count ? tokens[j] : "" }
            if let n = Int(t), t.first?.isNumber == true {
                // A time: hh:mm[:ss[.fff]]
                if tok(i + 1) == ":", let mm = Int(tok(i + 2)), tok(i + 2).count == 2 {
                    hour = n; minute = mm; i += 3
                    if tok(i) == ":", let ss = Int(tok(i + 1)) {
                        second = ss; i += 2
                        if tok(i) == ".", let frac = Int(tok(i + 1)) {
                            let digits = tok(i + 1).prefix(9)
                            nanos = (Int(digits) ?? frac) * Int(pow(10, Double(9 - digits.count)))
                            i += 2
                        }
                    }
                    continue
                }
                // An ISO or slashed date: yyyy-mm-dd, yyyy/mm/dd
                if t.count == 4, tok(i + 1) == "-" || tok(i + 1) == "/", let m = Int(tok(i + 2)),
                   tok(i + 3) == tok(i + 1), let d = Int(tok(i + 4)) {
                    year = n; month = m; day = d; i += 5
                    if tok(i) == "t" { i += 1 }
                    continue
                }
                // A zone offset: +hh:mm, +hhmm
                if i > 0, tokens[i - 1] == "+" || tokens[i - 1] == "-", year != nil || month != nil, t.count == 4 || t.count == 2 {
                    var h = 0, m = 0
                    if t.count == 4 { h = n / 100; m = n % 100 } else {
                        h = n
                        if tok(i + 1) == ":", let mm = Int(tok(i + 2)) { m = mm; i += 2 }
                    }
                    let sign = tokens[i - 1] == "-" ? -1 : 1
                    offset = sign * (h * 3600 + m * 60)
                    i += 1
                    continue
                }
                numbers.append(n)
                i += 1
                continue
            }
            if t.first?.isLetter == true {
                if let m = months.firstIndex(where: { t.hasPrefix($0) }), t.count >= 3 { month = m + 1 } else if t == "am" { pm = false } else if t == "pm" { pm = true } else if t == "z" || t == "utc" || t == "gmt" { offset = 0 } else if t == "t" {
                } else if dayNames.contains(where: { $0.lowercased().hasPrefix(t) }) && t.count >= 3 {
                } else {
                    return nil
                }
            }
            i += 1
        }
        // Loose numbers: with a month name, the day and the year; else nothing more to read.
        if year == nil {
            guard month != nil else { return nil }
            for n in numbers {
                if day == nil && n >= 1 && n <= 31 { day = n } else if year == nil { year = n < 100 ? n + 2000 : n }
            }
        }
        guard let y = year, let m = month, (1...12).contains(m) else { return nil }
        let d = day ?? 1
        guard (1...31).contains(d), (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        if let pm {
            if pm && hour < 12 { hour += 12 } else if !pm && hour == 12 { hour = 0 }
        }
        let off = offset ?? 0
        if off != 0 {
            let h = abs(off) / 3600, mm = abs(off) % 3600 / 60
            zone = String(format: "%@%02d:%02d", off < 0 ? "-" : "+", h, mm)
        }
        let secs = days(y, m, d) * 86400 + hour * 3600 + minute * 60 + second - off
        return Moment(seconds: secs, nanos: nanos, utcOffset: off, zone: zone)
    }

    /// Ruby's `Time#strftime`, with the flags `-` (no padding), `_` (spaces), `0`, `^` (upper case), `#` (swap
    /// case), a width, and `:` for `%:z`.
    static func strftime(_ m: Moment, _ format: String) -> String {
        let local = m.seconds + m.utcOffset
        let dayNumber = Int((Double(local) / 86400).rounded(.down))
        let secOfDay = local - dayNumber * 86400
        let (y, mo, d) = civil(dayNumber)
        let hour = secOfDay / 3600, minute = secOfDay % 3600 / 60, second = secOfDay % 60
        let weekday = ((dayNumber % 7) + 11) % 7 // 1970-01-01 was a Thursday (4)
        let yday = dayNumber - days(y, 1, 1) + 1
        var out = ""
        let f = Array(format)
        var i = 0
        while i < f.count {
            guard f[i] == "%", i + 1 < f.count else { out.append(f[i]); i += 1; continue }
            let start = i
            i += 1
            var flags: Set<Character> = []
            while i < f.count, "-_0^#".contains(f[i]) { flags.insert(f[i]); i += 1 }
            var width = 0
            while i < f.count, let n = f[i].wholeNumberValue, f[i].isASCII { width = width * 10 + n; i += 1; if width > 1000 { width = 1000 } }
            var colons = 0
            while i < f.count, f[i] == ":" { colons += 1; i += 1 }
            guard i < f.count else { out += String(f[start...]); break }
            let c = f[i]
            i += 1
            func num(_ n: Int, _ w: Int, _ pad: Character = "0") -> String {
                var p = pad
                if flags.contains("_") { p = " " }
                if flags.contains("0") { p = "0" }
                let s = String(abs(n))
                let ww = width > 0 ? width : w
                if flags.contains("-") { return (n < 0 ? "-" : "") + s }
                let padded = s.count < ww - (n < 0 ? 1 : 0) ? String(repeating: p, count: ww - (n < 0 ? 1 : 0) - s.count) + s : s
                return (n < 0 ? "-" : "") + padded
            }
            func text(_ s: String) -> String {
                var t = s
                if flags.contains("^") { t = t.uppercased() }
                if flags.contains("#") { t = t == t.uppercased() ? t.lowercased() : t.uppercased() }
                if width > t.count { t = String(repeating: flags.contains("0") ? "0" : " ", count: width - t.count) + t }
                return t
            }
            let hour12 = hour % 12 == 0 ? 12 : hour % 12
            switch c {
            case "Y": out += num(y, 1)
            case "C": out += num(Int((Double(y) / 100).rounded(.down)), 2)
            case "y": out += num(((y % 100) + 100) % 100, 2)
            case "m": out += num(mo, 2)
            case "B": out += text(monthNames[mo - 1])
            case "b", "h": out += text(String(monthNames[mo - 1].prefix(3)))
            case "d": out += num(d, 2)
            case "e": out += num(d, 2, " ")
            case "j": out += num(yday, 3)
            case "H": out += num(hour, 2)
            case "k": out += num(hour, 2, " ")
            case "I": out += num(hour12, 2)
            case "l": out += num(hour12, 2, " ")
            case "P": out += text(hour < 12 ? "am" : "pm")
            case "p": out += flags.contains("#") ? (hour < 12 ? "am" : "pm") : text(hour < 12 ? "AM" : "PM")
            case "M": out += num(minute, 2)
            case "S": out += num(second, 2)
            case "L": out += num(m.nanos / 1_000_000, 3)
            case "N": out += num(m.nanos, 9)
            case "z":
                let sign = m.utcOffset < 0 ? "-" : "+"
                let h = abs(m.utcOffset) / 3600, mm = abs(m.utcOffset) % 3600 / 60
                let hh = h < 10 ? "0\(h)" : "\(h)", mms = mm < 10 ? "0\(mm)" : "\(mm)"
                out += colons == 0 ? sign + hh + mms : sign + hh + ":" + mms
            case "Z": out += text(m.zone)
            case "A": out += text(dayNames[weekday])
            case "a": out += text(String(dayNames[weekday].prefix(3)))
            case "u": out += num(weekday == 0 ? 7 : weekday, 1)
            case "w": out += num(weekday, 1)
            case "U": out += num((yday - 1 - weekday + 7) / 7, 2)
            case "W": out += num((yday - 1 - (weekday + 6) % 7 + 7) / 7, 2)
            case "G", "g", "V":
                let (isoYear, isoWeek) = isoWeekDate(y, yday, weekday)
                out += c == "G" ? num(isoYear, 1) : c == "g" ? num(((isoYear % 100) + 100) % 100, 2) : num(isoWeek, 2)
            case "s": out += String(m.seconds)
            case "n": out += "\n"
            case "t": out += "\t"
            case "%": out += "%"
            case "c": out += strftime(m, "%a %b %e %H:%M:%S %Y")
            case "D", "x": out += strftime(m, "%m/%d/%y")
            case "F": out += strftime(m, "%Y-%m-%d")
            case "T", "X": out += strftime(m, "%H:%M:%S")
            case "R": out += strftime(m, "%H:%M")
            case "r": out += strftime(m, "%I:%M:%S %p")
            case "v": out += strftime(m, "%e-%^b-%Y")
            case "+": out += strftime(m, "%a %b %e %H:%M:%S %Z %Y")
            default: out += String(f[start..<i])
            }
        }
        return out
    }

    /// The ISO 8601 week-numbering year and week of a day.
    static func isoWeekDate(_ y: Int, _ yday: Int, _ weekday: Int) -> (Int, Int) {
        let isoWeekday = weekday == 0 ? 7 : weekday
        let week = (yday - isoWeekday + 10) / 7
        func weeksIn(_ year: Int) -> Int {
            let jan1 = ((days(year, 1, 1) % 7) + 11) % 7
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return jan1 == 4 || (leap && jan1 == 3) ? 53 : 52
        }
        if week < 1 { return (y - 1, weeksIn(y - 1)) }
        if week > weeksIn(y) { return (y + 1, 1) }
        return (y, week)
    }
}
