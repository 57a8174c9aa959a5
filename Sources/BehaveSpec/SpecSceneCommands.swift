import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

/// Making scenes (`scene.script`, `scene.load`, `scene.new`) and the scene
/// methods: the CLI's commands, built on `Scene.execute`, plus what a spec
/// reads back (state, errors, recorded events).
extension SpecFileRun {
    // MARK: Making scenes

    /// `scene.script(path, inspectables, options)`: the default scene of
    /// one behaviour (as `behave run` builds it).
    func makeScriptScene(_ call: LuaCall) throws(LuaError) {
        let name = try call.requireString(1, "script path")
        var found = locatedScripts[name]
        if found == nil {
            // Next to the spec, then from the working directory (where
            // `require` and `scene.load` also look, and where a busted
            // suite keeps its code beside `spec/`), then the bundled Scripts/.
            let files = FileManager.default
            let fromWorkingDirectory = !name.hasPrefix("/")
                && !files.fileExists(atPath: (directory as NSString).appendingPathComponent(name))
                && files.fileExists(atPath: name)
            do throws(ValueError) {
                found = try LuaScript.locate(name, relativeTo: fromWorkingDirectory ? nil : directory, access: access)
            } catch {
                throw LuaError(error.message)
            }
        }
        guard let path = found else {
            let reason = "no such script next to the spec (\(directory.isEmpty ? "." : directory)/), in the working directory "
                + "or in the bundled Scripts/; give its path from one of the first two"
            throw LuaError("\(name): \(LuaScript.notFound(name, relativeTo: directory, reason: reason))")
        }
        // Found once per file: its specs make its scene again and again.
        locatedScripts[name] = path
        var inspectables: [(String, LooseValue)] = []
        if !call.isNil(2) {
            guard case .map(let entries) = try call.data(2) else {
                throw LuaError("scene.script(path, inspectables): inspectables must be a table of name = value")
            }
            for entry in entries {
                inspectables.append((entry.key, try entry.value.looseValue(for: entry.key)))
            }
        }
        let (platform, images) = try scriptOptions(call)
        try open(call) { [unowned self] () throws(LuaError) in
            do throws(SceneLoadError) {
                return try SceneLoader.load(script: path, inspectables: inspectables, limits: options.limits,
                                            platform: platform, images: images, access: access)
            } catch {
                throw LuaError(error.description)
            }
        }
    }

    /// `scene.script(path, inspectables, { platform = { … }, images = "icons/" })`:
    /// the platform block of a scene file (Docs/platform.md) as a table,
    /// and a folder of images, next to the spec.
    private func scriptOptions(_ call: LuaCall) throws(LuaError) -> (PlatformConfiguration, ImageFolder?) {
        guard !call.isNil(3) else { return (PlatformConfiguration(), nil) }
        let keys = ["platform", "images"]
        guard case .map(let entries) = try call.data(3) else {
            throw LuaError("scene.script(path, inspectables, options): options must be a table such as { platform = { … }, images = \"icons/\" }")
        }
        var platform = PlatformConfiguration()
        var images: ImageFolder?
        for entry in entries {
            switch entry.key {
            case "platform":
                let node = try entry.value.sceneNode(line: specLine(call))
                do throws(SceneLoadError) {
                    platform = try SceneLoader.platform(node: node, file: file, directory: specDirectory, access: access)
                } catch {
                    throw LuaError(error.diagnostics.map(\.message).joined(separator: "\n"))
                }
            case "images":
                guard case .text(let folder, _) = entry.value, !folder.isEmpty else {
                    throw LuaError("scene.script: `images` is a folder of PNG and JPEG files next to the spec (images = \"icons/\")")
                }
                do throws(PhotoLibrary.Failure) {
                    images = try ImageFolder(folder: folder, relativeTo: specDirectory, access: access)
                } catch {
                    throw LuaError(error.problems.map { "images: \($0)" }.joined(separator: "\n"))
                }
            default:
                throw LuaError("scene.script: unknown option `\(entry.key)`\(Suggestions.hint(for: entry.key, in: keys)); options: \(keys.joined(separator: ", "))")
            }
        }
        return (platform, images)
    }

    /// `scene.load(path)`: a scene file, next to the spec or as given.
    func loadScene(_ call: LuaCall) throws(LuaError) {
        let name = try call.requireString(1, "scene file path")
        let nextToSpec = (specDirectory as NSString).appendingPathComponent(name)
        // Next to the spec when something is there (refused or not).
        let besideSpec: Bool
        do throws(ValueError) { besideSpec = try access.check(nextToSpec) != nil } catch { besideSpec = true }
        let path = name.hasPrefix("/") || !besideSpec ? name : nextToSpec
        try open(call) { [unowned self] () throws(LuaError) in
            do throws(SceneLoadError) {
                return try SceneLoader.load(file: path, limits: options.limits, access: access)
            } catch {
                throw LuaError(error.description)
            }
        }
    }

