import ArgumentParser
import BehaveCore
import BehaveScene

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files and scripts (syntax, declarations, types) without running them.",
        discussion: "Prints `FILE: ok`, or every mistake as `file:line: message`. Exit status 0 only when all are valid, 2 otherwise.")

    @Argument(help: "Scene files (.yaml, .yml, .json) and scripts (.lua).")
    var files: [String]

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scene file or script to check") }
    }

    func run() throws {
        var valid = true
        for file in files {
            let found = Checker.inspect(file, limits: limits.sandboxLimits)
            let mistakes = found.filter { !$0.isWarning }
            // Warnings (an outlet left unconnected) do not make a file invalid.
            for warning in found where warning.isWarning { printError(warning) }
            if mistakes.isEmpty {
                print("\(DisplayText.line(file)): ok")
            } else {
                valid = false
                // One `file:line: message` a line, whatever the names in it.
                for diagnostic in mistakes { print(DisplayText.line(diagnostic.description)) }
            }
        }
        if !valid { throw ExitCode(2) }
    }
}
