import BehaveCore
import BehaveLua
import Foundation

/// A busted configuration file (`.busted` in the working directory, or
/// `--config-file`): a Lua file that returns a table of tasks, each a table
/// of options named as the command line names them (`tags`,
/// `["exclude-tags"]`, `exclude_tags` too). The options of the task
/// `--run` names, else of `default`, override those of `_all`; the command
/// line overrides both. The file is untrusted input (it comes with the
/// code under test): it runs in the sandbox of behaviours (no `io`, `os`,
/// `require`), under its limits, only the table it returns is read, none
/// of its options makes Behave write a file (`--output-file` is for the
/// command line only) or take more of the machine (`--jobs`), and its
/// `ROOT` names only what lies inside its own folder or the working
/// directory (a file named there runs as a spec, and a spec's text shows
/// in its syntax errors).
public struct SpecConfigFile: Equatable, Sendable {
    public var roots: [String]?
    public var output: String?
    public var filters: [String]?
    public var filtersOut: [String]?
    public var tags: [String]?
    public var excludedTags: [String]?
    public var names: [String]?
    public var shuffle: Bool?
    public var shuffleFiles: Bool?
    public var shuffleTests: Bool?
    public var seed: UInt64?
    /// Keys of the chosen options that `behave test` does not use (busted's
    /// `verbose`, `coverage`, `lpath`, …), sorted: they change nothing.
    public var ignored: [String] = []

    public init() {}

    /// The keys `behave test` honours, as busted spells them.
    public static let keys = ["ROOT", "output", "filter", "filter-out", "name", "tags", "exclude-tags",
                              "shuffle", "shuffle-files", "shuffle-tests", "seed"]

    /// Reads the file at `path` (`shown` names it in messages) and takes
    /// the options of `task` (nil: `default`). Every mistake is one line.
    public static func read(_ path: String, shown: String, task: String?,
                            limits: SandboxLimits = .default) throws(ValueError) -> SpecConfigFile {
        let source: [UInt8]
        do throws(ValueError) {
            source = try HostFile.contents(of: path, maximumBytes: LuaScript.maximumBytes)
        } catch {
            throw ValueError("\(shown): \(error.message)")
        }
        let returned: LooseValue
        do throws(LuaError) {
            returned = try run(source, chunkName: "@" + shown, limits: limits)
        } catch {
            // Its own `file:line: message`, without the traceback. What Lua
            // gave no position (an error object that is not a string, a
            // yield, a returned table too deep to read) is placed too: at
            // the line of the file that was running, else in the file.
            let message = DisplayText.line(String(error.message.prefix { $0 != "\n" }))
            guard error.location == nil else { throw ValueError(message) }
            let line = error.frames.first { $0.file == shown }.map { ":\($0.line)" } ?? ""
            throw ValueError("\(shown)\(line): \(message)")
        }
        guard case .map = returned else {
            throw ValueError("\(shown): the file must return a table of tasks (`return { default = { … } }`)")
        }
        var options: [LooseValue.Entry] = []
        if case .map(let all)? = returned["_all"] { options = all }
        let chosen = task ?? "default"
        switch returned[chosen] {
        case .map(let entries)?:
            options = options.filter { option in !entries.contains { key($0.key) == key(option.key) } } + entries
        case nil where task == nil, .null? where task == nil:
            break
        default:
            throw ValueError("\(shown): no task `\(chosen)` (a table) in the file")
        }
        let config = try SpecConfigFile(options, shown: shown)
        let folder = (path as NSString).deletingLastPathComponent
        let access = FileAccess(folders: [folder.isEmpty ? "." : folder, "."],
                                description: "its folder and the working directory", reader: "a config file",
                                fix: "name folders and spec files inside them, or name them on the command line")
        for root in config.roots ?? [] {
            do throws(ValueError) {
                _ = try access.check(root, shown: "ROOT `\(DisplayText.line(root))`")
            } catch {
                throw ValueError("\(shown): \(error.message)")
            }
        }
        return config
    }

    /// Runs the chunk in a fresh sandbox; what it returned, as data.
    private static func run(_ source: [UInt8], chunkName: String, limits: SandboxLimits) throws(LuaError) -> LooseValue {
        let scene = Scene(screen: "config")
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        defer { runtime.close() }
        let environment = try runtime.newEnvironment()
        let chunk = try runtime.load(source, chunkName: chunkName, environment: environment)
        return try runtime.callReturningData(chunk).first ?? .null
    }

    /// `exclude_tags` and `exclude-tags` are one key.
    private static func key(_ name: String) -> String { name.replacingOccurrences(of: "_", with: "-") }

    private init(_ options: [LooseValue.Entry], shown: String) throws(ValueError) {
        var ignored: [String] = []
        for option in options {
            let name = SpecConfigFile.key(option.key)
            func fail(_ wanted: String) -> ValueError {
                ValueError("\(shown): `\(DisplayText.line(option.key))` must be \(wanted)")
            }
            func texts() throws(ValueError) -> [String] {
                switch option.value {
                case .text(let text, _): return [text]
                case .map(let entries) where entries.isEmpty: return []  // `{}`
                case .list(let items):
                    return try items.map { item throws(ValueError) in
                        guard case .text(let text, _) = item else { throw fail("a string or a list of strings") }
                        return text
                    }
                default: throw fail("a string or a list of strings")
                }
            }
            func flag() throws(ValueError) -> Bool {
                guard case .bool(let value) = option.value else { throw fail("true or false") }
                return value
            }
            func whole(_ range: ClosedRange<Double>) throws(ValueError) -> Double {
                guard case .number(let value) = option.value, value.rounded() == value, range.contains(value) else {
                    throw fail("a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
                }
                return value
            }
            switch name {
            case "ROOT": roots = try texts()
            case "output": output = try texts().last
            case "filter": filters = try texts()
            case "filter-out": filtersOut = try texts()
            case "tags": tags = SpecSelection.tags(try texts())
            case "exclude-tags": excludedTags = SpecSelection.tags(try texts())
            case "name": names = try texts()
            case "shuffle": shuffle = try flag()
            case "shuffle-files": shuffleFiles = try flag()
            case "shuffle-tests": shuffleTests = try flag()
            case "seed": seed = UInt64(try whole(0...9_007_199_254_740_992))
            default: ignored.append(DisplayText.line(option.key))
            }
        }
        self.ignored = ignored.sorted()
    }
}
