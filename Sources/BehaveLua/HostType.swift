import BehaveCore
import BehaveSyntax
import CLuaShim

/// A kind of object scripts hold, as data: its methods (host functions
/// with their signatures), its read-only properties (getters with their
/// types) and its metamethods, by name. Each kind is declared in a file of
/// its own in `Types/`; the bridge installs each once per runtime
/// (`LuaRuntime.installBridge`), and `behave types` and the linter read
/// the same table (`ScriptAPI.types`), so adding a method or a property is
/// one entry there.
struct HostType: Sendable {
    /// A property's value, read from the object.
    typealias Getter = @Sendable (AnyObject) -> Value

    let name: String
    /// Its class in `behave types` (`Behave.Timer`).
    var className: String
    /// What `behave types` says of the type as a whole.
    var doc: String?
    /// What a method called with `.` fails to pass (the linter's advice).
    var receiver: ScriptAdvice.Receiver = .control
    var methods: [HostFunction] = []
    var properties: [HostProperty] = []
    /// Metamethods by event (`__index` for what the tables above do not
    /// answer, `__tostring`, …).
    var metamethods: [HostFunction] = []
    /// Functions a Lua half of the type (in the prelude) calls, as `H.name`.
    var preludeFunctions: [HostFunction] = []
    /// The message for a key the type does not have.
    var unknownKey: @Sendable (String) -> String = { "no field `\($0)`" }
    /// Whether an object is of this type (for userdata of the object table).
    var holds: @Sendable (AnyObject) -> Bool = { _ in false }

    init(_ name: String, className: String? = nil, doc: String? = nil, receiver: ScriptAdvice.Receiver = .control,
         methods: [HostFunction] = [], properties: [HostProperty] = [],
         metamethods: [HostFunction] = [], preludeFunctions: [HostFunction] = [],
         unknownKey: @escaping @Sendable (String) -> String = { "no field `\($0)`" }) {
        self.name = name
        self.className = className ?? "Behave." + name.prefix(1).uppercased() + String(name.dropFirst())
        self.doc = doc
        self.receiver = receiver
        self.methods = methods
        self.properties = properties
        self.metamethods = metamethods
        self.preludeFunctions = preludeFunctions
        self.unknownKey = unknownKey
    }

    /// A type of the objects of class `T` that scripts hold as userdata.
    init<T: AnyObject>(_ name: String, of _: T.Type, doc: String? = nil, receiver: ScriptAdvice.Receiver,
                       methods: [HostFunction] = [], properties: [HostProperty] = [],
                       unknownKey: @escaping @Sendable (String) -> String) {
        self.init(name, doc: doc, receiver: receiver, methods: methods, properties: properties, unknownKey: unknownKey)
        self.holds = { $0 is T }
    }

    /// A property `name` of Lua type `type`, read from an object of class
    /// `T` (nil for any other).
    static func property<T: AnyObject>(_ name: String, _ type: String, _ doc: String? = nil,
                                       _ get: @escaping @Sendable (T) -> Value) -> HostProperty {
        HostProperty(name: name, type: type, doc: doc, get: { ($0 as? T).map(get) ?? .null })
    }

    /// A field the Lua half of the type holds itself (an image's `width`,
    /// a behaviour's `name`): described, not read by the host.
    static func field(_ name: String, _ type: String, _ doc: String? = nil) -> HostProperty {
        HostProperty(name: name, type: type, doc: doc, get: nil)
    }

    /// The property named `name`, if the type has one.
    func property(_ name: String) -> HostProperty? {
        properties.first { $0.name == name }
    }

    /// The type as tools see it: names, signatures and docs, no bodies.
    var description: LuaTypeDescription {
        LuaTypeDescription(name: name, className: className, doc: doc, receiver: receiver,
                           fields: properties.map { LuaField(name: $0.name, type: $0.type, doc: $0.doc) },
                           methods: methods.map { ($0.name, $0.signature ?? LuaSignature()) })
    }

    /// The metamethod for `event`, if the type has one.
    func metamethod(_ event: String) -> HostFunction? {
        metamethods.first { $0.name == event }
    }
}

/// A read-only property of a `HostType`: its name and Lua type (for
/// `behave types`) and how the host reads it (nil for a field the Lua half
/// holds).
struct HostProperty: Sendable {
    let name: String
    let type: String
    let doc: String?
    let get: HostType.Getter?
}

/// A type as one runtime installed it: its methods' ids.
struct InstalledType {
    let type: HostType
    let methodIDs: [String: Int32]
}

extension LuaRuntime {
    /// Registers a type's methods; with `pushMethods`, leaves a table of
    /// them by name on `S`.
    @discardableResult
    func install(_ type: HostType, pushMethods: Bool = false, on S: OpaquePointer) -> InstalledType {
        var ids: [String: Int32] = [:]
        if pushMethods {
            let pushed = pushHostTable(type.methods, on: S)
            ids = Dictionary(uniqueKeysWithValues: zip(type.methods.map(\.name), pushed))
        } else {
            for method in type.methods { ids[method.name] = hostFunctions.add(method) }
        }
        return InstalledType(type: type, methodIDs: ids)
    }

    /// Pushes a protected metatable (`getmetatable` gives the type's name,
    /// so no script can reach or change it) of the type's metamethods, with
    /// its methods as `__index` when it has no `__index` of its own.
    func pushMetatable(_ type: HostType, on S: OpaquePointer) {
        lua_createtable(S, 0, Int32(type.metamethods.count + 2))
        for method in type.metamethods {
            pushHostFunction(method, on: S)
            setField(method.name, in: S)
        }
        if type.metamethod("__index") == nil, !type.methods.isEmpty {
            pushHostTable(type.methods, on: S)
            lua_setfield(S, -2, "__index")
        }
        lua_pushstring(S, type.name)
        lua_setfield(S, -2, "__metatable")
    }
}
