import BehaveCore
import CLuaShim

/// The host half of the functions every behaviour environment has (the
/// prelude, `Lua/prelude.lua`, makes the globals of them: `print`,
/// `animate`, `wait`, `platform.…`, `behaviour`, `require`, …). Each is
/// declared beside what it uses.
extension LuaRuntime {
    static let behaviourAPI = [log] + timeFunctions + platformFunctions + [declare] + moduleFunctions
    /// The table the prelude receives: the API's host half and `self`'s
    /// methods the prelude wraps (made once: each runtime hands it out).
    static let preludeHostTable = behaviourAPI + HostType.behaviourSelf.preludeFunctions + [views]

    /// `print`'s: a line of the scene's log, from the running behaviour.
    static let log = HostFunction("log") { runtime, S in
        let text = runtime.string(at: 1, in: S) ?? ""
        let subject = runtime.runningBehaviour?.name ?? runtime.scripts.loading?.displayName ?? "script"
        runtime.scene.log(String(text.prefix(4000)), from: subject)
        return 0
    }
}
