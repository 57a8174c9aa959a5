import BehaveCore
import BehaveLua
import Foundation

/// One spec file's run. The file gets a fresh sandbox: a Lua state of its
/// own with the limits of behaviours. Its top level (and the describe
/// bodies) runs first and declares the specs; then each spec runs its
/// before_each chain, its body and its after_each chain, each as an
/// outermost protected call with a budget of its own, so a runaway spec
/// fails alone and its after_each still runs.
final class SpecFileRun {
    struct Declared {
        var name: String
        var line: Int
        var pending: Bool
        var befores: Int
        var afters: Int
    }

    /// Scenes open at once in one file (each has a Lua state).
    static let maximumScenes = 64

    let path: String
    /// The path as messages show it (and as Lua names the chunk).
    let file: String
    let directory: String
    let options: SpecOptions
    /// The spec state's LuaRuntime needs a scene; specs never see it.
    private let hostScene = Scene(screen: "spec")
    private(set) var runtime: LuaRuntime?
    var runFunction: LuaReference?
    var declared: [Declared] = []
    var scenes: [Int: SpecScene] = [:]
    var closedScenes = Set<Int>()
    var nextSceneID = 1
    /// The spec whose phases are running; nil while the file loads.
    var current: Int?
    var output: [String] = []

    init(path: String, options: SpecOptions) {
        self.path = path
        self.file = SpecFinder.display(path)
        self.directory = (path as NSString).deletingLastPathComponent
        self.options = options
    }

    /// Runs the file; `report` hears each spec's result (or the file's
    /// failure to load) as it comes.
    func run(_ report: (SpecResult) -> Void) {
        defer { finish() }
        let started = DispatchTime.now()
        do throws(LuaError) {
            try load()
        } catch {
            let (location, message) = split(error, fallbackLine: 0)
            report(SpecResult(file: file, name: "(loading \(file))", line: 0, status: .failed, location: location,
                              message: message, output: output, duration: seconds(since: started)))
            return
        }
        for index in declared.indices where options.matches(declared[index].name) {
            report(run(index))
        }
    }

    // MARK: Loading

    private func load() throws(LuaError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw LuaError("cannot read the file") }
        let runtime = try LuaRuntime(scene: hostScene, limits: options.limits)
        self.runtime = runtime
        registerHostFunctions(on: runtime)
        let environment = try runtime.newEnvironment()
        let hosts = runtime.extensionTable()
        let prelude = try runtime.load(specPreludeSource, chunkName: "=behave")
        defer {
            runtime.release(prelude)
            runtime.release(hosts)
            runtime.release(environment)
        }
        try runtime.call(prelude, [.reference(hosts), .reference(environment)])
        let chunk = try runtime.load(String(decoding: data, as: UTF8.self), chunkName: "@" + file,
                                     environment: environment)
        defer { runtime.release(chunk) }
        try runtime.call(chunk)
        guard let runFunction else { throw LuaError("the spec runner did not start") }
        try runtime.call(runFunction, [.value(.string("collect"))])
    }

    // MARK: One spec

    private func run(_ index: Int) -> SpecResult {
        let spec = declared[index]
        guard !spec.pending, let runtime, let runFunction else {
            return SpecResult(file: file, name: spec.name, line: spec.line, status: .pending)
        }
        let started = DispatchTime.now()
        current = index
        output = []
        defer { current = nil }

        func phase(_ name: String, _ step: Int) -> LuaError? {
            do throws(LuaError) {
                try runtime.call(runFunction, [.value(.string(name)), .value(.number(Double(index + 1))),
                                               .value(.number(Double(step)))])
                return nil
            } catch {
                return error
            }
        }

        var failure: (location: String, message: String)?
        func note(_ error: LuaError?, _ context: String?) {
            guard let error, failure == nil else { return }
            let (location, message) = split(error, fallbackLine: spec.line)
            failure = (location, context.map { "\($0): \(message)" } ?? message)
        }
        for step in 0..<spec.befores where failure == nil {
            note(phase("before", step + 1), "in before_each")
        }
        if failure == nil { note(phase("it", 0), nil) }
        for step in 0..<spec.afters {
            note(phase("after", step + 1), "in after_each")
        }
        let unchecked = endSpec(index)
        if failure == nil, let first = unchecked.first {
            let more = unchecked.count > 1 ? " (and \(unchecked.count - 1) more)" : ""
            failure = ("\(file):\(spec.line)",
                       "a scene raised a script error the spec did not check (read them with s:errors()): \(first)\(more)")
        }
        return SpecResult(file: file, name: spec.name, line: spec.line, status: failure == nil ? .passed : .failed,
                          location: failure?.location ?? "", message: failure?.message ?? "", output: output,
                          duration: seconds(since: started))
    }

    /// Collects what the spec's scenes logged and the errors it did not
    /// read, and closes the scenes it made.
    private func endSpec(_ index: Int) -> [String] {
        var unchecked: [String] = []
        for id in scenes.keys.sorted() {
            guard let scene = scenes[id] else { continue }
            unchecked += scene.log.unchecked
            scene.log.checked = scene.log.errors.count
            if output.count < SceneLog.maximumLines { output += scene.log.logs }
            scene.log.logs.removeAll()
            if scene.owner == index { close(id) }
        }
        return unchecked
    }

    func close(_ id: Int) {
        guard let scene = scenes.removeValue(forKey: id), let runtime else { return }
        scene.close(in: runtime)
        closedScenes.insert(id)
    }

    private func finish() {
        for id in scenes.keys.sorted() { close(id) }
        if let runFunction { runtime?.release(runFunction) }
        runFunction = nil
        runtime?.close()
        runtime = nil
    }

    // MARK: Messages

    /// The location and the text of an error: the location it names (the
    /// failing assertion's line in the spec file), or the spec's own line
    /// when it names none or only the runner's.
    func split(_ error: LuaError, fallbackLine: Int) -> (location: String, message: String) {
        let text = firstLines(error.message)
        if let (location, rest) = SpecFileRun.leadingLocation(text), !location.hasPrefix("behave:") {
            return (location, rest)
        }
        return ("\(file):\(fallbackLine)", text)
    }

    /// `("spec.lua:12", "message")` for "spec.lua:12: message".
    static func leadingLocation(_ text: String) -> (String, String)? {
        var search = text.startIndex
        while let colon = text[search...].firstIndex(of: ":") {
            let afterColon = text.index(after: colon)
            let digits = text[afterColon...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, text[digits.endIndex...].hasPrefix(": "), !text[..<colon].contains("\n") {
                return (String(text[..<digits.endIndex]), String(text[text.index(digits.endIndex, offsetBy: 2)...]))
            }
            if text[..<colon].contains("\n") { return nil }
            search = afterColon
        }
        return nil
    }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// What a run is given.
public struct SpecOptions: Sendable {
    /// The limits every spec and every scene it makes runs under.
    public var limits: SandboxLimits
    /// Only specs whose full name contains this text run.
    public var filter: String?

    public init(limits: SandboxLimits = .default, filter: String? = nil) {
        self.limits = limits
        self.filter = filter
    }

    func matches(_ name: String) -> Bool {
        guard let filter, !filter.isEmpty else { return true }
        return name.contains(filter)
    }
}
