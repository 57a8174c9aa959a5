import BehaveCore
import CLuaShim
import Synchronization

/// What a behaviour script can reach, read from a runtime's own tables, for
/// tools that check scripts or describe the API (`behave check`, `behave
/// types`): they cannot drift from what scripts really get.
public enum ScriptAPI {
    /// Methods Behave calls on a behaviour by name.
    public static let lifecycleMethods: [String] = LuaBehaviour.lifecycleMethods.sorted()

    /// Every type scripts hold (controls, the keyboard, connections,
    /// timers, images, a behaviour's `self`): its fields and methods with
    /// their signatures, from the bridge's own tables (`Types/`).
    public static let types: [LuaTypeDescription] = [
        HostType.control, .keyboard, .connection, .timer, .image, .behaviourSelf,
    ].map(\.description)

    /// The type named `name` (`timer`, `behaviour`…).
    public static func type(_ name: String) -> LuaTypeDescription? {
        types.first { $0.name == name }
    }

    /// Fields every behaviour's `self` has (beyond its outlets and inspectables).
    public static let behaviourFields: [String] = HostType.behaviourSelf.description.fields.map(\.name)
        + HostType.behaviourSelf.methods.map(\.name)

    /// The keys of `behaviour { … }`, and the capabilities `requires` takes.
    public static let declarationKeys: [String] = LuaRuntime.declarationKeys
    public static let capabilities: [String] = LuaRuntime.capabilities

    /// The events of the global `keyboard`.
    public static var keyboardEvents: [String] { Scene(screen: "api").keyboard.eventNames }

    /// Behave's own globals: what a behaviour's environment has beyond a
    /// plain sandbox's (`behaviour`, `animate`, `platform`…), without the
    /// app's modules.
    public static var behaviourGlobals: [String] {
        builtinGlobals.keys.filter { sandboxGlobals[$0] == nil }.sorted()
    }

    /// The modules the app gives behaviours (`AppModules`), each a global
    /// table of a behaviour's environment.
    public static var appModules: [AppModule] { AppModules.all }

    /// Delegate messages of every control type, by name.
    public static let delegateMessages: [String] = ControlTypes.delegateMessages

    /// The methods Behave calls on a behaviour by itself: lifecycle
    /// methods and delegate messages.
    public static let calledMethods: [String] = lifecycleMethods + delegateMessages

    /// Whether a method named `name` is an action: a method of the script's
    /// class that is not a lifecycle method or a delegate message and does
    /// not start with `_` (helpers).
    public static func isAction(_ name: String) -> Bool {
        !name.hasPrefix("_") && !calledMethods.contains(name)
    }

    /// The globals of a behaviour's environment: each name, with its
    /// fields when it is a table (`string.format`, `platform.pickImage`,
    /// an app module's functions), nil when it is not.
    public static var globals: [String: [String]?] {
        var names = builtinGlobals
        for module in AppModules.all {
            names[module.name] = module.functions.map(\.name).sorted()
        }
        return names
    }

    /// The globals of a behaviour's environment that are Behave's (and
    /// the sandbox's), not the app's.
    static var builtinGlobals: [String: [String]?] {
        if let names = learnedGlobals.withLock({ $0 }) { return names }
        // No runtime has told them: one made here does.
        let names = withRuntime { $0.environmentNames(behaviourAPI: true) } ?? [:]
        return learnedGlobals.withLock { learned in
            if learned == nil { learned = names }
            return learned ?? names
        }
    }

    /// The globals of a plain sandbox (what a spec file starts from).
    public static let sandboxGlobals: [String: [String]?] = withRuntime { runtime in
        runtime.environmentNames(behaviourAPI: false)
    } ?? [:]

    /// Every runtime's environment has the same names, so a runtime the
    /// process makes anyway can tell them (`learnGlobals`), and a tool that
    /// checks scripts once a scene is loaded (`behave run`) needs no runtime
    /// of its own: making one costs a tenth of a run.
    private static let learnedGlobals = Mutex<[String: [String]?]?>(nil)
    private static let learnsFromNextRuntime = Atomic<Bool>(false)

    /// The next runtime the process makes tells the globals: call it before
    /// making a scene whose scripts are checked once it is loaded. (Reading
    /// them costs as much as a tenth of a short run, which a run that checks
    /// nothing does not pay.)
    public static func learnGlobalsFromNextRuntime() {
        learnsFromNextRuntime.store(true, ordering: .relaxed)
    }

    static func learnGlobals(from runtime: LuaRuntime) {
        guard learnsFromNextRuntime.exchange(false, ordering: .relaxed),
              learnedGlobals.withLock({ $0 == nil }) else { return }
        let names = runtime.environmentNames(behaviourAPI: true)
        learnedGlobals.withLock { learned in
            if learned == nil { learned = names }
        }
    }

    /// `body` with a runtime of an empty scene, closed after it.
    private static func withRuntime<T>(_ body: (LuaRuntime) -> T) -> T? {
        // A runtime holds its scene weakly: this one is kept until the end.
        let scene = Scene(screen: "api")
        guard let runtime = try? LuaRuntime(scene: scene) else { return nil }
        defer {
            runtime.close()
            withExtendedLifetime(scene) {}
        }
        return body(runtime)
    }
}

extension LuaRuntime {
    /// The globals of a behaviour's environment (`behaviourAPI`) or of a
    /// plain sandbox: each name, with its fields when it is a table. The
    /// app's modules are left out (`ScriptAPI.globals` reads them from
    /// where they are registered).
    func environmentNames(behaviourAPI: Bool) -> [String: [String]?] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if behaviourAPI {
            pushEnvironment(identity: 0)
            // Its names as making it whole would bring them in, without
            // copying the libraries' tables (half of reading them).
            if bh_push_env_names(L, -1) == 0 { bh_fill_env(L, -1) }
        } else {
            bh_push_sandbox_env(L, 0)
        }
        let environment = lua_absindex(L, -1)
        var names: [String: [String]?] = [:]
        lua_pushnil(L)
        while lua_next(L, environment) != 0 {
            if let key = string(at: -2, in: L), lua_type(L, -2) == LUA_TSTRING, !installedAppModules.contains(key) {
                names.updateValue(lua_type(L, -1) == LUA_TTABLE ? stringKeys(ofTableAt: -1) : nil, forKey: key)
            }
            bh_pop(L, 1)
        }
        return names
    }

    /// The string keys of the table at `index` (raw), sorted; at most
    /// `limit` of them (the first the table gives).
    func stringKeys(ofTableAt index: Int32, limit: Int = .max) -> [String] {
        let table = lua_absindex(L, index)
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = string(at: -2, in: L) { keys.append(key) }
            bh_pop(L, 1)
            if keys.count >= limit {
                bh_pop(L, 1)
                break
            }
        }
        return keys.sorted()
    }
}
