import BehaveCommandLine

/// `behave window`: runs `behave-window`, which opens a scene on real GTK 4
/// widgets. It is the package in the checkout's `Hosts/GTK/`, built apart
/// so that building `behave` never builds GTK (see `Companion`). Its
/// command line is read here first, so that bad usage and `--help` are
/// `behave`'s own, and again by `behave-window` (`WindowCommandLine`).
struct Window: Command {
    static let name = WindowCommandLine.name
    static let spec = WindowCommandLine.spec

    var arguments: [String]

    init(_ arguments: ParsedArguments) throws(ArgumentError) {
        _ = try LimitOptions(arguments)
        self.arguments = WindowCommandLine.arguments(of: arguments)
    }

    func run() -> Int32 { Companion.window.exec(arguments) }
}
