import BehaveCore
import BehaveLua

extension LuaData {
    /// The value as a scene file would write it, for `PropertySpec.convert`:
    /// Lua strings are quoted text (never numbers), numbers and booleans
    /// plain text, tables lists or mappings.
    func looseValue(for what: String) throws(LuaError) -> LooseValue {
        switch self {
        case .null: return .null
        case .boolean(let b): return .text(b ? "true" : "false", quoted: false)
        case .number(let n): return .text(plainNumber(n), quoted: false)
        case .string(let s): return .text(s, quoted: true)
        case .list(let items):
            var values: [LooseValue] = []
            for item in items { values.append(try item.looseValue(for: what)) }
            return .list(values)
        case .table(let entries):
            var fields: [String: LooseValue] = [:]
            for entry in entries { fields[entry.key] = try entry.value.looseValue(for: what) }
            return .map(fields)
        case .other(let type):
            throw LuaError("\(what) cannot be a \(type)")
        }
    }
}

/// A number as text that reads back exactly (`formatNumber` rounds).
func plainNumber(_ n: Double) -> String {
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    return "\(n)"
}
