// What each schema says: the keys pushsim's parsers read, with what the Pushwoosh iOS SDK does with each (its default,
// its limits), from the parsers in Sources/PushSimEngine and the SDK's source
// (github.com/Pushwoosh/pushwoosh-ios-sdk: PushwooshStories StoryPayloadParser, PushwooshInboxUI, PushwooshInApp's
// native templates) and https://docs.pushwoosh.com/developer/api-reference/messages-api/.

import PushSimEngine

extension PayloadSchema {
    // MARK: stories

    static var storyPage: JSONValue {
        object("One story page. The SDK skips a page without a usable image; keys other than these are ignored.", [
            ("image", string("The page's picture: a URL with a scheme (http: is refused by App Transport Security unless the app allows it). Required: a page without one is skipped.", pattern: withScheme, minLength: 1)),
            ("duration", number("Seconds the page shows. Default 5; not a number, 0 or less → 5; over \(JSONValue.formatNumber(StoryPage.maxDuration)) → \(JSONValue.formatNumber(StoryPage.maxDuration)) (clamped, with a warning from validate).", exclusiveMinimum: 0)),
            ("link", string("Opened by the page's button: a URL with a scheme (without one the SDK drops it and hides the button). Needs button_title beside it.", pattern: withScheme)),
            ("button_title", string("The button's label. Without a usable link beside it the SDK hides the button; an empty string counts as absent.")),
            ("title", string("The page's title over the picture; an empty string counts as absent.")),
            ("subtitle", string("The line under the title; an empty string counts as absent.")),
        ], required: ["image"])
    }

    static var storiesBlock: JSONValue {
        object("The pw_stories block: the SDK shows the notification body instead when it has no page with a usable image.", [
            ("pages", array("The pages in order. One entry that is not an object makes the SDK reject the whole array.", of: ref("page"), minItems: 1)),
        ], required: ["pages"], closed: false)
    }

    static var storiesSchema: JSONObject {
        let userInfo = object("An APNs userInfo as the device receives it: pw_stories at the root wins, then in u, then in userdata (an object or a JSON string).", [
            ("aps", object("The APNs dictionary. aps.category must be a category the app's content extension claims (PW_STORIES), or iOS expands the notification itself; mutable-content 1 lets the service extension pre-cache the pages.", [
                ("alert", anyOf("The notification's text: the body shown when there are no stories.", [
                    string("The body."),
                    object("Title and body.", [("title", string("The title.")), ("body", string("The body, shown when there are no stories."))], closed: false),
                ])),
                ("category", string("The notification category; the stories content extension claims PW_STORIES.")),
                ("mutable-content", number("1: the service extension runs and pre-caches the pages' images.", integer: true)),
            ], closed: false)),
            ("pw_stories", ref("block")),
            ("u", anyOf("Custom data: an object or a JSON string holding pw_stories.", [string("JSON text."), object("Custom data.", [("pw_stories", ref("block"))], closed: false)])),
            ("userdata", anyOf("Custom data (older form): an object or a JSON string holding pw_stories.", [string("JSON text."), object("Custom data.", [("pw_stories", ref("block"))], closed: false)])),
        ], required: ["aps"], closed: false)
        let notification = object("One notification of a Messages API createMessage request: data becomes u, ios_root_params the userInfo's root, ios_title and content aps.alert, ios_category_custom aps.category.", [
            ("content", anyOf("The body (a string, or an object of language → text).", [string("The body."), object("Language → body.", [], closed: false)])),
            ("ios_title", anyOf("The title (a string, or language → text).", [string("The title."), object("Language → title.", [], closed: false)])),
            ("ios_category_custom", string("Becomes aps.category: PW_STORIES for the stories content extension.")),
            ("data", object("Custom data, delivered as u.", [("pw_stories", ref("block"))], closed: false)),
            ("ios_root_params", object("Keys put at the userInfo's root (aps among them).", [("pw_stories", ref("block"))], closed: false)),
        ], closed: false, anyRequired: ["content", "data", "ios_root_params"])
        let request = object("A Messages API createMessage request; the first notification is previewed unless --notification says otherwise.", [
            ("request", object("The request.", [
                ("application", string("The Pushwoosh application code.")),
                ("auth", string("The API access token.")),
                ("notifications", array("The notifications to send.", of: ref("notification"), minItems: 1)),
            ], required: ["notifications"], closed: false)),
        ], required: ["request"], closed: false)
        return [
            "description": "Any of: a createMessage request, one notification of one, an APNs userInfo, or the bare pw_stories block.",
            "anyOf": [
                ["$ref": "#/$defs/request"], ["$ref": "#/$defs/notification"], ["$ref": "#/$defs/userInfo"], ["$ref": "#/$defs/block"],
            ],
            "$defs": .object(["page": storyPage, "block": storiesBlock, "userInfo": userInfo, "notification": notification, "request": request]),
        ]
    }

