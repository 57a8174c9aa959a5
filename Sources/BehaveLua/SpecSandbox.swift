import CLuaShim

extension LuaRuntime {
    /// Makes this runtime a spec file's: objects get live metatables (the
    /// metamethods of the original, looked up when they run), a `__gc` is
    /// allowed and queues its object, a `__concat` runs only for the last
    /// step of a concatenation (see livemeta.c and concatstep.c). Returns
    /// a table with the spec's `collectgarbage` and `finalizer` (the next
    /// queued `__gc` and its object), for the spec prelude; release it
    /// when done.
    public func enableSpecSandbox() -> LuaReference {
        runsSpecs = true
        bh_enable_spec_metatables(L)
        bh_push_spec_gc(L)
        return LuaReference(id: luaL_ref(L, bh_registryindex()))
    }
}
