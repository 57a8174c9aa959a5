import BehaveCore
import BehaveLua

extension LooseValue {
    /// The value for `PropertySpec.convert` (or an action's argument), once
    /// none of it is a value no property takes (a function).
    func looseValue(for what: String) throws(LuaError) -> LooseValue {
        switch self {
        case .null, .bool, .number, .text: return self
        case .list(let items):
            for item in items { _ = try item.looseValue(for: what) }
        case .map(let entries):
            for entry in entries { _ = try entry.value.looseValue(for: what) }
        case .other(let type):
            throw LuaError("\(what) cannot be a \(type)")
        }
        return self
    }
}
