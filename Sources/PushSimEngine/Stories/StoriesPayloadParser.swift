// Finds and parses `pw_stories` in a device userInfo with the SDK's exact rules, reporting every silent drop.

/// spec §1.2–1.3 (`StoryPayloadParser`). Diagnostic paths are relative to the userInfo (`u.pw_stories.pages[3].image`).
public enum StoriesPayloadParser {
    static let pageKeys: Set<String> = ["image", "duration", "link", "button_title", "title", "subtitle"]
    /// Likely misspellings of page keys, so a warning can say what was meant.
    static let keyHints: [String: String] = [
        "buttonTitle": "button_title", "button": "button_title", "button_text": "button_title", "buttonText": "button_title",
        "cta": "button_title", "url": "link", "deeplink": "link", "deep_link": "link", "deepLink": "link", "href": "link",
        "img": "image", "image_url": "image", "imageUrl": "image", "imageURL": "image", "picture": "image", "src": "image",
        "time": "duration", "seconds": "duration", "durationMs": "duration", "duration_ms": "duration",
        "heading": "title", "header": "title", "subTitle": "subtitle", "sub_title": "subtitle", "body": "subtitle",
        "text": "subtitle", "description": "subtitle",
    ]

    public static func parse(_ userInfo: JSONObject) -> StoriesPayload {
        var diags: [Diagnostic] = []
        let (title, body) = alertText(userInfo, &diags)

        guard let (block, blockPath, source) = findBlock(userInfo, &diags) else {
            // A `u` that is not JSON is the reason when the push is meant for stories (it names a category): say so there.
            if let k = diags.firstIndex(where: { $0.path == "u" && $0.message.contains("not valid JSON") }) {
                diags[k].severity = .error
                diags[k].message += ", so it finds no pw_stories and shows the notification body instead"
                return StoriesPayload(pages: [], source: nil, body: body, title: title, diagnostics: diags)
            }
            diags.append(Diagnostic(.error, path: "", "no pw_stories block (looked at pw_stories, u.pw_stories and userdata.pw_stories); the SDK shows the notification body instead"))
            return StoriesPayload(pages: [], source: nil, body: body, title: title, diagnostics: diags)
        }
        var paths: [String] = []
        let pages = parsePages(block, path: blockPath, &diags, paths: &paths)
        var payload = StoriesPayload(pages: pages, source: source, body: body, title: title, diagnostics: diags)
        payload.pagePaths = paths
        return payload
    }

