import BehaveCore
import CLuaShim

/// A host function added from outside BehaveLua (the spec runner, a tool).
/// It reads its arguments and pushes its results through `LuaCall`, and
/// reports failure by throwing. It is a `HostFunction` like every other,
/// whose results are what it pushed.
public typealias LuaHostFunction = (LuaCall) throws(LuaError) -> Void

extension HostFunction {
    /// A host function of `LuaCall`'s form.
    init(_ name: String, call body: @escaping LuaHostFunction) {
        // Like every host function, it runs on its runtime's thread only.
        nonisolated(unsafe) let body = body
        self.init(name) { runtime, S throws(ValueError) in
            let arguments = lua_gettop(S)
            // A LuaError is a ValueError: its file, line and fix go on as they are.
            try body(LuaCall(runtime: runtime, state: S, count: Int(arguments)))
            return max(0, lua_gettop(S) - arguments)
        }
    }
}

extension LuaRuntime {
    /// Adds a host function named `name` (see `extensionTable`) for a
    /// prelude of the host's own (the spec runner's); behaviours do not
    /// see it. An app gives behaviours functions with `AppModules`. The
    /// body must not keep the runtime alive (capture it weakly or unowned).
    public func register(_ name: String, _ body: @escaping LuaHostFunction) {
        hostFunctions.published.append((name, hostFunctions.add(HostFunction(name, call: body))))
    }

    /// A new table of every registered function by name, for a prelude to
    /// pick from; release it when done.
    public func extensionTable() -> LuaReference {
        let S = callerThread
        lua_createtable(S, 0, Int32(hostFunctions.published.count))
        for (name, id) in hostFunctions.published {
            bh_push_host_function(S, id)
            lua_setfield(S, -2, name)
        }
        return LuaReference(id: luaL_ref(S, bh_registryindex()))
    }
}
