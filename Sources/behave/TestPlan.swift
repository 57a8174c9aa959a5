import BehaveCore
import BehaveLua
import BehaveSpec
import Foundation

/// What `behave test` is to do: its flags over the options of a busted
/// config file (`.busted`), checked; every mistake is bad usage, one line.
struct TestPlan {
    /// busted's output handlers that Behave has, by the names busted gives
    /// them (any case).
    enum Handler: CaseIterable {
        case plain, tap, junit, json, gtest

        /// Its names, the first as messages show it.
        var names: [String] {
            switch self {
            case .plain: ["plain", "utfTerminal", "plainTerminal"]
            case .tap: ["TAP"]
            case .junit: ["junit"]
            case .json: ["json"]
            case .gtest: ["gtest"]
            }
        }

        init?(busted name: String) {
            let name = name.lowercased()
            guard let found = Handler.allCases.first(where: { $0.names.contains { $0.lowercased() == name } }) else {
                return nil
            }
            self = found
        }

        /// Every handler by its first name: `plain, TAP, junit, json or gtest`.
        static let listed = allCases.dropLast().map { $0.names[0] }.joined(separator: ", ")
            + " or " + allCases.last!.names[0]

        /// What is said of a handler Behave does not have.
        static func unknown(_ name: String) -> String {
            let hint = name.contains(".") || name.contains("/")
                ? "; to write a report to a file, use --output-file FILE"
                : Suggestions.hint(for: name, in: allCases.flatMap(\.names))
            return "no output handler `\(DisplayText.line(name))`: \(listed)\(hint)"
        }

        /// Its reporter, writing to `write` (`colours` on a terminal).
        func reporter(colours: Bool = false, write: @escaping (String) -> Void) -> any SpecReporter {
            switch self {
            case .plain: PlainReporter(colours: colours, write: write)
            case .tap: TAPReporter(write: write)
            case .junit: JUnitReporter(write: write)
            case .json: JSONReporter(write: write)
            case .gtest: GTestReporter(colours: colours, write: write)
            }
        }
    }

    var paths: [String]
    /// The config file `paths` were read from (its `ROOT`), for messages;
    /// nil when the command line named them, or none were named.
    var pathsFile: String?
    var handler: Handler
    var outputFile: String?
    var options: SpecOptions
    /// The options that chose the specs, named where each was given (the
    /// command line's, then the config file's keys), for a run that chose
    /// none; "" when every spec runs.
    var chosenBy: String
    /// The order of the files and of each file's specs; nil: as found.
    var shuffle: SpecShuffle?
    var shard: SpecShard?
    var jobs: Int

    /// The name of busted's config file, read from the working directory.
    static let configName = ".busted"

    init(_ test: Test) throws(UsageFailure) {
        let config = try TestPlan.config(file: test.configFile, task: test.task, limits: test.limits.sandboxLimits)
        paths = test.paths.isEmpty ? config.roots ?? [] : test.paths
        pathsFile = test.paths.isEmpty && config.roots?.isEmpty == false ? DisplayText.line(test.configFile ?? TestPlan.configName) : nil
        if let named = test.output ?? test.reporter {
            guard let chosen = Handler(busted: named) else { throw UsageFailure("-o/--output: " + Handler.unknown(named)) }
            handler = chosen
        } else if let named = config.output {
            // As busted does with a handler it cannot load: its own report,
            // and a warning; the file comes with the suite, and the specs still run.
            if let chosen = Handler(busted: named) {
                handler = chosen
            } else {
                writeError("\(DisplayText.line(test.configFile ?? TestPlan.configName)): warning: \(Handler.unknown(named)); the plain report is used instead")
                handler = .plain
            }
        } else {
            handler = .plain
        }
        // Only the command line names a file to write: a config file comes
        // with the code under test.
        outputFile = test.outputFile
        jobs = test.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        shard = test.shard.flatMap(SpecShard.init)
        // Each list from the command line, or else from the file; a bad
        // pattern is named where it was written.
        let given = SpecSelection(filters: test.filter, filtersOut: test.filterOut, tags: SpecSelection.tags(test.tags),
                                  excludedTags: SpecSelection.tags(test.excludeTags), names: test.name)
        let read = SpecSelection(
            filters: test.filter.isEmpty ? config.filters ?? [] : [],
            filtersOut: test.filterOut.isEmpty ? config.filtersOut ?? [] : [],
            tags: test.tags.isEmpty ? config.tags ?? [] : [],
            excludedTags: test.excludeTags.isEmpty ? config.excludedTags ?? [] : [],
            names: test.name.isEmpty ? config.names ?? [] : [])
        let selection = SpecSelection(filters: given.filters + read.filters, filtersOut: given.filtersOut + read.filtersOut,
                                      tags: given.tags + read.tags, excludedTags: given.excludedTags + read.excludedTags,
                                      names: given.names + read.names)
        let configShown = test.configFile ?? TestPlan.configName
        chosenBy = [given.selectsAll ? nil : given.described(),
                    read.selectsAll ? nil : "\(configShown)'s "
                        + read.described(options: SpecSelection.configKeys.map { "`\($0)`" }, separator: ", ")]
            .compactMap { $0 }.joined(separator: " and ")
        do throws(LuaError) {
            if !given.selectsAll { try given.check(with: LuaPatterns()) }
        } catch {
            throw UsageFailure(error.message)
        }
        do throws(LuaError) {
            if !read.selectsAll { try read.check(with: LuaPatterns(), options: SpecSelection.configKeys.map { "`\($0)`" }) }
        } catch {
            throw UsageFailure("\(DisplayText.line(test.configFile ?? TestPlan.configName)): \(error.message)")
        }
        // The specific flag over the general one, the command line over the file.
        let shuffleFiles = test.shuffleFiles ?? test.shuffle ?? config.shuffleFiles ?? config.shuffle ?? false
        let shuffleTests = test.shuffleTests ?? test.shuffle ?? config.shuffleTests ?? config.shuffle ?? false
        if shuffleFiles || shuffleTests {
            let seed = test.seed ?? config.seed ?? UInt64.random(in: 0...(1 << 53))
            shuffle = SpecShuffle(seed: seed, files: shuffleFiles, specs: shuffleTests)
        }
        options = SpecOptions(limits: test.limits.sandboxLimits, selection: selection, shuffle: shuffle, listOnly: test.list)
        options.updateTranscripts = test.update
    }

    /// The options of the config file (`--config-file`, else `.busted` when
    /// there is one); what it has that `behave test` does not use is said
    /// on standard error.
    private static func config(file: String?, task: String?, limits: SandboxLimits) throws(UsageFailure) -> SpecConfigFile {
        var isFolder: ObjCBool = false
        let path: String
        if let file {
            path = file
        } else if FileManager.default.fileExists(atPath: configName, isDirectory: &isFolder), !isFolder.boolValue {
            path = configName
        } else {
            if let task { throw UsageFailure("--run \(task): there is no \(configName) file here to take it from") }
            return SpecConfigFile()
        }
        let config: SpecConfigFile
        do throws(ValueError) {
            config = try SpecConfigFile.read(path, shown: DisplayText.line(path), task: task, limits: limits)
        } catch {
            throw UsageFailure(error.message)
        }
        if !config.ignored.isEmpty {
            writeError("\(DisplayText.line(path)): not used by behave test, ignored: \(config.ignored.joined(separator: ", "))")
        }
        return config
    }
}
