import BehaveCore
import CLuaShim

/// One Lua state per scene: the sandbox every behaviour of the scene runs
/// in, with its memory limit. It holds no Swift object strongly but the
/// small handles scripts use (connections, timers); controls and behaviours
/// are reached through weak references, so Lua never keeps them alive.
public final class LuaRuntime {
    let L: OpaquePointer
    public let limits: SandboxLimits
    /// The scene this runtime serves. Held weakly (its behaviours hold the
    /// runtime); once it is gone no script runs, and host code that still
    /// asks for it gets an inert stand-in rather than a dangling reference.
    public var scene: Scene { sceneReference ?? orphan }
    public private(set) weak var sceneReference: Scene?
    /// The scene's C half (retained): whether the scene is still there,
    /// read without loading the weak reference.
    let cScene: UnsafeMutablePointer<bh_scene>
    var sceneIsAlive: Bool { cScene.pointee.alive != 0 }
    private lazy var orphan = Scene(screen: "(gone)")

    // The registries below are read and changed by calls that do not
    // reach back into them (no access overlaps another), so they are not
    // checked at run time: each check cost about 80 instructions, and an
    // attach made a dozen.
    /// Every function scripts can call into Swift, by id.
    @exclusivity(unchecked) var hostFunctions = HostFunctionRegistry()
    /// The host functions of control types' methods, by `Type.method`.
    var controlMethodIDs: [String: Int32] = [:]
    /// The Swift objects scripts hold, and how they are userdata in Lua.
    @exclusivity(unchecked) var objects = ObjectTable()
    var userdata = ObjectUserdata()
    /// The behaviours, and how each is a `self` in Lua.
    @exclusivity(unchecked) var behaviours = BehaviourTable()
    var selves = BehaviourSelves()
    /// Handlers waiting (for the clock, an animation, the user), by thread.
    var handlers: [OpaquePointer: HandlerThread] = [:]
    /// Scripts compiled, and the one whose top level is running.
    @exclusivity(unchecked) var scripts = ScriptRegistry()
    /// The paths of every script and module this runtime has compiled, in
    /// no order: the files a scene uses, for reloading on save.
    public var compiledPaths: [String] { Array(scripts.chunkRefs.keys) + modules.paths }
    /// Modules `require` found and loaded, and where it looks.
    var modules = ModuleRegistry()
    /// Files the scripts' `require` may read (a spec's scenes: its folders).
    public var fileAccess: FileAccess {
        get { modules.fileAccess }
        set { modules.fileAccess = newValue }
    }
    /// The runtime runs a spec file (`enableSpecSandbox`): a runaway there
    /// is told how to give specs more (`behave test --instruction-limit`).
    var runsSpecs = false
    var capture: (duration: Double, curve: Curve, depth: Int32)?
    /// Chunks' names as Lua shortens them in messages, and whole
    /// (`LuaRuntime+ChunkNames.swift`).
    var shortenedChunkNames: [String: String] = [:]
    /// The last error a host function raised: when it comes back from a
    /// protected call as it went (its message whole), it is this error.
    var raisedError: ScriptError?
    /// Whether an app function's body is running (the state is sealed),
    /// and the answers to waiting calls given meanwhile, delivered when it
    /// returns.
    var runningAppFunction = false
    var deferredAppAnswers: [() -> Void] = []
    /// What running handlers hold unretained that went meanwhile
    /// (`keepWhileRunning`).
    private var keptWhileRunning: [AnyObject] = []

    /// The behaviour API (the prelude's first result).
    var apiRef: Int32 = 0
    /// The prelude's maker of another behaviour's `self` as a script gets
    /// it, and those it made, to the behaviour each shows (weak keys).
    var otherSelf = (maker: Int32(0), targets: Int32(0))
    /// The method names looked up last (a delegate message at each scroll),
    /// kept as Lua strings: pushing one from the registry costs a tenth of
    /// making it anew (`pushName`).
    // Read and changed instantaneously: no access overlaps another.
    @exclusivity(unchecked) var names: [(name: String, ref: Int32)] = []
    var imageMetatableRef: Int32 = 0
    // Set once, read instantaneously: no access overlaps another.
    @exclusivity(unchecked) public private(set) var isClosed = false
    private let box: RuntimeBox