    /// `scene.new{ … }`: the scene schema as a Lua table. Each part the
    /// spec writes in the call keeps its line and its order; a mistake is
    /// an error at the call's line (`spec.lua:LINE: …`), naming the line of
    /// the part when it is another.
    func newScene(_ call: LuaCall) throws(LuaError) {
        guard call.typeName(1) == "table" else {
            throw LuaError("scene.new takes the scene as a table: scene.new{ controls = { … }, behaviours = { … } }")
        }
        let line = specLine(call)
        let data = try call.data(1)
        let keys = if case .map(let entries) = data { entries.map(\.key) } else { [String]() }
        let node = try data.sceneNode(line: line, written: sceneTables.table(atLine: line, keys: keys))
        try open(call) { [unowned self] () throws(LuaError) in
            do throws(SceneLoadError) {
                return try SceneLoader.load(node: node, file: file, directory: specDirectory, limits: options.limits,
                                            access: access)
            } catch {
                throw LuaError(error.diagnostics.map { diagnostic in
                    guard let at = diagnostic.line, at > 0, at != line else { return diagnostic.message }
                    return "line \(at): \(diagnostic.message)"
                }.joined(separator: "\n"))
            }
        }
    }

    /// The spec's line that called the host (every node of a table scene
    /// gets it).
    func specLine(_ call: LuaCall) -> Int {
        call.callingFrame()?.line ?? 0
    }

    var specDirectory: String { directory.isEmpty ? "." : directory }

    /// Makes a scene with `make` and pushes its id. Errors (a missing
    /// script, a wrong inspectable, a mistake in a scene) are the spec's, at
    /// the spec's line.
    /// What makes a spec's scene; kept, so that exploration can make it again.
    typealias SceneFactory = () throws(LuaError) -> LoadedScene

    func open(_ call: LuaCall, _ make: @escaping SceneFactory) throws(LuaError) {
        try makeRoomForAScene()
        let made: LoadedScene
        do throws(LuaError) {
            made = try make()
        } catch {
            let caller = call.callingFrame()
            throw LuaError(file: caller?.file, line: caller?.line, text: error.summary)
        }
        // What happened while the scene woke is in its trace already; an
        // outlet left unconnected is said with what the scene logged.
        let log = SceneLog()
        log.logs += made.warnings.map(\.description)
        // Each error is told with the spec's line that called into the
        // scene (a runaway is that line's, not the spec's next).
        let runtime = made.runtime
        for entry in made.scene.trace.entries {
            log.hear(entry, call: call.callingFrame(), runaway: runtime.exceededLimit?.isRunaway ?? false)
        }
        made.scene.trace.listener = { [log, weak self, weak runtime] entry in
            log.hear(entry, call: self?.runtime?.callingFrame(), runaway: runtime?.exceededLimit?.isRunaway ?? false)
        }
        let id = nextSceneID
        nextSceneID += 1
        let opened = SpecScene(made, owner: current, log: log)
        opened.factory = make
        scenes[id] = opened
        call.push(Double(id))
    }

    /// Open scenes are limited, dismissed ones are not: a dismissed scene's
    /// Lua state is freed, and a scene the spec lets go of is closed.
    private func makeRoomForAScene() throws(LuaError) {
        func open() -> Int { scenes.values.count { !$0.isFreed } }
        freeDismissedScenes()
        let maximum = SpecFileRun.maximumOpenScenes(under: options.limits)
        guard open() >= maximum || scenes.count >= SpecFileRun.maximumKeptScenes else { return }
        closeUnreferencedScenes()
        guard open() < maximum else {
            let limit = options.limits.memory >> 20, trace = Trace.keptTextLimit >> 20
            let memory = maximum < SpecFileRun.maximumScenes
                ? " (each may hold \(SpecFileRun.sceneFootprint(under: options.limits) >> 20) MiB: \(limit) MiB in Lua, \(limit) MiB of "
                    + "text and \(trace) MiB of trace; a file's open scenes \(SpecFileRun.sceneMemoryBudget >> 20) MiB in all)"
                : ""
            let lower = maximum < SpecFileRun.maximumScenes ? ", or run with a lower --memory-limit" : ""
            throw LuaError("more than \(maximum) scenes open at once in one spec file\(memory); dismiss the ones you are done with (s:dismiss()) or let go of them\(lower)")
        }
        guard scenes.count < SpecFileRun.maximumKeptScenes else {
            throw LuaError("more than \(SpecFileRun.maximumKeptScenes) scenes kept at once in one spec file; let go of the ones you are done with")
        }
    }

    // MARK: Scene methods

