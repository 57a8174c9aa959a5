/// What a behaviour script's source says, read without running it: the
/// local its class is kept in, the fields it sets on `self`, the tokens of
/// one line. The linter, `behave types` and the runtime's error messages
/// all read scripts through these, so they name things alike.
public enum ScriptOutline {
    /// The local the behaviour class is kept in (`Like` for
    /// `local Like = behaviour { … }`), nil when there is none.
    public static func className(in source: [UInt8]) -> String? {
        guard let chunk = try? LuaParser.parse(source) else { return nil }
        return chunk.statements.lazy.compactMap(\.behaviourClass).first?.name.name
    }

    /// Every name the script defines: its locals (local functions,
    /// parameters and loop variables too) and the globals it assigns,
    /// wherever they are. "Did you mean" for a name nothing defines looks
    /// among these and Behave's API (`ScriptAdvice.undefinedName`), at
    /// `check` and when the line runs.
    public static func definedNames(in source: [UInt8]) -> Set<String> {
        guard let chunk = try? LuaParser.parse(source) else { return [] }
        return definedNames(in: chunk)
    }

    package static func definedNames(in chunk: LuaBlock) -> Set<String> {
        var names = Set<String>()
        DefinedNames.collect(chunk, into: &names)
        return names
    }

    /// Each field the script sets on `self` (`self.count = 0`), at the
    /// first line that sets it.
    package static func selfAssignments(in source: [UInt8]) -> [String: Int] {
        var lines: [String: Int] = [:]
        var window: [LuaToken] = []
        forEachToken(in: source) { token in
            window.append(token)
            if window.count > 4 { window.removeFirst() }
            guard window.count == 4, case .name("self") = window[0].kind, window[1].kind == .symbol("."),
                  case .name(let field) = window[2].kind, window[3].kind == .symbol("=") else { return true }
            if lines[field] == nil { lines[field] = window[2].position.line }
            return true
        }
        return lines
    }

    /// The line of the source's last token (1 for an empty source).
    package static func lastLine(of source: [UInt8]) -> Int {
        var line = 1
        forEachToken(in: source) { token in
            line = token.position.line
            return true
        }
        return line
    }

    /// The tokens that start on `line` (1-based), in order.
    package static func tokens(onLine line: Int, in source: [UInt8]) -> [LuaToken] {
        var found: [LuaToken] = []
        forEachToken(in: source) { token in
            if token.position.line == line { found.append(token) }
            return token.position.line <= line
        }
        return found
    }

    /// Calls `body` with each token until it returns false, the source
    /// ends, or the lexer meets a mistake.
    private static func forEachToken(in source: [UInt8], _ body: (LuaToken) -> Bool) {
        var lexer = LuaLexer(source)
        while let token = try? lexer.next() {
            if case .end = token.kind { return }
            guard body(token) else { return }
        }
    }
}

extension LuaStatement {
    /// `local Like = behaviour { … }` (or the misspelt `behavior { … }`):
    /// the local and the declaration's items. A script's class is the first
    /// such statement of its top level.
    package var behaviourClass: (name: LuaName, declaration: [LuaTableItem])? {
        guard case .local(let names, let values) = kind, let name = names.first,
              case .call(.name(let callee), let arguments, _)? = values.first,
              callee.name == "behaviour" || callee.name == "behavior",
              arguments.count == 1, case .table(let items, _) = arguments[0] else { return nil }
        return (name, items)
    }
}

/// The walk behind `ScriptOutline.definedNames`.
private enum DefinedNames {
    static func collect(_ block: LuaBlock, into names: inout Set<String>) {
        for statement in block.statements { collect(statement, into: &names) }
    }

    static func collect(_ statement: LuaStatement, into names: inout Set<String>) {
        switch statement.kind {
        case .local(let declared, let values):
            names.formUnion(declared.map(\.name))
            for value in values { collect(value, into: &names) }
        case .assignment(let targets, let values):
            for case .name(let name) in targets { names.insert(name.name) }
            for target in targets { collect(target, into: &names) }
            for value in values { collect(value, into: &names) }
        case .call(let call): collect(call, into: &names)
        case .block(let body): collect(body, into: &names)
        case .whileLoop(let condition, let body), .repeatLoop(let body, let condition):
            collect(condition, into: &names)
            collect(body, into: &names)
        case .ifChain(let branches, let otherwise):
            for (condition, body) in branches {
                collect(condition, into: &names)
                collect(body, into: &names)
            }
            if let otherwise { collect(otherwise, into: &names) }
        case .numericFor(let variable, let limits, let body):
            names.insert(variable.name)
            for limit in limits { collect(limit, into: &names) }
            collect(body, into: &names)
        case .genericFor(let variables, let values, let body):
            names.formUnion(variables.map(\.name))
            for value in values { collect(value, into: &names) }
            collect(body, into: &names)
        case .function(let name, let function):
            if name.fields.isEmpty, name.method == nil { names.insert(name.root.name) }
            collect(function, into: &names)
        case .localFunction(let name, let function):
            names.insert(name.name)
            collect(function, into: &names)
        case .returnValues(let values):
            for value in values { collect(value, into: &names) }
        case .breakLoop, .gotoLabel, .label:
            break
        }
    }

    static func collect(_ function: LuaFunction, into names: inout Set<String>) {
        names.formUnion(function.parameters.map(\.name).filter { $0 != "..." })
        collect(function.body, into: &names)
    }

    static func collect(_ expression: LuaExpression, into names: inout Set<String>) {
        switch expression {
        case .constant, .string, .vararg, .name: break
        case .field(let object, _): collect(object, into: &names)
        case .index(let object, let key, _):
            collect(object, into: &names)
            collect(key, into: &names)
        case .call(let callee, let arguments, _):
            collect(callee, into: &names)
            for argument in arguments { collect(argument, into: &names) }
        case .methodCall(let object, _, let arguments):
            collect(object, into: &names)
            for argument in arguments { collect(argument, into: &names) }
        case .function(let function): collect(function, into: &names)
        case .operation(let operands, _, _):
            for operand in operands { collect(operand, into: &names) }
        case .longChain(let start, let parts):
            collect(start, into: &names)
            for part in parts { collect(part, into: &names) }
        case .table(let items, _):
            for item in items {
                switch item {
                case .named(_, let value), .positional(let value): collect(value, into: &names)
                case .keyed(let key, let value):
                    collect(key, into: &names)
                    collect(value, into: &names)
                }
            }
        case .parenthesized(let inner): collect(inner, into: &names)
        }
    }
}