    static let maximumNesting = Int32(BH_MAX_NESTING)
    /// One command's scripts may run this many callbacks' time limits in all.
    static let callbacksPerCommand = 10
    /// Values one event, action or delegate message carries to a handler.
    static let maximumArguments = Int32(Scene.maximumActionArguments)

    public init(scene: Scene, limits: SandboxLimits = .default) throws(LuaError) {
        self.sceneReference = scene
        self.cScene = bh_scene_retain(scene.c)!
        self.limits = limits
        var config = bh_config(memory_limit: limits.memory, instruction_budget: Int64(limits.instructions),
                               time_limit: limits.seconds, random_seed: limits.randomSeed)
        // The state calls back through the box, which the runtime owns and
        // fills in once it exists.
        let box = RuntimeBox()
        // The prelude is compiled with the state (a state made again has it).
        let prelude = preludeSource
        guard let state = bh_open_preloading(&config, luaDispatch, Unmanaged.passUnretained(box).toOpaque(),
                                             prelude, prelude.count, "=behave") else {
            throw LuaError("could not create a Lua state")
        }
        L = state
        self.box = box
        box.runtime = self
        if limits.memory > 0 { scene.textLimit = limits.memory }
        if limits.seconds > 0 { scene.commandTimeLimit = limits.seconds * Double(LuaRuntime.callbacksPerCommand) }
        bh_set_finish(state, luaFinish, scene.c)
        scene.commandWillBegin = { [weak self] seconds in
            guard let self, !isClosed else { return }
            releaseKept()
            let unbegun = bh_set_command_deadline(L, seconds)
            if unbegun > 0 {
                let handlers = unbegun == 1 ? "1 more handler was" : "\(formatNumber(Double(unbegun))) more handlers were"
                // self.scene: the scene holds this closure.
                self.scene.reportError("time limit of one command exceeded: \(handlers) not started (the command ran for more than \(formatNumber(self.scene.commandTimeLimit)) s)",
                                       behaviour: nil, context: nil)
            }
        }
        // A state made again from a copy has the bridge installed: the
        // Swift half comes with it (`LuaRuntime+Reuse.swift`).
        if let kept = bh_reused(state) {
            adopt(Unmanaged<InstalledBridge>.fromOpaque(kept).takeUnretainedValue())
        } else {
            try installBridge()
            keepForReuse()
        }
        // What may differ from one runtime to the next comes after.
        installAppModules()
        pushRef(apiRef, on: L)
        pushControl(scene.keyboard, on: L)
        lua_setfield(L, -2, "keyboard")
        bh_pop(L, 1)
        ScriptAPI.learnGlobals(from: self)
    }

    deinit {
        close()
        if closesWhenReleased {
            // Let go inside a callback still (a target's, fired from C, whose
            // handler called the host that let it go): the state closes
            // itself once that callback has returned, and calls nothing of
            // this runtime meanwhile.
            if bh_call_depth(L) == 0 { bh_close(L) } else { bh_close_when_idle(L) }
        }
        bh_scene_release(cScene)
    }

    /// Closed from inside one of its own callbacks: the state closes when
    /// the runtime goes (`close`).
    private var closesWhenReleased = false

