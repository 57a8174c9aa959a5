import BehaveCommandLine
import Foundation

/// `behave studio`: runs `behave-studio`, Behave Studio's server. The
/// server is the package in the checkout's `Studio/` (it brings Hummingbird
/// and SwiftNIO, which neither `behave` nor an app that embeds Behave
/// should build), so it is looked for in two places: beside this binary, as
/// `install` leaves them, then, for a development build in a checkout,
/// where the checkout's Studio package builds it.
struct Studio: Command {
    static let name = "studio"
    static let spec = CommandSpec(
        name: name,
        abstract: "See a scene in the browser, click it, tune it in an inspector; saving a file reloads it.",
        discussion: """
            behave studio [SCENE.yaml | SCRIPT.lua] [--port N] [--set NAME=VALUE]... [--images DIR]
            Runs behave-studio, found beside behave or, in a checkout, where `swift build --package-path Studio` builds it.
            """,
        parameters: [.passthrough("arguments", help: "What behave-studio takes (see behave studio --help).")])

    var arguments: [String]

    init(_ arguments: ParsedArguments) {
        self.arguments = arguments.strings("arguments")
    }

    /// The server's name, beside this binary.
    static let server = Companion.studio.name

    func run() -> Int32 { Companion.studio.exec(arguments) }
}
