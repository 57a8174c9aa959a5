/// The syntax tree the linter reads: Lua 5.4's statements and expressions,
/// with the position of everything a finding can point at.

/// A name where it is written.
package struct LuaName {
    package var name: String
    package var position: SourcePosition

    package init(name: String, position: SourcePosition) {
        self.name = name
        self.position = position
    }
}

package indirect enum LuaExpression {
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

    package var position: SourcePosition {
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

package enum LuaTableItem {
    case named(LuaName, LuaExpression)
    case keyed(LuaExpression, LuaExpression)
    case positional(LuaExpression)
}

package struct LuaFunction {
    package var position: SourcePosition
    package var parameters: [LuaName]
    /// Defined with `:` (an implicit `self` parameter).
    package var isMethod: Bool
    package var body: LuaBlock

    package init(position: SourcePosition, parameters: [LuaName], isMethod: Bool, body: LuaBlock) {
        self.position = position
        self.parameters = parameters
        self.isMethod = isMethod
        self.body = body
    }
}

/// `function a.b.c:m()`: the first name, the fields, the method.
package struct LuaFunctionName {
    package var root: LuaName
    package var fields: [LuaName]
    package var method: LuaName?
}

package struct LuaBlock {
    package var statements: [LuaStatement]
    /// Where the block ends (its `end`, `until`, `else`…), for messages.
    package var end: SourcePosition
}

package struct LuaStatement {
    package enum Kind {
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

    package var kind: Kind
    package var position: SourcePosition
}
