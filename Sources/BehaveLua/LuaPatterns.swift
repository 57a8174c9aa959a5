import BehaveCore
import CLuaShim

/// Lua patterns for host code (`behave test --filter`, `--tags`), matched
/// by the sandbox's own matcher, the one behind `string.find`: the same
/// results and messages as in scripts, and the same bounds (every match
/// runs as a callback under the runtime's instruction budget and time
/// limit).
public final class LuaPatterns {
    private let runtime: LuaRuntime
    /// The scene of a runtime of its own (a runtime holds its scene weakly).
    private var keptScene: Scene?
    private let find: LuaReference
    private let checker: LuaReference

    /// Matches in `runtime` (a spec file's), which must outlive it; its
    /// references go with the runtime's state.
    public init(runtime: LuaRuntime) throws(LuaError) {
        guard !runtime.isClosed else { throw LuaError("the Lua state is closed") }
        self.runtime = runtime
        let S = runtime.L
        bh_push_sandbox_env(S, 0)
        lua_getfield(S, -1, "string")
        lua_getfield(S, -1, "find")
        find = LuaReference(id: luaL_ref(S, bh_registryindex()))
        bh_pop(S, 2)
        bh_push_pattern_check(S)
        checker = LuaReference(id: luaL_ref(S, bh_registryindex()))
    }

    /// Matches in a small runtime of its own.
    public convenience init() throws(LuaError) {
        let scene = Scene(screen: "patterns")
        try self.init(runtime: LuaRuntime(scene: scene))
        keptScene = scene
    }

    /// Throws the first mistake in `pattern` ("malformed pattern (missing
    /// ']')"), whether or not a match would reach it.
    public func check(_ pattern: String) throws(LuaError) {
        try runtime.call(checker, [.value(.string(pattern))])
    }

    /// Whether `pattern` matches anywhere in `subject` (`string.find`).
    public func matches(_ pattern: String, in subject: String) throws(LuaError) -> Bool {
        let results = try runtime.call(find, [.value(.string(subject)), .value(.string(pattern))])
        return (results.first ?? .null) != .null
    }
}
