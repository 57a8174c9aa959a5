import ArgumentParser
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
            let diagnostics = Checker.check(file, limits: limits.sandboxLimits)
            if diagnostics.isEmpty {
                print("\(file): ok")
            } else {
                valid = false
                for diagnostic in diagnostics { print(diagnostic) }
            }
        }
        if !valid { throw ExitCode(2) }
    }
}
