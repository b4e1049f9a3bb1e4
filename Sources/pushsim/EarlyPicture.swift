// `pushsim stories FILE` in a terminal that shows pixels: the story's first picture starts decoding before the
// command line is parsed.

import Foundation
import PushSimApp
import PushSimCanvas
import PushSimEngine
import PushSimFiles
import PushSimMedia
import PushSimScreens
import PushSimTerminal

/// swift-argument-parser's parse is most of a start (its reflection costs a scan of the binary's conformance records
/// per type: docs/performance.md), and the story's first picture cannot start before it. Yet for the plain form of
/// the command, `pushsim stories FILE` with options that change neither the picture nor its cells, the picture is
/// known from the file and the terminal alone. `start` sees that form and hands the rest to a thread, which reads
/// the payload as `stories` does, works out the story's cells at the terminal's size as the scene does, and has
/// `EarlyDecode` decode the first page's image (a local file or the image cache, never the network) for those
/// pixels. The loader takes that decode only for the same bytes, box and limits (`EarlyDecode.take`), so a guess
/// that missed (a payload edited meanwhile, an option this does not know) only cost a decode on the other core.
///
/// A headless run (`--headless`, with `--size` and the options that only say how a run is shown) knows its first
/// picture's cells the same way: the thread reads them from the render cache, or decodes and renders them as the
/// loader would on a miss (`EarlyDecode.render`), and the loader takes them only for the same bytes, cells, colours,
/// symbols and limits (`EarlyDecode.takeCells`).
///
/// Nothing here writes, prints or fails: the parse that follows reports every error as before. Only regular files are
/// read (never standard input, a FIFO or a device), and only when the run will draw pixels without asking the
/// terminal (`Terminal.foreseenPixels`) or is headless.
enum EarlyPicture {
    /// What the command line says, when it is the plain form.
    struct Plan: Equatable {
        var payload: String
        var appGroup: String?
        var pixels: PixelSetting
        /// `--headless`: the first frame's cells are made early instead (at `size`, with `colors` and `symbols`).
        var headless = false
        var size = TerminalOptions.defaultSize
        var colors: String?
        var symbols: String?
    }

    /// `stories` options that change neither the first picture nor its cells, with whether each takes a value.
    /// Any other argument (`--aspect-ratio`, `--events-pane`, `--headless`, `--notification`, a personalisation, …)
    /// means no early decode.
    static let neutralOptions: [String: Bool] = [
        "--pixels": true, "--app-group": true, "--store": true, "--device": true, "--sdk": true, "--app-name": true,
        "--record": true, "--watch": false, "--bell": false, "--haptics": false, "--long-press-pause": false,
        "--crossfade": false, "--loop": false, "--reduce-motion": false,
    ]

    /// The headless run's options that change neither its first picture nor its cells, or that say how the cells are
    /// made (`--size`, `--colors`, `--symbols`: read here as the command reads them), with whether each takes a value.
    /// Only with `--headless`.
    static let headlessOptions: [String: Bool] = [
        "--headless": false, "--size": true, "--frames": true, "--colors": true, "--symbols": true,
        "--script": true, "--script-file": true, "--events": true,
    ]

    /// Both tables: every option of the plain form, with whether it takes a value (built once, not at each look).
    static let plainFormOptions: [String: Bool] = neutralOptions.merging(headlessOptions) { a, _ in a }

    /// `arguments` (without the program's name) as `stories FILE` and its options, each a name and its value, when
    /// they are that and every option is one of `known` (with whether it takes a value); nil for anything else. A
    /// value after a space that starts with '-' (other than '-' itself) is an option's name to the parse, and
    /// `--option=` a missing value, so neither is this.
    static func storiesOptions(_ arguments: [String], known: [String: Bool]) -> (file: String, options: [(name: String, value: String?)])? {
        guard arguments.count >= 2, arguments[0] == "stories", !arguments[1].hasPrefix("-"), !arguments[1].isEmpty else { return nil }
        var options: [(name: String, value: String?)] = []
        var i = 2
        while i < arguments.count {
            var name = arguments[i], value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            // `--option=` with nothing after it is a missing value to the parse.
            guard name.hasPrefix("--"), let takesValue = known[name], value != "" else { return nil }
            if takesValue && value == nil {
                guard i + 1 < arguments.count, arguments[i + 1] == "-" || !arguments[i + 1].hasPrefix("-") else { return nil }
                value = arguments[i + 1]
                i += 1
            } else if !takesValue && value != nil {
                return nil
            }
            options.append((name, value))
            i += 1
        }
        return (arguments[1], options)
    }

    /// The plan for `arguments` (without the program's name), or nil when they are not the plain form.
    static func plan(_ arguments: [String]) -> Plan? {
        guard let (file, options) = storiesOptions(arguments, known: plainFormOptions) else { return nil }
        var plan = Plan(payload: file, appGroup: nil, pixels: .auto)
        var headlessOnly = false, pixelsGiven = false
        for (name, value) in options {
            if neutralOptions[name] == nil { headlessOnly = true }
            switch name {
            case "--pixels":
                guard let setting = value.flatMap({ PixelSetting(rawValue: $0.lowercased()) }), setting != .off else { return nil }
                plan.pixels = setting
                pixelsGiven = true
            case "--app-group":
                plan.appGroup = value
            case "--headless":
                plan.headless = true
            case "--size":
                guard let size = value.flatMap(Size.init(parsing:)) else { return nil }
                plan.size = size
            case "--colors":
                guard let value, ColorMode(parsing: value) != nil else { return nil }
                plan.colors = value
            case "--symbols":
                guard let value, (try? SymbolSet(parsing: value)) != nil else { return nil }
                plan.symbols = value
            default:
                break
            }
        }
        // The headless options mean nothing to a terminal's picture, and a headless run draws no pixels.
        if headlessOnly && !plan.headless || plan.headless && pixelsGiven { return nil }
        return plan
    }

