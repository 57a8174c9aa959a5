import BehaveSyntax

extension ScriptLinter.Kind {
    /// By the file's name, else by what it does: a file that calls
    /// `describe` or `it` at its top level and declares no behaviour is a
    /// spec file (`behave test` runs a file given by name whatever its name).
    init(file: String, chunk: LuaBlock) {
        self.init(file: file)
        guard self == .behaviour else { return }
        var declaresBehaviour = false
        var callsSpecAPI = false
        for statement in chunk.statements {
            if case .call(.call(.name(let callee), _, _)) = statement.kind, ScriptLinter.Kind.specBlocks.contains(callee.name) {
                callsSpecAPI = true
            }
            if statement.behaviourClass != nil { declaresBehaviour = true }
        }
        if callsSpecAPI, !declaresBehaviour { self = .spec }
    }

    /// What a spec file's top level calls.
    static let specBlocks: Set<String> = ["describe", "context", "insulate", "expose", "it", "test", "spec", "pending"]

    /// The kind of the file `file` whose source is `bytes`.
    public init(file: String, source bytes: [UInt8]) {
        guard let chunk = try? LuaParser.parse(bytes) else {
            self.init(file: file)
            return
        }
        self.init(file: file, chunk: chunk)
    }
}
