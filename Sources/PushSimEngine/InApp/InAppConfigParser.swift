// The SDK's strict `native-config.json` parser (PWInAppConfigParser, PushwooshInApp 7.2): the tolerant envelope, the
// ten layouts' tables checked in the SDK's order, the dark overlay's fail-open path, and warnings where the phone
// will do something other than the config says. Pure: the arrival time and the appearance are arguments.

/// Parses a native in-app config the way the SDK does, fail-closed: the first failing key drops the whole message with
/// the SDK's log KEY (`Invalid native in-app config, dropped at: KEY`).
public struct InAppConfigParser {
    /// Where the phone will differ from the config (clamps, forced chips, ignored keys), gathered while parsing.
    var warnings: [Diagnostic] = []
    /// The release whose parser this is (`--sdk`): which link rule, and whether a dark overlay exists.
    let sdk: SDKVersion

    init(sdk: SDKVersion = .newest) { self.sdk = sdk }

    /// The SDK's `parse(_:isDark:)`. `now` is the arrival time in Unix seconds (for `ttl`). With `isDark`, the block's
    /// `dark` overlay is merged first; a broken overlay, or a merged config the strict parser rejects, falls back to the
    /// light config (`darkFallback`), which stays fail-closed. Before 7.2.7 there is no overlay (`parse(config)`,
    /// `PWInAppConfigParser.swift@e380b5b`): a dark phone parses the light config alone.
    public static func parse(_ config: JSONValue, isDark: Bool, now: Double, sdk: SDKVersion = .newest) -> InAppParseResult {
        var result = InAppParseResult()
        if isDark && sdk.inAppDarkOverlay {
            let overlay = InAppDarkOverlay.apply(to: config)
            switch overlay.outcome {
            case .none:
                break
            case .broken(let label):
                result.darkFallback = label
            case .merged(let merged):
                var parser = InAppConfigParser(sdk: sdk)
                switch parser.parseValidated(merged, now: now) {
                case .success(var message):
                    message.darkApplied = true
                    result.message = message
                    result.warnings = overlay.ignored + parser.warnings
                    return result
                case .failure(let drop):
                    result.darkDrop = drop
                    result.darkFallback = InAppDarkOverlay.mergedRejected
                }
            }
        }
        var parser = InAppConfigParser(sdk: sdk)
        switch parser.parseValidated(config, now: now) {
        case .success(let message): result.message = message
        case .failure(let drop): result.drop = drop
        }
        result.warnings = parser.warnings
        return result
    }

    /// One strict pass over one config (light, or merged with its dark overlay).
    mutating func parseValidated(_ config: JSONValue, now: Double) -> Result<InAppMessage, InAppDrop> {
        guard let root = config.objectValue else {
            return .failure(InAppDrop(key: "displayType", path: "",
                                      sentence: "a native in-app config must be a JSON object with `displayType`; found \(InAppConfigParser.describe(config))"))
        }
        guard case .string(let displayType)? = root["displayType"] else {
            return .failure(InAppDrop(key: "displayType", path: "displayType",
                                      sentence: InAppConfigParser.expect("displayType", "a string naming the template (\(InAppConfigParser.layoutList))", root["displayType"])))
        }
        let envelope = InAppEnvelope(root, now: now)
        warnings += envelope.warnings
        guard let layout = InAppLayout(rawValue: displayType.lowercased()) else {
            return .failure(InAppDrop(key: "displayType \"\(InAppConfigParser.keyQuote(displayType))\"", path: "displayType",
                                      sentence: "`displayType` \(JSONValue.string(displayType).quoted) is not a template the SDK knows; it wants one of \(InAppConfigParser.layoutList) (any letter case)"))
        }
        checkSpelling(root, known: InAppConfigParser.rootKeys, path: "")
        do throws(InAppDrop) {
            let block = try self.block(root, layout.rawValue)
            let content: InAppContent
            switch layout {
            case .modal: content = .modal(try card(block, "modal"))
            case .sheet: content = .sheet(try card(block, "sheet"))
            case .carousel: content = .carousel(try carousel(block))
            case .stories: content = .stories(try stories(block))
            case .banner: content = .banner(try banner(block))
            case .fullscreen: content = .fullscreen(try fullscreen(block))
            case .video: content = .video(try video(block))
            case .pip: content = .pip(try pip(block))
            case .scratchcard: content = .scratchcard(try scratchCard(block))
            case .spinwheel: content = .spinwheel(try spinWheel(block))
            }
            warnings += InAppConfigParser.forcedChipWarnings(content)
            var message = InAppMessage(id: envelope.id, maxDisplays: envelope.maxDisplays, cooldown: envelope.cooldown,
                                       expiresAt: envelope.expiresAt, content: content)
            message.sdk = sdk
            return .success(message)
        } catch {
            return .failure(error)
        }
    }

