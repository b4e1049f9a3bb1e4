// Which card a message gets: forced kind, displayType lookup, the image/title heuristic and the degrade rules (spec §3.4).

import Foundation

public enum InboxCellKind: String, Sendable, Equatable, CaseIterable {
    case banner, captioned, classic, carousel, video, wallet
    /// Registered as the classic cell; used for kinds that are not registered.
    case `default`

    /// Only captioned and classic cells render inline buttons (spec §3.5).
    public var rendersButtons: Bool { self == .captioned || self == .classic || self == .default }

    /// The kind named `rawValue` exactly. Written out: the synthesized lookup compares the name with every case in
    /// turn, and `validate` asks for each message's kind several times (2 % of checking a 100,000-message feed).
    public init?(rawValue: String) {
        switch rawValue.utf8.count {
        case 5: if rawValue == "video" { self = .video; return }
        case 6:
            if rawValue == "banner" { self = .banner; return }
            if rawValue == "wallet" { self = .wallet; return }
        case 7:
            if rawValue == "classic" { self = .classic; return }
            if rawValue == "default" { self = .default; return }
        case 8: if rawValue == "carousel" { self = .carousel; return }
        case 9: if rawValue == "captioned" { self = .captioned; return }
        default: break
        }
        return nil
    }
}

/// A resolver downgrade, logged by the SDK as "Inbox cell degraded — … X→Y (reason)".
public struct InboxDegrade: Sendable, Equatable {
    public var code: String
    public var from: InboxCellKind
    public var to: InboxCellKind
    public var reason: String

    public var event: Event {
        Event("degrade", ["code": .string(code), "from": .string(from.rawValue), "to": .string(to.rawValue), "reason": .string(reason)])
    }
}

public struct InboxCellResolution: Sendable, Equatable {
    public var kind: InboxCellKind
    /// The displayType the payload asked for (lowercased), if any.
    public var displayType: String?
    public var degrade: InboxDegrade?
    public var forced: Bool
}

public enum InboxCellResolver {
    /// `forceCellKind` wins outright and skips the degrade rules; otherwise displayType, heuristic, degrade, by the
    /// rules of `sdk`.
    public static func resolve(_ m: InboxMessage, forceCellKind: InboxCellKind? = nil, sdk: SDKVersion = .newest) -> InboxCellResolution {
        resolve(m, params: m.params, forceCellKind: forceCellKind, sdk: sdk)
    }

    /// The same with the message's parameters already parsed (`m.params`), for code that resolves one message
    /// several times (validate compares releases).
    public static func resolve(_ m: InboxMessage, params p: InboxMessage.Params, forceCellKind: InboxCellKind? = nil,
                               sdk: SDKVersion = .newest) -> InboxCellResolution {
        resolve(code: m.code, title: m.title, body: m.message, p, forceCellKind: forceCellKind,
                imageURL: heroURL(imageUrl: m.imageUrl, p, sdk: sdk), sdk: sdk)
    }

    /// The same from the fields it reads, with the message's parameters parsed and the hero looked up by the caller
    /// (given a whole message, the optimizer copied it: a retain of each of its strings per row).
    static func resolve(code: String, title: String?, body: String?, _ p: InboxMessage.Params, forceCellKind: InboxCellKind?,
                        imageURL: String?, sdk: SDKVersion) -> InboxCellResolution {
        if forceCellKind != nil {
            return resolve(code: code, title: title, body: body, forceCellKind: forceCellKind, imageURL: imageURL, displayType: nil,
                           sdk: sdk) { _ in true }
        }
        return resolve(code: code, title: title, body: body, forceCellKind: nil, imageURL: imageURL,
                       displayType: readDisplayType(p.actionParams, userData: p.userData), sdk: sdk) { richCardDecodes($0, p) }
    }

