import BehaveCore
import CLuaShim

/// The arguments and results of one extension host function while it runs
/// (valid only until it returns). Arguments are numbered from 1; reading
/// never runs script code (raw accessors only); results are pushed in order.
public struct LuaCall {
    let runtime: LuaRuntime
    let S: OpaquePointer
    /// How many arguments the script passed.
    public let count: Int

    init(runtime: LuaRuntime, state: OpaquePointer, count: Int) {
        self.runtime = runtime
        self.S = state
        self.count = count
    }

    // MARK: Arguments

    /// "nil", "number", "table", … ("no value" past the last argument).
    public func typeName(_ index: Int) -> String {
        index > count ? "no value" : runtime.typeName(at: Int32(index), in: S)
    }

    public func isNil(_ index: Int) -> Bool { index > count || lua_type(S, Int32(index)) <= LUA_TNIL }

    /// A string argument (numbers are not converted).
    public func string(_ index: Int) -> String? {
        index > count ? nil : runtime.string(at: Int32(index), in: S)
    }

    public func number(_ index: Int) -> Double? {
        index > count ? nil : runtime.number(at: Int32(index), in: S)
    }

    public func boolean(_ index: Int) -> Bool? {
        guard index <= count, lua_type(S, Int32(index)) == LUA_TBOOLEAN else { return nil }
        return lua_toboolean(S, Int32(index)) != 0
    }

    /// The argument as an untyped value (as event arguments are read):
    /// images, `{x, y}`-style tables, scalars; nil when it has no such form.
    public func value(_ index: Int) -> Value? {
        index > count ? .null : runtime.value(at: Int32(index), in: S)
    }

    /// Whether the argument can be called: a function, or a table whose
    /// metatable has a `__call` (a spec's spy), read raw.
    public func isCallable(_ index: Int) -> Bool {
        guard index <= count else { return false }
        let at = Int32(index)
        if lua_type(S, at) == LUA_TFUNCTION { return true }
        guard lua_type(S, at) == LUA_TTABLE, lua_getmetatable(S, at) != 0 else { return false }
        let call = runtime.field("__call", of: -1, in: S)
        bh_pop(S, 2)
        return call != LUA_TNIL
    }

    /// The argument as plain data, tables included (read raw, depth and
    /// size bounded).
    public func data(_ index: Int) throws(LuaError) -> LooseValue {
        guard index <= count else { return .null }
        var budget = DataBudget()
        return try runtime.data(at: Int32(index), in: S, depth: 0, budget: &budget)
    }

    /// A list of strings (read raw, as long as the list is): what `push(_:
    /// [String])` pushes.
    public func requireStrings(_ index: Int, _ what: String) throws(LuaError) -> [String] {
        guard index <= count, lua_type(S, Int32(index)) == LUA_TTABLE else { throw badArgument(index, what) }
        let length = lua_rawlen(S, Int32(index))
        var list: [String] = []
        list.reserveCapacity(Int(clamping: length))
        for item in 0..<length {
            lua_rawgeti(S, Int32(index), lua_Integer(item + 1))
            defer { bh_pop(S, 1) }
            guard lua_type(S, -1) == LUA_TSTRING, let text = runtime.string(at: -1, in: S) else {
                throw LuaError("bad argument #\(index) (\(what) expected, item \(item + 1) is not a string)")
            }
            list.append(text)
        }
        return list
    }

    /// A string argument, or the error a script should see.
    public func requireString(_ index: Int, _ what: String) throws(LuaError) -> String {
        guard let text = string(index) else { throw badArgument(index, what) }
        return text
    }

    public func requireNumber(_ index: Int, _ what: String) throws(LuaError) -> Double {
        guard let n = number(index) else { throw badArgument(index, what) }
        return n
    }

    public func badArgument(_ index: Int, _ what: String) -> LuaError {
        LuaError("bad argument #\(index) (\(what) expected, got \(typeName(index)))")
    }

    /// Keeps the argument for later (release it with `LuaRuntime.release`).
    public func keep(_ index: Int) -> LuaReference {
        lua_pushvalue(S, Int32(index))
        return LuaReference(id: luaL_ref(S, bh_registryindex()))
    }

    /// The script code that called the host (the first frame outside the
    /// `=behave` preludes), if any.
    public func callingFrame() -> ScriptError.Frame? { runtime.callingFrame(in: S) }

    // MARK: Results

    public func pushNil() { lua_pushnil(S) }
    public func push(_ text: String) { runtime.pushString(text, on: S) }
    public func push(_ n: Double) { runtime.pushNumber(n, on: S) }
    public func push(_ b: Bool) { lua_pushboolean(S, b ? 1 : 0) }

    /// A value as scripts see it (images with their methods, colours as
    /// "#RRGGBB", points and sizes as tables).
    public func push(_ value: Value) {
        guard lua_checkstack(S, 4) != 0 else { return lua_pushnil(S) }
        runtime.push(value, on: S)
    }

    /// JSON as Lua tables: objects by key, arrays as lists; null is nil.
    public func push(_ json: JSON) {
        runtime.push(json, on: S)
    }

    /// A list of strings.
    public func push(_ list: [String]) {
        lua_createtable(S, Int32(clamping: list.count), 0)
        for (i, text) in list.enumerated() {
            push(text)
            lua_rawseti(S, -2, lua_Integer(i + 1))
        }
    }

    public func push(_ reference: LuaReference) {
        lua_rawgeti(S, bh_registryindex(), lua_Integer(reference.id))
    }

    /// Appends `{ values… }` to the list kept as `list` (raw, no results).
    public func append(_ values: [Value], toList list: LuaReference) {
        guard lua_checkstack(S, 6) != 0 else { return }
        push(list)
        guard lua_type(S, -1) == LUA_TTABLE else { return bh_pop(S, 1) }
        lua_createtable(S, Int32(clamping: values.count), 0)
        for (i, value) in values.enumerated() {
            push(value)
            lua_rawseti(S, -2, lua_Integer(i + 1))
        }
        lua_rawseti(S, -2, lua_Integer(lua_rawlen(S, -2) + 1))
        bh_pop(S, 1)
    }
}
