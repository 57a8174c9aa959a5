import ArgumentParser
import BehaveLua
import BehaveSpec
import Foundation

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run busted-style specs (*_spec.lua), each file in a fresh sandbox.",
        discussion: "Exit status: 0 when nothing failed, 1 when a spec failed, 2 for bad usage. See Docs/testing.md.")

    enum Reporter: String, ExpressibleByArgument, CaseIterable {
        case plain, tap, junit
    }

    @Argument(help: "Spec files or directories (default: the working directory, searched for *_spec.lua).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Run only specs whose full name contains TEXT.", valueName: "TEXT"))
    var filter: String?

    @Option(help: "Output format: plain, tap or junit.")
    var reporter: Reporter = .plain

    @Option(help: ArgumentHelp("Write the JUnit XML to FILE (the plain report goes to standard output).", valueName: "FILE"))
    var output: String?

    @Option(help: ArgumentHelp("Spec files run at once (default: one per processor).", valueName: "N"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var limits: LimitOptions

    /// Runs the files named on standard input for a parent `behave test`,
    /// writing results as JSON lines (see `IsolatedSpecRunner`).
    @Flag(help: .hidden)
    var worker = false

    /// Runs the specs in this process: a crash in Swift ends the whole run.
    @Flag(help: .hidden)
    var inProcess = false

    func validate() throws {
        if output != nil, reporter != .junit {
            throw ValidationError("--output is for --reporter junit")
        }
        if jobs < 1 {
            throw ValidationError("--jobs takes 1 or more")
        }
    }

    func run() throws {
        if worker { return runAsWorker() }
        try failing {
            let files: [String]
            do throws(SpecFinder.Failure) {
                files = try SpecFinder.find(paths)
            } catch {
                throw UsageFailure(error.description)
            }
            // What the linter finds in the specs and the scripts they load,
            // once each, on standard error.
            ScriptLint.warn(scripts: files + ScriptLint.scripts(usedBy: files))
            let out: (String) -> Void = { text in
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            let runner = makeRunner()
            let summary: SpecSummary
            switch reporter {
            case .plain:
                summary = runner.run(files, reporter: PlainReporter(showsProgress: isatty(STDOUT_FILENO) != 0, write: out))
            case .tap:
                summary = runner.run(files, reporter: TAPReporter(write: out))
            case .junit:
                if let output {
                    guard FileManager.default.createFile(atPath: output, contents: nil) else {
                        throw UsageFailure("\(output): cannot write the file")
                    }
                    var xml = ""
                    summary = runner.run(files, reporter: TeeReporter([
                        PlainReporter(showsProgress: isatty(STDOUT_FILENO) != 0, write: out),
                        JUnitReporter { xml += $0 },
                    ]))
                    guard FileManager.default.createFile(atPath: output, contents: Data(xml.utf8)) else {
                        throw UsageFailure("\(output): cannot write the file")
                    }
                } else {
                    summary = runner.run(files, reporter: JUnitReporter(write: out))
                }
            }
            return summary.failed > 0 ? 1 : 0
        }
    }

    private var options: SpecOptions { SpecOptions(limits: limits.sandboxLimits, filter: filter) }

    /// Spec files run in a worker process, so that a crash in Swift fails
    /// one file and the run goes on.
    private func makeRunner() -> any SpecFileRunner {
        guard !inProcess, let executable = Bundle.main.executableURL else {
            return SpecRunner(options: options, jobs: jobs)
        }
        let limits = self.limits
        let filter = self.filter
        return IsolatedSpecRunner(executable: executable, arguments: { jobs in
            var arguments = ["test", "--worker", "--jobs", "\(jobs)",
                             "--memory-limit", "\(limits.memoryLimit)",
                             "--instruction-limit", "\(limits.instructionLimit)",
                             "--time-limit", "\(limits.timeLimit)"]
            if let filter { arguments += ["--filter", filter] }
            return arguments
        }, options: options, jobs: jobs)
    }

    private func runAsWorker() {
        let (token, files) = WorkerReporter.input(from: FileHandle.standardInput.readDataToEndOfFile())
        let reporter = WorkerReporter(token: token) { text in FileHandle.standardOutput.write(Data(text.utf8)) }
        SpecRunner(options: options, jobs: jobs).run(files, reporter: reporter)
    }
}
