import ArgumentParser
import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",  // named here, not found by reflection at every start
        abstract: "Run a behaviour script (in its default scene) or a scene file.",
        discussion: "Commands come from --do, then from standard input, one a line. Type `help` for the list.")

    @Argument(help: "A script (toggle.lua) or a scene file (.yaml, .json).")
    var file: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Set an inspectable before the behaviour wakes.", valueName: "NAME=VALUE"))
    var settings: [String] = []

    @Option(name: .customLong("do"), help: ArgumentHelp("Run a command (repeatable).", valueName: "COMMAND"))
    var commands: [String] = []

    @Flag(help: "Print the trace as JSON Lines; the last line is the final state.")
    var json = false

    @OptionGroup var limits: LimitOptions

    @OptionGroup(title: "Platform") var platform: PlatformOptions

    @Option(help: ArgumentHelp("Write a transcript of the run (commands, trace, final state) that `behave test` replays.",
                               valueName: "FILE.behave"))
    var record: String?

    @Flag(help: "Watch the scene's files: each save makes the scene again and runs the --do commands again (standard input is not read; Ctrl-C ends).")
    var watch = false

    func validate() throws {
        if watch, record != nil { throw ValidationError("--watch runs again on every save; it does not --record") }
        if let record, !record.hasSuffix(".behave") {
            throw ValidationError("--record writes a transcript named FILE.behave, not \(record)")
        }
    }

    func run() throws {
        try failing {
            let source = SceneSource(file: file, settings: settings, limits: limits.sandboxLimits,
                                     platform: try platform.overrides())
            if watch { try WatchRun(source: source, json: json, commands: commands).run() }
            let session = try Session.load(source, json: json, record: record)
            return try session.run(commands: commands)
        }
    }
}

/// The sandbox limits, settable on the command line.
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Memory limit of the scene's Lua state, in MiB.", valueName: "MiB"))
    var memoryLimit: Int = SandboxLimits.default.memory >> 20

    @Option(help: ArgumentHelp("Lua instructions one callback may run.", valueName: "COUNT"))
    var instructionLimit: Int = SandboxLimits.default.instructions

    @Option(help: ArgumentHelp("Wall-clock seconds one callback may take.", valueName: "SECONDS"))
    var timeLimit: Double = SandboxLimits.default.seconds

    var sandboxLimits: SandboxLimits {
        SandboxLimits(memory: memoryLimit << 20, instructions: instructionLimit, seconds: timeLimit)
    }

    /// Limits too small to start a scene with are refused, not adjusted.
    func validate() throws {
        guard memoryLimit >= 4, memoryLimit <= 1 << 20 else {
            throw ValidationError("--memory-limit is in MiB, from 4 to 1048576; not \(memoryLimit)")
        }
        guard instructionLimit >= 100_000 else {
            throw ValidationError("--instruction-limit must be at least 100000 (a runtime needs some to start); not \(instructionLimit)")
        }
        guard timeLimit.isFinite, timeLimit >= 0.01, timeLimit <= 3600 else {
            throw ValidationError("--time-limit is in seconds, from 0.01 to 3600; not \(timeLimit)")
        }
    }
}
