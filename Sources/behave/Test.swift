import BehaveCheck
import BehaveCommandLine
import BehaveCore
import BehaveLua
import BehaveScene
import BehaveSpec
import BehaveSyntax
import Foundation

struct Test: Command {
    static let name = "test"
    static let spec = CommandSpec(
        name: name,
        abstract: "Run busted-style specs (*_spec.lua), each file in a fresh sandbox.",
        discussion: """
            Flags follow busted's where busted has one; options may also come from a busted config file (.busted). \
            Exit status: 0 when no spec failed or raised an error and the linter found no error in the behaviour scripts \
            the specs load (warnings allowed), 1 otherwise, 2 for bad usage. See Docs/testing.md.
            """,
        parameters: [
            .argument("paths", help: "Spec files or directories (default: the working directory, searched for *_spec.lua).",
                      repeatable: true),
            .option("output", short: "o", valueName: "NAME",
                    help: "The output handler, as busted names them in any case: \(TestPlan.Handler.listed) (plain is also utfTerminal, plainTerminal; default: plain)."),
            .option("reporter", valueName: "NAME", help: "The same as -o (Behave's first name for it)."),
            .option("output-file", valueName: "FILE",
                    help: "Write the output handler's report to FILE; the plain report then goes to standard output."),
            .option("filter", valueName: "PATTERN",
                    help: "Run only specs whose full name matches this Lua pattern (repeatable: any of them).", repeatable: true),
            .option("filter-out", valueName: "PATTERN",
                    help: "Do not run specs whose full name matches this Lua pattern (repeatable; wins over --filter).",
                    repeatable: true),
            .option("name", valueName: "NAME",
                    help: "Run only the spec whose full name is NAME, as it is, not a pattern (repeatable: any of them).",
                    repeatable: true),
            .option("tags", short: "t", valueName: "TAGS",
                    help: "Run only specs with one of these #tags in their full names (comma-separated, repeatable).",
                    repeatable: true),
            .option("exclude-tags", valueName: "TAGS",
                    help: "Do not run specs with one of these #tags (comma-separated, repeatable; wins over --tags).",
                    repeatable: true),
            .flag("list", short: "l", help: "Name the specs that would run (file:line: name), without running them."),
            .flag("update", help: "Rewrite each transcript (*.behave) with what its scene does now, rather than compare."),
            .flag("shuffle", inverted: true,
                  help: "Run the files, and the specs of each file, in a random order (--seed repeats it)."),
            .flag("shuffle-files", inverted: true, help: "Run the files in a random order."),
            .flag("shuffle-tests", inverted: true, help: "Run the specs of each file in a random order."),
            .option("seed", valueName: "N",
                    help: "The seed of the random order (default: a new one each run, printed on standard error)."),
            .option("shard", valueName: "K/N", help: "Run part K of N of the spec files: a stable split by path, for N machines."),
            .option("config-file", short: "f", valueName: "FILE",
                    help: "Read options from this busted config file (default: .busted in the working directory, if any)."),
            .option("run", short: "r", valueName: "TASK",
                    help: "The task of the config file to take options from (default: default)."),
            .option("jobs", valueName: "N", help: "Spec files run at once (default: one per processor)."),
        ] + LimitOptions.parameters + [
            // Runs the files named on standard input for a parent `behave
            // test`, writing results as JSON lines (see `IsolatedSpecRunner`).
            .flag("worker", help: "", hidden: true),
            // Runs the specs in this process: a crash in Swift ends the whole run.
            .flag("in-process", help: "", hidden: true),
        ],
        absent: bustedOptions)