    // MARK: inbox

    static var inboxSchema: JSONObject {
        let message = object("One message of a getInboxMessages response, as InboxKit reads it. Missing inbox_id, order, rt, text, action_type or status: the message is skipped.", [
            ("inbox_id", string("The message's code, unique in the feed.")),
            ("order", string("The sort key (a numeric string): higher first, pinned messages above the rest.")),
            ("send_date", number("When it was sent: Unix seconds.")),
            ("rt", number("When it expires: Unix seconds; an expired message is not shown.")),
            ("title", string("The title.")),
            ("text", string("The body.")),
            ("image", string("A picture URL (or a path relative to the file for pushsim); a captioned or banner cell shows it.")),
            ("action_type", number("0: plain, 1: open a URL (action_params.l), 2: rich media.", integer: true)),
            ("action_params", anyOf("The push's parameters: a JSON string (as the server sends it) or an object; u holds displayType, buttons and pinned.", [string("JSON text."), object("Parameters.", [], closed: false)])),
            ("status", number("1: unread, 2: read, 3: deleted.", integer: true)),
            ("hash", string("The push hash, for open statistics.")),
        ], required: ["inbox_id", "order", "rt", "text", "action_type", "status"], closed: false)
        let push = object("An APNs inbox push: pw_inbox names the message, inbox_params holds its dates and image.", [
            ("aps", object("The APNs dictionary.", [], closed: false)),
            ("pw_inbox", string("The inbox message code.")),
            ("inbox_params", object("The inbox message's parameters.", [], closed: false)),
        ], required: ["pw_inbox"], closed: false)
        let notification = object("A createMessage notification; one with inbox_image, inbox_date or inbox_days becomes an inbox message.", [
            ("content", anyOf("The body.", [string("The body."), object("Language → body.", [], closed: false)])),
            ("inbox_image", string("The inbox message's picture URL.")),
            ("inbox_date", string("The day the message leaves the inbox (YYYY-MM-DD).", pattern: "^\\d{4}-\\d{2}-\\d{2}")),
            ("inbox_days", number("How many days the message stays in the inbox.", minimum: 1, integer: true)),
        ], closed: false)
        return [
            "description": "Any of: a getInboxMessages response (with or without response), a bare array of its messages, APNs inbox pushes (one or an array), or a createMessage request.",
            "anyOf": [
                object("A getInboxMessages response.", [("response", object("The response.", [("messages", array("The messages.", of: ref("message")))], closed: false))], required: ["response"], closed: false),
                object("A response without its wrapper.", [("messages", array("The messages.", of: ref("message")))], required: ["messages"], closed: false),
                array("A bare array of messages or pushes.", of: ["anyOf": [ref("message"), ref("push"),
                    object("Another APNs push: skipped with a warning (it is not for the inbox).", [("aps", object("The APNs dictionary.", [], closed: false))], required: ["aps"], closed: false)]]),
                ref("push"),
                object("A createMessage request.", [("request", object("The request.", [("notifications", array("The notifications.", of: ref("notification")))], closed: false))], required: ["request"], closed: false),
            ],
            "$defs": .object(["message": message, "push": push, "notification": notification]),
        ]
    }

