import BehaveSyntax

/// How the tables of a spec's `scene.new{ … }` calls are written, read
/// with the linter's parser: a Lua table keeps neither the order of its
/// keys nor their lines, the source does. A call whose table is not written
/// there (a local, a table built in a loop) has none: its scene is read in
/// sorted order, on the call's line.
final class SceneTableSource {
    private let source: [UInt8]
    private lazy var tree: LuaBlock? = try? LuaParser.parse(source)
    /// Where each `scene.new{` or `scene.new({` opens its table, by the
    /// line of `scene` (the call's line), found in one pass.
    private lazy var openings: [Int: SourcePosition] = {
        let call: [LuaToken.Kind] = [.name("scene"), .symbol("."), .name("new")]
        var found: [Int: SourcePosition] = [:]
        var lexer = LuaLexer(source)
        var recent: [LuaToken] = []
        while let token = try? lexer.next() {
            if case .end = token.kind { break }
            recent = Array((recent + [token]).suffix(5))
            guard token.kind == .symbol("{") else { continue }
            for form in [call, call + [.symbol("(")]] where recent.count > form.count {
                let before = recent.dropLast().suffix(form.count)
                if before.map(\.kind) == form, let line = before.first?.position.line, found[line] == nil {
                    found[line] = token.position
                }
            }
        }
        return found
    }()
    /// The tables those openings open, by the call's line, found in one
    /// walk of the tree.
    private lazy var tables: [Int: LuaExpression] = {
        guard !openings.isEmpty, let tree else { return [:] }
        var lines: [Int: [(column: Int, call: Int)]] = [:]
        for (call, opening) in openings { lines[opening.line, default: []].append((opening.column, call)) }
        var found: [Int: LuaExpression] = [:]
        SceneTableSource.visit(tree) { table in
            if let call = lines[table.position.line]?.first(where: { $0.column == table.position.column })?.call {
                found[call] = table
            }
        }
        return found
    }()

    init(_ source: [UInt8]) {
        self.source = source
    }

    /// The table constructor of the first `scene.new{` or `scene.new({`
    /// on `line`, when it writes the `keys` the call's table has (a call
    /// from another file may be on the same line).
    func table(atLine line: Int, keys: [String]) -> LuaExpression? {
        guard let table = tables[line], Set(SceneTableSource.keys(of: table).keys) == Set(keys) else { return nil }
        return table
    }

    /// The keys a table constructor writes (`name = …`, `["name"] = …`):
    /// where each is written and its value.
    static func keys(of table: LuaExpression) -> [String: (position: SourcePosition, value: LuaExpression)] {
        guard case .table(let items, _) = table else { return [:] }
        var keys: [String: (position: SourcePosition, value: LuaExpression)] = [:]
        for item in items {
            switch item {
            case .named(let name, let value): keys[name.name] = (name.position, value)
            case .keyed(.string(let name, let position), let value): keys[name] = (position, value)
            default: break
            }
        }
        return keys
    }

    /// Calls `body` with every table constructor in `block`.
    private static func visit(_ block: LuaBlock, _ body: (LuaExpression) -> Void) {
        for statement in block.statements {
            let (expressions, blocks) = parts(of: statement)
            for expression in expressions { visit(expression, body) }
            for inner in blocks { visit(inner, body) }
        }
    }

    private static func parts(of statement: LuaStatement) -> ([LuaExpression], [LuaBlock]) {
        switch statement.kind {
        case .local(_, let values), .returnValues(let values): return (values, [])
        case .assignment(let targets, let values): return (targets + values, [])
        case .call(let call): return ([call], [])
        case .whileLoop(let condition, let body), .repeatLoop(let body, let condition): return ([condition], [body])
        case .ifChain(let branches, let last): return (branches.map(\.0), branches.map(\.1) + (last.map { [$0] } ?? []))
        case .numericFor(_, let values, let body), .genericFor(_, let values, let body): return (values, [body])
        case .block(let body): return ([], [body])
        case .function(_, let function), .localFunction(_, let function): return ([], [function.body])
        case .breakLoop, .gotoLabel, .label: return ([], [])
        }
    }

    private static func visit(_ expression: LuaExpression, _ body: (LuaExpression) -> Void) {
        switch expression {
        case .table(let items, _):
            body(expression)
            for item in items {
                switch item {
                case .named(_, let value), .positional(let value): visit(value, body)
                case .keyed(let key, let value):
                    visit(key, body)
                    visit(value, body)
                }
            }
        case .call(let callee, let arguments, _):
            for part in [callee] + arguments { visit(part, body) }
        case .methodCall(let object, _, let arguments):
            for part in [object] + arguments { visit(part, body) }
        case .field(let object, _): visit(object, body)
        case .index(let object, let key, _):
            visit(object, body)
            visit(key, body)
        case .operation(let operands, _, _): for part in operands { visit(part, body) }
        case .longChain(let start, let parts): for part in [start] + parts { visit(part, body) }
        case .parenthesized(let inner): visit(inner, body)
        case .function(let function): visit(function.body, body)
        case .constant, .string, .vararg, .name: break
        }
    }
}