    /// busted's options that `behave test` leaves out, each told why and
    /// what to do instead (Docs/testing.md has the list too).
    static let bustedOptions: [AbsentOption] = [
        AbsentOption(["-v", "--verbose", "--no-verbose"],
                     "busted's --verbose is not needed: each failure and error is printed whole, with its file:line; -o TAP, junit, json or gtest name every spec"),
        AbsentOption(["--repeat"],
                     "busted's --repeat has no counterpart (a spec's clock and random numbers are the same each run); to look for order-dependence, run with --shuffle"),
        AbsentOption(["-p", "--pattern", "--exclude-pattern"],
                     "spec files are always *_spec.lua; name other files on the command line (a file given by name runs whatever it is called)"),
        AbsentOption(["-C", "--directory"], "busted's --directory has no counterpart; run `cd DIR && behave test`"),
        AbsentOption(["-m", "--lpath", "--cpath", "--helper", "-e", "--lua", "--loaders", "-c", "--coverage", "--no-coverage",
                      "--coverage-config-file", "--ignore-lua", "-Xhelper"],
                     "specs run in Behave's sandbox, which loads no host code: modules are found in src/, the working directory and beside the spec, and a spec may set package.path"),
        AbsentOption(["--lazy", "--no-lazy"],
                     "setup and teardown already run only around the specs that run (busted's lazy_setup); strict_setup is the same"),
        AbsentOption(["--sort", "--no-sort", "--sort-files", "--no-sort-files", "--sort-tests", "--no-sort-tests"],
                     "files always run in the order of their paths and specs in the order declared, unless --shuffle"),
        AbsentOption(["-k", "--keep-going", "--no-keep-going"], "every file always runs, whatever the others do"),
        AbsentOption(["--auto-insulate", "--no-auto-insulate"], "every spec file always runs in a fresh sandbox"),
        AbsentOption(["-R", "--recursive", "--no-recursive"], "directories are always searched recursively"),
        AbsentOption(["--suppress-pending", "--no-suppress-pending"],
                     "busted's --suppress-pending has no counterpart; pending specs are one PENDING line each and never fail a run"),
        AbsentOption(["--defer-print", "--no-defer-print"],
                     "what a spec prints is already kept and shown under its failure (and in the TAP, JUnit, JSON and gtest reports)"),
        AbsentOption(["--exclude-names-file", "--log-success"],
                     "behave test reads and writes no such list; use --filter-out or --name, and -o junit --output-file FILE for what passed"),
        AbsentOption(["--lang"], "messages are in English"),
        AbsentOption(["-s", "--enable-sound", "--no-enable-sound", "-Xoutput"],
                     "output handlers are built in (-o \(TestPlan.Handler.listed)), with no options of their own"),
    ]

    var paths: [String]
    var output: String?
    var reporter: String?
    var outputFile: String?
    var filter: [String]
    var filterOut: [String]
    var name: [String]
    var tags: [String]
    var excludeTags: [String]
    var list: Bool
    var update: Bool
    var shuffle: Bool?
    var shuffleFiles: Bool?
    var shuffleTests: Bool?
    var seed: UInt64?
    var shard: String?
    var configFile: String?
    var task: String?
    var jobs: Int?
    var limits: LimitOptions
    var worker: Bool
    var inProcess: Bool

    init(_ arguments: ParsedArguments) throws(ArgumentError) {
        paths = arguments.strings("paths")
        output = arguments.string("output")
        reporter = arguments.string("reporter")
        outputFile = arguments.string("output-file")
        filter = arguments.strings("filter")
        filterOut = arguments.strings("filter-out")
        name = arguments.strings("name")
        tags = arguments.strings("tags")
        excludeTags = arguments.strings("exclude-tags")
        list = arguments.flag("list")
        update = arguments.flag("update")
        shuffle = arguments.choice("shuffle")
        shuffleFiles = arguments.choice("shuffle-files")
        shuffleTests = arguments.choice("shuffle-tests")
        seed = try arguments.value("seed", as: UInt64.self)
        shard = arguments.string("shard")
        configFile = arguments.string("config-file")
        task = arguments.string("run")
        jobs = try arguments.value("jobs", as: Int.self)
        limits = try LimitOptions(arguments)
        worker = arguments.flag("worker")
        inProcess = arguments.flag("in-process")
        if let jobs, jobs < 1 {
            throw ArgumentError("--jobs takes 1 or more")
        }
        if let output, let reporter, output.lowercased() != reporter.lowercased() {
            throw ArgumentError("-o/--output \(output) and --reporter \(reporter) name two output handlers; give one")
        }
        if let shard, SpecShard(shard) == nil {
            throw ArgumentError("--shard takes K/N with 1 ≤ K ≤ N (1/2, 2/2), not `\(shard)`")
        }
    }