    /// The SDK logs an unknown `displayType` whole; pushsim cuts one longer than 256 characters (with "…") so that a
    /// hostile value cannot make an event or a message megabytes long.
    static func keyQuote(_ value: String) -> String {
        value.count > 256 ? String(value.prefix(255)) + "…" : value
    }

    static let layoutList = InAppLayout.allCases.map(\.rawValue).joined(separator: ", ")
    static let rootKeys = ["displayType", "inAppId", "maxDisplays", "cooldown", "expireDate", "ttl"] + InAppLayout.allCases.map(\.rawValue)

    // MARK: layouts (each in the SDK's check order: Swift evaluates initialiser arguments left to right)

    mutating func block(_ root: JSONObject, _ key: String) throws(InAppDrop) -> JSONObject {
        guard let block = root[key]?.objectValue else {
            throw InAppDrop(key: key, path: key, sentence: InAppConfigParser.expect(key, "an object holding the template's settings (the block named after `displayType`, in lower case)", root[key]))
        }
        return block
    }

    static let cardKeys = ["background", "title", "message", "image", "showClose", "buttons", "dimBackground", "dark"]

    /// modal and sheet: the same keys in the same order.
    mutating func card(_ d: JSONObject, _ p: String) throws(InAppDrop) -> InAppCard {
        checkSpelling(d, known: InAppConfigParser.cardKeys, path: p)
        let background = try color(d, "background", "\(p).background")
        let title = try optionalText(d, "title", "\(p).title")
        let message = try optionalText(d, "message", "\(p).message")
        let image = try optionalURL(d, "image", "\(p).image")
        let showClose = try bool(d, "showClose", "\(p).showClose")
        let buttons = try self.buttons(d, "\(p).buttons")
        let dim = try bool(d, "dimBackground", "\(p).dimBackground")
        return InAppCard(background: background, title: title, message: message, image: image, showClose: showClose,
                         buttons: buttons, dimBackground: dim)
    }

    mutating func carousel(_ d: JSONObject) throws(InAppDrop) -> InAppCarousel {
        checkSpelling(d, known: ["showClose", "items", "dark"], path: "carousel")
        let showClose = try bool(d, "showClose", "carousel.showClose")
        let raw = try objectArray(d, "items", "carousel.items", what: "a non-empty array of slide objects")
        var items: [InAppCarouselItem] = []
        for (i, item) in raw.enumerated() {
            let p = "carousel.items[\(i)]"
            checkSpelling(item, known: ["image", "title", "message", "action"], path: p)
            items.append(InAppCarouselItem(image: try optionalURL(item, "image", "\(p).image"),
                                           title: try optionalText(item, "title", "\(p).title"),
                                           message: try optionalText(item, "message", "\(p).message"),
                                           action: try optionalAction(item, "action", "\(p).action")))
        }
        return InAppCarousel(showClose: showClose, items: items)
    }

