// swift-tools-version:6.1
import Foundation
import PackageDescription

// A GTK 4 app of its own that hosts Behave (Docs/embedding.md, "Your own
// GTK 4 app"): a GtkApplication whose window comes from its GtkBuilder
// file, behaviours in Lua on its widgets, reload on save. Its tests run the
// app under an X server of their own and drive it with real X input.
// Docs/embedding.md quotes its code (DocSnippetTests).

/// GTK's header folders, which Swift needs to read GTK's headers, from
/// pkg-config (`pkg-config --cflags-only-I gtk4`).
func gtkHeaderFolders() -> [String] {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--cflags-only-I", "gtk4"]
    let output = Pipe()
    pkgConfig.standardOutput = output
    guard (try? pkgConfig.run()) != nil else { return [] }
    let flags = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    pkgConfig.waitUntilExit()
    return flags.split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("-I") }.flatMap { ["-Xcc", String($0)] }
}

let package = Package(
    name: "GTKApp",
    dependencies: [
        // An app names Behave by URL and version; this one sits in Behave's checkout.
        .package(name: "Behave", path: "../.."),
        .package(name: "BehaveGTK", path: "../../Hosts/GTK"),
    ],
    targets: [
        .executableTarget(name: "gtk-app", dependencies: [
            .product(name: "BehaveCore", package: "Behave"),
            .product(name: "BehaveScene", package: "Behave"),
            .product(name: "BehaveGTK", package: "BehaveGTK"),
            .product(name: "CGtk", package: "BehaveGTK"),
        ], resources: [.copy("Interface")], swiftSettings: [.unsafeFlags(gtkHeaderFolders())]),
        // Runs the built app; links nothing of it.
        .testTarget(name: "GTKAppTests"),
    ],
    swiftLanguageModes: [.v6]
)
