// Valid configs for every template and a path setter, so each drop test changes exactly one value of a known-good one.

@testable import PushSimEngine

enum InAppFixtures {
    static let button = ##"{"text":{"text":"Go","color":"#FFFFFF"},"background":"#007AFF","border":{"color":"#007AFF","radius":12},"action":{"type":"url","url":"https://example.com/go"}}"##
    static let closeButton = ##"{"text":{"text":"Later","color":"#000"},"background":"#FFF","border":{"color":"#CCC","radius":0},"action":{"type":"close"}}"##
    static let text = ##"{"text":"Hello","color":"#111111"}"##
    static let reward = ##"{"title":{"text":"10% off","color":"#222"},"code":"SAVE10","message":{"text":"Today only","color":"#333"},"button":\##(button)}"##

    static let sources: [InAppLayout: String] = [
        .modal: ##"{"displayType":"modal","modal":{"background":"#FFFFFF","title":\##(text),"message":\##(text),"image":"https://example.com/a.png","showClose":true,"buttons":[\##(button),\##(closeButton)],"dimBackground":true}}"##,
        .sheet: ##"{"displayType":"sheet","sheet":{"background":"#FFFFFF","title":\##(text),"message":\##(text),"image":"https://example.com/a.png","showClose":true,"buttons":[\##(button)],"dimBackground":false}}"##,
        .carousel: #"{"displayType":"carousel","carousel":{"showClose":true,"items":[{"image":"https://example.com/1.png","title":\#(text),"message":\#(text),"action":{"type":"url","url":"https://example.com/1"}},{}]}}"#,
        .stories: #"{"displayType":"stories","stories":{"showClose":true,"loop":false,"items":[{"duration":5,"image":"https://example.com/1.png","title":\#(text),"message":\#(text),"buttons":[]},{"duration":7.5,"buttons":[\#(button)]}]}}"#,
        .banner: ##"{"displayType":"banner","banner":{"position":"top","autoDismiss":6,"image":"https://example.com/i.png","title":\##(text),"message":\##(text),"background":"#222222","action":{"type":"url","url":"https://example.com/b"},"showClose":false}}"##,
        .fullscreen: ##"{"displayType":"fullscreen","fullscreen":{"cover":{"background":"#000000","image":"https://example.com/c.png"},"title":\##(text),"message":\##(text),"buttons":[\##(button)],"showClose":true}}"##,
        .video: #"{"displayType":"video","video":{"url":"https://example.com/v.m3u8","poster":"https://example.com/p.png","fallback":"https://example.com/f.png","title":\#(text),"message":\#(text),"buttons":[\#(button)],"loop":true,"muted":true,"showClose":false}}"#,
        .pip: #"{"displayType":"pip","pip":{"position":"bottom-right","width":40,"aspectRatio":0.5625,"url":"https://example.com/v.mp4","poster":"https://example.com/p.png","fallback":"https://example.com/f.png","loop":true,"muted":true,"action":{"type":"url","url":"https://example.com/live"},"showClose":true}}"#,
        .scratchcard: ##"{"displayType":"scratchcard","scratchcard":{"revealThreshold":0.55,"cover":{"background":"#B0B0B8"},"background":["#111111","#222222","#333333"],"title":\##(text),"message":\##(text),"revealButton":\##(closeButton),"reward":\##(reward),"showClose":true}}"##,
        .spinwheel: ##"{"displayType":"spinwheel","spinwheel":{"segments":[{"message":\##(text),"weight":1,"color":"#FF0000"},{"message":\##(text),"weight":1,"reward":{"code":"SHIP"}},{"message":\##(text),"weight":1}],"winIndex":1,"background":"#FFFFFF","title":\##(text),"message":\##(text),"spinButton":\##(closeButton),"reward":\##(reward),"showClose":true}}"##,
    ]

    static func config(_ layout: InAppLayout) -> JSONValue { try! JSONParser.parse(sources[layout]!) }

    static func json(_ text: String) -> JSONValue { try! JSONParser.parse(text) }

    /// `config` with the value at `path` (`modal.buttons[0].border.radius`) replaced, or removed when `value` is nil.
    static func set(_ config: JSONValue, _ path: String, _ value: JSONValue?) -> JSONValue {
        var parts: [Part] = []
        for piece in path.split(separator: ".") {
            var s = Substring(piece)
            if let bracket = s.firstIndex(of: "[") {
                if bracket > s.startIndex { parts.append(.key(String(s[..<bracket]))) }
                s = s[bracket...]
                while s.hasPrefix("[") {
                    let close = s.firstIndex(of: "]")!
                    parts.append(.index(Int(s[s.index(after: s.startIndex)..<close])!))
                    s = s[s.index(after: close)...]
                }
            } else {
                parts.append(.key(String(s)))
            }
        }
        return set(config, parts[...], value)
    }

    enum Part { case key(String), index(Int) }

    static func set(_ v: JSONValue, _ parts: ArraySlice<Part>, _ value: JSONValue?) -> JSONValue {
        guard let first = parts.first else { return value ?? .null }
        switch (first, v) {
        case (.key(let k), .object(var o)):
            if parts.count == 1 { o[k] = value } else { o[k] = set(o[k] ?? .object(JSONObject()), parts.dropFirst(), value) }
            return .object(o)
        case (.index(let i), .array(var a)):
            if parts.count == 1, value == nil { a.remove(at: i) } else { a[i] = set(a[i], parts.dropFirst(), value) }
            return .array(a)
        default:
            fatalError("fixture path \(parts) does not fit \(v.typeDescription)")
        }
    }

    static func parse(_ config: JSONValue, isDark: Bool = false, now: Double = 1_800_000_000) -> InAppParseResult {
        InAppConfigParser.parse(config, isDark: isDark, now: now)
    }
}
