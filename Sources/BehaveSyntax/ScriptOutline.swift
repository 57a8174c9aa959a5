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
