// swift-tools-version:6.1
import PackageDescription

// Behave Studio's web server, `behave-studio`, which `behave studio` runs.
// A package of its own so that only the studio pays for its server:
// Hummingbird, SwiftNIO and ArgumentParser are resolved and built here, and
// neither the root package (`behave`, the libraries an app embeds) nor a
// package that depends on it sees them. Build it from the checkout with
// `swift build --package-path Studio` (README, Install).
let package = Package(
    name: "BehaveStudioServer",
    products: [
        .executable(name: "behave-studio", targets: ["BehaveStudioServer"]),
    ],
    dependencies: [
        // The checkout: the core, scene files, and the studio without its server.
        .package(name: "Behave", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // The studio's HTTP and WebSocket server (Hummingbird).
        .executableTarget(
            name: "BehaveStudioServer",
            dependencies: [
                .product(name: "BehaveCore", package: "Behave"),
                .product(name: "BehaveScene", package: "Behave"),
                .product(name: "BehaveStudio", package: "Behave"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            // A release build carries Swift's libraries inside, as `behave`
            // does (the root package's manifest says why these flags), so
            // that the installed server runs without the toolchain: linked
            // by the toolchain's lld, told Foundation's static libraries.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"] + [
                "FoundationEssentials", "FoundationInternationalization", "_FoundationCollections",
                "_FoundationCShims", "CoreFoundation", "_FoundationICU",
            ].flatMap { ["-Xlinker", "-l\($0)"] }, .when(platforms: [.linux], configuration: .release))]
        ),
        // The server as a client meets it: the built behave-studio, over sockets.
        .testTarget(name: "BehaveStudioServerTests", dependencies: ["BehaveStudioServer"]),
    ],
    swiftLanguageModes: [.v6]
)
