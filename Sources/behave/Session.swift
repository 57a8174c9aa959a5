import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

/// A scene under `behave run`: loads it, prints its trace as it grows, and
/// runs commands.
final class Session {
    let scene: Scene
    let runtime: LuaRuntime
    let json: Bool
    /// A scene file's scene, kept alive with the session.
    private var loaded: LoadedScene?
    private var commandFailures = 0

    init(scene: Scene, runtime: LuaRuntime, json: Bool) {
        self.scene = scene
        self.runtime = runtime
        self.json = json
    }

    static func load(_ file: String, settings: [String], limits: SandboxLimits,
                     platform: PlatformOverrides = PlatformOverrides(), json: Bool) throws -> Session {
        var overrides: [(String, LooseValue)] = []
        for setting in settings {
            guard let equals = setting.firstIndex(of: "="), equals > setting.startIndex else {
                throw UsageFailure("--set takes NAME=VALUE, not `\(setting)`")
            }
            do throws(ValueError) {
                overrides.append((String(setting[..<equals]), try LooseValue.parse(String(setting[setting.index(after: equals)...]))))
            } catch {
                throw UsageFailure("--set \(setting[..<equals]): \(error.message)")
            }
        }
        if Checker.isScene(file) {
            // What the linter finds in its scripts, on standard error.
            ScriptLint.warn(scripts: ScriptLint.scripts(inScene: file))
            // Diagnostics (SceneLoadError) go to standard error, status 2.
            // The trace is printed as it grows, from the first `awake` on.
            let loaded = try SceneLoader.load(file: file, limits: limits, overrides: overrides, platform: platform,
                                              listener: TracePrinter(json: json).print)
            // Outlets left unconnected: allowed, but said (standard error).
            for warning in loaded.warnings { printError(warning) }
            let session = Session(scene: loaded.scene, runtime: loaded.runtime, json: json)
            session.loaded = loaded
            return session
        }
        guard let path = LuaScript.locate(file) else {
            throw UsageFailure("\(file): no such script here or in the bundled Scripts/ (\(BundledScripts.names.joined(separator: ", ")))")
        }
        ScriptLint.warn(scripts: [path])
        do {
            let (scene, runtime) = try ScriptScene.make(script: path, inspectables: overrides, limits: limits,
                                                        platform: platform.applied(to: PlatformConfiguration()),
                                                        listener: TracePrinter(json: json).print)
            return Session(scene: scene, runtime: runtime, json: json)
        } catch {
            throw UsageFailure(error.message)
        }
    }

    /// Runs the commands, then those of standard input; returns the exit
    /// status (1 when a script raised an error).
    func run(commands: [String]) -> Int32 {
        var quit = false
        for line in commands where !quit {
            quit = execute(line)
        }
        let interactive = isatty(STDIN_FILENO) != 0
        while !quit {
            if interactive {
                Swift.print("behave> ", terminator: "")
                fflush(nil)
            }
            guard let line = readLine() else { break }
            quit = execute(line)
        }
        if json { Swift.print(scene.state().text) }
        fflush(nil)
        if scene.errorCount > 0 { return 1 }
        return commandFailures > 0 && !interactive ? 2 : 0
    }

    /// Runs one command line; true to quit.
    private func execute(_ line: String) -> Bool {
        do {
            guard let command = try SceneCommand.parse(line) else { return false }
            switch try scene.execute(command) {
            case .none: return false
            case .quit: return true
            case .text(let text): emit(text: text)
            case .state(let state):
                // In JSON Lines a mid-run state is a record of its own; the
                // last line alone is the bare final state.
                Swift.print(json ? JSON.object([("kind", .string("state")), ("state", state)]).text : state.text)
            }
        } catch {
            commandFailures += 1
            if json {
                Swift.print(JSON.object([("kind", .string("commandError")), ("command", .string(line)),
                                         ("message", .string(error.message))]).text)
            } else {
                // A diagnostic: standard error (the trace is the result).
                fflush(nil)
                FileHandle.standardError.write(Data("error: \(DisplayText.line(error.message))\n".utf8))
            }
        }
        return false
    }

    private func emit(text: String) {
        if json {
            Swift.print(JSON.object([("kind", .string("show")), ("text", .string(text))]).text)
        } else {
            Swift.print(text)
        }
    }

}

/// Prints trace entries as they happen: readable lines, or JSON Lines.
struct TracePrinter {
    let json: Bool

    func print(_ entry: Trace.Entry) {
        if json {
            Swift.print(entry.json.text)
            return
        }
        // Only an entry starts a line at column 0: what scripts wrote goes on
        // indented lines, with every other control character escaped.
        Swift.print("[\(formatNumber(entry.time))s] " + DisplayText.indented(entry.message, by: "        "))
    }
}
