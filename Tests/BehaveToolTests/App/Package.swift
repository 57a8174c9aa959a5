// swift-tools-version:6.1
import PackageDescription

// An app's package that embeds Behave (PackageTests): the libraries an app
// needs, from a checkout beside it (`../behave`; the README's "Use Behave
// from your package" names it by URL and version instead).
let package = Package(
    name: "App",
    dependencies: [
        .package(path: "../behave"),
    ],
    targets: [
        .executableTarget(name: "App", dependencies: [
            .product(name: "BehaveCore", package: "behave"),
            .product(name: "BehaveLua", package: "behave"),
            .product(name: "BehaveScene", package: "behave"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