    /// `s:verb(…)`: argument 1 is the scene, 2 the verb, 3… its arguments.
    func command(_ call: LuaCall) throws(LuaError) {
        let scene = try scene(call)
        let verb = try call.requireString(2, "command")
        func name(_ what: String = "control name") throws(LuaError) -> String { try call.requireString(3, what) }
        func run(_ command: SceneCommand) throws(LuaError) { try execute(command, in: scene, call) }

        switch verb {
        case "call":
            let target = try name("\"behaviour.action\"")
            guard let dot = target.firstIndex(of: "."), dot > target.startIndex, target.index(after: dot) < target.endIndex else {
                throw LuaError("call takes \"behaviour.action\" and the action's arguments: s:call(\"like.tapped\")")
            }
            var arguments: [LooseValue] = []
            if call.count >= 4 {
                for index in 4...call.count { arguments.append(try call.data(index).looseValue(for: "an argument of \(target)")) }
            }
            try run(.call(String(target[..<dot]), action: String(target[target.index(after: dot)...]), arguments: arguments))
        case "send": try run(.send(try name("control or behaviour name"), event: try call.requireString(4, "event name")))
        case "set":
            // s:set("toggle.animated", true) or s:set("toggle", "animated", true)
            let target = try name("\"name.property\"")
            let (object, property, index): (String, String, Int)
            if call.count >= 5 {
                (object, property, index) = (target, try call.requireString(4, "property name"), 5)
            } else {
                guard let dot = target.firstIndex(of: ".") else {
                    throw LuaError("set takes \"name.property\" and a value: s:set(\"toggle.animated\", true)")
                }
                (object, property, index) = (String(target[..<dot]), String(target[target.index(after: dot)...]), 4)
            }
            let value = try call.data(index).looseValue(for: "\(object).\(property)")
            try run(.set(object, property: property, value: value))
        case "keyboard":
            switch call.string(3) {
            case "show": try run(.keyboardShow(height: try call.requireNumber(4, "keyboard height")))
            case "hide": try run(.keyboardHide)
            default: throw LuaError("keyboard takes \"show\" and a height, or \"hide\": s:keyboard(\"show\", 300)")
            }
        case "advance":
            let seconds = try call.requireNumber(3, "seconds")
            guard seconds >= 0, seconds.isFinite else {
                throw LuaError("advance takes a duration of 0 seconds or more, not \(formatNumber(seconds))")
            }
            try run(.advance(seconds))
        case "choose":
            try run(.choose(call.isNil(3) ? "cancel" : try call.requireString(3, "option")))
        case "remove": try run(.remove(try name()))
        case "dismiss":
            try run(.dismiss)
            scene.freeLua()
        case "show":
            if case .text(let text) = try execute(.show, in: scene, call) { call.push(text) }
        case "state": call.push(scene.scene.state())
        case "command":
            let line = try name("command line")
            let parsed: SceneCommand?
            do throws(ValueError) { parsed = try SceneCommand.parse(line) } catch { throw LuaError(error.message) }
            guard let parsed else { return }
            switch try execute(parsed, in: scene, call, typed: line) {
            case .text(let text): call.push(text)
            case .state(let state): call.push(state)
            case .none, .quit: break
            }
        case "record": try record(call, in: scene)
        case "errors":
            call.push(scene.log.errors)
            scene.log.checked = scene.log.errors.count
        case "trace": call.push(JSON.array(scene.scene.trace.entries.suffix(1000).map(\.json)))
        case "dialog": call.push(scene.scene.state()["dialog"] ?? .null)
        case "now": call.push(scene.scene.clock.now)
        case "exists":
            let name = try name("name")
            call.push(scene.scene.control(named: name) != nil || scene.scene.record(named: name) != nil)
        // Exploration's steps (the loop and the shrinking are `s:explore`'s, in Lua).
        case "remake":
            guard let factory = scene.factory else { throw LuaError("this scene cannot be made again") }
            try open(call, factory)
        case "exploreSeed":
            let seed = try call.requireNumber(3, "seed")
            guard seed >= 0, seed < 0x1p53, seed == seed.rounded() else {
                throw LuaError("explore's seed is a whole number from 0, not \(formatNumber(seed))")
            }
            scene.exploration = ExplorationRandom(seed: UInt64(seed))
        case "exploreStep":
            let line = Explorer.nextAction(in: scene.scene, random: &scene.exploration)
            call.push(line)
            try perform(line, on: scene, call)
        // Shrinking what a run on this scene found: the host proposes, the
        // spec replays (its invariants are Lua) and says whether the
        // failure came back the same.
        case "shrinkStart":
            let commands = try call.requireStrings(3, "the run's commands")
            var budget = Shrinker.Budget.default
            if let seconds = call.number(4) { budget.seconds = seconds }
            if let replays = call.number(5) { budget.replays = replays >= 0 ? Int(min(replays, 1e15)) : 0 }
            scene.shrinking = SpecShrinking(commands, budget: budget, limits: options.limits)
            pushNextToShrink(scene, call)
        case "shrinkNext":
            scene.shrinking?.record(failsTheSameWay: call.boolean(3) == true)
            pushNextToShrink(scene, call)
        case "shrinkResult":
            guard let shrinking = scene.shrinking else { throw LuaError("nothing was shrunk on this scene") }
            call.push(shrinking.shrinker.commands)
            if let line = shrinking.stoppedEarly { call.push(line) } else { call.pushNil() }
        case "perform":
            try perform(try name("command line"), on: scene, call)
        default:
            // What a person does to a control: a command of its type's.
            guard let command = ControlTypes.commands.first(where: { $0.specMethod == verb }) else {
                throw LuaError("scenes have no method `\(verb)`")
            }
            let values = call.count >= 4 ? (4...call.count).map { call.value($0) ?? .null } : []
            let arguments: [CommandArgument]
            do throws(ValueError) { arguments = try command.arguments(from: values) } catch { throw LuaError(error.message) }
            try run(.control(verb: command.verb, name: try name(), arguments: arguments))
        }
    }

