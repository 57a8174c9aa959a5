import CLuaShim

/// The dispatchers of a spec file's live metatables (`Lua/live_metatables.lua`,
/// see livemeta.c).
let liveMetatablesSource = EmbeddedFiles.lua("Lua/live_metatables.lua")

/// Gives the state of `L` a spec file's metatables: objects get live
/// metatables (the metamethods of the original, looked up when they run),
/// a `__gc` is allowed and queues its object, a `__concat` runs only for
/// the last step of a concatenation (see livemeta.c and concatstep.c).
/// Returns nil, or the message of what failed. For states made with
/// `bh_open`; a runtime's is `LuaRuntime.enableSpecSandbox()`.
public func enableSpecMetatables(on L: OpaquePointer) -> String? {
    let status = liveMetatablesSource.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { bh_enable_spec_metatables(L, $0.baseAddress, $0.count) }
    }
    guard status != LUA_OK else { return nil }
    var length = 0
    let message = bh_tolstring_raw(L, -1, &length).map {
        $0.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    } ?? "(no message)"
    bh_pop(L, 1)
    return message
}

extension LuaRuntime {
    /// Makes this runtime a spec file's (`enableSpecMetatables(on:)`).
    /// Returns a table with the spec's `collectgarbage` and `finalizer` (the
    /// next queued `__gc` and its object), for the spec prelude; release it
    /// when done.
    public func enableSpecSandbox() throws(LuaError) -> LuaReference {
        runsSpecs = true
        if let message = enableSpecMetatables(on: L) {
            throw LuaError("spec metatables: \(message)")
        }
        bh_push_spec_gc(L)
        return LuaReference(id: luaL_ref(L, bh_registryindex()))
    }
}