    mutating func stories(_ d: JSONObject) throws(InAppDrop) -> InAppStories {
        checkSpelling(d, known: ["showClose", "loop", "items", "dark"], path: "stories")
        let showClose = try bool(d, "showClose", "stories.showClose")
        let loop = try bool(d, "loop", "stories.loop")
        let raw = try objectArray(d, "items", "stories.items", what: "a non-empty array of page objects")
        var items: [InAppStoryItem] = []
        for (i, item) in raw.enumerated() {
            let p = "stories.items[\(i)]"
            checkSpelling(item, known: ["duration", "image", "title", "message", "buttons"], path: p)
            let duration = try number(item, "duration", "\(p).duration", want: "a number of seconds above 0")
            guard duration.isFinite, duration > 0 else {
                throw InAppDrop(key: "\(p).duration", path: "\(p).duration",
                                sentence: "`\(p).duration` must be a number of seconds above 0; found \(InAppConfigParser.describe(item["duration"]))")
            }
            if duration > InAppConfigParser.maxStoryDuration {
                warn("\(p).duration", "\(InAppConfigParser.number(duration)) s is longer than the SDK allows: the page shows for \(Int(InAppConfigParser.maxStoryDuration)) s")
            }
            if duration < StoriesState.shortestPage {
                warn("\(p).duration", "\(InAppConfigParser.number(duration)) s is shorter than one frame of the screen: on the phone the page flashes by unseen (with `loop`, as fast as the app can turn pages); pushsim shows it for 1/60 s")
            }
            items.append(InAppStoryItem(duration: min(duration, InAppConfigParser.maxStoryDuration),
                                        image: try optionalURL(item, "image", "\(p).image"),
                                        title: try optionalText(item, "title", "\(p).title"),
                                        message: try optionalText(item, "message", "\(p).message"),
                                        buttons: try buttons(item, "\(p).buttons")))
        }
        return InAppStories(showClose: showClose, loop: loop, items: items)
    }

    /// `PWInAppStoryItem.maxDuration`.
    static let maxStoryDuration = 30.0

    mutating func banner(_ d: JSONObject) throws(InAppDrop) -> InAppBanner {
        checkSpelling(d, known: ["position", "autoDismiss", "image", "title", "message", "background", "action", "showClose", "dark"], path: "banner")
        let rawPosition = try string(d, "position", "banner.position", want: "\"top\" or \"bottom\"")
        guard let position = InAppBanner.Position(rawValue: rawPosition.lowercased()) else {
            throw InAppDrop(key: "banner.position", path: "banner.position",
                            sentence: "`banner.position` must be \"top\" or \"bottom\" (any letter case); found \(InAppConfigParser.describe(d["position"]))")
        }
        var autoDismiss = 0.0
        if InAppConfigParser.present(d, "autoDismiss") != nil {
            let value = try number(d, "autoDismiss", "banner.autoDismiss", want: "a number of seconds above 0 (leave it out to keep the banner until it is dismissed)")
            guard value.isFinite, value > 0 else {
                throw InAppDrop(key: "banner.autoDismiss", path: "banner.autoDismiss",
                                sentence: "`banner.autoDismiss` must be a number of seconds above 0 (leave it out to keep the banner until it is dismissed); found \(InAppConfigParser.describe(d["autoDismiss"]))")
            }
            autoDismiss = value
        } else {
            warn("banner.autoDismiss", "absent, so the banner stays on screen until it is tapped, swiped or closed")
        }
        return InAppBanner(position: position, autoDismiss: autoDismiss,
                           image: try optionalURL(d, "image", "banner.image"),
                           title: try optionalText(d, "title", "banner.title"),
                           message: try optionalText(d, "message", "banner.message"),
                           background: try color(d, "background", "banner.background"),
                           action: try action(d["action"], "banner.action"),
                           showClose: try bool(d, "showClose", "banner.showClose"))
    }

    mutating func fullscreen(_ d: JSONObject) throws(InAppDrop) -> InAppFullscreen {
        checkSpelling(d, known: ["cover", "title", "message", "buttons", "showClose", "dark"], path: "fullscreen")
        let cover = try self.cover(d["cover"], "fullscreen.cover")
        return InAppFullscreen(cover: cover, title: try optionalText(d, "title", "fullscreen.title"),
                               message: try optionalText(d, "message", "fullscreen.message"),
                               buttons: try buttons(d, "fullscreen.buttons"),
                               showClose: try bool(d, "showClose", "fullscreen.showClose"))
    }

