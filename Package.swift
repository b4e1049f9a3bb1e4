// swift-tools-version:6.0
// pushsim: a terminal simulator of the Pushwoosh iOS SDK's notification experiences.
import PackageDescription

/// cairo's and HarfBuzz's headers (Debian's libcairo2-dev, libharfbuzz-dev) for every target that sees CPicture's, given
/// as include paths rather than through pkg-config, whose link flags would make cairo load at every start.
let pictureHeaders = ["-I/usr/include/cairo", "-I/usr/include/harfbuzz"]

let package = Package(
    name: "pushsim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pushsim", targets: ["pushsim"]),
        // `pushsim serve` and `pushsim mcp` run in this one (Sources/pushsim/ServerExecutable.swift says why).
        .executable(name: "pushsim-server", targets: ["PushSimServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // `pushsim mcp`: the Model Context Protocol server (its MCP library: swift-log and swift-system).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `pushsim serve`'s UpgradeGate reads the HTTP/1 request head NIO decodes.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    ],
    targets: [
        // C shims: the only places C headers enter.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // Signal handlers and the saved tty modes, compiled once: one copy of their state in the process (see its .c).
        .target(name: "CTerminalGuard", linkerSettings: [.linkedLibrary("ncursesw")]),
        // chafa's pkg-config file (with glib's, which it requires) gives the include paths. gdk-pixbuf's is not read:
        // its private requirement gmodule-no-export-2.0 adds -pthread, which SwiftPM drops with a warning on every build.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        // gdk-pixbuf's headers are reached through include/gdk-pixbuf, a link to Debian's
        // /usr/include/gdk-pixbuf-2.0/gdk-pixbuf (libgdk-pixbuf-2.0-dev, installed by make).
        // libpng, giflib and libwebp decode PNG, GIF and WebP row by row into the output size (BoundedDecode.c).
        // gdk-pixbuf and GObject are not linked: CImaging/PixbufLibrary.c loads them with dlopen when an image needs them.
        // The dlopen-and-resolve step CImaging's gdk-pixbuf and CPicture's cairo/pango share (loaded when first needed).
        .target(name: "CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // Threads started on another core than their parent's (Threads.c says why).
        .target(name: "CThreads"),
        // The libcurl functions the static Foundation's URLSession calls, loaded on first call (CurlLazy.c): without
        // them pushsim-server (MCP imports FoundationNetworking) maps libcurl and its 30 dependencies at every start.
        .target(name: "CCurlLazy", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CImaging", dependencies: ["CChafa", "CLazyLibrary"], linkerSettings: [
            .linkedLibrary("glib-2.0"), .linkedLibrary("dl"),
            .linkedLibrary("png16"), .linkedLibrary("gif"), .linkedLibrary("webp"), .linkedLibrary("jpeg"),
        ]),
        // GLib and libpng include paths for CPicture; pango's headers are reached through CPicture's include/pango, a
        // link to Debian's /usr/include/pango-1.0/pango (pango's pkg-config file adds -pthread too), cairo's and
        // HarfBuzz's through `pictureHeaders`: their pkg-config files would also put -lcairo -lharfbuzz on the link line,
        // and the executable would need them at start (CPicture/PictureLibraries.c loads them when a snapshot draws).
        .systemLibrary(name: "CCairo", pkgConfig: "glib-2.0 libpng",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libpng-dev", "fonts-liberation2", "fonts-noto-color-emoji", "fonts-droid-fallback"])]),
        // cairo and pango are not linked: CPicture/PictureLibraries.c loads them with dlopen when a snapshot draws.
        // Its AnimationEncoder.c (`pushsim record`) loads libwebpmux and libimagequant the same way; libwebp and giflib
        // are linked already for the decoders.
        .target(name: "CPicture", dependencies: ["CCairo", "CLazyLibrary"], cSettings: [.unsafeFlags(pictureHeaders)], linkerSettings: [
            .linkedLibrary("glib-2.0"), .linkedLibrary("dl"),
            .linkedLibrary("webp"), .linkedLibrary("gif"),
        ]),

        // 1. Pure engine: Foundation only.
        .target(name: "PushSimEngine", dependencies: ["PushSimLiquid"]),
        // The cell grid (Canvas, Cell, Color, display width) that screens draw into and media renders into.
        .target(name: "PushSimCanvas"),
        // Files written whole or not at all, and standard streams written without trapping on a failure.
        .target(name: "PushSimFiles"),
        // A SIGBUS guard for mapped input files that shrink while they are read.
        .target(name: "CMappedFile"),
        // 2. Pure screens: state -> Canvas.
        .target(name: "PushSimScreens", dependencies: ["PushSimEngine", "PushSimCanvas"]),
        // 4. Media: image sources, disk cache, decode, render to cells.
        .target(name: "PushSimMedia", dependencies: [
            "PushSimCanvas", "CImaging", "PushSimFiles",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // 5. Store: what survives a restart, in SQLite.
        .target(name: "PushSimStore", dependencies: [
            "PushSimEngine", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // Scenes and the shared runtime (headless runner, script steps, event log).
        .target(name: "PushSimApp", dependencies: [
            "PushSimEngine", "PushSimScreens", "PushSimMedia", "PushSimStore", "CMappedFile", "CThreads",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        // Pictures: a scene drawn as the phone shows it (cairo + pango), for `pushsim snapshot`.
        .target(name: "PushSimPicture", dependencies: [
            "PushSimApp", "PushSimEngine", "PushSimScreens", "PushSimMedia", "CPicture",
        ], swiftSettings: [.unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })]),
        // 3. Terminal: the only code that imports ncurses.
        .target(name: "PushSimTerminal", dependencies: ["PushSimScreens", "CNcursesw", "CTerminalGuard", "PushSimFiles"]),
        // 3b. Browser: the second front end (`pushsim serve`), a local HTTP + WebSocket server that runs a scene and
        // sends the picture layer's frames; the only code that imports Hummingbird.
        .target(name: "PushSimBrowser", dependencies: [
            "PushSimApp", "PushSimScreens", "PushSimEngine", "PushSimCanvas", "PushSimPicture",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ], swiftSettings: [.unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })]),
        // 6. CLI: every command; `serve` and `mcp` parse and check their arguments here and then run pushsim-server.
        .executableTarget(name: "pushsim", dependencies: [
            "PushSimApp", "PushSimTerminal", "PushSimPicture",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: [.unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })],
        // Release: a fixed-address executable, so the loader applies none of the ~100,000 relative relocations of the
        // static Swift runtime's metadata at each start, nor copies the pages they would write (docs/performance.md).
        linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]),
        // 6b. pushsim-server: the same commands (Sources/PushSimServer/Shared is a link to Sources/pushsim) with
        // PUSHSIM_SERVER defined, and `serve`'s browser server and `mcp`'s MCP server linked in.
        .executableTarget(name: "PushSimServer", dependencies: [
            "PushSimApp", "PushSimTerminal", "PushSimPicture", "PushSimBrowser", "CCurlLazy",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: [.define("PUSHSIM_SERVER"), .unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })],
        linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]),

        .testTarget(name: "PushSimEngineTests", dependencies: ["PushSimEngine"]),
        .testTarget(name: "PushSimFilesTests", dependencies: ["PushSimFiles"]),
        .testTarget(name: "PushSimScreensTests", dependencies: [
            "PushSimScreens", "PushSimEngine",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
        .testTarget(name: "PushSimMediaTests", dependencies: ["PushSimMedia", "PushSimCanvas"], exclude: ["__Snapshots__"]),
        .testTarget(name: "PushSimStoreTests", dependencies: ["PushSimStore"]),
        .testTarget(name: "PushSimTerminalTests", dependencies: ["PushSimTerminal", "CNcursesw"]),
        .testTarget(name: "PushSimPictureTests", dependencies: ["PushSimPicture", "PushSimApp", "PushSimMedia"],
                    exclude: ["__Goldens__"], swiftSettings: [.unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })]),
        .testTarget(name: "PushSimCLITests", dependencies: [
            "pushsim", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: [.unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })]),
        .testTarget(name: "PushSimServerTests", dependencies: [
            "PushSimServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: [.unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })]),
        .testTarget(name: "PushSimBrowserTests", dependencies: ["PushSimBrowser"],
                    swiftSettings: [.unsafeFlags(pictureHeaders.flatMap { ["-Xcc", $0] })]),
        .testTarget(name: "PushSimAppTests", dependencies: [
            "PushSimApp",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
        // The Liquid template engine (Shopify's dialect) that personalisation renders campaigns with: Foundation only.
        .target(name: "PushSimLiquid"),
        .testTarget(name: "PushSimLiquidTests", dependencies: ["PushSimLiquid"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` only: the libFuzzer target, built with -sanitize=fuzzer,address into its own scratch path. It links
// only against the fuzzer runtime (its main calls LLVMFuzzerRunDriver), so it must stay out of the ordinary build.
if Context.environment["PUSHSIM_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "PushSimFuzz", dependencies: ["PushSimEngine", "PushSimApp", "PushSimMedia", "PushSimCanvas", "PushSimTerminal", "PushSimLiquid"],
                                             path: "Tests/Fuzz/PushSimFuzz"))
    package.products.append(.executable(name: "pushsim-fuzz", targets: ["PushSimFuzz"]))
    // The C decoder (BoundedDecode.c) gets coverage and ASan too, so the fuzzer is guided through it and its
    // memory errors are caught.
    package.targets.first { $0.name == "CImaging" }?.cSettings = [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])]
}
