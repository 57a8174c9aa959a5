/// `behave window`: runs `behave-window`, which opens a scene on real GTK 4
/// widgets. It is the package in the checkout's `Hosts/GTK/`, built apart
/// so that building `behave` never builds GTK (see `Companion`).
struct Window: Command {
    static let spec = CommandSpec(
        name: "window",
        abstract: "Open a scene on real GTK widgets, at wall speed; saving a file reloads it.",
        discussion: """
            behave window SCENE.yaml | SCRIPT.lua [--set NAME=VALUE]... [--do COMMAND]... [--print-geometry]
            Controls sit at their frames, or a scene's `ui:` file gives the widgets by id. \
            The trace goes to standard output; commands come on standard input, and --do runs one first. \
            --print-geometry prints each control's place once the window shows (`geometry NAME X Y WIDTH HEIGHT`), \
            for tools that click it (xdotool). Ctrl+W, closing the window, Ctrl-C or SIGTERM end it.
            Runs behave-window, found beside behave or, in a checkout, where `swift build --package-path Hosts/GTK` builds it.
            """,
        parameters: [.passthrough("arguments", help: "What behave-window takes (see behave window --help).")])

    var arguments: [String]

    init(_ arguments: ParsedArguments) {
        self.arguments = arguments.strings("arguments")
    }

    func run() -> Int32 { Companion.window.exec(arguments) }
}