    // MARK: primer, banner

    static var primerSchema: JSONObject {
        var properties: [(String, JSONValue)] = []
        for key in PrimerConfigKey.allCases {
            let description = "PWPushPrimerBuilder's \(key.rawValue) setter: \(key.allowed)."
            let value: JSONValue
            switch key {
            case .style: value = string(description, oneOf: ["alert", "sheet"])
            case .position: value = string(description, oneOf: ["bottom", "top", "center"])
            case .backgroundGradient: value = array(description, of: string("A colour #RRGGBB.", pattern: hexColor))
            case .cornerRadius, .buttonCornerRadius, .minInterval: value = number(description, minimum: 0)
            case .fallbackToSettings: value = boolean(description)
            case .backgroundColor, .titleColor, .messageColor, .acceptButtonColor, .acceptButtonTextColor,
                 .declineButtonColor, .declineButtonTextColor, .buttonBorderColor:
                value = string(description, pattern: hexColor)
            default: value = string(description)
            }
            // null leaves the setter's default.
            properties.append((key.rawValue, ["anyOf": [value, ["type": "null"]]]))
        }
        guard case .object(let o) = object("A push primer config: keys are the builder's setter names; pushsim primer refuses any other key.", properties) else { return [:] }
        return o
    }

    static var bannerSchema: JSONObject {
        guard case .object(let o) = object("An in-app banner (pushsim notify, pushsim inapp): other keys are ignored with a warning.", [
            ("id", ["description": "The banner's id (a number is read as its decimal text); absent or empty: b1, b2, … in arrival order.", "type": ["string", "number"]]),
            ("title", string("The bold first line; a banner needs a title or a body.")),
            ("body", string("The text under the title.")),
            ("link", string("Opened when the banner is tapped: a URL with a scheme (without one a tap opens nothing).", pattern: withScheme)),
            ("duration", number("Seconds on screen before it slides away (above 0).", exclusiveMinimum: 0)),
            ("image", string("An icon: a URL or a path relative to the file.")),
        ], closed: false) else { return [:] }
        return o
    }

    // MARK: native in-app