    /// Pushes the next list of commands to replay, or nil when shrinking
    /// is over.
    private func pushNextToShrink(_ scene: SpecScene, _ call: LuaCall) {
        guard let runtime, var shrinking = scene.shrinking else { return call.pushNil() }
        let next = shrinking.next(left: runtime.callbackLeft)
        scene.shrinking = shrinking
        if let next { call.push(next) } else { call.pushNil() }
    }

    /// Runs one of exploration's command lines; pushes the script error it
    /// made (its first line), or nil. The spec reads the error: it is the
    /// finding, not a failure of the spec.
    private func perform(_ line: String, on scene: SpecScene, _ call: LuaCall) throws(LuaError) {
        let before = scene.scene.errorCount
        if let command = try? SceneCommand.parse(line) { _ = try? execute(command, in: scene, call) }
        guard scene.scene.errorCount > before,
              let error = scene.scene.trace.entries.last(where: { $0.kind == .error }) else { return call.pushNil() }
        scene.log.checked = scene.log.errors.count
        call.push(String(error.message.prefix { $0 != "\n" }))
    }

    /// `s:record("name.event")`: a list that gets each firing's arguments.
    /// `s:record("name.action")` does the same for an action reaching that
    /// responder: performed by a behaviour, or reaching the screen (or a
    /// connection's target) unhandled.
    private func record(_ call: LuaCall, in scene: SpecScene) throws(LuaError) {
        let target = try call.requireString(3, "\"name.event\"")
        guard let dot = target.firstIndex(of: ".") else {
            throw LuaError("record takes \"name.event\" or \"name.action\": s:record(\"toggle.valueChanged\")")
        }
        let name = String(target[..<dot]), event = String(target[target.index(after: dot)...])
        let sender: Control?
        var actions: [String] = []
        if let view = scene.scene.control(named: name) {
            sender = view
        } else if let behaviour = scene.scene.behaviour(named: name), behaviour.isAlive {
            sender = behaviour
            actions = behaviour.declaration.actions
        } else if name == "keyboard" {
            sender = scene.scene.keyboard
        } else if name == "screen" {
            sender = nil
        } else {
            throw SpecFileRun.unknown(name, in: scene.scene)
        }
        let events = sender?.eventNames ?? []
        let isEvent = events.contains(event)
        // The screen hears any action; a behaviour, the ones it has.
        guard isEvent || name == "screen" || actions.contains(event) else {
            let known = events + actions
            throw LuaError("`\(name)` has no event or action `\(JSON.cutForReading(event))`\(Suggestions.eventHint(for: event, in: known))"
                + (events.isEmpty ? "; it sends no events" : "; its events: \(events.joined(separator: ", "))")
                + (actions.isEmpty ? "" : "; its actions: \(actions.joined(separator: ", "))"))
        }
        guard scene.recordings.count < SpecScene.maximumRecordings else {
            throw LuaError("more than \(SpecScene.maximumRecordings) recordings of one scene; record each event once and keep its list")
        }
        call.push(JSON.array([]))
        let recording = Recording(target: target, list: call.keep(-1))
        if let sender, isEvent {
            recording.connection = sender.listen(declared: event) { [weak recording, weak scene] arguments in
                guard let recording, let scene else { return }
                scene.record(arguments, into: recording)
            }
        } else {
            recording.connection = scene.scene.onAction(event, reaching: name) { [weak recording, weak scene] arguments in
                guard let recording, let scene else { return }
                scene.record(arguments, into: recording)
            }
        }
        scene.recordings.append(recording)
    }
}
