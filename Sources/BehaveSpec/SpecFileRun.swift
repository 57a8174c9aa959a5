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
        /// The describe blocks it is in, outermost first (0: the file).
        var blocks: [Int] = [0]
        /// Not a spec but a describe block whose body failed while the
        /// specs were collected: run again (expanded) when its turn comes.
        var deferredBlock: Int?
    }

    /// A describe block's `setup` and `teardown` hooks (each runs once,
    /// around the block's specs that run).
    struct Block {
        var setups = 0
        var teardowns = 0
    }

    /// Who a scene belongs to: it is closed when that ends.
    enum Owner: Equatable {
        case file
        case spec(Int)
        case block(Int)
    }

    /// Scenes open at once in one file (each has a Lua state; a dismissed
    /// scene's is freed and does not count).
    static let maximumScenes = 64
    /// What the open scenes of one file may hold in all: each may fill what
    /// it may hold (`sceneFootprint`), so fewer are open at once when the
    /// limit is high (7 at the default 64 MiB), where 64 of 64 MiB could
    /// take 9 GiB.
    static let sceneMemoryBudget = 1 << 30

    /// What one open scene may hold under `limits`: its Lua state's memory
    /// limit, as much again of the text its controls, behaviours and
    /// dialogs hold outside it (a scene's text limit is its memory limit),
    /// and the texts its trace keeps. Counting the Lua state alone, 16
    /// scenes held 2 GiB.
    static func sceneFootprint(under limits: SandboxLimits) -> Int {
        2 * limits.memory + Trace.keptTextLimit
    }

    /// Scenes open at once in one file under `limits`: at most
    /// `maximumScenes`, and as many as fill `sceneMemoryBudget` (one at
    /// least, whatever its limit).
    static func maximumOpenScenes(under limits: SandboxLimits) -> Int {
        guard limits.memory > 0 else { return maximumScenes }
        return max(1, min(maximumScenes, sceneMemoryBudget / sceneFootprint(under: limits)))
    }
    /// Scenes kept at once in one file, dismissed ones included (their state
    /// and errors stay readable while the spec holds them).
    static let maximumKeptScenes = 1024

    let path: String
    /// The path as messages show it (and as Lua names the chunk).
    let file: String
    let directory: String
    let options: SpecOptions
    /// What the spec may make the host read (`FileAccess.spec(in:)`): the
    /// scenes, scripts, photo folders and images it names, and those its
    /// scenes name.
    let access: FileAccess
    /// The scripts `scene.script` found, by the name the spec gave.
    var locatedScripts: [String: String] = [:]
    /// The spec state's LuaRuntime needs a scene; specs never see it.
    private let hostScene = Scene(screen: "spec")
    private(set) var runtime: LuaRuntime?
    /// The spec file's `math.random`, restarted for each spec (for its
    /// file and name: `fileHash` is the file's part).
    private var generator: LuaReference?
    private lazy var fileHash = LuaRuntime.identityHash(file)
    var runFunction: LuaReference?
    var declared: [Declared] = []
    var blocks: [Int: Block] = [:]
    /// The scenes not closed yet, by id; ids below `nextSceneID` that are
    /// not here are closed.
    var scenes: [Int: SpecScene] = [:]
    var nextSceneID = 1
    /// What the code running now belongs to (the scenes it makes do too).
    var current: Owner = .file
    var output: [String] = []
    /// The spec file's source (its lines name the calls that failed).
    private var source: [UInt8] = []
    /// How its `scene.new{ … }` tables are written.
    lazy var sceneTables = SceneTableSource(source)
    /// Bytes of output kept in all the file's results so far.
    private var outputBytes = 0
    private var outputCut = false
    /// The reason `pending()` gave last inside a running spec.
    var pendingReason = ""
    /// The message the last failing assertion of the running phase raised
    /// (`H.failing`): an error with it is a failure, not an error.
    var assertionMessage: String?
    /// What `pending()` raises inside a running spec: a phase that ends
    /// with it stops the spec as skipped. Unique to the run, so no failure's
    /// message can be taken for it.
    let pendingSignal = "behave: pending " + UUID().uuidString
    /// Blocks whose setup ran; those whose setup failed, with the failure.
    private var setUp = Set<Int>()
    private var brokenBlocks: [Int: (location: ScriptError.Frame, message: String, isAssertion: Bool)] = [:]
    /// For each block, the last spec of it that runs (its teardown follows).
    private var lastRunning: [Int: Int] = [:]
    /// Specs of the file that ran out of instructions or time so far, and
    /// where the first did.
    private var runaways = 0
    private var firstRunaway: ScriptError.Frame?

    /// Specs of one file that may run away before its other specs are
    /// not run: each takes a whole limit, so a file of thousands that all
    /// loop (a helper they share) would keep its worker for an hour, and
    /// ten say what is wrong as well as thousands.
    static let maximumRunaways = 10

    init(path: String, options: SpecOptions) {
        self.path = path
        self.file = SpecFinder.display(path)
        self.directory = (path as NSString).deletingLastPathComponent
        self.options = options
        self.access = FileAccess.spec(in: directory)
    }

    /// Runs the file; `report` hears each spec's result (or the file's
    /// failure to load) as it comes, `willRun` each spec before it runs.
    func run(willRun: (String, Int) -> Void = { _, _ in }, _ report: (SpecResult) -> Void) {
        // A golden transcript is one spec of its own.
        if path.hasSuffix(".behave") {
            return TranscriptSpec(path: path, file: file, options: options, access: access).run(willRun: willRun, report)
        }
        defer { finish() }
        let started = DispatchTime.now()
        let running: [Int]
        do throws(LuaError) {
            try load()
            running = try selected()
        } catch {
            // The location is where the error was raised, which may be a
            // module the spec requires; the result's line is the spec
            // file's own (the `require`), 1 when none.
            let (location, message) = split(error, fallbackLine: 1)
            let line = location.isIn(file) ? max(location.line, 1) : max(error.frames.first { $0.isIn(file) }?.line ?? 1, 1)
            report(SpecResult(file: file, name: "(loading \(file))", line: line, status: .errored,
                              location: location.isIn(file) ? "\(file):\(line)" : "\(location)", message: message, output: output,
                              duration: seconds(since: started)))
            return
        }
        for index in running where !declared[index].pending {
            for block in declared[index].blocks { lastRunning[block] = index }
        }
        // Specs in their order; a put-off block's specs take its place.
        var queue = running
        var position = 0
        while position < queue.count {
            let index = queue[position]
            position += 1
            if runaways >= Self.maximumRunaways, !options.listOnly {
                notRun(index, report)
            } else if declared[index].deferredBlock != nil {
                queue.insert(contentsOf: expand(index, report), at: position)
            } else if options.listOnly {
                report(SpecResult(file: file, name: declared[index].name, line: declared[index].line, status: .listed))
            } else {
                if !declared[index].pending { willRun(declared[index].name, declared[index].line) }
                report(run(index))
            }
        }
    }

    /// Spec (or put-off block) `index`, after too many runaways: reported
    /// as skipped, saying why, with what its blocks' teardowns printed
    /// (they run as they would have after it).
    private func notRun(_ index: Int, _ report: (SpecResult) -> Void) {
        let spec = declared[index]
        if spec.pending && spec.deferredBlock == nil { return report(run(index)) }
        let first = firstRunaway.map { " (the first at \($0))" } ?? ""
        output = []
        tearDown(endingWith: index)
        report(SpecResult(file: file, name: spec.name, line: spec.line, status: .pending,
                          message: "not run: \(runaways) specs of this file ran out of their limits before it\(first); "
                            + "fix those and run the file again", output: output))
    }

    /// Runs the body of the put-off block standing at `index` and returns
    /// the specs it declares that run, in their order; the blocks that
    /// ended with the stand-in now end with the last of them. A body that
    /// fails again is an error result (named by the block).
    private func expand(_ index: Int, _ report: (SpecResult) -> Void) -> [Int] {
        let stand = declared[index]
        let first = declared.count
        let started = DispatchTime.now()
        output = []
        current = .block(stand.deferredBlock ?? 0)
        defer { current = .file }
        if let error = phase("expand", stand.deferredBlock ?? 0) {
            let (location, message) = split(error, fallbackLine: stand.line)
            report(SpecResult(file: file, name: stand.name, line: stand.line, status: .errored, location: "\(location)",
                              message: message, output: output, duration: seconds(since: started)))
            if !options.listOnly { tearDown(endingWith: index) }
            return []
        }
        var added = Array(first..<declared.count)
        if !options.selection.selectsAll, let runtime, let patterns = try? LuaPatterns(runtime: runtime) {
            added = added.filter { declared[$0].deferredBlock != nil || ((try? options.selection.selects(declared[$0].name, with: patterns)) ?? false) }
        }
        let ending = lastRunning.filter { $0.value == index }.map(\.key)
        for spec in added where !declared[spec].pending {
            for block in declared[spec].blocks where lastRunning[block] == nil || ending.contains(block) {
                lastRunning[block] = spec
            }
        }
        if added.allSatisfy({ declared[$0].pending }), !options.listOnly { tearDown(endingWith: index) }
        return added
    }

    /// The teardowns of the blocks whose last spec was `index`, when no
    /// spec of theirs ran after all.
    private func tearDown(endingWith index: Int) {
        for block in declared[index].blocks.reversed() where lastRunning[block] == index && setUp.contains(block) {
            current = .block(block)
            for step in 0..<(blocks[block]?.teardowns ?? 0) { _ = phase("teardown", block, step + 1) }
            closeScenes(of: .block(block))
        }
        current = .file
    }

    /// The declared specs that run (`options.selection`), in the order
    /// they run (`options.shuffle`).
    private func selected() throws(LuaError) -> [Int] {
        var running = Array(declared.indices)
        if !options.selection.selectsAll, let runtime {
            let patterns = try LuaPatterns(runtime: runtime)
            var kept: [Int] = []
            for index in running {
                let chosen = try options.selection.selects(declared[index].name, with: patterns)
                if chosen || declared[index].deferredBlock != nil { kept.append(index) }
            }
            running = kept
        }
        return options.shuffle?.order(specs: running, blocks: { self.declared[$0].blocks }, file: file) ?? running
    }

    // MARK: Loading

    private func load() throws(LuaError) {
        do throws(ValueError) {
            source = try HostFile.contents(of: path, maximumBytes: LuaScript.maximumBytes)
        } catch {
            throw LuaError(error.message)
        }
        let runtime = try LuaRuntime(scene: hostScene, limits: options.limits)
        // What the spec requires is read where its scenes are read.
        runtime.fileAccess = access
        self.runtime = runtime
        registerHostFunctions(on: runtime)
        let garbage = try runtime.enableSpecSandbox()
        // Its math.random: its own stream, the same on every run (and each
        // spec's restarted for it: `run`).
        let environment = try runtime.newEnvironment(identity: "@" + file)
        defer { runtime.release(environment) }
        generator = try runtime.generator(of: environment)
        let hosts = runtime.extensionTable()
        let require = runtime.requireFunction()
        let prelude = try runtime.load(specPreludeSource, chunkName: "=behave")
        defer {
            runtime.release(prelude)
            runtime.release(require)
            runtime.release(hosts)
            runtime.release(garbage)
        }
        let roots = SpecModules.roots(forSpecIn: directory)
        runtime.setModuleScope(roots: roots, environment: environment, forChunk: "@" + file, hint: SpecModules.hint(roots))
        try runtime.call(prelude, [.reference(hosts), .reference(environment), .reference(require), .reference(garbage),
                                   .value(.string(SpecModules.packagePath(roots)))])
        let chunk = try runtime.load(source, chunkName: "@" + file, environment: environment)
        defer { runtime.release(chunk) }
        try runtime.call(chunk)
        guard let runFunction else { throw LuaError("the spec runner did not start") }
        try runtime.call(runFunction, [.value(.string("collect"))])
    }

    // MARK: One spec

    /// Calls the runner's Lua function for one phase; its error, if any.
    private func phase(_ name: String, _ first: Int, _ second: Int = 0) -> LuaError? {
        guard let runtime, let runFunction else { return LuaError("the spec runner did not start") }
        assertionMessage = nil
        do throws(LuaError) {
            try runtime.call(runFunction, [.value(.string(name)), .value(.number(Double(first))),
                                           .value(.number(Double(second)))])
            return nil
        } catch {
            return error
        }
    }

    /// How many `finally` functions spec `number` (counted from 1) registered.
    private func finalizerCount(_ number: Int) -> Int {
        guard let runtime, let runFunction else { return 0 }
        let results = try? runtime.call(runFunction, [.value(.string("finallies")), .value(.number(Double(number)))])
        return results?.first?.numberValue.flatMap { Int(exactly: $0) } ?? 0
    }

    private func run(_ index: Int) -> SpecResult {
        let spec = declared[index]
        guard !spec.pending, runtime != nil, runFunction != nil else {
            return SpecResult(file: file, name: spec.name, line: spec.line, status: .pending)
        }
        let started = DispatchTime.now()
        output = []
        pendingReason = ""
        defer { current = .file }

        // A failure is final: nothing the spec does afterwards (pending()
        // in a finally or after_each, or under pcall) makes it pass or
        // skipped. A phase that ends with pending()'s signal skips the spec
        // unless it has failed.
        // As busted: an assertion failing in the body is a failure;
        // anything else raised, or an assertion failing in a hook, is an
        // error.
        var failure: (location: ScriptError.Frame, message: String, isAssertion: Bool)?
        // The spec ran out of time: when a scene's handler ran away during
        // it, that handler took the time (budgets are not shared, time is).
        var ranOutOfTime = false
        // Where the spec first ran away (its failure may be an earlier
        // phase's, an assertion's): the file's first runaway is told there.
        var ranAway: ScriptError.Frame?
        var skipped: String?
        func note(_ error: LuaError?, _ context: String?) {
            guard let error else { return }
            if ranAway == nil, runtime?.exceededLimit?.isRunaway == true {
                ranAway = split(error, fallbackLine: spec.line).location
            }
            if isPendingSignal(error) {
                if skipped == nil { skipped = pendingReason }
                return
            }
            guard failure == nil else { return }
            let (location, message) = split(error, fallbackLine: spec.line)
            failure = (location, (context.map { "\($0): \(message)" } ?? message) + handlerFailure,
                       context == nil && raisedByAssertion(message))
            ranOutOfTime = runtime?.exceededLimit == .time
        }

        // Each block's setup, outermost first, before its first spec that runs.
        for block in spec.blocks where !setUp.contains(block) && brokenBlocks[block] == nil {
            guard !spec.blocks.contains(where: { brokenBlocks[$0] != nil }) else { break }
            setUp.insert(block)
            current = .block(block)
            for step in 0..<(blocks[block]?.setups ?? 0) {
                guard let error = phase("setup", block, step + 1) else { continue }
                if isPendingSignal(error) {
                    skipped = skipped ?? pendingReason
                    break
                }
                let (location, message) = split(error, fallbackLine: spec.line)
                brokenBlocks[block] = (location, "in setup: \(message)", false)
                break
            }
        }
        if let broken = spec.blocks.lazy.compactMap({ self.brokenBlocks[$0] }).first {
            failure = broken
        } else {
            current = .spec(index)
            let number = index + 1
            // Its rolls are its own: the same alone, filtered or shuffled.
            if let runtime, let generator {
                runtime.restart(generator, identityHash: LuaRuntime.identityHash(spec.name, after: fileHash))
            }
            for step in 0..<spec.befores where failure == nil && skipped == nil {
                note(phase("before", number, step + 1), "in before_each")
            }
            if failure == nil, skipped == nil { note(phase("it", number), nil) }
            let finalizers = finalizerCount(number)
            for step in 0..<finalizers {
                note(phase("finally", number, step + 1), "in finally")
            }
            for step in 0..<spec.afters {
                note(phase("after", number, step + 1), "in after_each")
            }
        }
        // Each block's teardown, innermost first, after its last spec that runs.
        for block in spec.blocks.reversed() where lastRunning[block] == index && setUp.contains(block) {
            current = .block(block)
            for step in 0..<(blocks[block]?.teardowns ?? 0) {
                note(phase("teardown", block, step + 1), "in teardown")
            }
        }
        let (unchecked, noted) = endSpec(index)
        for block in spec.blocks.reversed() where lastRunning[block] == index {
            closeScenes(of: .block(block))
        }
        if ranAway == nil, let runaway = unchecked.first(where: \.runaway) {
            ranAway = runaway.call ?? ScriptError.Frame(file: file, line: spec.line)
        }
        if let first = unchecked.first {
            let more = unchecked.count > 1 ? " (and \(unchecked.count - 1) more)" : ""
            if let cause = unchecked.first(where: { $0.runaway && $0.call != nil }), let call = cause.call,
               failure == nil || ranOutOfTime {
                // A handler that never finished (it often takes the spec's
                // time too): the spec's line that ran it, and the script's
                // line that looped.
                failure = (call, "\(calling(call.line)) never finished: \(cause.message)", false)
                if ranOutOfTime { ranAway = call }  // the handler took the spec's time
            } else if let reason = failure {
                // What the scene said is often why the spec failed (a runaway clock).
                failure = (reason.location, reason.message + "\n(a scene also raised a script error the spec did not check\(calledAt(first.call)): \(first.message)\(more))",
                           reason.isAssertion)
            } else {
                failure = (first.call ?? ScriptError.Frame(file: file, line: spec.line),
                           "a scene raised a script error the spec did not check (read them with s:errors()): \(first.message)\(more)",
                           false)
            }
        }
        if let reason = failure, !noted.isEmpty {
            // What the scene refused (a hidden field's typing) is often why
            // the assertion after it failed.
            failure = (reason.location, reason.message + noted, reason.isAssertion)
        }
        if failure == nil, let reason = skipped {
            return SpecResult(file: file, name: spec.name, line: spec.line, status: .pending, message: reason,
                              output: output, duration: seconds(since: started))
        }
        if let ranAway {
            runaways += 1
            firstRunaway = firstRunaway ?? ranAway
        }
        let status: SpecResult.Status = failure.map { $0.isAssertion ? .failed : .errored } ?? .passed
        return SpecResult(file: file, name: spec.name, line: spec.line, status: status,
                          location: failure.map { "\($0.location)" } ?? "", message: failure?.message ?? "", output: output,
                          duration: seconds(since: started))
    }

    /// What an `xpcall`'s message handler raised in the phase that just
    /// failed, when xpcall gave up on it: Lua's "error in error handling",
    /// which the spec may have asserted on or raised again, says no more.
    private var handlerFailure: String {
        guard let handler = runtime?.failedMessageHandler else { return "" }
        return "\n(an xpcall's message handler raised an error of its own"
            + (handler.location.map { " at \($0)" } ?? "")
            + ", so xpcall returned \"error in error handling\": \(handler.explanation))"
    }

    /// `s:tap("button")`: the code on the spec's `line`, or "a call into
    /// a scene".
    private func calling(_ line: Int) -> String {
        let lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return "a call into a scene" }
        let code = String(decoding: lines[line - 1], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty, code.count <= 120, !code.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) else { return "a call into a scene" }
        return "`\(code)`"
    }

    /// ` at spec.lua:4` (the spec's line that called into the scene), or "".
    private func calledAt(_ location: ScriptError.Frame?) -> String {
        location.map { " at \($0)" } ?? ""
    }

    /// Whether an error's text (its location taken off) is what the last
    /// failing assertion raised, rather than something the spec raised
    /// after catching it. Rethrown through `error`, it may have gained
    /// locations in front.
    private func raisedByAssertion(_ message: String) -> Bool {
        guard let assertionMessage else { return false }
        let raised = message.prefix { $0 != "\n" }, asserted = assertionMessage.prefix { $0 != "\n" }
        return raised == asserted || raised.hasSuffix(": " + asserted)
    }

    /// Whether a phase ended with pending()'s signal (and nothing else).
    /// A `coroutine.wrap` it came through puts its location in front.
    private func isPendingSignal(_ error: LuaError) -> Bool {
        let summary = error.summary
        return summary == pendingSignal || summary.hasSuffix(": " + pendingSignal)
    }

    /// Collects what the spec's scenes logged, the errors it did not read
    /// and the scenes' notes (as lines for a failure's message: `\n(the
    /// scene noted at spec.lua:6: field ignores typing (it is hidden))`),
    /// and closes the scenes it made.
    private func endSpec(_ index: Int) -> (unchecked: [(message: String, call: ScriptError.Frame?, runaway: Bool)], notes: String) {
        var unchecked: [(message: String, call: ScriptError.Frame?, runaway: Bool)] = []
        var notes = "", kept = 0, leftOut = 0
        for id in scenes.keys.sorted() {
            guard let scene = scenes[id] else { continue }
            unchecked += scene.log.unchecked
            scene.log.checked = scene.log.errors.count
            for line in scene.log.logs { keep(line) }
            scene.log.logs.removeAll()
            for note in scene.log.notes {
                guard kept < SceneLog.maximumNotes else {
                    leftOut += 1
                    continue
                }
                notes += "\n(the scene noted\(calledAt(note.call)): \(note.message))"
                kept += 1
            }
            leftOut += scene.log.notesLeftOut
            scene.log.notes.removeAll()
            scene.log.notesLeftOut = 0
        }
        if leftOut > 0 { notes += "\n(and \(leftOut) more note\(leftOut == 1 ? "" : "s"): `s:trace()` has them)" }
        closeScenes(of: .spec(index))
        return (unchecked, notes)
    }

    private func closeScenes(of owner: Owner) {
        for id in scenes.keys.sorted() where scenes[id]?.owner == owner { close(id) }
    }

    func close(_ id: Int) {
        guard let scene = scenes.removeValue(forKey: id), let runtime else { return }
        scene.close(in: runtime)
    }

    /// Frees the Lua state of every dismissed scene (nothing of it can run
    /// again); the scene itself stays readable.
    func freeDismissedScenes() {
        for scene in scenes.values where !scene.scene.isPresented { scene.freeLua() }
    }

    /// Closes the scenes the spec no longer refers to (their wrappers were
    /// collected): asked of the spec's state after a full collection.
    func closeUnreferencedScenes() {
        guard let runtime, let runFunction else { return }
        runtime.collectGarbage()
        guard case .string(let list)? = (try? runtime.call(runFunction, [.value(.string("scenes"))]))?.first else { return }
        let referenced = Set(list.split(separator: ",").compactMap { Int($0) })
        for id in scenes.keys.sorted() where !referenced.contains(id) { close(id) }
    }

    private func finish() {
        for id in scenes.keys.sorted() { close(id) }
        if let generator { runtime?.release(generator) }
        generator = nil
        if let runFunction { runtime?.release(runFunction) }
        runFunction = nil
        runtime?.close()
        runtime = nil
    }

    // MARK: Output

    /// What one file's results may hold of printed and logged lines, in all:
    /// a file of many specs that each print their most still costs the host
    /// a bounded amount.
    static let maximumOutputBytes = 4 << 20
    /// Characters kept of one line.
    static let maximumLineLength = 2000

    /// Keeps a line of what the running spec printed or its scenes logged.
    func keep(_ line: String) {
        guard output.count < SceneLog.maximumLines else { return }
        let line = line.count > SpecFileRun.maximumLineLength ? String(line.prefix(SpecFileRun.maximumLineLength)) + "…" : line
        guard outputBytes + line.utf8.count <= SpecFileRun.maximumOutputBytes else {
            if !outputCut {
                outputCut = true
                output.append("(more output left out: this file's specs printed more than \(SpecFileRun.maximumOutputBytes >> 20) MiB)")
            }
            return
        }
        outputBytes += line.utf8.count
        output.append(line)
    }

    // MARK: Messages

    /// The location and the text of an error: where it was raised (the
    /// failing assertion's line in the spec file), else the spec file's
    /// innermost line among the frames live then, else the spec's own line.
    /// A script that does not compile is where Behave's parser stopped.
    func split(_ error: LuaError, fallbackLine: Int) -> (location: ScriptError.Frame, message: String) {
        if let reading = error.reading {
            return (ScriptError.Frame(file: reading.file, line: reading.line), "\(reading.text)\n\(error.headline)")
        }
        // Stopped inside the runner's own code (a budget ran out in a scene
        // method), or raised with no position (`assert(false)`, an error
        // object): the spec's own line among the frames, or the spec's.
        guard let errorFile = error.file, let line = error.line, errorFile != "behave" else {
            let frame = error.frames.first { $0.isIn(file) }
            return (ScriptError.Frame(file: file, line: frame?.line ?? fallbackLine), error.explanation)
        }
        return (ScriptError.Frame(file: errorFile, line: line), error.explanation)
    }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