    /// Starts the early decode for this process's command line, when it is the plain form. Everything past the look
    /// at the arguments, the environment included, is the new thread's.
    static func start(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        guard let plan = plan(arguments) else { return }
        // While this is the one thread: the writes that follow fault no pages, every thread asks for a short slice, and
        // malloc keeps its big blocks (the picture's buffers, on the new thread in huge pages where the kernel has them;
        // cells are decoded at a fraction of the picture's size, and need neither).
        PlainThread.prefaultWritableData()
        PlainThread.requestInteractiveSlice()
        if !plan.headless { PlainThread.preparePictureHeap() }
        // The story's request for its picture waits for the thread's answer (a decode, or none) rather than racing it:
        // lost, the race cost the whole decode on the main thread after the parse (test_early_picture.sh saw it lost
        // beside two other tests once the parse had become faster).
        EarlyDecode.shared.expect()
        let started = PlainThread.start(name: "pushsim.early") {
            if !plan.headless { PlainThread.adoptPictureHeap() }
            decode(plan, environment: ProcessEnvironment.read(), into: .shared)
            EarlyDecode.shared.decided()
        }
        if !started { EarlyDecode.shared.decided() }
    }

    /// The payload's largest size read here: a larger file is left to the parse.
    static let payloadLimit = 1 << 20

    /// Works out the first picture's file and pixels and starts `early` on them; nothing when any step does not know.
    static func decode(_ plan: Plan, environment: [String: String], into early: EarlyDecode) {
        if plan.headless { return render(plan, environment: environment, into: early) }
        let hint = plan.pixels == .auto ? PixelRenderer.chafaHint(environment: environment) : []
        guard let seen = Terminal.foreseenPixels(plan.pixels, environment: environment, chafaHint: hint),
              let target = firstPicture(plan, environment: environment, screen: seen.screen) else { return }
        let pixels = EarlyDecode.pixels(cells: target.cells, cellPixels: seen.cellPixels)
        guard pixels.width > 0, pixels.height > 0 else { return }
        // sixel and iTerm2: encoded here as well, for the request the story's frame will make. kitty's bytes carry the
        // image id the terminal hands out, so only its decode is made ahead.
        let request = seen.proto == .kitty ? nil : Self.request(page: target.page, cells: target.cells, cellPixels: seen.cellPixels,
                                                                proto: seen.proto)
        early.decode(imageAt: target.path, pixels: pixels, maxBytes: FetchLimits().maxBytes, encodingFor: request)
    }

    /// A headless run's first picture: its cells at `plan.size`, made as the loader would make them on a render-cache
    /// miss (`EarlyDecode.render`: nothing when the render is on disk already).
    static func render(_ plan: Plan, environment: [String: String], into early: EarlyDecode) {
        guard let target = firstPicture(plan, environment: environment, screen: plan.size),
              let options = renderOptions(plan, environment: environment) else { return }
        let base = plan.appGroup ?? DiskCache.defaultBase(environment: environment)
        early.render(imageAt: target.path, cells: target.cells, options: options, maxBytes: FetchLimits().maxBytes,
                     renderCache: RenderDiskCache(base: base))
    }

    /// How a headless run with these options draws its pictures' cells (`TerminalOptions.imageSource`'s colours and
    /// symbols, read from the same options and environment).
    static func renderOptions(_ plan: Plan, environment: [String: String]) -> RenderOptions? {
        guard let symbols = try? SymbolSet(parsing: plan.symbols ?? "half") else { return nil }
        let colors = plan.colors.flatMap(ColorMode.init(parsing:)) ?? ColorMode.detect(environment: environment)
        return RenderOptions(colorMode: colors, symbols: symbols)
    }

    /// The request the story's first frame makes for its picture, worked out as the scene's lookahead does
    /// (`StoriesScene.lookahead`): the picture fills the story's cells, under the scrim the page's backdrop draws.
    static func request(page: StoryPage, cells: Size, cellPixels: Size, proto: PixelProtocol) -> PixelRequest {
        var layer = Canvas(size: cells).withPicture(key: "", pixels: PixelProvider { _ in nil })
        StoriesScreen.drawBackdrop(page, into: &layer, rect: Rect(x: 0, y: 0, width: cells.width, height: cells.height))
        return PixelRequest(proto: proto, cells: cells, cellPixels: cellPixels, scrim: layer.images.first?.scrim)
    }

    /// The file holding the first page's image and the cells it is drawn in, as `stories` with these options would
    /// have them at `screen`; nil when the payload is not a regular file of at most `payloadLimit` bytes, does not
    /// read, has no page, or its image is remote and not in the cache.
    static func firstPicture(_ plan: Plan, environment: [String: String], screen: Size) -> (path: String, cells: Size, page: StoryPage)? {
        var st = stat()
        guard stat(plan.payload, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= payloadLimit,
              let cells = StoriesScene.storySize(screen: screen, aspectRatio: StoriesOptions().aspectRatio, eventsPane: false),
              let input = try? StoriesScene.load(path: plan.payload),
              let page = input.payload.pages.first, !page.image.isEmpty else { return nil }
        let url = page.image
        let base = plan.appGroup ?? DiskCache.defaultBase(environment: environment)
        switch try? ImageLocation.resolve(url, base: MediaImageSource.folder(of: plan.payload)) {
        case .file(let path)?:
            return (path, cells, page)
        case .remote?:
            let cache = DiskCache(base: base)
            return cache.contains(url) ? (cache.path(for: url), cells, page) : nil
        case nil:
            return nil
        }
    }
}
