// swift-tools-version:6.1
import Foundation
import PackageDescription

// Behave on GTK 4: real widgets behind a scene's controls, and
// `behave-window`, which `behave window` runs. A package of its own so that
// neither `behave` nor an app that embeds Behave builds or looks for GTK:
// build it with `swift build --package-path Hosts/GTK` once libgtk-4-dev is
// installed (`bash .ci/install --gtk`).

/// GTK's header folders, as pkg-config gives them. SwiftPM would read
/// pkg-config itself (`pkgConfig: "gtk4"`), but gtk4.pc also carries
/// `-pthread -mfpmath=sse -msse -msse2`, which SwiftPM refuses with a
/// warning on every build; the folders alone are what the headers need.
/// Debian's folders stand in when pkg-config cannot answer (GTK not yet
/// installed: then the build fails on the missing header, by name).
func gtkIncludeFolders() -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "gtk4"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    if (try? process.run()) != nil {
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let folders = text.split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) }
        if process.terminationStatus == 0, !folders.isEmpty { return folders }
    }
    let lib = "/usr/lib/x86_64-linux-gnu"
    return ["/usr/include/gtk-4.0", "/usr/include/pango-1.0", "/usr/include/glib-2.0", "\(lib)/glib-2.0/include",
            "/usr/include/harfbuzz", "/usr/include/freetype2", "/usr/include/libpng16", "/usr/include/cairo",
            "/usr/include/pixman-1", "/usr/include/gdk-pixbuf-2.0", "/usr/include/x86_64-linux-gnu",
            "/usr/include/graphene-1.0", "\(lib)/graphene-1.0/include", "/usr/include/fribidi"]
}

let includes = gtkIncludeFolders()

let package = Package(
    name: "BehaveGTK",
    products: [
        // Behave on an app's own GTK widgets (`GtkHost(widgets:in:)`), and
        // GTK as it sees it: an app imports CGtk for its widgets' type.
        .library(name: "BehaveGTK", targets: ["BehaveGTK"]),
        .library(name: "CGtk", targets: ["CGtk"]),
        .executable(name: "behave-window", targets: ["BehaveWindow"]),
        // Writes headless Behave's table of GTK's classes from this GTK.
        .executable(name: "gtk-class-table", targets: ["GtkClassTable"]),
    ],
    dependencies: [
        .package(name: "Behave", path: "../.."),
    ],
    targets: [
        // GTK 4 and GLib from the system, with the C wrappers Swift needs for
        // their cast macros and variadic functions (gtk_shim.h).
        .target(name: "CGtk", dependencies: [.product(name: "CInterfaceLimits", package: "Behave")],
                cSettings: [.unsafeFlags(includes.map { "-I\($0)" })],
                linkerSettings: ["gtk-4", "gobject-2.0", "glib-2.0", "gio-2.0", "cairo", "graphene-1.0", "pango-1.0", "m"]
                    .map { .linkedLibrary($0) }),
        // The GTK host: a widget behind each control, a window for a scene.
        .target(name: "BehaveGTK", dependencies: [
            "CGtk",
            .product(name: "BehaveCore", package: "Behave"),
            .product(name: "BehaveLua", package: "Behave"),
            .product(name: "BehaveScene", package: "Behave"),
        ], exclude: ["Style"], swiftSettings: [.unsafeFlags(includes.flatMap { ["-Xcc", "-I\($0)"] })],
           plugins: [.plugin(name: "EmbedFiles", package: "Behave")]),
        // `behave-window SCENE | SCRIPT`: what `behave window` runs.
        // Its release build carries Swift's libraries inside (GTK stays the
        // system's), so the installed program runs without the toolchain.
        .executableTarget(name: "BehaveWindow", dependencies: [
                              "BehaveGTK", .product(name: "BehaveCommandLine", package: "Behave"),
                          ], path: "Sources/behave-window",
                          swiftSettings: [.unsafeFlags(includes.flatMap { ["-Xcc", "-I\($0)"] })],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"] + [
                              "FoundationEssentials", "FoundationInternationalization", "_FoundationCollections",
                              "_FoundationCShims", "CoreFoundation", "_FoundationICU",
                          ].flatMap { ["-Xlinker", "-l\($0)"] }, .when(platforms: [.linux], configuration: .release))]),
        // `gtk-class-table`: GTK's classes, their parents and properties, as
        // Sources/BehaveScene/Data/gtk-classes.txt holds them (C).
        // It asks the pre-scan which property reads no text (CGtk).
        .executableTarget(name: "GtkClassTable", dependencies: ["CGtk"], path: "Sources/gtk-class-table",
                          cSettings: [.unsafeFlags(includes.map { "-I\($0)" })],
                          linkerSettings: ["gtk-4", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        // Real widgets under Xvfb, driven with real X events (xdotool).
        .testTarget(name: "BehaveGTKTests", dependencies: [
            "BehaveGTK", "CGtk", .product(name: "BehaveCore", package: "Behave"),
            .product(name: "BehaveCommandLine", package: "Behave"),
        ], exclude: ["Fixtures"], swiftSettings: [.unsafeFlags(includes.flatMap { ["-Xcc", "-I\($0)"] })]),
    ],
    swiftLanguageModes: [.v6]
)
