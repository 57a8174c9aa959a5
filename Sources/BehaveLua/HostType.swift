import BehaveCore
import CLuaShim

/// A kind of object scripts hold, as data: its methods (host functions),
/// its read-only properties (getters) and its metamethods, by name. Each
/// kind is declared in a file of its own in `Types/`; the bridge installs
/// each once per runtime (`LuaRuntime.installBridge`), so adding a method
/// or a property is one entry there.
struct HostType: Sendable {
    /// A property's value, read from the object.
    typealias Getter = @Sendable (AnyObject) -> Value

    let name: String
    var methods: [HostFunction] = []
    var properties: [String: Getter] = [:]
    /// Metamethods by event (`__index` for what the tables above do not
    /// answer, `__tostring`, …).
    var metamethods: [HostFunction] = []
    /// Functions a Lua half of the type (in the prelude) calls, as `H.name`.
    var preludeFunctions: [HostFunction] = []
    /// The message for a key the type does not have.
    var unknownKey: @Sendable (String) -> String = { "no field `\($0)`" }
    /// Whether an object is of this type (for userdata of the object table).
    var holds: @Sendable (AnyObject) -> Bool = { _ in false }
    /// Whether its objects belong to a behaviour and read as finished once
    /// it is destroyed (properties false, methods doing nothing).
    var endsWithBehaviour = false

    init(_ name: String, methods: [HostFunction] = [], properties: [String: Getter] = [:],
         metamethods: [HostFunction] = [], preludeFunctions: [HostFunction] = [],
         unknownKey: @escaping @Sendable (String) -> String = { "no field `\($0)`" }) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.metamethods = metamethods
        self.preludeFunctions = preludeFunctions
        self.unknownKey = unknownKey
    }

    /// A type of the objects of class `T` that scripts hold as userdata.
    init<T: AnyObject>(_ name: String, of _: T.Type, methods: [HostFunction] = [],
                       properties: [String: Getter] = [:], endsWithBehaviour: Bool = false,
                       unknownKey: @escaping @Sendable (String) -> String) {
        self.init(name, methods: methods, properties: properties, unknownKey: unknownKey)
        self.holds = { $0 is T }
        self.endsWithBehaviour = endsWithBehaviour
    }

    /// A getter reading an object of class `T` (nil for any other).
    static func property<T: AnyObject>(_ get: @escaping @Sendable (T) -> Value) -> Getter {
        { ($0 as? T).map(get) ?? .null }
    }

    /// The metamethod for `event`, if the type has one.
    func metamethod(_ event: String) -> HostFunction? {
        metamethods.first { $0.name == event }
    }
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
            ids = pushHostTable(type.methods, on: S)
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
            lua_setfield(S, -2, method.name)
        }
        if type.metamethod("__index") == nil, !type.methods.isEmpty {
            pushHostTable(type.methods, on: S)
            lua_setfield(S, -2, "__index")
        }
        lua_pushstring(S, type.name)
        lua_setfield(S, -2, "__metatable")
    }
}
