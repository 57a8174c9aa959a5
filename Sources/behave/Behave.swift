import ArgumentParser
import BehaveCore
import BehaveScene
import Foundation

@main
struct Behave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "behave",
        abstract: "Run, test and inspect Lua behaviours.",
        subcommands: [Run.self, Test.self, Explore.self, Studio.self, Inspect.self, Check.self, New.self, Types.self])

    /// ArgumentParser exits with 64 for bad usage; Behave's contract is 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((DisplayText.lines(fullMessage(for: error)) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
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
