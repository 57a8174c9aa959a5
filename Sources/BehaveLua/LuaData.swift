import BehaveCore
import CLuaShim

/// A Lua value as plain data, for host code that takes tables (a scene
/// written as a Lua table, inspectables given to a test scene): the core's
/// untyped tree (`LooseValue`). Strings are quoted text (never numbers),
/// numbers and booleans are as they are; tables whose keys are exactly
/// 1…n are lists, others maps with their keys as strings, sorted (Lua
/// tables have no order), the empty table a map; anything else is its
/// type's name.
extension LooseValue {
    /// Deeper or larger tables are refused (they would be cyclic or
    /// hostile; nothing a scene or an inspectable needs).
    static let maximumLuaDepth = 32
    static let maximumLuaNodes = 100_000
}

/// What one reading of Lua data may take: values (each table entry is
/// one), and bytes of string (keys included).
struct DataBudget {
    let values: Int
    let bytes: Int
    var valuesLeft: Int
    var bytesLeft: Int

    init(values: Int = LooseValue.maximumLuaNodes, bytes: Int = .max) {
        self.values = values
        self.bytes = bytes
        valuesLeft = values
        bytesLeft = bytes
    }

    /// Takes one value of `bytes` bytes, or says which budget it exceeds.
    mutating func take(bytes count: Int = 0) throws(LuaError) {
        valuesLeft -= 1
        guard valuesLeft > 0 else { throw LuaError("table too large (more than \(values) values)") }
        try spend(bytes: count)
    }

    mutating func spend(bytes count: Int) throws(LuaError) {
        bytesLeft -= count
        guard bytesLeft >= 0 else { throw LuaError("more than \(bytes) bytes of text") }
    }
}

extension LuaRuntime {
    func data(at index: Int32, in S: OpaquePointer, depth: Int, budget: inout DataBudget) throws(LuaError) -> LooseValue {
        // A string is measured before it is copied.
        try budget.take(bytes: lua_type(S, index) == LUA_TSTRING ? Int(lua_rawlen(S, index)) : 0)
        switch lua_type(S, index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(S, index) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(S, index, nil))
        case LUA_TSTRING: return .text(string(at: index, in: S) ?? "", quoted: true)
        case LUA_TTABLE:
            guard depth < LooseValue.maximumLuaDepth else {
                throw LuaError("table nested too deep (more than \(LooseValue.maximumLuaDepth) levels, or a cycle)")
            }
            guard lua_checkstack(S, 4) != 0 else { throw LuaError("table nested too deep") }
            return try tableData(at: lua_absindex(S, index), in: S, depth: depth + 1, budget: &budget)
        default:
            return .other(typeName(at: index, in: S))
        }
    }

    private func tableData(at table: Int32, in S: OpaquePointer, depth: Int, budget: inout DataBudget) throws(LuaError) -> LooseValue {
        bh_fill_env(S, table)  // a behaviour's environment holds every name
        var entries: [(key: LooseValue, value: LooseValue)] = []
        var failure: LuaError?
        lua_pushnil(S)
        while lua_next(S, table) != 0 {
            do {
                // Keys are read without conversion (lua_tolstring on a
                // number key would break the traversal), and measured
                // before they are copied.
                let key: LooseValue
                switch lua_type(S, -2) {
                case LUA_TNUMBER: key = .number(lua_tonumberx(S, -2, nil))
                case LUA_TSTRING:
                    try budget.spend(bytes: Int(lua_rawlen(S, -2)))
                    key = .text(string(at: -2, in: S) ?? "", quoted: true)
                default: key = .other(typeName(at: -2, in: S))
                }
                entries.append((key, try data(at: -1, in: S, depth: depth, budget: &budget)))
            } catch {
                failure = error
                bh_pop(S, 2)
                break
            }
            bh_pop(S, 1)
        }
        if let failure { throw failure }
        let length = Int(lua_rawlen(S, table))
        if length > 0, length == entries.count {
            var items = [LooseValue](repeating: .null, count: length)
            var isList = true
            for (key, value) in entries {
                guard case .number(let n) = key, let i = Int(exactly: n), i >= 1, i <= length else {
                    isList = false
                    break
                }
                items[i - 1] = value
            }
            if isList { return .list(items) }
        }
        var named: [LooseValue.Entry] = []
        for (key, value) in entries {
            switch key {
            case .text(let s, _): named.append(LooseValue.Entry(key: s, value: value))
            case .number(let n): named.append(LooseValue.Entry(key: formatNumber(n), value: value))
            case .other(let type): throw LuaError("table keys must be strings or numbers, not a \(type)")
            default: throw LuaError("table keys must be strings or numbers")
            }
        }
        return .map(named.sorted { $0.key < $1.key })
    }
}