    /// Whether the rich card of `kind` (carousel, video, wallet) can be built from the parameters; true for the
    /// other kinds, which need nothing from them.
    static func richCardDecodes(_ kind: InboxCellKind, _ p: InboxMessage.Params) -> Bool {
        switch kind {
        case .carousel: return !InboxCarouselSlide.decode(p).isEmpty
        case .video: return InboxVideoContent.decode(p) != nil
        case .wallet: return InboxWalletPass.decode(p) != nil
        default: return true
        }
    }

    /// The resolution from what it reads of the parameters: the displayType and whether a rich card decodes
    /// (asked only for the kind requested). `defaultCellKindResolver` in `PushwooshInboxKitAttributes.swift`:
    /// up to 7.2.5 an image and a title make a captioned card and only a missing image (or slide) degrades; from
    /// 7.2.6 (`93694e4`) captioned and carousel cards also need a title and a body ("no title/body").
    static func resolve(code: String, title: String?, body: String?, forceCellKind: InboxCellKind?, imageURL: String?,
                        displayType: String?, sdk: SDKVersion, decodes: (InboxCellKind) -> Bool) -> InboxCellResolution {
        if let forced = forceCellKind {
            return InboxCellResolution(kind: forced, displayType: nil, degrade: nil, forced: true)
        }
        let hasImage = imageURL != nil
        let hasTitle = !(title ?? "").isEmpty
        let needsText = sdk.inboxRichCardsNeedBody
        let hasText = hasTitle && !(body ?? "").isEmpty
        let requested: InboxCellKind
        if let d = displayType, let k = InboxCellKind(rawValue: d), k != .default {
            requested = k
        } else if hasImage {
            requested = !hasTitle ? .banner : (!needsText || hasText) ? .captioned : .classic
        } else {
            requested = .classic
        }
        var reason: String?
        switch requested {
        case .banner:
            if !hasImage { reason = "no image" }
        case .captioned:
            if !hasImage { reason = "no image" } else if needsText && !hasText { reason = "no title/body" }
        case .carousel:
            if needsText && !hasText { reason = "no title/body" }
            else if !decodes(.carousel) { reason = "no decodable carousel slides" }
        case .video:
            if !decodes(.video) { reason = "no valid video descriptor (video.url must be http or https)" }
        case .wallet:
            if !decodes(.wallet) { reason = "no valid wallet pass URL (http or https)" }
        case .classic, .default:
            break
        }
        if let reason {
            return InboxCellResolution(kind: .classic, displayType: displayType,
                                       degrade: InboxDegrade(code: code, from: requested, to: .classic, reason: reason), forced: false)
        }
        return InboxCellResolution(kind: requested, displayType: displayType, degrade: nil, forced: false)
    }

    /// Root `displayType` string (lowercased; wins even when not a valid kind), then `u` as a dictionary,
    /// then `u` as a JSON string, then `userdata`.
    public static func readDisplayType(_ p: JSONObject?, userData: JSONObject?) -> String? {
        guard let p else { return nil }
        if let s = p["displayType"]?.stringValue { return s.lowercased() }
        // `u` as a dictionary, then as a JSON string (parsed once into `userData`).
        if let u = userData, let s = u["displayType"]?.stringValue { return s.lowercased() }
        if let ud = p["userdata"]?.objectValue, let s = ud["displayType"]?.stringValue { return s.lowercased() }
        return nil
    }

    /// The hero of a banner or captioned card, which also decides "has image" for the resolver. From 7.2.5
    /// (`resolvedBannerURL(from:)` in `PushwooshInboxKitAttributes.swift`, `5741657`): the first of
    /// `actionParams.attachment` and `actionParams.b` (Android's key) that is a string starting with `http://` or
    /// `https://`, else the icon chain (`resolvedImageURL`). Before 7.2.5 the hero is the icon chain.
    public static func heroURL(_ m: InboxMessage, sdk: SDKVersion) -> String? {
        heroURL(imageUrl: m.imageUrl, m.params, sdk: sdk)
    }

