// swift-tools-version:6.1
import PackageDescription

// An app of its own that embeds Behave (Docs/embedding.md): a toy widget
// toolkit standing in for UIKit or GTK, a `Knob` control type of its own,
// app functions, the bundled toggle and a behaviour of its own, real time,
// reload on save. Docs/embedding.md quotes its code (DocSnippetTests).
let package = Package(
    name: "Embedding",
    dependencies: [
        // An app names Behave by URL and version; this one sits in Behave's checkout.
        .package(name: "Behave", path: "../.."),
    ],
    targets: [
        .target(
            name: "ToyApp",
            dependencies: [
                .product(name: "BehaveCore", package: "Behave"),
                .product(name: "BehaveLua", package: "Behave"),
                .product(name: "BehaveScene", package: "Behave"),
            ],
            resources: [.copy("Behaviours")]
        ),
        .executableTarget(name: "embedding-demo", dependencies: ["ToyApp"]),
        .testTarget(name: "ToyAppTests", dependencies: [
            "ToyApp", .product(name: "BehaveCore", package: "Behave"), .product(name: "BehaveLua", package: "Behave"),
            .product(name: "BehaveScene", package: "Behave"),
        ], exclude: ["Later", "Mistakes"]),
    ],
    swiftLanguageModes: [.v6]
)
