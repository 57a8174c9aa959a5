import BehaveSyntax

/// How a member of a Lua-visible type reads to a script: its parameters
/// and result in lua-language-server's types, and a one-line doc. Written
/// beside the member's body (in `Types/`), so `behave types` and the
/// linter read it from there.
public struct LuaSignature: Sendable, Equatable {
    /// A parameter: its name (`...` for any number of values, last) and
    /// its type in lua-language-server's notation.
    public struct Parameter: Sendable, Equatable {
        public let name: String
        public let type: String
    }

    public let doc: String?
    public let parameters: [Parameter]
    public let returns: String?

    /// `LuaSignature("Stops it.", ("seconds", "number"), returns: "boolean")`.
    public init(_ doc: String? = nil, _ parameters: (name: String, type: String)..., returns: String? = nil) {
        self.doc = doc
        self.parameters = parameters.map { Parameter(name: $0.name, type: $0.type) }
        self.returns = returns
    }

    /// The same with the parameters in a list (a signature made at run
    /// time).
    public init(_ doc: String? = nil, parameters: [(name: String, type: String)], returns: String? = nil) {
        self.init(doc: doc, parameters: parameters.map { Parameter(name: $0.name, type: $0.type) }, returns: returns)
    }

    /// The same signature with some parameters' types narrowed (a control's
    /// events for `on`).
    public func narrowing(_ types: [String: String]) -> LuaSignature {
        LuaSignature(doc: doc, parameters: parameters.map { Parameter(name: $0.name, type: types[$0.name] ?? $0.type) },
                     returns: returns)
    }

    /// The same signature with another doc.
    public func documented(_ doc: String?) -> LuaSignature {
        LuaSignature(doc: doc, parameters: parameters, returns: returns)
    }

    private init(doc: String?, parameters: [Parameter], returns: String?) {
        self.doc = doc
        self.parameters = parameters
        self.returns = returns
    }
}

/// A field of a Lua-visible type, as a script reads it: its name, its
/// lua-language-server type and a short note.
public struct LuaField: Sendable, Equatable {
    public let name: String
    public let type: String
    public let doc: String?
}

/// A Lua-visible type as tools see it (`ScriptAPI.types`): its class name
/// for annotations, what a dot call fails to pass, its fields and methods
/// with their signatures. Read from the `HostType` tables in `Types/`.
public struct LuaTypeDescription: Sendable {
    /// `timer`, `connection`, … (the `HostType`'s name).
    public let name: String
    /// `Behave.Timer`.
    public let className: String
    public let doc: String?
    public let receiver: ScriptAdvice.Receiver
    public let fields: [LuaField]
    public let methods: [(name: String, signature: LuaSignature)]
}
