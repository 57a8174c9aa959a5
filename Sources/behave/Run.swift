import BehaveCommandLine
import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

struct Run: Command {
    static let name = "run"
    static let spec = CommandSpec(
        name: name,
        abstract: "Run a behaviour script (in its default scene) or a scene file.",
        discussion: "Commands come from --do, then from standard input, one a line. Type `help` for the list.",
        parameters: SceneOptions.parameters + [
            .flag("json", help: "Print the trace as JSON Lines; the last line is the final state."),
        ] + PlatformOptions.parameters + [
            .option("record", valueName: "FILE.behave",
                    help: "Write a transcript of the run (commands, trace, final state) that `behave test` replays."),
            .flag("watch", help: "Watch the scene's files: each save makes the scene again and runs the --do commands again (standard input is not read; Ctrl-C or SIGTERM dismisses the scene and ends, with run's exit status)."),
        ])

    var file: String
    var settings: [String]
    var commands: [String]
    var json: Bool
    var images: String?
    var limits: LimitOptions
    var platform: PlatformOptions
    var record: String?
    var watch: Bool

    init(_ arguments: ParsedArguments) throws(ArgumentError) {
        file = arguments.string("file") ?? ""
        settings = arguments.strings("set")
        commands = arguments.strings("do")
        json = arguments.flag("json")
        images = arguments.string("images")
        limits = try LimitOptions(arguments)
        platform = PlatformOptions(arguments)
        record = arguments.string("record")
        watch = arguments.flag("watch")
        if watch, record != nil { throw ArgumentError("--watch runs again on every save; it does not --record") }
        if let record, !record.hasSuffix(".behave") {
            throw ArgumentError("--record writes a transcript named FILE.behave, not \(record)")
        }
    }

    func run() -> Int32 {
        failing {
            let source = SceneSource(file: file, settings: settings, limits: limits.sandboxLimits,
                                     platform: try platform.overrides(), images: images)
            if watch { return try WatchRun(source: source, json: json, commands: commands).run() }
            let session = try Session.load(source, json: json, record: record)
            // The process ends with the run, and no one hears a scene's
            // teardown (its trace's listener goes first): the exit frees it
            // all at once, where taking it apart took a tenth of a short run.
            _ = Unmanaged.passRetained(session)
            return try session.run(commands: commands)
        }
    }
}
