// `pushsim validate` for inbox feeds: where InboxKit's rules changed after 7.1.3, what the chosen SDK release does
// with a message, and what the other side of the change would do (pushwoosh-ios-sdk 7.2.5 `5741657`, 7.2.6 `93694e4`,
// 7.2.7 `b1518f7`).

import PushSimEngine

enum InboxReleaseValidation {
    typealias Item = InboxValidation.Item

    /// The release on the other side of the changes from `sdk`: 7.1.3 for a release with any of them (7.2.5 on), the
    /// newest for an older one.
    static func other(_ sdk: SDKVersion) -> SDKVersion { sdk.inboxHeroFromAttachment ? .v7_1_3 : .newest }

    /// `row`: the message's row on `sdk`, when the caller has it (each row resolved again was 3 % of a large feed).
    static func findings(_ m: InboxMessage, _ params: InboxMessage.Params? = nil, item: Item, sdk: SDKVersion,
                         row: InboxRow? = nil) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let params = params ?? m.params
        let p = params.actionParams ?? [:]
        out += nonStrings(p, item: item, sdk: sdk)
        out += hero(m, params, item: item, sdk: sdk)
        out += kindChange(m, params, item: item, sdk: sdk, mine: row?.kind)
        out += ownAction(m, params, item: item, sdk: sdk, row: row)
        if p["tabId"] != nil {
            out.append(Diagnostic(path: InboxValidation.paramPath(item, "tabId", inU: false).description,
                "is ignored: inbox tabs (SDK 7.3.0) have no published source, so pushsim shows every message in one list"))
        }
        return out
    }

    /// `l` and `attachment` that are not strings (`PWInboxMessageInternal.m`): 7.1.3 sends them `hasPrefix:`, which
    /// an NSNumber, NSArray, NSDictionary or NSNull does not answer, so the app stops with an unrecognised selector;
    /// from 7.2.2 they are read only as strings and otherwise ignored.
    static func nonStrings(_ p: JSONObject, item: Item, sdk: SDKVersion) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for key in ["l", "attachment"] {
            guard let v = p[key], v.stringValue == nil else { continue }
            let path = InboxValidation.paramPath(item, key, inU: false).description
            let what = key == "l" ? "the message has no link (type plain)" : "the message has no attachment"
            if sdk.inboxStringOnlyLinkAndAttachment {
                out.append(Diagnostic(path: path, "is \(v.quoted), not a string: SDK \(sdk) ignores it, so \(what); SDK 7.1.3 sends it hasPrefix: and the app crashes"))
            } else {
                out.append(Diagnostic(.error, path: path, "is \(v.quoted), not a string: SDK \(sdk) sends it hasPrefix: and the app crashes with an unrecognised selector when this feed loads, expired or not (from 7.2.2 it is ignored)"))
            }
        }
        return out
    }

    /// The hero from the push attachment (`resolvedBannerURL(from:)`, 7.2.5).
    static func hero(_ m: InboxMessage, _ params: InboxMessage.Params, item: Item, sdk: SDKVersion) -> [Diagnostic] {
        let p = params.actionParams ?? [:]
        var out: [Diagnostic] = []
        for key in ["attachment", "b"] {
            guard let s = p[key]?.stringValue, !s.hasPrefix("http://"), !s.hasPrefix("https://") else { continue }
            out.append(Diagnostic(path: InboxValidation.paramPath(item, key, inU: false).description,
                "\(JSONValue.string(s).quoted) is not an http:// or https:// URL, so no card shows it (from SDK 7.2.5 only those become the hero)"))
        }
        guard let attachment = InboxCellResolver.attachmentHero(p) else { return out }
        let key = p["attachment"]?.stringValue == attachment ? "attachment" : "b"
        let path = InboxValidation.paramPath(item, key, inU: false).description
        let icon = InboxCellResolver.resolvedImageURL(m, params: params)
        if sdk.inboxHeroFromAttachment {
            if let icon, icon != attachment {
                out.append(Diagnostic(path: path, "is the card's hero on SDK \(sdk) (7.2.5 and later), not \(JSONValue.string(icon).quoted), which becomes the round icon of a captioned card and a classic card's avatar; SDK 7.1.3 shows \(JSONValue.string(icon).quoted) and never this"))
            }
        } else {
            out.append(Diagnostic(path: path, "is not shown on SDK \(sdk): its cards show \(icon.map { JSONValue.string($0).quoted } ?? "no image"); from 7.2.5 it is the hero of banner and captioned cards"))
        }
        return out
    }

    /// A card that another release shows as a different kind (the hero counts as an image from 7.2.5; captioned and
    /// carousel cards need a title and a body from 7.2.6).
    static func kindChange(_ m: InboxMessage, _ params: InboxMessage.Params? = nil, item: Item, sdk: SDKVersion,
                           mine: InboxCellKind? = nil) -> [Diagnostic] {
        let p = params ?? m.params
        func kind(_ sdk: SDKVersion) -> InboxCellKind { InboxCellResolver.resolve(m, params: p, sdk: sdk).kind }
        let theirs = other(sdk)
        let mine = mine ?? kind(sdk), other = kind(theirs)
        guard mine != other else { return [] }
        // Which change makes the difference: the attachment hero (7.2.5), then the title-and-body rule (7.2.6).
        var causes: [String] = []
        if kind(.v7_1_3) != kind(.v7_2_5) {
            causes.append("from 7.2.5 the attachment counts as the card's image")
        }
        if kind(.v7_2_5) != kind(.v7_2_6) {
            causes.append("from 7.2.6 captioned and carousel cards need a title and a body")
        }
        let why = causes.isEmpty ? "" : ": " + causes.joined(separator: ", and ")
        return [Diagnostic(path: item.path.description,
            "shown as \(mine.rawValue) on SDK \(sdk), but as \(other.rawValue) on SDK \(theirs)\(why)")]
    }

    /// A message with its own action (`hasMessageAction`, 7.2.7): it owns every tap, so URL buttons, slide links and
    /// video or wallet cards run it instead of their own destination.
    static func ownAction(_ m: InboxMessage, _ params: InboxMessage.Params, item: Item, sdk: SDKVersion,
                          row: InboxRow? = nil) -> [Diagnostic] {
        guard InboxFeed.hasMessageAction(params.actionParams) else { return [] }
        let row = row ?? InboxRow(m, forceCellKind: nil, params: params, sdk: sdk)
        var owned: [String] = []
        let urlButtons = row.buttons.filter { if case .openURL = $0.action { return true } else { return false } }
        if !urlButtons.isEmpty && row.kind.rendersButtons {
            owned.append(urlButtons.map { JSONValue.string($0.title).quoted }.joined(separator: ", ") + " (URL button\(urlButtons.count == 1 ? "" : "s"))")
        }
        if row.kind == .carousel, InboxCarouselSlide.decode(params, sdk: sdk).contains(where: { $0.url != nil }) { owned.append("the slide links") }
        if row.kind == .video { owned.append("the video") }
        if row.kind == .wallet { owned.append("the wallet pass") }
        guard !owned.isEmpty else { return [] }
        let list = owned.joined(separator: " and ")
        let p = params.actionParams ?? [:]
        let key = p["rm"].map { $0 != .null } == true ? "rm" : ["l", "h", "r"].first { !(p[$0]?.stringValue ?? "").isEmpty } ?? "l"
        let own = p[key]?.stringValue.map { "\(key) \(JSONValue.string($0).quoted)" } ?? key
        let text = sdk.inboxMessageActionOwnsTaps
            ? "the message's own action (\(own)) owns every tap on SDK \(sdk): tapping \(list) runs it instead of their own destination (SDK 7.1.3 opens that)"
            : "the message has its own action (\(own)); from SDK 7.2.7 it owns every tap, so tapping \(list) would run it instead of their own destination"
        return [Diagnostic(path: item.path.description, text)]
    }
}
