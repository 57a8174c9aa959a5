/// Every call written in a chunk, for checks that look for one API's calls
/// (`scene.new{ … }` in a spec) without a walk of their own.
extension LuaBlock {
    /// Calls `visit` with each call expression's callee and arguments, in
    /// file order, inner calls after the ones around them.
    package func forEachCall(_ visit: (LuaExpression, [LuaExpression]) -> Void) {
        for statement in statements { statement.forEachCall(visit) }
    }
}

extension LuaStatement {
    package func forEachCall(_ visit: (LuaExpression, [LuaExpression]) -> Void) {
        switch kind {
        case .local(_, let values), .returnValues(let values):
            for value in values { value.forEachCall(visit) }
        case .assignment(let targets, let values):
            for expression in targets + values { expression.forEachCall(visit) }
        case .call(let call):
            call.forEachCall(visit)
        case .block(let body):
            body.forEachCall(visit)
        case .whileLoop(let condition, let body), .repeatLoop(let body, let condition):
            condition.forEachCall(visit)
            body.forEachCall(visit)
        case .ifChain(let branches, let otherwise):
            for (condition, body) in branches {
                condition.forEachCall(visit)
                body.forEachCall(visit)
            }
            otherwise?.forEachCall(visit)
        case .numericFor(_, let values, let body), .genericFor(_, let values, let body):
            for value in values { value.forEachCall(visit) }
            body.forEachCall(visit)
        case .function(_, let function), .localFunction(_, let function):
            function.body.forEachCall(visit)
        case .breakLoop, .gotoLabel, .label:
            break
        }
    }
}

extension LuaExpression {
    package func forEachCall(_ visit: (LuaExpression, [LuaExpression]) -> Void) {
        switch self {
        case .constant, .string, .vararg, .name:
            break
        case .field(let object, _):
            object.forEachCall(visit)
        case .index(let object, let key, _):
            object.forEachCall(visit)
            key.forEachCall(visit)
        case .call(let callee, let arguments, _):
            visit(callee, arguments)
            callee.forEachCall(visit)
            for argument in arguments { argument.forEachCall(visit) }
        case .methodCall(let object, _, let arguments):
            object.forEachCall(visit)
            for argument in arguments { argument.forEachCall(visit) }
        case .function(let function):
            function.body.forEachCall(visit)
        case .operation(let operands, _, _):
            for operand in operands { operand.forEachCall(visit) }
        case .longChain(let start, let parts):
            start.forEachCall(visit)
            for part in parts { part.forEachCall(visit) }
        case .table(let items, _):
            for item in items {
                switch item {
                case .named(_, let value), .positional(let value): value.forEachCall(visit)
                case .keyed(let key, let value):
                    key.forEachCall(visit)
                    value.forEachCall(visit)
                }
            }
        case .parenthesized(let inner):
            inner.forEachCall(visit)
        }
    }
}