    static var inappDefs: [(String, JSONValue)] {
        let color = string("A CSS hex colour #RGB, #RGBA, #RRGGBB or #RRGGBBAA (alpha last); without the leading # the SDK drops the message.", pattern: hexColor)
        let darkOverlay = object("The dark overlay: the same keys as this block, whose colours and pictures replace these when the phone is in dark mode (InAppDarkOverlay: visual keys only, buttons and items by position).", [], closed: false)
        let showClose = boolean("Shows the × button (a JSON boolean; required).")
        func card(_ what: String) -> JSONValue {
            object("The \(what) template's settings.", [
                ("background", ref("color", "The card's colour.")), ("title", ref("text")), ("message", ref("text")),
                ("image", ref("link", "A picture over the text.")),
                ("showClose", boolean("Shows the × button. Without it and without buttons the message cannot be closed.")),
                ("buttons", ref("buttons")), ("dimBackground", boolean("Dims the app behind the card.")), ("dark", ref("dark")),
            ], required: ["background", "showClose", "buttons", "dimBackground"])
        }
        return [
            ("color", color),
            ("link", string("A link: a URL, or a path inside the campaign ZIP or relative to the file. An empty string drops the message; one the SDK cannot parse is left out.", minLength: 1)),
            ("surface", anyOf("A colour, or a non-empty array of colours (a gradient).", [ref("color"), array("Gradient stops.", of: ref("color"), minItems: 1)])),
            ("dark", darkOverlay),
            ("text", object("A text and its colour; a missing or empty text drops the message.", [
                ("text", string("The text.", minLength: 1)), ("color", ref("color", "Its colour.")),
            ], required: ["text", "color"])),
            ("action", object("What a tap does: {type: close} or {type: url, url}; type in any letter case.", [
                ("type", anyCase("close or url.", ["close", "url"])), ("url", string("The link for type url (non-empty).", minLength: 1)),
            ], required: ["type"])),
            ("button", object("A button: every key is required.", [
                ("text", ref("text")), ("background", ref("color", "The button's colour.")),
                ("border", object("The button's border.", [("color", ref("color")), ("radius", number("Corner radius in points, 0 or more.", minimum: 0))], required: ["color", "radius"])),
                ("action", ref("action")),
            ], required: ["text", "background", "border", "action"])),
            ("actionlessButton", object("A button that spins the wheel or reveals the prize: its action is ignored.", [
                ("text", ref("text")), ("background", ref("color", "The button's colour.")),
                ("border", object("The button's border.", [("color", ref("color")), ("radius", number("Corner radius in points, 0 or more.", minimum: 0))], required: ["color", "radius"])),
                ("action", ref("action", "Ignored (with a warning).")),
            ], required: ["text", "background", "border"])),
            ("buttons", array("Buttons (required; may be empty, []).", of: ref("button"))),
            ("cover", object("A cover: {background, image}.", [("background", ref("color")), ("image", ref("link", "A picture on the cover."))], required: ["background"])),
            ("reward", object("A prize: a title or a non-empty code (at least one), a button with a real action, a message.", [
                ("title", ref("text", "The prize's title.")), ("code", string("A promo code.")), ("message", ref("text", "A line under it.")), ("button", ref("button")),
            ], anyRequired: ["title", "code"])),
            ("modal", card("modal")),
            ("sheet", card("sheet")),
            ("carousel", object("The carousel template's settings.", [
                ("showClose", boolean("Shows the × button (required).")),
                ("items", array("The slides (at least one object).", of: object("A slide.", [
                    ("image", ref("link", "The slide's picture.")), ("title", ref("text")), ("message", ref("text")), ("action", ref("action")),
                ]), minItems: 1)),
                ("dark", ref("dark")),
            ], required: ["showClose", "items"])),
            ("stories", object("The stories template's settings.", [
                ("showClose", showClose), ("loop", boolean("Starts again after the last slide (required).")),
                ("items", array("The slides (at least one object).", of: object("A slide.", [
                    ("duration", number("Seconds the slide shows, above 0; over 30 (PWInAppStoryItem.maxDuration) the SDK clamps it to 30.", exclusiveMinimum: 0)),
                    ("image", ref("link", "The slide's picture.")), ("title", ref("text")), ("message", ref("text")), ("buttons", ref("buttons")),
                ]), minItems: 1)),
                ("dark", ref("dark")),
            ], required: ["showClose", "loop", "items"])),
            ("banner", object("The banner template's settings.", [
                ("position", anyCase("Where the banner shows, in any letter case.", ["top", "bottom"])),
                ("autoDismiss", number("Seconds before it goes (above 0); absent: it stays until tapped, swiped or closed.", exclusiveMinimum: 0)),
                ("image", ref("link", "An icon.")), ("title", ref("text")), ("message", ref("text")),
                ("background", ref("color")), ("action", ref("action")), ("showClose", showClose), ("dark", ref("dark")),
            ], required: ["position", "background", "action", "showClose"])),
            ("fullscreen", object("The fullscreen template's settings.", [
                ("cover", ref("cover")), ("title", ref("text")), ("message", ref("text")),
                ("buttons", ref("buttons")), ("showClose", showClose), ("dark", ref("dark")),
            ], required: ["cover", "buttons", "showClose"])),
            ("video", object("The video template's settings.", [
                ("url", ref("link", "The video (required; one the SDK cannot parse drops the message).")), ("poster", ref("link", "A picture shown before it plays.")),
                ("fallback", ref("link", "A picture when the video cannot play.")),
                ("title", ref("text")), ("message", ref("text")), ("buttons", ref("buttons")),
                ("loop", boolean("Plays again at the end (required).")), ("muted", boolean("Starts without sound (required).")),
                ("showClose", showClose), ("dark", ref("dark")),
            ], required: ["url", "buttons", "loop", "muted", "showClose"])),
            ("pip", object("The picture-in-picture template's settings.", [
                ("position", anyCase("The corner it floats in, in any letter case.", InAppPip.Corner.allCases.map(\.rawValue))),
                ("width", number("Its width: a percent of the screen width (above 1) or a fraction (up to 1); the SDK keeps it between 15 % and 70 %.", exclusiveMinimum: 0)),
                ("aspectRatio", number("Height ÷ width, above 0 (0.5625 for 16:9).", exclusiveMinimum: 0)),
                ("borderRadius", number("Corner radius in points, 0 or more (default 16).", minimum: 0)),
                ("url", ref("link", "The video (required).")), ("poster", ref("link", "A picture before it plays.")),
                ("fallback", ref("link", "A picture when the video cannot play.")),
                ("loop", boolean("Plays again at the end (required).")), ("muted", boolean("Starts without sound (required).")),
                ("action", ref("action")), ("showClose", showClose), ("dark", ref("dark")),
            ], required: ["position", "width", "aspectRatio", "url", "loop", "muted", "showClose"])),
            ("scratchcard", object("The scratch card template's settings.", [
                ("revealThreshold", number("The share scratched that reveals the prize: above 0, at most 1; the SDK keeps it within 0.1…0.9.", exclusiveMinimum: 0, maximum: 1)),
                ("cover", ref("cover")), ("background", ref("surface")), ("title", ref("text")), ("message", ref("text")),
                ("revealButton", ref("actionlessButton")), ("reward", ref("reward")), ("showClose", showClose), ("dark", ref("dark")),
            ], required: ["revealThreshold", "cover", "background", "reward", "showClose"])),
            ("spinwheel", object("The spin wheel template's settings.", [
                ("segments", ["description": "The wheel's segments: 2 to 12 objects.", "type": "array", "minItems": 2, "maxItems": 12, "items": object("A segment.", [
                    ("message", ref("text", "Its label.")), ("weight", number("A number, 0 or more (the SDK never draws by weight: the wheel stops on winIndex).", minimum: 0)),
                    ("color", ref("color")), ("reward", ref("reward")),
                ], required: ["message", "weight"])]),
                ("winIndex", number("The segment the wheel stops on, from 0 (clamped to the wheel, the fraction dropped).")),
                ("background", ref("surface")), ("title", ref("text")), ("message", ref("text")),
                ("spinButton", ref("actionlessButton")), ("reward", ref("reward")),
                ("loseTitle", ref("text", "Never shown: the wheel-level reward is required, so every segment has a prize.")),
                ("showClose", showClose), ("dark", ref("dark")),
            ], required: ["segments", "winIndex", "background", "spinButton", "reward", "showClose"])),
        ]
    }

