import Foundation

/// `behave studio`: runs `behave-studio`, Behave Studio's server. The
/// server is the package in the checkout's `Studio/` (it brings Hummingbird
/// and SwiftNIO, which neither `behave` nor an app that embeds Behave
/// should build), so it is looked for in two places: beside this binary, as
/// `install` leaves them, then, for a development build in a checkout,
/// where the checkout's Studio package builds it.
struct Studio: Command {
    static let spec = CommandSpec(
        name: "studio",
        abstract: "See a scene in the browser, click it, tune it in an inspector; saving a file reloads it.",
        discussion: """
            behave studio [SCENE.yaml | SCRIPT.lua] [--port N] [--set NAME=VALUE]...
            Runs behave-studio, found beside behave or, in a checkout, where `swift build --package-path Studio` builds it.
            """,
        parameters: [.passthrough("arguments", help: "What behave-studio takes (see behave studio --help).")])

    var arguments: [String]

    init(_ arguments: ParsedArguments) {
        self.arguments = arguments.strings("arguments")
    }

    /// The server's name, beside this binary.
    static let server = "behave-studio"

    func run() -> Int32 {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let places = Studio.serverPlaces(behave: me)
        guard let server = places.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })?.path else {
            writeError(Studio.missingServer(behave: me))
            return 2
        }
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        fflush(nil)
        execv(server, argv)
        writeError("cannot run \(server): \(String(cString: strerror(errno)))")
        return 2
    }

    /// A development build: `behave` at `CHECKOUT/.build/SUBPATH/behave` in
    /// a checkout that has the Studio package. Its server builds at
    /// `CHECKOUT/Studio/.build/SUBPATH/behave-studio` (the same triple and
    /// configuration).
    struct Checkout: Equatable {
        var root: URL
        /// The folders between `.build` and the binary (`x86_64-unknown-linux-gnu/debug`).
        var subpath: [String]

        init?(behave: URL) {
            let folders = Array(behave.standardizedFileURL.pathComponents.dropLast())
            guard let build = folders.lastIndex(of: ".build"), build > 0 else { return nil }
            root = URL(fileURLWithPath: NSString.path(withComponents: Array(folders[..<build])), isDirectory: true)
            subpath = Array(folders[(build + 1)...])
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Studio/Package.swift").path) else {
                return nil
            }
        }

        /// Where the Studio package builds the server.
        var server: URL {
            subpath.reduce(root.appendingPathComponent("Studio/.build")) { $0.appendingPathComponent($1) }
                .appendingPathComponent(Studio.server)
        }

        /// The command that builds it there, run in the checkout.
        var buildCommand: String {
            (subpath.last == "release" ? "swift build -c release" : "swift build") + " --package-path Studio"
        }
    }

    /// Where the server may be, in the order they are tried.
    static func serverPlaces(behave: URL) -> [URL] {
        [behave.deletingLastPathComponent().appendingPathComponent(server)] + [Checkout(behave: behave)?.server].compactMap { $0 }
    }

    /// Why the server was not found, naming every place looked at and what
    /// puts it there.
    static func missingServer(behave: URL) -> String {
        let beside = behave.deletingLastPathComponent().appendingPathComponent(server).path
        if let checkout = Checkout(behave: behave) {
            return "behave studio runs \(server), found neither beside behave (\(beside)) nor where the checkout's Studio package builds it (\(checkout.server.path)); build it in \(checkout.root.path) with `\(checkout.buildCommand)`"
        }
        return "behave studio runs \(server), which is not beside behave (\(beside)); build it in Behave's checkout with `swift build -c release --package-path Studio` and install it beside behave: `install Studio/.build/release/\(server) \(behave.deletingLastPathComponent().path)/`"
    }
}
