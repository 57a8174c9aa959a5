// swift-tools-version:6.2
import PackageDescription

// The functions a start of `behave` runs, placed together by a release link
// (each Swift function has a section of its own, below), so that a start
// touches a quarter fewer pages: Sources/behave/startup.order, written by
// Benchmarks/startup-order.sh. A name the build no longer has is passed over.
let startupOrder = [
    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/behave/startup.order",
    "-Xlinker", "--no-warn-symbol-ordering",
]

let package = Package(
    name: "Behave",
    products: [
        .executable(name: "behave", targets: ["behave"]),
        .executable(name: "behave-bench", targets: ["BehaveBench"]),
        // What an app embeds: the core, Lua behaviours, scene files.
        .library(name: "BehaveCore", targets: ["BehaveCore"]),
        .library(name: "BehaveLua", targets: ["BehaveLua"]),
        .library(name: "BehaveScene", targets: ["BehaveScene"]),
        // The limits of a `.ui` file that headless Behave and the GTK
        // host's pre-scan both refuse past (interface_limits.h).
        .library(name: "CInterfaceLimits", targets: ["CInterfaceLimits"]),
        // The command lines of `behave`'s commands as data, for the
        // programs it runs that take one of them (`behave-window`).
        .library(name: "BehaveCommandLine", targets: ["BehaveCommandLine"]),
        // Files a host reads at run time, embedded in its binary (the GTK
        // host's style sheet).
        .plugin(name: "EmbedFiles", targets: ["EmbedFiles"]),
        // Behave Studio without its server, for the server's package
        // (Studio/); an app needs none of it.
        .library(name: "BehaveStudio", targets: ["BehaveStudio"]),
    ],
    // Only what an app that embeds Behave builds. Behave Studio's web
    // server (`behave-studio`: Hummingbird, SwiftNIO, ArgumentParser) is
    // the package in Studio/, which depends on this one by path: a package
    // that depends on this one resolves none of the server's packages.
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // Lua 5.4 from the system.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // What must be C: macro wrappers, trampolines, the protected call, the
        // allocator with a limit, the budget hook and the sandbox primitives.
        .target(name: "CLuaShim", dependencies: ["CLua", "CBehaveCore"]),
        // The C half of the core, which the bridge's C shares without
        // converting: texts, typed values, controls' property slots, the
        // trace's records. No Lua.
        .target(name: "CBehaveCore"),
        // Controls, events, responder chain, lifetime binding, clock. No Lua.
        .target(name: "BehaveCore", dependencies: [
            "CBehaveCore",
            .product(name: "HeapModule", package: "swift-collections"),
            .product(name: "DequeModule", package: "swift-collections"),
        ]),
        // Lua source read without running it: lexer, parser, syntax tree, the
        // outline of a script (its class, its fields), findings with line and fix.
        .target(name: "BehaveSyntax", dependencies: ["BehaveCore"]),
        // Behaviour scripts in a sandbox, bridged to the core.
        // Its Lua (Lua/) and the bundled Scripts/ are embedded by the EmbedFiles plugin.
        .target(name: "BehaveLua", dependencies: ["BehaveCore", "BehaveSyntax", "CLuaShim"], exclude: ["Lua"],
                plugins: ["EmbedFiles"]),
        // Scene files: YAML/JSON (or a tree built elsewhere) to a checked, wired scene.
        // GTK's classes and their properties (Data/gtk-classes.txt, written by
        // Hosts/GTK's gtk-class-table) are embedded by the EmbedFiles plugin.
        .target(name: "BehaveScene", dependencies: [
            "BehaveCore", "BehaveSyntax", "BehaveLua", "CInterfaceLimits", .product(name: "Yams", package: "Yams"),
        ], exclude: ["Data"], plugins: ["EmbedFiles"]),
        // How much of a screen a `.ui` file may draw: one header, which the
        // GTK host's pre-scan includes too.
        .target(name: "CInterfaceLimits"),
        // `behave check`'s linter and `behave types`: Lua read without running it.
        // The annotations `behave types` writes as they are (Lua/) are embedded by the EmbedFiles plugin.
        .target(name: "BehaveCheck", dependencies: ["BehaveCore", "BehaveSyntax", "BehaveLua"], exclude: ["Lua"],
                plugins: ["EmbedFiles"]),
        // `behave test`: busted-style specs, each file in a fresh sandbox.
        // Its Lua half (Lua/) is embedded by the EmbedFiles plugin.
        .target(name: "BehaveSpec", dependencies: ["BehaveCore", "BehaveSyntax", "BehaveLua", "BehaveScene"], exclude: ["Lua"],
                plugins: ["EmbedFiles"]),
        // Command lines as data: read (`ArgumentReader`), described
        // (`HelpWriter`), and the options commands share (`SceneOptions`).
        .target(name: "BehaveCommandLine", dependencies: ["BehaveCore", "BehaveLua"]),
        .executableTarget(
            name: "behave",
            dependencies: [
                "BehaveCommandLine", "BehaveCore", "BehaveSyntax", "BehaveLua", "BehaveScene", "BehaveSpec", "BehaveCheck",
                // The program's build ID, which keys the lint cache.
                "CBehaveCore",
            ],
            exclude: ["startup.order"],
            // A release build is one static executable: no loader, no shared
            // libraries to map, no relocations, so it starts in about 1 ms
            // (README, Install). The toolchain's lld links it without
            // glibc's link-time notes as warnings, and is told Foundation's
            // static libraries, which it does not find on its own.
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"] + startupOrder + [
                "FoundationEssentials", "FoundationInternationalization", "_FoundationCollections",
                "_FoundationCShims", "CoreFoundation", "_FoundationICU",
            ].flatMap { ["-Xlinker", "-l\($0)"] }, .when(platforms: [.linux], configuration: .release))]
        ),
        // Behave Studio without its server: the scene the page shows, driven
        // by the command language, reloaded on save; the page itself (Page/,
        // embedded by the EmbedFiles plugin); what the server may serve.
        // It stays here, beside the server's package rather than in it:
        // it needs no server package, it embeds its page with this
        // package's plugin, and its tests run with the others in `swift test`.
        .target(name: "BehaveStudio", dependencies: [
                    "BehaveCore", "BehaveLua", "BehaveScene", .product(name: "DequeModule", package: "swift-collections"),
                ], exclude: ["Page"],
                plugins: ["EmbedFiles"]),
        // Files the runtime reads, embedded at build time: the binary alone is the tool.
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedFilesTool"]),
        .executableTarget(name: "EmbedFilesTool", dependencies: ["CLua"], path: "Plugins/EmbedFilesTool"),
        // Benchmarks: Behave's figures beside the raw Lua C API, busted and lua5.4.
        .target(name: "CBaseline", dependencies: ["CLua"], path: "Benchmarks/CBaseline"),
        .executableTarget(
            name: "BehaveBench",
            dependencies: ["BehaveCore", "BehaveLua", "BehaveScene", "CBaseline"],
            path: "Benchmarks/BehaveBench", exclude: ["Lua"],
            // Laid out as `behave` is (startupOrder: the functions a start
            // runs, a tap's among them, placed together), so that a figure
            // measures Behave's code, not where unrelated code pushed it.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"] + startupOrder, .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(name: "BehaveBenchTests"),
        .testTarget(name: "BehaveCoreTests", dependencies: ["BehaveCore"]),
        // The `behave` executable's command-line reader and help writer.
        .testTarget(name: "BehaveCommandLineTests", dependencies: ["behave", "BehaveCommandLine"]),
        // Running the built `behave` from tests (Foundation only).
        .target(name: "ToolRunning", path: "Tests/ToolRunning"),
        .testTarget(name: "BehaveCheckTests", dependencies: ["BehaveCheck", "BehaveSyntax", "BehaveLua", "BehaveCore", "ToolRunning"],
                    exclude: ["AppModules", "Command", "Lifecycle", "Lint", "LintCache", "Mistakes", "Modules", "Types"]),
        .testTarget(name: "BehaveLuaTests", dependencies: ["BehaveLua", "BehaveCore", "ToolRunning"], exclude: ["AppFunctions", "Audit", "Bounds", "Bridge", "Budget", "Churn", "Declarations", "Environment", "Errors", "Hostile", "Memory", "Mistakes", "Modules", "Pauses", "Platform", "Raised", "Random", "Recycle", "StateMachine", "Support", "TextCache", "Threads"]),
        .testTarget(name: "BehaveSceneTests", dependencies: ["BehaveScene", "BehaveLua", "BehaveCore", "ToolRunning"], exclude: ["Actions", "Audit", "Connections", "Drawing", "Hosting", "Images", "Loading", "Misspelt", "Optional", "Other", "Outlets", "Ranges", "Reload", "Stacks", "Support", "UiFile", "Validation", "Wiring"]),
        // The `behave` binary as users install and run it: copied alone, the conventions of every command;
        // what an app's package (App/) resolves and builds when it depends on the libraries; the changelog.
        .testTarget(name: "BehaveToolTests", dependencies: ["ToolRunning"], exclude: ["App", "Fixtures"]),
        // The studio's engine; the page in headless Chromium and `run --watch` (Python/, Selenium).
        .testTarget(name: "BehaveStudioTests", dependencies: ["BehaveStudio", "BehaveScene", "BehaveCore", "ToolRunning"],
                    exclude: ["Python", "Fixtures"]),
        .testTarget(name: "BehaveSpecTests", dependencies: ["BehaveSpec", "BehaveLua", "BehaveCore", "ToolRunning"],
                    exclude: ["Fixtures"]),
        // The sandbox's libraries beside stock lua5.4, on the same generated cases.
        .testTarget(name: "SandboxDifferentialTests", dependencies: ["CLuaShim", "BehaveLua"],
                    exclude: ["Lua", "Findings"]),
    ],
    swiftLanguageModes: [.v6]
)

// A release build reaches each concrete generic type's metadata through an
// accessor, not by its mangled name (the first use of each name made
// Swift's runtime demangle it, a quarter of the instructions `behave` took
// to start: README, Benchmarks), and gives each function a section of its
// own, which `startupOrder` needs. Tools version 6.2 lets a package that
// depends on this one by version build with such flags.
let releaseCode = SwiftSetting.unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"],
    .when(configuration: .release))
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [releaseCode]
}
