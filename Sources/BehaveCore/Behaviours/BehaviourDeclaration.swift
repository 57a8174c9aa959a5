/// A behaviour's interface, as its script declares it (`behaviour { … }`)
/// or a Swift subclass spells it: what the inspector shows and what scenes
/// are checked against.
public struct BehaviourDeclaration: Sendable {
    public struct Outlet: Sendable, Equatable {
        public var name: String
        /// A control type name; `View` accepts any control.
        public var type: String
        /// Declared with Swift's mark (`"ImageView?"`): a scene may leave it
        /// unconnected without a warning, and the script checks for nil.
        public var isOptional: Bool
        public init(name: String, type: String, isOptional: Bool = false) {
            self.name = name
            self.type = type
            self.isOptional = isOptional
        }

        /// The type as declared: `ImageView`, or `ImageView?` when optional.
        public var declaredType: String { isOptional ? type + "?" : type }

        /// Splits a declared type into the control type and its mark.
        public static func parseType(_ declared: String) -> (type: String, isOptional: Bool) {
            declared.hasSuffix("?") ? (String(declared.dropLast()), true) : (declared, false)
        }
    }

    /// The fields, kept in one shared box: every instance of a type holds
    /// its declaration, and copying nine arrays and strings at each attach
    /// (retained and released one by one) cost more than making the
    /// instance's Swift half. A change makes a new box.
    private struct Fields: Sendable {
        var name: String
        var outlets: [Outlet]
        var outletCollections: [Outlet]
        var inspectables: [PropertySpec]
        var defaultValues: [String: Value]
        var events: [String]
        var actions: [String]
        var requires: [String]
        var delegateMessages: [String]
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    public var name: String {
        get { box.fields.name }
        set { update { $0.name = newValue } }
    }
    public var outlets: [Outlet] {
        get { box.fields.outlets }
        set { update { $0.outlets = newValue } }
    }
    public var outletCollections: [Outlet] {
        get { box.fields.outletCollections }
        set { update { $0.outletCollections = newValue } }
    }
    public var inspectables: [PropertySpec] {
        get { box.fields.inspectables }
        set {
            update {
                $0.inspectables = newValue
                $0.defaultValues = BehaviourDeclaration.defaults(of: newValue)
            }
        }
    }
    /// Each inspectable's default, by name: what every new instance starts
    /// with, made once per declaration (instances share it until one
    /// changes a value).
    public var defaultValues: [String: Value] { box.fields.defaultValues }
    public var events: [String] {
        get { box.fields.events }
        set { update { $0.events = newValue } }
    }
    /// Methods a scene can wire events to.
    public var actions: [String] {
        get { box.fields.actions }
        set { update { $0.actions = newValue } }
    }
    /// Platform capabilities it uses (`camera`, `photoLibrary`).
    public var requires: [String] {
        get { box.fields.requires }
        set { update { $0.requires = newValue } }
    }
    /// Delegate messages it answers.
    public var delegateMessages: [String] {
        get { box.fields.delegateMessages }
        set { update { $0.delegateMessages = newValue } }
    }

    public init(name: String, outlets: [Outlet] = [], outletCollections: [Outlet] = [],
                inspectables: [PropertySpec] = [], events: [String] = [], actions: [String] = [],
                requires: [String] = [], delegateMessages: [String] = []) {
        box = Box(Fields(name: name, outlets: outlets, outletCollections: outletCollections,
                         inspectables: inspectables, defaultValues: BehaviourDeclaration.defaults(of: inspectables),
                         events: events, actions: actions, requires: requires, delegateMessages: delegateMessages))
    }

    private static func defaults(of inspectables: [PropertySpec]) -> [String: Value] {
        var values: [String: Value] = [:]
        for spec in inspectables { values[spec.name] = spec.defaultValue }
        return values
    }

    public func inspectable(_ name: String) -> PropertySpec? { inspectables.first { $0.name == name } }
    public func outlet(_ name: String) -> Outlet? { outlets.first { $0.name == name } }
    /// Where the outlet `name` is in `outlets`.
    func outletIndex(_ name: String) -> Int? { box.fields.outlets.firstIndex { $0.name == name } }
    public func outletCollection(_ name: String) -> Outlet? { outletCollections.first { $0.name == name } }

    public func unknownInspectable(_ name: String) -> ValueError {
        ValueError("\(self.name) has no inspectable `\(name)`" + BehaviourDeclaration.fix(for: name, among: inspectables.map(\.name), "inspectables"))
    }

    public func unknownOutlet(_ name: String) -> ValueError {
        ValueError("\(self.name) has no outlet `\(name)`" + BehaviourDeclaration.fix(for: name, among: (outlets + outletCollections).map(\.name), "outlets"))
    }

    /// The nearest name, or when none is near, the names there are (the
    /// first 20): a mistake far from every name still says what to write.
    private static func fix(for name: String, among names: [String], _ what: String) -> String {
        if let near = Suggestions.nearest(to: name, in: names) { return " (did you mean `\(near)`?)" }
        guard !names.isEmpty else { return "; it declares no \(what)" }
        return "; its \(what): " + names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
    }

    /// The methods the runtime calls by itself through a behaviour's life.
    public static let lifecycleMethods = ["awake", "changed", "destroy"]

    /// What a refusal says of a behaviour without actions: what one is and
    /// how to write `action`, so that the fix is in the message.
    public static func noActions(_ behaviourName: String, adding action: String) -> String {
        let method = LuaIdentifier.isValid(action) && whyNotAnAction(action) == nil ? action : "name"
        return "it has no actions: an action is a method of its script, as `function \(behaviourName):\(method)(sender) … end`, "
            + "named without a leading `_` and neither a lifecycle method (\(lifecycleMethods.joined(separator: ", "))) nor a delegate method"
    }

    /// Why a method named `name` is no action when its name says so (a
    /// helper's `_`, a lifecycle method), for the message that refuses it;
    /// nil otherwise.
    public static func whyNotAnAction(_ name: String) -> String? {
        if name.hasPrefix("_") {
            return "a method whose name starts with `_` is the script's own helper, not an action: call it from an action, or name it without the `_`"
        }
        if lifecycleMethods.contains(name) { return "\(name) is a lifecycle method, called by the runtime" }
        return nil
    }
}
