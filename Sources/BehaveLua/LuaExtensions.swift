import BehaveCore
import CLuaShim

/// A host function added from outside BehaveLua (the spec runner, a tool).
/// It reads its arguments and pushes its results through `LuaCall`, and
/// reports failure by throwing: like every built-in host function it is
/// reached through the C trampoline, which raises the Lua error after Swift
/// has returned.
public typealias LuaHostFunction = (LuaCall) throws(LuaError) -> Void

/// The extension functions of one runtime. Their ids start after every
/// `HostFunction`, so both kinds share the state's one dispatcher.
struct LuaExtensionTable {
    static let firstID: Int32 = 1 << 16
    var functions: [LuaHostFunction] = []
    var names: [String] = []
}

extension LuaRuntime {
    /// Adds a host function named `name` (see `extensionTable`). The body
    /// must not keep the runtime alive (capture it weakly or unowned).
    public func register(_ name: String, _ body: @escaping LuaHostFunction) {
        extensions.functions.append(body)
        extensions.names.append(name)
    }

    /// A new table of every registered function by name, for a prelude to
    /// pick from; release it when done.
    public func extensionTable() -> LuaReference {
        let S = stack
        lua_createtable(S, 0, Int32(extensions.names.count))
        for (offset, name) in extensions.names.enumerated() {
            bh_push_host_function(S, LuaExtensionTable.firstID + Int32(offset))
            lua_setfield(S, -2, name)
        }
        return LuaReference(id: luaL_ref(S, bh_registryindex()))
    }

    /// Called by the dispatcher for ids that are not a `HostFunction`.
    func dispatchExtension(_ id: Int32, on S: OpaquePointer) -> Int32 {
        let index = Int(id) - Int(LuaExtensionTable.firstID)
        guard index >= 0, index < extensions.functions.count else {
            lua_settop(S, 0)
            pushString("unknown host function \(id)", on: S)
            return BH_RAISE
        }
        let outer = stack
        stack = S
        defer { stack = outer }
        let arguments = lua_gettop(S)
        do {
            try extensions.functions[index](LuaCall(runtime: self, state: S, count: Int(arguments)))
            return max(0, lua_gettop(S) - arguments)
        } catch {
            lua_settop(S, 0)
            raise(error, on: S)
            return BH_RAISE
        }
    }
}