    mutating func video(_ d: JSONObject) throws(InAppDrop) -> InAppVideo {
        checkSpelling(d, known: ["url", "poster", "fallback", "title", "message", "buttons", "loop", "muted", "showClose", "dark"], path: "video")
        return InAppVideo(url: try url(d, "url", "video.url"),
                          poster: try optionalURL(d, "poster", "video.poster"),
                          fallback: try optionalURL(d, "fallback", "video.fallback"),
                          title: try optionalText(d, "title", "video.title"),
                          message: try optionalText(d, "message", "video.message"),
                          buttons: try buttons(d, "video.buttons"),
                          loop: try bool(d, "loop", "video.loop"),
                          muted: try bool(d, "muted", "video.muted"),
                          showClose: try bool(d, "showClose", "video.showClose"))
    }

    /// The pip's width range, as a fraction of the screen width.
    static let pipWidthRange = 0.15...0.70

    mutating func pip(_ d: JSONObject) throws(InAppDrop) -> InAppPip {
        checkSpelling(d, known: ["position", "width", "aspectRatio", "borderRadius", "url", "poster", "fallback", "loop", "muted", "action", "showClose", "dark"], path: "pip")
        let corners = InAppPip.Corner.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let rawPosition = try string(d, "position", "pip.position", want: "one of \(corners)")
        guard let position = InAppPip.Corner(rawValue: rawPosition.lowercased()) else {
            throw InAppDrop(key: "pip.position", path: "pip.position",
                            sentence: "`pip.position` must be one of \(corners) (any letter case); found \(InAppConfigParser.describe(d["position"]))")
        }
        let widthWant = "a number above 0: a percent of the screen width (above 1) or a fraction (up to 1)"
        let rawWidth = try number(d, "width", "pip.width", want: widthWant)
        guard rawWidth.isFinite, rawWidth > 0 else {
            throw InAppDrop(key: "pip.width", path: "pip.width", sentence: "`pip.width` must be \(widthWant); found \(InAppConfigParser.describe(d["width"]))")
        }
        let fraction = rawWidth > 1 ? rawWidth / 100 : rawWidth
        let width = min(max(fraction, InAppConfigParser.pipWidthRange.lowerBound), InAppConfigParser.pipWidthRange.upperBound)
        if width != fraction {
            let read = rawWidth > 1 ? "read as \(InAppConfigParser.number(rawWidth)) %" : "read as a fraction, \(InAppConfigParser.percent(fraction)) of the screen width"
            warn("pip.width", "\(InAppConfigParser.number(rawWidth)) is \(read); the SDK keeps the pip between 15 % and 70 % of the screen width, so it is \(InAppConfigParser.percent(width))")
        }
        let ratio = try number(d, "aspectRatio", "pip.aspectRatio", want: "a number above 0 (height ÷ width, e.g. 0.5625 for 16:9)")
        guard ratio.isFinite, ratio > 0 else {
            throw InAppDrop(key: "pip.aspectRatio", path: "pip.aspectRatio",
                            sentence: "`pip.aspectRatio` must be a number above 0 (height ÷ width, e.g. 0.5625 for 16:9); found \(InAppConfigParser.describe(d["aspectRatio"]))")
        }
        var radius = 16.0
        if InAppConfigParser.present(d, "borderRadius") != nil {
            let r = try number(d, "borderRadius", "pip.borderRadius", want: "a number of points, 0 or more")
            guard r.isFinite, r >= 0 else {
                throw InAppDrop(key: "pip.borderRadius", path: "pip.borderRadius",
                                sentence: "`pip.borderRadius` must be a number of points, 0 or more; found \(InAppConfigParser.describe(d["borderRadius"]))")
            }
            radius = r
        }
        return InAppPip(position: position, width: width, aspectRatio: ratio, borderRadius: radius,
                        url: try url(d, "url", "pip.url"),
                        poster: try optionalURL(d, "poster", "pip.poster"),
                        fallback: try optionalURL(d, "fallback", "pip.fallback"),
                        loop: try bool(d, "loop", "pip.loop"),
                        muted: try bool(d, "muted", "pip.muted"),
                        action: try optionalAction(d, "action", "pip.action"),
                        showClose: try bool(d, "showClose", "pip.showClose"))
    }

