import BehaveCore
import CLuaShim

/// The read-only views' makers (`Lua/views.lua`), compiled the first time
/// a runtime makes a view: most scenes make none.
private let viewsSource = EmbeddedChunks.text("Lua/views.lua", as: "=behave")

/// A behaviour's `self` as another behaviour's script gets it: a control's
/// `delegate`, an action's sender. No script may change another
/// behaviour's state, so each reader but the behaviour itself gets a view
/// of it (the prelude's `other_self`): its data, which reads as `self`
/// does; a change of a field, through it or a table it holds, is an error
/// naming the behaviour, and none of its code runs.
extension LuaRuntime {
    /// `H.views()`: the chunk of `Lua/views.lua`, which the prelude runs
    /// once with what the views need and keeps what it returns.
    static let views = HostFunction("views") { runtime, S throws(ValueError) in
        let source = viewsSource
        guard bh_load(S, source, source.count, "=behave") == LUA_OK else {
            throw ValueError("views: \(runtime.popString(from: S))")
        }
        return 1
    }

    /// Pushes `behaviour`'s `self` as the code `reader` runs gets it: itself
    /// to its own script; a view to any other code, a behaviour's, a
    /// module's top level or a spec's (nil). Nil when the view cannot be
    /// made (the memory limit).
    func pushSelf(of behaviour: LuaBehaviour, for reader: LuaBehaviour?, on S: OpaquePointer) {
        pushRef(behaviour.selfRef, on: S)
        guard reader !== behaviour else { return }
        pushRef(otherSelf.maker, on: S)
        lua_rotate(S, -2, 1)
        if bh_pcall(S, 1, 1) != LUA_OK {
            bh_pop(S, 1)
            lua_pushnil(S)
        }
    }

    /// The behaviour of the `self` at `index`, or of a view of one that
    /// `pushSelf` made; nil for any other value.
    func behaviour(ofSelfAt index: Int32, in S: OpaquePointer) -> LuaBehaviour? {
        let index = lua_absindex(S, index)
        if let behaviour = behaviour(Int(bh_self_id(S, index))) { return behaviour }
        guard lua_type(S, index) == LUA_TTABLE, lua_checkstack(S, 2) != 0 else { return nil }
        pushRef(otherSelf.targets, on: S)
        lua_pushvalue(S, index)
        lua_rawget(S, -2)
        let behaviour = behaviour(Int(bh_self_id(S, -1)))
        bh_pop(S, 2)
        return behaviour
    }

    /// Refuses what only `owner`'s own code may do to what it holds (cancel
    /// its timers, disconnect its connections) when another behaviour's
    /// code runs: they are data its `self` shows another script, where its
    /// functions (`send` among them) refuse to run. A spec, which no
    /// behaviour runs, may.
    func refuseFromOtherBehaviour(_ owner: Behaviour?, _ refusal: String) throws(ValueError) {
        guard let owner, let running = runningBehaviour, running !== owner else { return }
        throw ValueError("behaviour \(owner.name) is not this behaviour: \(refusal); send an event of yours that the scene connects to one of its actions")
    }
}
