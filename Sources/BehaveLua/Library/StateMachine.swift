import BehaveCore
import CLuaShim

/// The Lua modules shipped with the runtime. Each becomes a global of every
/// behaviour environment: one function per Lua state, shared, not copied.
/// A module is compiled the first time a script calls it, so scenes that do
/// not use it pay nothing (compiling one costs about as much as the rest of
/// a runtime's setup).
/// Its source is decoded then too (`source` reads a lazy global).
let luaLibraries: [(global: String, source: @Sendable () -> [UInt8])] = [
    ("StateMachine", { stateMachineSource }),
]

/// The global a script sees for a library (`Lua/library_stub.lua`).
private let libraryStubSource = EmbeddedChunks.text("Lua/library_stub.lua", as: "=behave")

extension LuaRuntime {
    /// Adds each library's stub to the behaviour API (`apiRef`).
    func installLibraries() throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushRef(apiRef, on: L)
        // `closable(t, metatable)`: sets a metatable as it is, `__close`
        // included, which the sandbox's `setmetatable` refuses to scripts.
        // Only the libraries get it (an upvalue of their stub), for guards
        // of their own whose `__close` is theirs.
        let closable = hostFunctions.add(HostFunction("closable") { _, S throws(ValueError) in
            guard lua_gettop(S) == 2, lua_type(S, 1) == LUA_TTABLE, lua_type(S, 2) == LUA_TTABLE else {
                throw ValueError("closable(table, metatable)")
            }
            lua_pushvalue(S, 2)
            lua_setmetatable(S, 1)
            return 0
        })
        let stub = libraryStubSource
        for library in luaLibraries {
            // `=behave`, like the prelude: locations in messages skip its frames.
            guard bh_load(L, stub, stub.count, "=behave") == LUA_OK else {
                throw LuaError("library \(library.global): \(popString())")
            }
            pushHostFunction(HostFunction(library.global) { runtime, S throws(ValueError) in
                let source = library.source()
                guard bh_load(S, source, source.count, "=behave") == LUA_OK else {
                    throw ValueError("library \(library.global): \(runtime.popString(from: S))")
                }
                return 1
            }, on: L)
            bh_push_host_function(L, closable)
            guard bh_pcall(L, 2, 1) == LUA_OK else {
                throw LuaError("library \(library.global): \(popString())")
            }
            lua_setfield(L, -2, library.global)
        }
    }
}

/// `StateMachine { … }` (`Lua/state_machine.lua`): see Docs/state-machine.md.
let stateMachineSource = EmbeddedChunks.text("Lua/state_machine.lua", as: "=behave")