    static func heroURL(imageUrl: String?, _ p: InboxMessage.Params, sdk: SDKVersion) -> String? {
        if sdk.inboxHeroFromAttachment, let a = attachmentHero(p.actionParams) { return a }
        return resolvedImageURL(imageUrl: imageUrl, p)
    }

    /// `attachment`, then `b`: the first that is a string starting with `http://` or `https://` (case-sensitive, as
    /// `hasPrefix`).
    public static func attachmentHero(_ p: JSONObject?) -> String? {
        guard let p else { return nil }
        for key in ["attachment", "b"] {
            if let s = p[key]?.stringValue, s.hasPrefix("http://") || s.hasPrefix("https://") { return s }
        }
        return nil
    }

    /// The message's icon (the hero too, before 7.2.5): `imageUrl`, then `actionParams.image`, then `u.image`;
    /// never `userdata`.
    public static func resolvedImageURL(_ m: InboxMessage) -> String? {
        if let s = m.imageUrl, !s.isEmpty { return s }  // the parameters are parsed only when needed
        return resolvedImageURL(imageUrl: nil, m.params)
    }

    /// The same with the parameters already parsed.
    public static func resolvedImageURL(_ m: InboxMessage, params: InboxMessage.Params) -> String? {
        resolvedImageURL(imageUrl: m.imageUrl, params)
    }

    /// The same from the fields it reads: given a whole message, the optimizer copies all of it first (a dozen
    /// retains), which shows on a 100,000-message load.
    static func resolvedImageURL(imageUrl: String?, _ p: InboxMessage.Params) -> String? {
        if let s = imageUrl, !s.isEmpty { return s }
        if let s = p.actionParams?["image"]?.stringValue, !s.isEmpty { return s }
        if let s = p.userData?["image"]?.stringValue, !s.isEmpty { return s }
        return nil
    }

    /// Pinned: root `pinned`, then `u.pinned`, then `userdata.pinned`; the first boolean or number found decides
    /// (even when false; non-zero = pinned). Any other value (the string "true", null) is not read as Bool or
    /// NSNumber by the SDK, so it decides nothing and the next place is looked at.
    public static func isPinned(_ m: InboxMessage) -> Bool {
        m.isPinned
    }

    /// The same from the parsed parameters.
    static func isPinned(_ params: InboxMessage.Params) -> Bool {
        guard let p = params.actionParams else { return false }
        if let v = p["pinned"]?.numberValue { return pinValue(v) }
        if let v = params.userData?["pinned"]?.numberValue { return pinValue(v) }
        if let v = p["userdata"]?["pinned"]?.numberValue { return pinValue(v) }
        return false
    }

    /// A Bool or NSNumber as `boolValue` reads it.
    static func pinValue(_ n: Double) -> Bool { n != 0 && !n.isNaN }

    /// Looks a rich-card key up at the root, then in `u` (dictionary or JSON string); never in `userdata`. A root
    /// value the card cannot use (`accepts` says no: a carousel that is not an array, …) does not stop the lookup:
    /// the SDK casts the root value and moves on to `u` when the cast fails.
    static func richValue(_ key: String, _ params: InboxMessage.Params, accepts: (JSONValue) -> Bool) -> JSONValue? {
        guard let p = params.actionParams else { return nil }
        if let v = p[key], accepts(v) { return v }
        if let v = params.userData?[key], accepts(v) { return v }
        return nil
    }
}

/// A URL with a scheme, as `URL(string:)?.scheme != nil` would accept.
func inboxURLScheme(_ s: String) -> String? {
    // Fast path over bytes (every button and slide URL goes through here on load): the scheme is ASCII and the
    // first ':' byte is the first ':' character unless a non-ASCII scalar right after it joins it into one
    // grapheme, which the character-based path below handles.
    let utf8 = s.utf8
    if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
        let after = utf8.index(after: colon)
        if after == utf8.endIndex || utf8[after] < 0x80 {
            guard colon != utf8.startIndex else { return nil }
            var first = true
            for b in utf8[..<colon] {
                let alpha = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
                let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
                guard alpha || (!first && (digit || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "."))) else {
                    return nil
                }
                first = false
            }
            return String(s[..<colon]).lowercased()
        }
    }
    guard let colon = s.firstIndex(of: ":"), colon != s.startIndex else { return nil }
    let scheme = s[..<colon]
    guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return nil }
    for u in scheme.unicodeScalars where !(u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "+" || u == "-" || u == ".")) {
        return nil
    }
    return scheme.lowercased()
}