    /// The envelope's numbers: a JSON number, or a string that reads as one (PWInAppConfigParser's envelopeNumber).
    static func envelopeNumber(_ description: String) -> JSONValue {
        anyOf(description, [["type": "number"], ["type": "string", "pattern": "^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$"]])
    }

    static var inappSchema: JSONObject {
        let layouts = InAppLayout.allCases.map(\.rawValue)
        var properties: [(String, JSONValue)] = [
            ("displayType", anyCase("The template, in any letter case; its settings are the block of that name in lower case.", layouts)),
            ("inAppId", ["description": "The message's id, which display caps count by (a number is read as its decimal text; a campaign ZIP's name when absent).", "type": ["string", "number"]]),
            ("maxDisplays", envelopeNumber("How many times the message may show (truncated to a whole number); enforced only with an inAppId.")),
            ("cooldown", envelopeNumber("Seconds between two displays; enforced only with an inAppId.")),
            ("expireDate", envelopeNumber("Unix seconds after which the SDK never shows the message; wins over ttl.")),
            ("ttl", envelopeNumber("Seconds the message stays valid after it arrives (above 0; ignored beside expireDate).")),
        ]
        for layout in layouts { properties.append((layout, ref(layout))) }
        // The block named after displayType must be there: without it the SDK drops the message.
        let blockRequired: [JSONValue] = layouts.map { layout in
            ["if": ["properties": ["displayType": ["type": "string", "pattern": .string(anyCasePattern([layout]))]], "required": ["displayType"]],
             "then": ["required": .array([.string(layout)])]]
        }
        guard case .object(var o) = object("A native in-app config (native-config.json): displayType names the template, whose block holds its settings. Keys the SDK does not read are ignored with a warning.", properties, required: ["displayType"]) else { return [:] }
        o["allOf"] = .array(blockRequired)
        o["$defs"] = .object(JSONObject(inappDefs))
        return o
    }