    /// Closes the Lua state; every behaviour of this runtime stops. Closed
    /// from inside one of its callbacks (an app function, say), the script
    /// that called is still running above: nothing more of the state runs,
    /// and its memory is freed when the runtime goes.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for behaviour in behaviours.all { behaviour.tearDown() }
        handlers.removeAll()
        releaseKept()
        if bh_call_depth(L) > 0 {
            bh_close_later(L)
            closesWhenReleased = true
            return
        }
        bh_close(L)
    }

    public var memoryUsed: Int { isClosed ? 0 : bh_memory_used(L) }

    /// What the running callback has left of its time limit (seconds) and
    /// instruction budget; nil for a limit it does not have (or when no
    /// callback runs).
    public var callbackLeft: (seconds: Double?, instructions: Int?) {
        guard !isClosed else { return (nil, nil) }
        let seconds = bh_slice_seconds_left(L), instructions = bh_slice_instructions_left(L)
        return (seconds < 0 ? nil : seconds, instructions < 0 ? nil : Int(instructions))
    }

    /// Whether scripts run with no hook while a watchdog thread keeps their
    /// budget (Linux, once the process's callbacks have run a million
    /// instructions or a hundred callbacks have started), rather than with
    /// a hook that counts every instruction (before that, elsewhere, or when
    /// the app holds the watchdog's signal).
    public var countsInstructionsByWindows: Bool { !isClosed && bh_counts_by_windows(L) != 0 }

    /// A full garbage collection: what nothing refers to any more is freed
    /// (weak tables lose it) before the host asks what is still in use.
    public func collectGarbage() {
        guard !isClosed else { return }
        bh_collect_garbage(L)
    }

    // MARK: Setup

    private func installBridge() throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        // The behaviour API's host half, in a table the prelude receives.
        pushHostTable(LuaRuntime.preludeHostTable, on: L)
        let selfMethods = install(HostType.behaviourSelf, on: L)
        selves.sendID = selfMethods.methodIDs["send"]!
        selves.sendActionID = selfMethods.methodIDs["sendAction"]!
        modules.behaviourID = hostFunctions.add(LuaRuntime.moduleBehaviour)
        // Modules' read-only views, which the sandbox's rawset refuses.
        bh_push_readonly_tables(L)
        lua_setfield(L, -2, "readonlyTables")
        // Handler threads, weakly: the sandbox's coroutine.resume and
        // coroutine.close refuse them.
        pushRef(makeWeakTable("k"), on: L)
        bh_set_host_threads(L)
        // The instances' metatables are the prelude's own, out of scripts'
        // reach: set without the sandbox's private copy.
        bh_push_plain_setmetatable(L)
        lua_setfield(L, -2, "plainSetmetatable")
        bh_push_meta_field(L)
        lua_setfield(L, -2, "metaField")
        bh_push_where(L)
        lua_setfield(L, -2, "where")
        bh_push_own_field(L)
        lua_setfield(L, -2, "ownField")
        bh_push_self_id(L)
        lua_setfield(L, -2, "selfID")
        bh_push_run_changes(L)
        lua_setfield(L, -2, "runChanges")
        otherSelf.targets = makeWeakTable("k")
        pushRef(otherSelf.targets, on: L)
        lua_setfield(L, -2, "viewTargets")
        let source = preludeSource
        guard bh_take_preloaded(L, source, source.count) != 0 || bh_load(L, source, source.count, "=behave") == LUA_OK else {
            throw LuaError("prelude: \(popString())")
        }
        lua_rotate(L, -2, 1)  // the function below its argument
        guard bh_pcall(L, 1, 4) == LUA_OK else { throw LuaError("prelude: \(popString())") }
        bh_set_self_metamethods(L)
        otherSelf.maker = luaL_ref(L, bh_registryindex())
        apiRef = luaL_ref(L, bh_registryindex())
        // Behaviours' environments read the API table as it is when they
        // first use a name of it.
        pushRef(apiRef, on: L)
        bh_set_env_api(L)
        try installLibraries()

        pushMetatable(HostType.image, on: L)
        imageMetatableRef = luaL_ref(L, bh_registryindex())

        // The keyboard, connections and timers are userdata with one
        // metatable, which reads their types' tables.
        pushMetatable(LuaRuntime.objectType, on: L)
        userdata.metatableRef = luaL_ref(L, bh_registryindex())
        userdata.types = LuaRuntime.userdataTypes.map { install($0, on: L) }
        userdata.noopID = hostFunctions.add(LuaRuntime.noop)

        // Controls: their properties read and set in C (controls.c); the
        // methods every control has, the image metatable, the slow paths.
        let control = HostType.control
        install(control, pushMethods: true, on: L)
        pushRef(imageMetatableRef, on: L)
        bh_open_controls(L, hostFunctions.add(control.metamethod("__index")!),
                         hostFunctions.add(control.metamethod("__newindex")!))

        // One userdata per object, so `==` compares objects; weak values
        // let unused userdata go.
        userdata.cacheRef = makeWeakTable("v")
    }

    /// A new table with weak keys ("k") or values ("v"), kept in the registry.
    private func makeWeakTable(_ mode: String) -> Int32 {
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        lua_pushstring(L, mode)
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        return luaL_ref(L, bh_registryindex())
    }

    // MARK: Behaviours

    func register(_ behaviour: LuaBehaviour) -> Int {
        behaviours.add(behaviour)
    }

    func behaviour(_ id: Int) -> LuaBehaviour? {
        behaviours[id]
    }

    /// Drops everything Lua holds for a destroyed behaviour. One destroyed
    /// while a handler of its own runs (the host the handler called
    /// dismissed the scene or removed the behaviour's owner) is kept until
    /// no handler runs.
    func forget(_ behaviour: LuaBehaviour) {
        for handler in handlers.values where handler.behaviour === behaviour || handler.behaviour == nil {
            finish(handler)
        }
        objects.release(ownedBy: behaviour)
        behaviours.remove(behaviour.id)
        keepWhileRunning(behaviour)
    }

    /// Keeps `object` (a behaviour, or a handler's info) until no handler
    /// runs when a running handler holds it: the stack of running handlers
    /// holds them unretained, and a handler may let go of its own (by
    /// disconnecting itself, or by calling the host that destroys its
    /// behaviour) and then go on.
    func keepWhileRunning(_ object: AnyObject) {
        guard !isClosed else { return }
        let count = bh_running_count(L)
        guard count > 0 else { return releaseKept() }
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        for index in 0..<count {
            let entry = bh_running_at(L, index).pointee
            if entry.behaviour == pointer || entry.info == pointer { return keptWhileRunning.append(object) }
        }
    }

    /// Lets go of what `keepWhileRunning` kept, once no handler runs.
    func releaseKept() {
        guard !keptWhileRunning.isEmpty, isClosed || bh_running_count(L) == 0 else { return }
        // Let go after the list is emptied: what goes may come back here.
        let kept = keptWhileRunning
        withExtendedLifetime(kept) { keptWhileRunning = [] }
    }

    /// Calls the function below `arguments` values on the main stack in a
    /// protected call (script loading); the error on failure.
    func protectedCall(arguments: Int32, results: Int32) -> ScriptError? {
        let status = bh_pcall(L, arguments, results)
        endAbandonedCapture()
        return status == LUA_OK ? nil : popError()
    }

    // MARK: Registry helpers

    func unref(_ ref: Int32) {
        guard !isClosed, ref > 0 else { return }
        luaL_unref(L, bh_registryindex(), ref)
    }

    func pushRef(_ ref: Int32, on S: OpaquePointer) {
        lua_rawgeti(S, bh_registryindex(), lua_Integer(ref))
    }

    /// Pushes `name`, one of the last 8 looked up from a Lua string kept in
    /// the registry (compared, not hashed: Swift's hashing of a name costs
    /// more than Lua's).
    func pushName(_ name: String, on S: OpaquePointer) {
        for entry in names where entry.name == name { return pushRef(entry.ref, on: S) }
        pushString(name, on: S)
        lua_pushvalue(S, -1)
        if names.count == 8 { unref(names.removeFirst().ref) }
        names.append((name, luaL_ref(S, bh_registryindex())))
    }

    /// Pops the string on top (an error message), copied with its length.
    func popString(from S: OpaquePointer? = nil) -> String {
        let S = S ?? L
        defer { bh_pop(S, 1) }
        return string(at: -1, in: S) ?? "(error object is not a string)"
    }
}

/// What the Lua state's context pointer points to.
final class RuntimeBox {
    unowned(unsafe) var runtime: LuaRuntime?
}

/// What becomes of a handler run from C (`bh_fire`) that did not simply
/// finish.
let luaFinish: bh_finish_fn = { context, state, status, handler in
    guard let context, let state, let handler,
          let runtime = Unmanaged<RuntimeBox>.fromOpaque(context).takeUnretainedValue().runtime else { return }
    runtime.finishedFiring(status, handler.pointee, on: state)
}
