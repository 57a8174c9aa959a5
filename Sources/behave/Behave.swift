import ArgumentParser
import BehaveCore
import BehaveScene
import Foundation

@main
struct Behave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "behave",
        abstract: "Run, test and inspect Lua behaviours.",
        discussion: """
            Results go to standard output, diagnostics (errors, warnings, bad usage) to standard error. \
            Exit status 2 is bad usage, with a one-line reason.
            """,
        version: BehaveVersion.current,
        subcommands: [Run.self, Test.self, Explore.self, Studio.self, Inspect.self, Check.self, New.self, Types.self])

    /// ArgumentParser exits with 64 for bad usage and prints the usage
    /// after the reason; Behave's contract is status 2 and one line.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((usageLine(for: error, arguments: CommandLine.arguments) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    /// `behave: REASON (see `behave test --help`)`: the parser's reason on
    /// one line (its first; control characters escaped), and where to read
    /// more.
    static func usageLine(for error: any Error, arguments: [String]) -> String {
        let reason = message(for: error).split(separator: "\n").first.map(String.init) ?? "bad usage"
        let names = configuration.subcommands.map { $0._commandName }
        let command = arguments.dropFirst().first { names.contains($0) }.map { "behave \($0)" } ?? "behave"
        return "behave: " + DisplayText.line(reason.trimmingCharacters(in: .whitespaces)) + " (see `\(command) --help`)"
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

extension ParsableCommand {
    /// Runs `body`, turning a `UsageFailure` into status 2.
    func failing(_ body: () throws -> Int32) throws {
        do {
            let status = try body()
            if status != 0 { throw ExitCode(status) }
        } catch let failure as UsageFailure {
            writeError(failure.message)
            throw ExitCode(2)
        } catch let failure as SceneLoadError {
            // Every mistake, one `file:line: message` a line; then the warnings.
            for diagnostic in failure.diagnostics + failure.warnings { printError(diagnostic) }
            throw ExitCode(2)
        }
    }
}