    /// Whether `path`, given by name, is a behaviour script rather than a
    /// spec: it declares a behaviour (`local Toggle = behaviour { … }`) and
    /// calls no `describe` or `it`. Run as a spec, its first line called an
    /// undefined `behaviour`. Only files not named `*_spec.lua` are read.
    private static func isBehaviourScript(_ path: String) -> Bool {
        guard !path.hasSuffix("_spec.lua"), !Checker.isScene(path), !Checker.isDrawing(path),
              let source = try? HostFile.contents(of: path, maximumBytes: LuaScript.maximumBytes),
              ScriptOutline.className(in: source) != nil else { return false }
        return ScriptLinter.Kind(file: path, source: source) != .spec
    }

    private static func notASpec(_ path: String) -> String {
        let name = DisplayText.line((path as NSString).lastPathComponent)
        return "\(DisplayText.line(path)): a behaviour script, not a spec: a spec is a *_spec.lua file that loads it, "
            + "`scene.script(\"\(name)\")` (or the scene file that names it, `scene.load(\"SCENE.yaml\")`), and `behave test` "
            + "with no path runs those of the working directory; `behave check \(name)` checks it without a spec"
    }

    func run() -> Int32 {
        if worker {
            runAsWorker()
            return 0
        }
        return failing {
            let plan = try TestPlan(self)
            var files: [String]
            do throws(SpecFinder.Failure) {
                files = try SpecFinder.find(plan.paths)
            } catch {
                // A ROOT of the config file is named as the file's.
                throw UsageFailure((plan.pathsFile.map { "\($0): ROOT " } ?? "") + error.description)
            }
            if let script = plan.paths.first(where: Test.isBehaviourScript) {
                throw UsageFailure((plan.pathsFile.map { "\($0): ROOT " } ?? "") + Test.notASpec(script))
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
            // What the linter finds in the specs, the modules they require
            // and the scripts they load, once each: warnings on standard
            // error, errors as results of the run, which fail it.
            let modules = files.flatMap(SpecModules.files(requiredBy:))
            let lintErrors = ScriptLint.errorResults(scripts: files + modules + ScriptLint.scripts(usedBy: files),
                                                     specs: Set(files), specModules: Set(modules))
            let plain = PlainReporter(showsProgress: Terminal.isTerminal(STDOUT_FILENO), colours: colours, write: out)
            guard let outputFile = plan.outputFile else {
                let reporter = plan.handler == .plain ? plain : plan.handler.reporter(colours: colours, write: out)
                let summary = runner.run(files, reporter: reporter, first: lintErrors)
                warnIfNoneChosen(summary, by: plan, linted: lintErrors.count)
                return summary.succeeded ? 0 : 1
            }
            // The handler's report to the file, the plain report to standard output.
            guard FileManager.default.createFile(atPath: outputFile, contents: nil) else {
                throw UsageFailure("\(outputFile): cannot write the file")
            }
            var report = ""
            let handler = plan.handler.reporter { report += $0 }
            let summary = runner.run(files, reporter: TeeReporter([plain, handler]), first: lintErrors)
            warnIfNoneChosen(summary, by: plan, linted: lintErrors.count)
            guard FileManager.default.createFile(atPath: outputFile, contents: Data(report.utf8)) else {
                throw UsageFailure("\(outputFile): cannot write the file")
            }
            return summary.succeeded ? 0 : 1
        }
    }

    /// A selection that chose no spec passes, as busted's does; a CI job
    /// whose filter or tag is misspelt should not pass unremarked.
    /// The options are named where they were given: on the command line,
    /// or in the config file, which the next run reads again.
    /// (`linted`: the linter's errors, which are no specs.)
    private func warnIfNoneChosen(_ summary: SpecSummary, by plan: TestPlan, linted: Int) {
        guard !plan.options.selection.selectsAll, summary.files > 0,
              summary.passed + summary.failed + summary.errors - linted + summary.skipped == 0 else { return }
        writeError("warning: no spec was chosen by \(DisplayText.line(plan.chosenBy)); "
                   + "`behave test --list` without them names every spec, with its #tags")
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
        let (token, options, reportsStarts, files) = WorkerReporter.input(from: FileHandle.standardInput.readDataToEndOfFile())
        let reporter = WorkerReporter(token: token, reportsStarts: reportsStarts) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        SpecRunner(options: options ?? SpecOptions(limits: limits.sandboxLimits),
                   jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount).run(files, reporter: reporter)
    }
}
