import BehaveCommandLine
import BehaveCore
import BehaveScene
import Foundation

@main
enum Behave {
    static let commands: [any Command.Type] = [
        Run.self, Test.self, Explore.self, Studio.self, Window.self, Inspect.self, Check.self, New.self, Types.self,
    ]

    static let spec = CommandSpec(
        name: "behave",
        abstract: "Run, test and inspect Lua behaviours.",
        discussion: """
            Results go to standard output, diagnostics (errors, warnings, bad usage) to standard error. \
            Exit status 2 is bad usage, with a one-line reason.
            """,
        made: commands.map { command in Subcommand(command.name) { command.spec } },
        version: BehaveVersion.current)

    static func main() {
        exit(status(for: Array(CommandLine.arguments.dropFirst())))
    }

    /// Reads the command line and runs the command it names; help and the
    /// version are printed, never run.
    static func status(for arguments: [String]) -> Int32 {
        do {
            switch try ArgumentReader.read(arguments, root: spec) {
            case .version(let version):
                print(version)
                return 0
            case .help(let command):
                print(HelpWriter.text(for: command, version: true), terminator: "")
                return 0
            case .run(let command, let values):
                guard let type = commands.first(where: { $0.name == command.name }) else { return 2 }
                let command = try type.init(values)
                return command.run()
            }
        } catch {
            FileHandle.standardError.write(Data((usageLine(for: error, arguments: arguments) + "\n").utf8))
            return 2
        }
    }

    /// `behave: REASON (see `behave test --help`)`: the reason on one line
    /// (control characters escaped), and where to read more.
    static func usageLine(for error: ArgumentError, arguments: [String]) -> String {
        let names = commands.map { $0.name }
        let command = arguments.first { names.contains($0) }.map { "behave \($0)" } ?? "behave"
        return error.usageLine(command: command)
    }
}

/// A failure that ends the command with a one-line reason and status 2
/// (bad usage, an input that cannot be loaded).
struct UsageFailure: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Messages come from scripts and input files: lines after the first are
/// indented and control characters escaped (`DisplayText`).
func writeError(_ message: String) {
    FileHandle.standardError.write(Data((DisplayText.indented("behave: " + message, by: "    ") + "\n").utf8))
}

/// A scene's mistake or warning on standard error, on one line as
/// `file:line: message` (names in it are the scene's: escaped).
func printError(_ diagnostic: SceneDiagnostic) {
    printWarning(diagnostic.description)
}

/// A warning already written `file:line: warning: message` (a running
/// scene's), on standard error on one line, as `check` prints it.
func printWarning(_ text: String) {
    FileHandle.standardError.write(Data((DisplayText.line(text) + "\n").utf8))
}

/// Runs `body`, turning a `UsageFailure` or a scene that cannot load into
/// status 2.
func failing(_ body: () throws -> Int32) -> Int32 {
    do {
        return try body()
    } catch let failure as UsageFailure {
        writeError(failure.message)
        return 2
    } catch let failure as SceneLoadError {
        // Every mistake, one `file:line: message` a line; then the warnings.
        for diagnostic in failure.diagnostics + failure.warnings { printError(diagnostic) }
        return 2
    } catch {
        writeError(String(describing: error))
        return 1
    }
}
