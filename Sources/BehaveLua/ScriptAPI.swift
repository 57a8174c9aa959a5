import BehaveCore
import CLuaShim

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
    /// plain sandbox's (`behaviour`, `animate`, `platform`…).
    public static var behaviourGlobals: [String] {
        globals.keys.filter { sandboxGlobals[$0] == nil }.sorted()
    }

    /// Delegate messages of every control type, by name.
    public static let delegateMessages: [String] = ControlTypes.delegateMessages

    /// The methods Behave calls on a behaviour by itself: lifecycle
    /// methods and delegate messages.
    public static let calledMethods: [String] = lifecycleMethods + delegateMessages

    /// Whether a method named `name` is an action: a method of the script's
    /// class that is not a lifecycle method or a delegate message and does
    /// not start with `_` (helpers).
    public static func isAction(_ name: String) -> Bool {
        !name.hasPrefix("_") && !LuaBehaviour.lifecycleMethods.contains(name) && !delegateMessages.contains(name)
    }

    /// The globals of a behaviour's environment: each name, with its
    /// fields when it is a table (`string.format`, `platform.pickImage`),
    /// nil when it is not.
    public static let globals: [String: [String]?] = environmentNames(behaviourAPI: true)

    /// The globals of a plain sandbox (what a spec file starts from).
    public static let sandboxGlobals: [String: [String]?] = environmentNames(behaviourAPI: false)

    private static func environmentNames(behaviourAPI: Bool) -> [String: [String]?] {
        // A runtime holds its scene weakly: this one is kept until the end.
        let scene = Scene(screen: "api")
        guard let runtime = try? LuaRuntime(scene: scene) else { return [:] }
        defer {
            runtime.close()
            withExtendedLifetime(scene) {}
        }
        let L = runtime.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if behaviourAPI { runtime.pushEnvironment() } else { bh_push_sandbox_env(L) }
        let environment = lua_absindex(L, -1)
        var names: [String: [String]?] = [:]
        lua_pushnil(L)
        while lua_next(L, environment) != 0 {
            if let key = runtime.string(at: -2, in: L), lua_type(L, -2) == LUA_TSTRING {
                names.updateValue(lua_type(L, -1) == LUA_TTABLE ? runtime.stringKeys(ofTableAt: -1) : nil, forKey: key)
            }
            bh_pop(L, 1)
        }
        return names
    }
}

extension LuaRuntime {
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