    /// `aps.alert.title` and the fallback body: `aps.alert.body`, or `aps.alert` when it is a string.
    static func alertText(_ userInfo: JSONObject, _ diags: inout [Diagnostic]) -> (String?, String) {
        let alert = userInfo["aps"]?["alert"]
        if let s = alert?.stringValue { return (nil, s) }
        let title = alert?["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        if let b = alert?["body"]?.stringValue { return (title, b) }
        return (title, "")
    }

    /// spec §1.2: root `pw_stories` (a dictionary wins outright), then `u`, then `userdata` (dictionary or JSON string).
    static func findBlock(_ userInfo: JSONObject, _ diags: inout [Diagnostic]) -> (JSONObject, JSONPath, StoriesPayload.Source)? {
        if let root = userInfo["pw_stories"] {
            if let o = root.objectValue { return (o, JSONPath("pw_stories"), .root) }
            diags.append(Diagnostic(path: "pw_stories", "is \(root.typeDescription), not an object; the SDK ignores it and looks in u and userdata"))
        }
        for (key, source) in [("u", StoriesPayload.Source.customData), ("userdata", .userdata)] {
            guard let container = userInfo[key] else { continue }
            let path = JSONPath(key)
            var dict: JSONObject?
            switch container {
            case .object(let o):
                dict = o
            case .string(let s):
                do {
                    let v = try JSONParser.parse(s)
                    dict = v.objectValue
                    if dict == nil && s.contains("pw_stories") {
                        diags.append(Diagnostic(path: key, "is a JSON string holding \(v.typeDescription), not an object; the SDK ignores it"))
                    }
                } catch {
                    // Reported when it may hold the stories: it mentions them, or the push names a category.
                    if s.contains("pw_stories") || (key == "u" && userInfo["aps"]?["category"] != nil) {
                        diags.append(Diagnostic(path: key, "is a string that is not valid JSON (\(error.description)); the SDK ignores it"))
                    }
                }
            default:
                continue
            }
            guard let d = dict, let ps = d["pw_stories"] else { continue }
            if let o = ps.objectValue { return (o, path.key("pw_stories"), source) }
            diags.append(Diagnostic(path: path.key("pw_stories").description, "is \(ps.typeDescription), not an object; the SDK ignores it"))
        }
        return nil
    }

    /// spec §1.2 item 3 and §1.3: `pages` must be an array of objects; invalid pages are dropped, order kept.
    static func parsePages(_ block: JSONObject, path: JSONPath, _ diags: inout [Diagnostic], paths: inout [String]) -> [StoryPage] {
        let pagesPath = path.key("pages")
        guard let raw = block["pages"] else {
            diags.append(Diagnostic(.error, path: path.description, "has no pages; the SDK shows the notification body instead"))
            return []
        }
        guard let list = raw.arrayValue else {
            diags.append(Diagnostic(.error, path: pagesPath.description, "is \(raw.typeDescription), not an array of page objects; the SDK shows the notification body instead"))
            return []
        }
        var objects: [JSONObject] = []
        var shapeOK = true
        for (i, v) in list.enumerated() {
            if let o = v.objectValue { objects.append(o); continue }
            shapeOK = false
            diags.append(Diagnostic(.error, path: pagesPath.index(i).description,
                                    "is \(v.typeDescription), not an object; one such entry makes the SDK reject the whole pages array, so the notification body is shown instead"))
        }
        guard shapeOK else { return [] }
        if objects.isEmpty {
            diags.append(Diagnostic(.error, path: pagesPath.description, "is empty; the SDK shows the notification body instead"))
            return []
        }
        var pages: [StoryPage] = []
        for (i, o) in objects.enumerated() {
            if let p = parsePage(o, path: pagesPath.index(i), &diags) {
                pages.append(p)
                paths.append(pagesPath.index(i).description)
            }
        }
        if pages.isEmpty {
            let n = objects.count
            diags.append(Diagnostic(.error, path: pagesPath.description,
                                    "\(n == 1 ? "the only page has no" : "none of the \(n) pages has a") usable image URL; the SDK shows the notification body instead"))
        }
        return pages
    }

    /// spec §1.3: one page, or nil (skipped) without a usable image.
    static func parsePage(_ o: JSONObject, path: JSONPath, _ diags: inout [Diagnostic]) -> StoryPage? {
        for key in o.keys where !pageKeys.contains(key) {
            let hint = keyHints[key].map { "; did you mean \"\($0)\"?" } ?? ""
            diags.append(Diagnostic(path: path.key(key).description, "is not a page key the SDK reads; ignored\(hint)"))
        }
        func optionalString(_ key: String) -> String? {
            guard let v = o[key] else { return nil }
            guard let s = v.stringValue else {
                diags.append(Diagnostic(path: path.key(key).description, "is \(v.typeDescription), not a string; ignored"))
                return nil
            }
            return s.isEmpty ? nil : s  // spec §1.3: an empty string counts as absent
        }

        let imagePath = path.key("image").description
        guard let imageValue = o["image"] else {
            diags.append(Diagnostic(path: path.description, "has no image; page skipped"))
            return nil
        }
        guard let image = imageValue.stringValue else {
            diags.append(Diagnostic(path: imagePath, "is \(imageValue.typeDescription), not a URL string; page skipped"))
            return nil
        }
        if image.isEmpty {
            diags.append(Diagnostic(path: imagePath, "is empty; page skipped"))
            return nil
        }
        guard URLText.scheme(of: image) != nil else {
            let hint = URLText.suggestion(forSchemeless: image).map { " (\($0))" } ?? ""
            diags.append(Diagnostic(path: imagePath, "\(JSONValue.string(image).quoted) has no scheme; page skipped\(hint)"))
            return nil
        }
        if let bad = URLText.strictlyInvalidCharacter(in: image) {
            diags.append(Diagnostic(path: imagePath, "contains \(describe(bad)), which iOS 16 and earlier reject in a URL (the page is skipped there); percent-encode it"))
        }

        let duration = parseDuration(o["duration"], path: path.key("duration").description, &diags)

        var link: String?
        if let raw = optionalString("link") {
            if URLText.scheme(of: raw) != nil {
                link = raw
                if let bad = URLText.strictlyInvalidCharacter(in: raw) {
                    diags.append(Diagnostic(path: path.key("link").description, "contains \(describe(bad)), which iOS 16 and earlier reject in a URL (the button is hidden there); percent-encode it"))
                }
            } else {
                diags.append(Diagnostic(path: path.key("link").description, "\(JSONValue.string(raw).quoted) has no scheme; the SDK drops the link, so the button is hidden"))
            }
        }
        let buttonTitle = optionalString("button_title")
        let title = optionalString("title")
        let subtitle = optionalString("subtitle")
        if buttonTitle != nil && link == nil {
            diags.append(Diagnostic(path: path.key("button_title").description, "has no usable link beside it, so the SDK hides the button"))
        } else if link != nil && buttonTitle == nil {
            diags.append(Diagnostic(path: path.key("link").description, "has no button_title beside it, so the SDK shows no button"))
        }
        return StoryPage(image: image, duration: duration, link: link, buttonTitle: buttonTitle, title: title, subtitle: subtitle)
    }

    /// spec §1.3: default 5; non-numeric, ≤ 0 or non-finite → 5; above 30 → 30; booleans bridge to 1/0 like NSNumber.
    static func parseDuration(_ v: JSONValue?, path: String, _ diags: inout [Diagnostic]) -> Double {
        guard let v else { return StoryPage.defaultDuration }
        let fallback = "the SDK uses \(JSONValue.formatNumber(StoryPage.defaultDuration)) s"
        guard let d = v.numberValue else {
            diags.append(Diagnostic(path: path, "is \(v.typeDescription)\(v.stringValue.map { " (\(JSONValue.string($0).quoted))" } ?? ""), not a number; \(fallback)"))
            return StoryPage.defaultDuration
        }
        if case .bool(let b) = v, b {
            diags.append(Diagnostic(path: path, "is true, which the SDK reads as 1 s; write a number"))
        }
        guard d.isFinite else {
            diags.append(Diagnostic(path: path, "is not a finite number; \(fallback)"))
            return StoryPage.defaultDuration
        }
        if d <= 0 {
            diags.append(Diagnostic(path: path, "\(v.jsonText()) is not positive; \(fallback)"))
            return StoryPage.defaultDuration
        }
        if d > StoryPage.maxDuration {
            diags.append(Diagnostic(path: path, "\(JSONValue.formatNumber(d)) is over the \(JSONValue.formatNumber(StoryPage.maxDuration)) s maximum; clamped to \(JSONValue.formatNumber(StoryPage.maxDuration)) s"))
            return StoryPage.maxDuration
        }
        if d < StoriesState.shortestPage {
            diags.append(Diagnostic(path: path, "\(JSONValue.formatNumber(d)) s is shorter than one frame of the screen: on the phone the page flashes by unseen; pushsim shows it for 1/60 s"))
        }
        return d
    }

    static func describe(_ ch: Character) -> String {
        if ch == " " { return "a space" }
        if let u = ch.unicodeScalars.first, u.value < 0x20 || u.value == 0x7F { return "a control character" }
        return "'\(ch)'"
    }
}
