/// `behave window`'s command line, which `behave` reads (and `behave help
/// window` shows) and `behave-window`, the program it runs, reads again:
/// one declaration, one help text.
public enum WindowCommandLine {
    public static let name = "window"
    public static let spec = CommandSpec(
        name: name,
        abstract: "Open a scene on real GTK widgets, at wall speed; saving a file reloads it.",
        discussion: """
            Controls sit at their frames, or a scene's `ui:` file gives the widgets by id. \
            The trace goes to standard output; commands come from --do, then from standard input, one a line. \
            Ctrl+W, Ctrl+Q, closing the window, Ctrl-C or SIGTERM end the scene (its behaviours are destroyed).
            Exit status: 0; 1 when a script raised an error in any scene it ran (before a reload too); \
            2 for bad usage, a scene that does not load, or no display.
            Runs behave-window, found beside behave or, in a checkout, where `swift build --package-path Hosts/GTK` builds it.
            """,
        parameters: SceneOptions.parameters + [
            .flag("print-geometry", help: "Print each control's place once the window shows (`geometry NAME X Y WIDTH HEIGHT`, in the window's pixels), and again when a layout moves, resizes or shows it (`geometry NAME hidden` once it is not shown), for tools that click it (xdotool)."),
            .flag("print-frames", help: "Print `frame N` each time the window has drawn a frame and the X server holds it, for tools that look at the screen after a change (a screenshot taken after the line shows the change)."),
        ],
        path: ["behave", "window"])

    /// The arguments as read, written out again for `behave-window`: the
    /// options, then the file after `--` (a file may begin with `-`).
    public static func arguments(of parsed: ParsedArguments) -> [String] {
        var options: [String] = [], positionals: [String] = []
        for parameter in spec.parameters {
            let values = parsed.strings(parameter.name)
            switch parameter.kind {
            case .argument, .passthrough: positionals += values
            case .option: options += values.flatMap { ["--\(parameter.name)", $0] }
            case .flag: options += values.map { $0 == "true" ? "--\(parameter.name)" : "--no-\(parameter.name)" }
            }
        }
        return options + ["--"] + positionals
    }
}