    static let revealThresholdRange = 0.1...0.9

    mutating func scratchCard(_ d: JSONObject) throws(InAppDrop) -> InAppScratchCard {
        checkSpelling(d, known: ["revealThreshold", "cover", "background", "title", "message", "revealButton", "reward", "showClose", "dark"], path: "scratchcard")
        let want = "a number above 0 and at most 1 (the scratched fraction that reveals the prize)"
        let threshold = try number(d, "revealThreshold", "scratchcard.revealThreshold", want: want)
        guard threshold.isFinite, threshold > 0, threshold <= 1 else {
            throw InAppDrop(key: "scratchcard.revealThreshold", path: "scratchcard.revealThreshold",
                            sentence: "`scratchcard.revealThreshold` must be \(want); found \(InAppConfigParser.describe(d["revealThreshold"]))")
        }
        let clamped = min(max(threshold, InAppConfigParser.revealThresholdRange.lowerBound), InAppConfigParser.revealThresholdRange.upperBound)
        if clamped != threshold {
            warn("scratchcard.revealThreshold", "\(InAppConfigParser.number(threshold)) is outside the SDK's 0.1…0.9: the prize reveals at \(InAppConfigParser.number(clamped)) of the area scratched")
        }
        let cover = try self.cover(d["cover"], "scratchcard.cover")
        let background = try surface(d, "scratchcard.background")
        let title = try optionalText(d, "title", "scratchcard.title")
        let message = try optionalText(d, "message", "scratchcard.message")
        let revealButton = try optionalActionlessButton(d, "revealButton", "scratchcard.revealButton")
        let reward = try self.reward(d["reward"], "scratchcard.reward")
        return InAppScratchCard(revealThreshold: clamped, cover: cover, background: background, title: title, message: message,
                                revealButton: revealButton, reward: reward,
                                showClose: try bool(d, "showClose", "scratchcard.showClose"))
    }

    static let segmentCount = 2...12

