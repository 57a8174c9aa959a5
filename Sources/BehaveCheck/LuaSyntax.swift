/// The syntax tree the linter reads: Lua 5.4's statements and expressions,
/// with the position of everything a finding can point at.

/// A name where it is written.
struct LuaName {
    var name: String
    var position: SourcePosition
}

indirect enum LuaExpression {
    case constant(SourcePosition)
    case string(String, SourcePosition)
    case vararg(SourcePosition)
    case name(LuaName)
    /// `object.key`; the position is the key's.
    case field(LuaExpression, LuaName)
    /// `object[key]`.
    case index(LuaExpression, LuaExpression, SourcePosition)
    /// `function(…)`, and where the call's `(` or argument starts.
    case call(LuaExpression, [LuaExpression], SourcePosition)
    /// `object:method(…)`.
    case methodCall(LuaExpression, LuaName, [LuaExpression])
    case function(LuaFunction)
    case operation([LuaExpression], SourcePosition)
    case table([LuaTableItem], SourcePosition)
    case parenthesized(LuaExpression)

    var position: SourcePosition {
        switch self {
        case .constant(let p), .string(_, let p), .vararg(let p), .index(_, _, let p), .operation(_, let p),
             .table(_, let p):
            return p
        case .name(let n): return n.position
        case .field(let object, _), .call(let object, _, _), .methodCall(let object, _, _):
            return object.position
        case .function(let f): return f.position
        case .parenthesized(let e): return e.position
        }
    }
}

enum LuaTableItem {
    case named(LuaName, LuaExpression)
    case keyed(LuaExpression, LuaExpression)
    case positional(LuaExpression)
}

struct LuaFunction {
    var position: SourcePosition
    var parameters: [LuaName]
    /// Defined with `:` (an implicit `self` parameter).
    var isMethod: Bool
    var body: LuaBlock
}

/// `function a.b.c:m()`: the first name, the fields, the method.
struct LuaFunctionName {
    var root: LuaName
    var fields: [LuaName]
    var method: LuaName?
}

struct LuaBlock {
    var statements: [LuaStatement]
    /// Where the block ends (its `end`, `until`, `else`…), for messages.
    var end: SourcePosition
}

struct LuaStatement {
    enum Kind {
        case local([LuaName], [LuaExpression])
        case assignment([LuaExpression], [LuaExpression])
        case call(LuaExpression)
        case block(LuaBlock)
        case whileLoop(LuaExpression, LuaBlock)
        case repeatLoop(LuaBlock, LuaExpression)
        case ifChain([(LuaExpression, LuaBlock)], LuaBlock?)
        case numericFor(LuaName, [LuaExpression], LuaBlock)
        case genericFor([LuaName], [LuaExpression], LuaBlock)
        case function(LuaFunctionName, LuaFunction)
        case localFunction(LuaName, LuaFunction)
        case returnValues([LuaExpression])
        case breakLoop
        case gotoLabel(String)
        case label(String)
    }

    var kind: Kind
    var position: SourcePosition
}
