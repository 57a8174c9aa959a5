/// A recursive-descent parser of Lua 5.4 into `LuaBlock`. Written for
/// untrusted input: nesting is bounded (`maximumDepth`, as Lua's own
/// compiler bounds it) so no input can exhaust the stack, every loop
/// consumes a token, and the first mistake stops it with a message that
/// says what was expected where.
package struct LuaParser {
    /// Blocks and expressions nested deeper than this are refused
    /// (Lua's compiler stops at 200 levels too).
    package static let maximumDepth = 200

    /// Links of one suffix chain (`a.b[c]:d()…`) nested in one segment of
    /// the tree; a longer chain is cut into segments of about this many
    /// (`LuaExpression.longChain`).
    package static let maximumLinks = 64

    /// Lua compiles a chain of `and`/`or`, or of `elseif`, in time that
    /// grows with the square of its length (it walks a list of jumps at
    /// each link: 100,000 `or`s take 15 s), and nothing can interrupt a
    /// compile. Past this many in one statement the chain is refused:
    /// 10,000 compile in a tenth of a second.
    package static let maximumChain = 10_000

    private let source: [UInt8]
    private var lexer: LuaLexer
    private var token: LuaToken
    private var lookahead: LuaToken?
    private var depth = 0
    /// The `and`s and `or`s of the statement being read (Lua keeps their
    /// jumps in one list per expression, nested ones included).
    private var logicalOperators = 0
    /// Every block closed so far, for telling which one lacks its `end`.
    private var closed: [MissingEnd.Block] = []

    init(_ source: [UInt8]) throws(LuaSyntaxError) {
        self.source = source
        lexer = LuaLexer(source)
        token = LuaToken(kind: .end, position: SourcePosition(line: 1, column: 1))
        token = try lexer.next()
    }

    /// Parses a whole chunk.
    package static func parse(_ source: [UInt8]) throws(LuaSyntaxError) -> LuaBlock {
        var parser = try LuaParser(source)
        let block = try parser.block()
        guard case .end = parser.token.kind else {
            throw parser.unexpected("here: a statement cannot start with it")
        }
        return block
    }

    // MARK: Tokens

    private mutating func advance() throws(LuaSyntaxError) {
        if let next = lookahead {
            token = next
            lookahead = nil
        } else {
            token = try lexer.next()
        }
    }

    private mutating func peekNext() throws(LuaSyntaxError) -> LuaToken {
        if let lookahead { return lookahead }
        let next = try lexer.next()
        lookahead = next
        return next
    }

    private func isKeyword(_ word: String) -> Bool { token.kind == .keyword(word) }
    private func isSymbol(_ symbol: String) -> Bool { token.kind == .symbol(symbol) }

    private mutating func accept(symbol: String) throws(LuaSyntaxError) -> Bool {
        guard isSymbol(symbol) else { return false }
        try advance()
        return true
    }

    private mutating func accept(keyword: String) throws(LuaSyntaxError) -> Bool {
        guard isKeyword(keyword) else { return false }
        try advance()
        return true
    }

    private mutating func expect(symbol: String, _ why: String) throws(LuaSyntaxError) {
        guard try accept(symbol: symbol) else { throw unexpected("where `\(symbol)` was expected \(why)") }
    }

    private mutating func expect(keyword: String, _ why: String) throws(LuaSyntaxError) {
        guard try accept(keyword: keyword) else { throw unexpected("where `\(keyword)` was expected \(why)") }
    }

    /// `end` (or `until`…) closing what opened at `opener`. When it is
    /// missing, the block that lacks it is often an inner one whose `end`
    /// Lua took for this one's: the indentation tells (`MissingEnd`).
    private mutating func close(_ keyword: String, opening what: String, at opener: SourcePosition) throws(LuaSyntaxError) {
        let closer = token.position
        guard try accept(keyword: keyword) else {
            let block = MissingEnd.Block(keyword: keyword, what: what, opener: opener, closer: closer)
            if let inner = MissingEnd.innermost(in: closed, within: block, source: source) { throw inner }
            var error = unexpected("where `\(keyword)` was expected to close the `\(what)` on line \(opener.line)")
            error.fix = "add `\(keyword)` where the `\(what)` of line \(opener.line) should end"
            throw error
        }
        closed.append(MissingEnd.Block(keyword: keyword, what: what, opener: opener, closer: closer))
    }

    private mutating func name(_ why: String) throws(LuaSyntaxError) -> LuaName {
        guard case .name(let text) = token.kind else { throw unexpected("where a name was expected \(why)") }
        let name = LuaName(name: text, position: token.position)
        try advance()
        return name
    }

    /// `found `)` where …`.
    private func unexpected(_ context: String) -> LuaSyntaxError {
        let found: String
        switch token.kind {
        case .name(let text): found = "the name `\(text.prefix(40))`"
        case .keyword(let word): found = "`\(word)`"
        case .symbol(let symbol): found = "`\(symbol)`"
        case .string: found = "a string"
        case .number: found = "a number"
        case .end: found = "the end of the file"
        }
        return LuaSyntaxError(message: "found \(found) \(context)", position: token.position)
    }

    private mutating func enter() throws(LuaSyntaxError) {
        depth += 1
        guard depth <= LuaParser.maximumDepth else {
            throw LuaSyntaxError(message: "code nested more than \(LuaParser.maximumDepth) levels deep; split it into functions",
                                 position: token.position)
        }
    }

    /// A level of Lua's compiler that the code does not show as nesting
    /// (`what`): past the limit Lua stops with "C stack overflow" and no
    /// line, so the limit is told here, at its place, with `fix`.
    private mutating func enter(_ what: String, fix: String) throws(LuaSyntaxError) {
        depth += 1
        guard depth <= LuaParser.maximumDepth else {
            throw LuaSyntaxError(message: "\(what) nest more than \(LuaParser.maximumDepth) levels deep in Lua's compiler",
                                 position: token.position, fix: fix)
        }
    }

    private mutating func leave() { depth -= 1 }

    private func chainTooLong(_ what: String, at position: SourcePosition) -> LuaSyntaxError {
        LuaSyntaxError(message: "more than \(LuaParser.maximumChain) \(what): Lua would take minutes to compile it",
                       position: position, fix: "look the value up in a table, or split the chain into functions", isCompileBound: true)
    }

    // MARK: Blocks and statements

    private var blockEnds: Bool {
        switch token.kind {
        case .end: return true
        case .keyword(let word): return word == "end" || word == "else" || word == "elseif" || word == "until"
        default: return false
        }
    }

    private var canStartStatement: Bool {
        switch token.kind {
        case .name, .symbol("("), .symbol("::"), .symbol(";"): return true
        case .keyword(let word):
            return ["if", "while", "do", "for", "repeat", "function", "local", "return", "break", "goto"].contains(word)
        default: return false
        }
    }

    private mutating func block() throws(LuaSyntaxError) -> LuaBlock {
        try enter()
        defer { leave() }
        var statements: [LuaStatement] = []
        // Lua's compiler reads every statement a level deeper than its
        // block, so a `break` or a `;` in the deepest block passes its
        // limit though nothing is nested in it; and it reads a label that
        // follows a label (`;`s between them too) inside the first, a
        // level deeper each.
        var labelLevels = 0
        defer { depth -= labelLevels }
        while !blockEnds {
            if !isSymbol("::"), !isSymbol(";") {
                depth -= labelLevels
                labelLevels = 0
            }
            if !isSymbol("::") {
                try enter()
                leave()
            } else if labelLevels == 0 {
                try enter()
                labelLevels = 1
            } else {
                try enter("labels in a row", fix: "put a statement between them, or use fewer labels")
                labelLevels += 1
            }
            if isKeyword("return") {
                let position = token.position
                try advance()
                var values: [LuaExpression] = []
                if !blockEnds && !isSymbol(";") { values = try expressionList() }
                _ = try accept(symbol: ";")
                statements.append(LuaStatement(kind: .returnValues(values), position: position))
                guard blockEnds else { throw unexpected("after `return`: `return` must be the last statement of its block") }
                break
            }
            if try accept(symbol: ";") { continue }
            // What cannot start a statement ends the block: the caller
            // then says which `end` is missing.
            guard canStartStatement else { break }
            statements.append(try statement())
        }
        return LuaBlock(statements: statements, end: token.position)
    }

    private mutating func statement() throws(LuaSyntaxError) -> LuaStatement {
        // A function's body inside the statement counts its own.
        let outer = logicalOperators
        logicalOperators = 0
        defer { logicalOperators = outer }
        let position = token.position
        switch token.kind {
        case .keyword("if"):
            try advance()
            var branches: [(LuaExpression, LuaBlock)] = []
            let condition = try expression()
            try expect(keyword: "then", "after the condition of `if` on line \(position.line)")
            branches.append((condition, try block()))
            var otherwise: LuaBlock?
            while true {
                if isKeyword("elseif") {
                    let at = token.position
                    guard branches.count <= LuaParser.maximumChain else { throw chainTooLong("`elseif`s in one `if`", at: at) }
                    try advance()
                    let condition = try expression()
                    try expect(keyword: "then", "after the condition of `elseif` on line \(at.line)")
                    branches.append((condition, try block()))
                } else if try accept(keyword: "else") {
                    otherwise = try block()
                    try close("end", opening: "if", at: position)
                    break
                } else {
                    try close("end", opening: "if", at: position)
                    break
                }
            }
            return LuaStatement(kind: .ifChain(branches, otherwise), position: position)
        case .keyword("while"):
            try advance()
            let condition = try expression()
            try expect(keyword: "do", "after the condition of `while` on line \(position.line)")
            let body = try block()
            try close("end", opening: "while", at: position)
            return LuaStatement(kind: .whileLoop(condition, body), position: position)
        case .keyword("do"):
            try advance()
            let body = try block()
            try close("end", opening: "do", at: position)
            return LuaStatement(kind: .block(body), position: position)
        case .keyword("for"):
            try advance()
            let first = try name("after `for`")
            if try accept(symbol: "=") {
                var limits = [try expression()]
                try expect(symbol: ",", "between the start and the limit of `for`")
                limits.append(try expression())
                if try accept(symbol: ",") { limits.append(try expression()) }
                try expect(keyword: "do", "in `for` on line \(position.line)")
                let body = try block()
                try close("end", opening: "for", at: position)
                return LuaStatement(kind: .numericFor(first, limits, body), position: position)
            }
            var names = [first]
            while try accept(symbol: ",") { names.append(try name("in the names of `for`")) }
            try expect(keyword: "in", "in `for` on line \(position.line) (`for i = 1, n do` or `for k, v in pairs(t) do`)")
            let values = try expressionList()
            try expect(keyword: "do", "in `for` on line \(position.line)")
            let body = try block()
            try close("end", opening: "for", at: position)
            return LuaStatement(kind: .genericFor(names, values, body), position: position)
        case .keyword("repeat"):
            try advance()
            let body = try block()
            try close("until", opening: "repeat", at: position)
            return LuaStatement(kind: .repeatLoop(body, try expression()), position: position)
        case .keyword("function"):
            try advance()
            let root = try name("after `function`")
            var fields: [LuaName] = []
            var method: LuaName?
            while try accept(symbol: ".") { fields.append(try name("after `.` in a function name")) }
            if try accept(symbol: ":") { method = try name("after `:` in a function name") }
            let function = try functionBody(at: position, isMethod: method != nil)
            return LuaStatement(kind: .function(LuaFunctionName(root: root, fields: fields, method: method), function),
                                position: position)
        case .keyword("local"):
            try advance()
            if try accept(keyword: "function") {
                let local = try name("after `local function`")
                return LuaStatement(kind: .localFunction(local, try functionBody(at: position, isMethod: false)),
                                    position: position)
            }
            var names: [LuaName] = []
            repeat {
                names.append(try name("after `local`"))
                if try accept(symbol: "<") {
                    let attribute = try name("in `<…>` after a local's name")
                    guard attribute.name == "const" || attribute.name == "close" else {
                        throw LuaSyntaxError(message: "unknown attribute `\(attribute.name.prefix(40))`; a local can be `<const>` or `<close>`",
                                             position: attribute.position)
                    }
                    try expect(symbol: ">", "after the attribute")
                }
            } while try accept(symbol: ",")
            var values: [LuaExpression] = []
            if try accept(symbol: "=") { values = try expressionList() }
            return LuaStatement(kind: .local(names, values), position: position)
        case .symbol("::"):
            try advance()
            let label = try name("after `::`")
            try expect(symbol: "::", "to close the label")
            return LuaStatement(kind: .label(label.name), position: position)
        case .keyword("break"):
            try advance()
            return LuaStatement(kind: .breakLoop, position: position)
        case .keyword("goto"):
            try advance()
            return LuaStatement(kind: .gotoLabel(try name("after `goto`").name), position: position)
        default:
            let first = try suffixedExpression()
            if isSymbol("=") || isSymbol(",") {
                var targets = [first]
                // Lua's compiler reads the statement a level deeper than
                // its block, each target after the first a level deeper
                // than the one before, and the values at the deepest.
                try enter()
                var levels = 1
                defer { depth -= levels }
                while try accept(symbol: ",") {
                    try enter("the targets of one assignment", fix: "assign them in several statements")
                    levels += 1
                    targets.append(try suffixedExpression())
                }
                for target in targets {
                    switch target {
                    case .name, .field, .index: continue
                    default:
                        throw LuaSyntaxError(message: "only a variable, a field or `t[key]` can be assigned to", position: target.position)
                    }
                }
                try expect(symbol: "=", "in an assignment")
                return LuaStatement(kind: .assignment(targets, try expressionList()), position: position)
            }
            switch first {
            case .call, .methodCall:
                return LuaStatement(kind: .call(first), position: position)
            default:
                throw unexpected("after an expression: a statement is a call or an assignment (did you leave out `=` or `(`?)")
            }
        }
    }

    private mutating func functionBody(at position: SourcePosition, isMethod: Bool) throws(LuaSyntaxError) -> LuaFunction {
        try expect(symbol: "(", "to start the parameters of the function on line \(position.line)")
        var parameters: [LuaName] = []
        if !isSymbol(")") {
            repeat {
                if isSymbol("...") {
                    parameters.append(LuaName(name: "...", position: token.position))
                    try advance()
                    break
                }
                parameters.append(try name("in the parameters of a function"))
            } while try accept(symbol: ",")
        }
        try expect(symbol: ")", "to end the parameters of the function on line \(position.line)")
        let body = try block()
        try close("end", opening: "function", at: position)
        return LuaFunction(position: position, parameters: parameters, isMethod: isMethod, body: body)
    }

    // MARK: Expressions

    private mutating func expressionList() throws(LuaSyntaxError) -> [LuaExpression] {
        var list = [try expression()]
        while try accept(symbol: ",") { list.append(try expression()) }
        return list
    }

    private mutating func expression() throws(LuaSyntaxError) -> LuaExpression {
        try subexpression(limit: 0)
    }

    /// A binary operator's (left priority, right priority), as in Lua 5.4;
    /// nil for what is none. Told by its bytes, not looked up in a table:
    /// a cold start that lints builds none (nor its type's metadata), and
    /// a symbol that is no operator (`)`, `,`) costs a few comparisons.
    private static func binaryPriority(_ op: String) -> (Int, Int)? {
        let utf8 = op.utf8
        guard let first = utf8.first, let last = utf8.last else { return nil }
        switch utf8.count {
        case 1:
            switch first {
            case UInt8(ascii: "<"), UInt8(ascii: ">"): return (3, 3)
            case UInt8(ascii: "|"): return (4, 4)
            case UInt8(ascii: "~"): return (5, 5)
            case UInt8(ascii: "&"): return (6, 6)
            case UInt8(ascii: "+"), UInt8(ascii: "-"): return (10, 10)
            case UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"): return (11, 11)
            case UInt8(ascii: "^"): return (14, 13)
            default: return nil
            }
        case 2:
            switch (first, last) {
            case (UInt8(ascii: "o"), UInt8(ascii: "r")): return (1, 1)
            case (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: ">"), UInt8(ascii: "=")),
                 (UInt8(ascii: "~"), UInt8(ascii: "=")), (UInt8(ascii: "="), UInt8(ascii: "=")): return (3, 3)
            case (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")): return (7, 7)
            case (UInt8(ascii: "."), UInt8(ascii: ".")): return (9, 8)
            case (UInt8(ascii: "/"), UInt8(ascii: "/")): return (11, 11)
            default: return nil
            }
        case 3:
            return op == "and" ? (2, 2) : nil
        default:
            return nil
        }
    }
    private static let unaryPriority = 12

    private var binaryOperator: String? {
        switch token.kind {
        case .symbol(let s) where LuaParser.binaryPriority(s) != nil: return s
        case .keyword("and"): return "and"
        case .keyword("or"): return "or"
        default: return nil
        }
    }

    private var unaryOperator: String? {
        switch token.kind {
        case .keyword("not"): return "not"
        case .symbol(let s) where s == "-" || s == "#" || s == "~": return s
        default: return nil
        }
    }

    private mutating func subexpression(limit: Int) throws(LuaSyntaxError) -> LuaExpression {
        try enter()
        defer { leave() }
        let position = token.position
        var left: LuaExpression
        if let op = unaryOperator {
            try advance()
            left = .operation([try subexpression(limit: LuaParser.unaryPriority)], operators: [op], position)
        } else {
            left = try simpleExpression()
        }
        // Operands of a chain (`a + b - c`) are kept side by side: the
        // linter needs no operator tree, and a long chain stays flat.
        var operands: [LuaExpression] = []
        var operators: [String] = []
        while let op = binaryOperator, let (leftPriority, rightPriority) = LuaParser.binaryPriority(op), leftPriority > limit {
            if op == "and" || op == "or" {
                logicalOperators += 1
                guard logicalOperators <= LuaParser.maximumChain else { throw chainTooLong("`and`s and `or`s in one statement", at: token.position) }
            }
            try advance()
            if operands.isEmpty { operands.append(left) }
            operators.append(op)
            operands.append(try subexpression(limit: rightPriority))
        }
        if !operands.isEmpty { left = .operation(operands, operators: operators, position) }
        return left
    }

    private mutating func simpleExpression() throws(LuaSyntaxError) -> LuaExpression {
        let position = token.position
        switch token.kind {
        case .number(let text):
            try advance()
            return .constant(.number(text), position)
        case .keyword("nil"):
            try advance()
            return .constant(.nil, position)
        case .keyword("true"), .keyword("false"):
            let value = isKeyword("true")
            try advance()
            return .constant(.boolean(value), position)
        case .string(let text):
            try advance()
            return .string(text, position)
        case .symbol("..."):
            try advance()
            return .vararg(position)
        case .symbol("{"):
            return try table()
        case .keyword("function"):
            try advance()
            return .function(try functionBody(at: position, isMethod: false))
        default:
            return try suffixedExpression()
        }
    }

    private mutating func primaryExpression() throws(LuaSyntaxError) -> LuaExpression {
        switch token.kind {
        case .name(let text):
            let name = LuaName(name: text, position: token.position)
            try advance()
            return .name(name)
        case .symbol("("):
            let position = token.position
            try advance()
            let inner = try expression()
            guard try accept(symbol: ")") else { throw unexpected("where `)` was expected to close the `(` on line \(position.line)") }
            return .parenthesized(inner)
        default:
            var error = unexpected("where a value was expected")
            error.fix = "write the value that belongs here, or remove the operator or `,` before it"
            throw error
        }
    }

    private mutating func suffixedExpression() throws(LuaSyntaxError) -> LuaExpression {
        var expression = try primaryExpression()
        // A chain of suffixes is a loop in Lua's parser, not nesting: any
        // length compiles. So that a chain a million long is never a
        // million levels deep when the tree is walked or freed, it is cut
        // into segments of `maximumLinks` links or a few more, each whole
        // (its names, keys and arguments: the linter reads every link)
        // and each after the first on a stand-in for what came before it.
        // A segment ends before a `.`, `[` or `:`, so that a name and its
        // call (`x.on(…)`) stay in one; a run of calls alone is cut at
        // twice the length.
        var links = 0
        var segments: [LuaExpression] = []
        while true {
            let position = token.position
            switch token.kind {
            case .symbol("."), .symbol("["), .symbol(":"), .symbol("("), .symbol("{"), .string:
                let startsName = token.kind == .symbol(".") || token.kind == .symbol("[") || token.kind == .symbol(":")
                if links >= (startsName ? LuaParser.maximumLinks : 2 * LuaParser.maximumLinks) {
                    segments.append(expression)
                    expression = LuaExpression.chainStandIn(at: position)
                    links = 0
                }
                links += 1
            default:
                guard let first = segments.first else { return expression }
                return expression.standingOn(.longChain(first, Array(segments.dropFirst())))
            }
            switch token.kind {
            case .symbol("."):
                try advance()
                expression = .field(expression, try name("after `.`"))
            case .symbol("["):
                try advance()
                let key = try self.expression()
                try expect(symbol: "]", "to close the `[` on line \(position.line)")
                expression = .index(expression, key, position)
            case .symbol(":"):
                try advance()
                let method = try name("after `:` (a method call is `object:method(…)`)")
                expression = .methodCall(expression, method, try callArguments())
            default:
                expression = .call(expression, try callArguments(), position)
            }
        }
    }

    private mutating func callArguments() throws(LuaSyntaxError) -> [LuaExpression] {
        let position = token.position
        switch token.kind {
        case .string(let text):
            try advance()
            return [.string(text, position)]
        case .symbol("{"):
            return [try table()]
        case .symbol("("):
            try advance()
            if try accept(symbol: ")") { return [] }
            let arguments = try expressionList()
            guard try accept(symbol: ")") else {
                // `it("x", function() … end` and the next line: the `)`
                // belongs right after the function's `end`, so say it there.
                if case .function(let function)? = arguments.last, token.position.line > function.body.end.line {
                    throw LuaSyntaxError(
                        message: "this `end` closes the `function` of line \(function.position.line), passed to the call whose `(` opens on line \(position.line), and that `(` is never closed",
                        position: function.body.end, fix: "write `end)` here to close the call")
                }
                throw unexpected("where `)` was expected to close the call's `(` on line \(position.line) (a missing `,` or `end`?)")
            }
            return arguments
        default:
            throw unexpected("where the arguments of a call were expected")
        }
    }

    private mutating func table() throws(LuaSyntaxError) -> LuaExpression {
        let position = token.position
        try expect(symbol: "{", "")
        var items: [LuaTableItem] = []
        while !isSymbol("}") {
            if case .name(let text) = token.kind, try peekNext().kind == .symbol("=") {
                let key = LuaName(name: text, position: token.position)
                try advance()
                try advance()
                items.append(.named(key, try expression()))
            } else if isSymbol("[") {
                try advance()
                let key = try expression()
                try expect(symbol: "]", "to close a table key")
                try expect(symbol: "=", "after a table key `[…]`")
                items.append(.keyed(key, try expression()))
            } else {
                items.append(.positional(try expression()))
            }
            if try accept(symbol: ",") { continue }
            if try accept(symbol: ";") { continue }
            break
        }
        guard try accept(symbol: "}") else {
            throw unexpected("where `}` was expected to close the table on line \(position.line) (a missing `,`?)")
        }
        return .table(items, position)
    }
}
