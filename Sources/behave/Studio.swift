import Foundation

/// `behave studio`: runs `behave-studio`, Behave Studio's server, from
/// beside this binary. The server is a product of its own
/// (`swift build --product behave-studio`), so that building `behave`
/// alone builds no web server.
struct Studio: Command {
    static let spec = CommandSpec(
        name: "studio",
        abstract: "See a scene in the browser, click it, tune it in an inspector; saving a file reloads it.",
        discussion: """
            behave studio [SCENE.yaml | SCRIPT.lua] [--port N] [--set NAME=VALUE]... [--images DIR]
            Runs behave-studio, found beside behave (build it with `swift build --product behave-studio`).
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
        let server = me.deletingLastPathComponent().appendingPathComponent(Studio.server).path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            writeError("behave studio runs \(Studio.server), which is not built beside behave (\(server)); build it with `swift build --product \(Studio.server)` (or `swift build`)")
            return 2
        }
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        fflush(nil)
        execv(server, argv)
        writeError("cannot run \(server): \(String(cString: strerror(errno)))")
        return 2
    }
}