    // MARK: tags

    static var tagsSchema: JSONObject {
        let value: JSONValue = ["description": "A tag's value: a string, number, boolean, date string or list.", "type": ["string", "number", "boolean", "array", "null"]]
        let plain: JSONValue = ["type": "object", "description": "Tag name → value.", "additionalProperties": value]
        let identifiers: [(String, JSONValue)] = [("hwid", string("The device's hardware id (names the device; not a tag).")),
                                                  ("user_id", string("The device's user id (names the device; not a tag).")),
                                                  ("push_token", string("The device's push token (names the device; not a tag)."))]
        let device: JSONValue = ["anyOf": [
            ["$ref": "#/$defs/plain"],
            object("A getTags response.", [("response", object("The response.", [("result", ref("plain"))], required: ["result"], closed: false))], required: ["response"], closed: false),
            object("A setTags request (one device) or a bulkSetTags request (a device per entry).", [("request", object("The request: its tags, or its devices.", [
                ("tags", ref("plain")),
                ("devices", array("bulkSetTags: one device per entry.", of: object("A device: its tags (its hwid, user_id or push_token only name it).", identifiers + [("tags", ref("plain"))], required: ["tags"], closed: false))),
            ], closed: false, anyRequired: ["tags", "devices"]))], required: ["request"], closed: false),
            object("A device with its tags: tags beside its hwid, user_id or push_token.", identifiers + [("tags", ref("plain"))], required: ["tags"], closed: false, anyRequired: ["hwid", "user_id", "push_token"]),
        ]]
        return [
            "description": "The device's tags for personalisation: one device (a plain object, a getTags response, a setTags request or a device with its tags), a bulkSetTags request (a device per entry), or an array of them, one device each.",
            "anyOf": [["$ref": "#/$defs/device"], ["type": "array", "items": ["$ref": "#/$defs/device"]]],
            "$defs": ["plain": plain, "device": device],
        ]
    }

    /// A campaign ZIP's `pushwoosh.json`, as the SDK's Core reads it for `{{key|type|default}}` placeholders
    /// (`PWResource.m`, pushwoosh-ios-sdk 7.2.x; docs.pushwoosh.com/developer/guides/content/rich-media-templates-syntax):
    /// `localization` keyed by language, and `default_language` for a device whose language has no section.
    static var pushwooshSchema: JSONObject {
        let text: JSONValue = ["description": "The text a {{key|type|default}} placeholder becomes (a localised string may hold {Tag|Modifier|Default} tags, filled later in the same pass).",
                               "type": ["string", "number", "boolean"]]
        let section: JSONValue = ["type": "object", "description": "Placeholder key → its text in this language.", "additionalProperties": text]
        return [
            "description": "A campaign resource ZIP's pushwoosh.json: the localisation of its {{key|type|default}} placeholders. The device's language (its first two letters) picks a section, else default_language's; a key no section has takes the placeholder's default.",
            "type": "object",
            "properties": [
                "default_language": ["type": "string", "description": "The section used when the device's language has none (ISO-639-1, such as en).", "minLength": 1],
                "localization": ["type": "object", "description": "Language code → its section.", "additionalProperties": section],
            ],
        ]
    }
}
