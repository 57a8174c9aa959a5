import ArgumentParser
import BehaveCore
import BehaveLua
import BehaveSpec
import Foundation

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",  // named here, not found by reflection at every start
        abstract: "Run busted-style specs (*_spec.lua), each file in a fresh sandbox.",
        discussion: """
            Flags follow busted's where busted has one; options may also come from a busted config file (.busted). \
            Exit status: 0 when no spec failed or raised an error, 1 otherwise, 2 for bad usage. See Docs/testing.md.
            """)

    @Argument(help: "Spec files or directories (default: the working directory, searched for *_spec.lua).")
    var paths: [String] = []

    @Option(name: [.customShort("o"), .long],
            help: ArgumentHelp("The output handler, as busted names them in any case: plain (also utfTerminal, plainTerminal), TAP or junit (default: plain).",
                               valueName: "NAME"))
    var output: String?

    @Option(help: ArgumentHelp("The same as -o (Behave's first name for it).", valueName: "NAME"))
    var reporter: String?

    @Option(help: ArgumentHelp("Write the output handler's report to FILE; the plain report then goes to standard output.",
                               valueName: "FILE"))
    var outputFile: String?

    @Option(help: ArgumentHelp("Run only specs whose full name matches this Lua pattern (repeatable: any of them).",
                               valueName: "PATTERN"))
    var filter: [String] = []

    @Option(help: ArgumentHelp("Do not run specs whose full name matches this Lua pattern (repeatable; wins over --filter).",
                               valueName: "PATTERN"))
    var filterOut: [String] = []

    @Option(name: [.customShort("t"), .long],
            help: ArgumentHelp("Run only specs with one of these #tags in their full names (comma-separated, repeatable).",
                               valueName: "TAGS"))
    var tags: [String] = []

    @Option(help: ArgumentHelp("Do not run specs with one of these #tags (comma-separated, repeatable; wins over --tags).",
                               valueName: "TAGS"))
    var excludeTags: [String] = []

    @Flag(name: [.customShort("l"), .long], help: "Name the specs that would run (file:line: name), without running them.")
    var list = false

    @Flag(help: "Rewrite each transcript (*.behave) with what its scene does now, rather than compare.")
    var update = false

    @Flag(inversion: .prefixedNo, help: "Run the files, and the specs of each file, in a random order (--seed repeats it).")
    var shuffle: Bool?

    @Flag(inversion: .prefixedNo, help: "Run the files in a random order.")
    var shuffleFiles: Bool?

    @Flag(inversion: .prefixedNo, help: "Run the specs of each file in a random order.")
    var shuffleTests: Bool?

    @Option(help: ArgumentHelp("The seed of the random order (default: a new one each run, printed on standard error).",
                               valueName: "N"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Run part K of N of the spec files: a stable split by path, for N machines.", valueName: "K/N"))
    var shard: String?

    @Option(name: [.customShort("f"), .long],
            help: ArgumentHelp("Read options from this busted config file (default: .busted in the working directory, if any).",
                               valueName: "FILE"))
    var configFile: String?

    @Option(name: [.customShort("r"), .customLong("run")],
            help: ArgumentHelp("The task of the config file to take options from (default: default).", valueName: "TASK"))
    var task: String?

    @Option(help: ArgumentHelp("Spec files run at once (default: one per processor).", valueName: "N"))
    var jobs: Int?

    @OptionGroup var limits: LimitOptions

    /// Runs the files named on standard input for a parent `behave test`,
    /// writing results as JSON lines (see `IsolatedSpecRunner`).
    @Flag(help: .hidden)
    var worker = false

    /// Runs the specs in this process: a crash in Swift ends the whole run.
    @Flag(help: .hidden)
    var inProcess = false

    func validate() throws {
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs takes 1 or more")
        }
        if let output, let reporter, output.lowercased() != reporter.lowercased() {
            throw ValidationError("-o/--output \(output) and --reporter \(reporter) name two output handlers; give one")
        }
        if let shard, SpecShard(shard) == nil {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N (1/2, 2/2), not `\(shard)`")
        }
    }

    func run() throws {
        if worker { return runAsWorker() }
        try failing {
            let plan = try TestPlan(self)
            var files: [String]
            do throws(SpecFinder.Failure) {
                files = try SpecFinder.find(plan.paths)
            } catch {
                throw UsageFailure(error.description)
            }
            if let shard = plan.shard { files = shard.select(files) }
            if let shuffle = plan.shuffle {
                files = shuffle.order(files: files)
                writeError("shuffled with seed \(shuffle.seed) (--seed \(shuffle.seed) repeats the order)")
            }
            let out: (String) -> Void = { text in FileHandle.standardOutput.write(Data(text.utf8)) }
            let colours = Terminal.colours(STDOUT_FILENO)
            let runner = makeRunner(options: plan.options, jobs: plan.jobs)
            if plan.options.listOnly {
                let summary = runner.run(files, reporter: ListReporter(colours: colours, write: out))
                return summary.succeeded ? 0 : 1
            }
            // What the linter finds in the specs and the scripts they load,
            // once each, on standard error.
            ScriptLint.warn(scripts: files + ScriptLint.scripts(usedBy: files), specs: Set(files))
            let plain = PlainReporter(showsProgress: Terminal.isTerminal(STDOUT_FILENO), colours: colours, write: out)
            guard let outputFile = plan.outputFile else {
                let reporter: any SpecReporter = switch plan.handler {
                case .plain: plain
                case .tap: TAPReporter(write: out)
                case .junit: JUnitReporter(write: out)
                }
                return runner.run(files, reporter: reporter).succeeded ? 0 : 1
            }
            // The handler's report to the file, the plain report to standard output.
            guard FileManager.default.createFile(atPath: outputFile, contents: nil) else {
                throw UsageFailure("\(outputFile): cannot write the file")
            }
            var report = ""
            let handler: any SpecReporter = switch plan.handler {
            case .plain: PlainReporter { report += $0 }
            case .tap: TAPReporter { report += $0 }
            case .junit: JUnitReporter { report += $0 }
            }
            let summary = runner.run(files, reporter: TeeReporter([plain, handler]))
            guard FileManager.default.createFile(atPath: outputFile, contents: Data(report.utf8)) else {
                throw UsageFailure("\(outputFile): cannot write the file")
            }
            return summary.succeeded ? 0 : 1
        }
    }

    /// Spec files run in a worker process, so that a crash in Swift fails
    /// one file and the run goes on. The worker is given the options on
    /// its standard input.
    private func makeRunner(options: SpecOptions, jobs: Int) -> any SpecFileRunner {
        guard !inProcess, let executable = Bundle.main.executableURL else {
            return SpecRunner(options: options, jobs: jobs)
        }
        return IsolatedSpecRunner(executable: executable, arguments: { jobs in ["test", "--worker", "--jobs", "\(jobs)"] },
                                  options: options, jobs: jobs)
    }

    private func runAsWorker() {
        let (token, options, files) = WorkerReporter.input(from: FileHandle.standardInput.readDataToEndOfFile())
        let reporter = WorkerReporter(token: token) { text in FileHandle.standardOutput.write(Data(text.utf8)) }
        SpecRunner(options: options ?? SpecOptions(limits: limits.sandboxLimits),
                   jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount).run(files, reporter: reporter)
    }
}