    mutating func spinWheel(_ d: JSONObject) throws(InAppDrop) -> InAppSpinWheel {
        checkSpelling(d, known: ["segments", "winIndex", "background", "title", "message", "spinButton", "reward", "loseTitle", "showClose", "dark"], path: "spinwheel")
        let raw = d["segments"]
        // The count is checked before any segment is read, so a 10,000-segment wheel is refused at once.
        guard case .array(let list)? = raw, list.allSatisfy({ $0.objectValue != nil }) else {
            throw InAppDrop(key: "spinwheel.segments", path: "spinwheel.segments",
                            sentence: InAppConfigParser.expect("spinwheel.segments", "an array of segment objects", raw, elementsWant: "object"))
        }
        guard InAppConfigParser.segmentCount.contains(list.count) else {
            throw InAppDrop(key: "spinwheel.segments (2–12)", path: "spinwheel.segments",
                            sentence: "`spinwheel.segments` must hold 2 to 12 segments; found \(list.count)")
        }
        var segments: [InAppWheelSegment] = []
        for (i, value) in list.enumerated() {
            let s = value.objectValue ?? JSONObject()
            let p = "spinwheel.segments[\(i)]"
            checkSpelling(s, known: ["message", "weight", "color", "reward"], path: p)
            let message = try text(s["message"], "\(p).message")
            let weight = try number(s, "weight", "\(p).weight", want: "a number, 0 or more")
            guard weight.isFinite, weight >= 0 else {
                throw InAppDrop(key: "\(p).weight", path: "\(p).weight", sentence: "`\(p).weight` must be a number, 0 or more; found \(InAppConfigParser.describe(s["weight"]))")
            }
            segments.append(InAppWheelSegment(message: message, weight: weight,
                                              color: try optionalColor(s, "color", "\(p).color"),
                                              reward: try optionalReward(s, "reward", "\(p).reward")))
        }
        let rawWin = try number(d, "winIndex", "spinwheel.winIndex", want: "the number of the winning segment, from 0")
        guard rawWin.isFinite else {
            throw InAppDrop(key: "spinwheel.winIndex", path: "spinwheel.winIndex",
                            sentence: "`spinwheel.winIndex` must be the number of the winning segment, from 0; found \(InAppConfigParser.describe(d["winIndex"]))")
        }
        let winIndex = Int(min(max(rawWin, 0), Double(segments.count - 1)))
        if Double(winIndex) != rawWin {
            warn("spinwheel.winIndex", "\(InAppConfigParser.number(rawWin)) is not a segment of this \(segments.count)-segment wheel (0…\(segments.count - 1)): the SDK clamps it, then drops the fraction, and the wheel stops on segment \(winIndex)")
        }
        let weights = Set(segments.map(\.weight))
        if weights.count > 1 {
            warn("spinwheel.segments", "the segments' `weight`s differ, but the SDK never draws by weight: the wheel always stops on `winIndex` (\(winIndex))")
        }
        let background = try surface(d, "spinwheel.background")
        let title = try optionalText(d, "title", "spinwheel.title")
        let message = try optionalText(d, "message", "spinwheel.message")
        let spinButton = try actionlessButton(d["spinButton"], "spinwheel.spinButton")
        let reward = try self.reward(d["reward"], "spinwheel.reward")
        let loseTitle = try optionalText(d, "loseTitle", "spinwheel.loseTitle")
        if loseTitle != nil {
            warn("spinwheel.loseTitle", "never shown: the wheel-level `reward` is required, so every segment has a prize and the SDK never shows a losing panel")
        }
        return InAppSpinWheel(segments: segments, winIndex: winIndex, background: background, title: title, message: message,
                              spinButton: spinButton, reward: reward, loseTitle: loseTitle,
                              showClose: try bool(d, "showClose", "spinwheel.showClose"))
    }

    /// The SDK's forced close chip (each view's `buildUI`): a warning where `showClose: false` is not what shows.
    static func forcedChipWarnings(_ content: InAppContent) -> [Diagnostic] {
        let p = "\(content.layout.rawValue).showClose"
        let noWayOut = "false, but with no buttons the SDK shows the close chip anyway (there would be no way out)"
        switch content {
        case .modal(let c) where !c.showClose && c.buttons.isEmpty:
            return [Diagnostic(path: p, noWayOut)]
        case .fullscreen(let f) where !f.showClose && f.buttons.isEmpty:
            return [Diagnostic(path: p, noWayOut)]
        case .video(let v) where !v.showClose && v.buttons.isEmpty:
            return [Diagnostic(path: p, noWayOut)]
        case .carousel(let c) where !c.showClose:
            return [Diagnostic(path: p, "false is ignored: the carousel always shows its close chip")]
        case .pip(let v) where !v.showClose:
            return [Diagnostic(path: p, "false is ignored: the pip always shows its close chip")]
        case .scratchcard(let s) where !s.showClose && s.reward.button == nil:
            return [Diagnostic(path: p, "false, but the reward has no button, so the SDK shows the close chip anyway (there would be no way out)")]
        case .spinwheel(let w) where !w.showClose && w.resolvedReward.button == nil:
            let which = w.segments[w.winIndex].reward != nil ? "segment \(w.winIndex)'s reward" : "the reward"
            return [Diagnostic(path: p, "false, but \(which) (the prize the wheel lands on) has no button, so the SDK shows the close chip anyway (there would be no way out)")]
        default:
            return []
        }
    }
}