func isHTTPURL(_ s: String) -> Bool {
    let scheme = inboxURLScheme(s)
    return (scheme == "http" || scheme == "https") && s.count > scheme!.count + 3
}

/// One carousel slide: `{image (required, non-empty), title?, url? (scheme required)}`.
public struct InboxCarouselSlide: Sendable, Equatable {
    public var image: String
    public var title: String?
    public var url: String?

    public static func decode(_ m: InboxMessage, sdk: SDKVersion = .newest) -> [InboxCarouselSlide] { decode(m.params, sdk: sdk) }

    /// The slides in order, those without an image skipped (they take no place); from 7.2.6 reading stops at
    /// `maxSlides` (5, `PushwooshInboxCarouselSlide.swift@93694e4`; `SDKVersion.inboxCarouselMaxSlides`).
    public static func decode(_ p: InboxMessage.Params, sdk: SDKVersion = .newest) -> [InboxCarouselSlide] {
        guard let arr = InboxCellResolver.richValue("carousel", p, accepts: { $0.arrayValue != nil })?.arrayValue else { return [] }
        let limit = sdk.inboxCarouselMaxSlides ?? Int.max
        var slides: [InboxCarouselSlide] = []
        for item in arr {
            guard slides.count < limit else { break }
            guard let o = item.objectValue, let image = o["image"]?.stringValue, !image.isEmpty else { continue }
            var url = o["url"]?.stringValue
            if let u = url, inboxURLScheme(u) == nil { url = nil }
            let title = o["title"]?.stringValue
            slides.append(InboxCarouselSlide(image: image, title: (title?.isEmpty ?? true) ? nil : title, url: url))
        }
        return slides
    }
}

/// A video card: `{url (http/https only, required), poster?}`.
public struct InboxVideoContent: Sendable, Equatable {
    public var url: String
    public var poster: String?

    public static func decode(_ m: InboxMessage) -> InboxVideoContent? { decode(m.params) }

    public static func decode(_ p: InboxMessage.Params) -> InboxVideoContent? {
        // A root object decides even when its url is unusable; only a root value that is not an object falls to `u`.
        guard let o = InboxCellResolver.richValue("video", p, accepts: { $0.objectValue != nil })?.objectValue,
              let url = o["url"]?.stringValue, isHTTPURL(url) else { return nil }
        let poster = o["poster"]?.stringValue
        return InboxVideoContent(url: url, poster: (poster?.isEmpty ?? true) ? nil : poster)
    }
}

/// A wallet card: a string URL or `{pass: URL}`, http/https only.
public struct InboxWalletPass: Sendable, Equatable {
    public var url: String

    public static func decode(_ m: InboxMessage) -> InboxWalletPass? { decode(m.params) }

    public static func decode(_ p: InboxMessage.Params) -> InboxWalletPass? {
        // Unlike the carousel and the video, any root value without a usable pass URL falls through to `u`.
        guard let v = InboxCellResolver.richValue("wallet", p, accepts: { passURL($0) != nil }) else { return nil }
        return passURL(v).map(InboxWalletPass.init(url:))
    }

    /// A string URL or `{pass: URL}`, http/https only.
    static func passURL(_ v: JSONValue) -> String? {
        if let s = v.stringValue, isHTTPURL(s) { return s }
        if let s = v["pass"]?.stringValue, isHTTPURL(s) { return s }
        return nil
    }
}
