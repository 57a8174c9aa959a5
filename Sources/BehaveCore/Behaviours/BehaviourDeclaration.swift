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

    public var name: String
    public var outlets: [Outlet]
    public var outletCollections: [Outlet]
    public var inspectables: [PropertySpec] {
        didSet { defaultValues = BehaviourDeclaration.defaults(of: inspectables) }
    }
    /// Each inspectable's default, by name: what every new instance starts
    /// with, made once per declaration (instances share it until one
    /// changes a value).
    public private(set) var defaultValues: [String: Value]
    public var events: [String]
    /// Methods a scene can wire events to.
    public var actions: [String]
    /// Platform capabilities it uses (`camera`, `photoLibrary`).
    public var requires: [String]
    /// Delegate messages it answers.
    public var delegateMessages: [String]

    public init(name: String, outlets: [Outlet] = [], outletCollections: [Outlet] = [],
                inspectables: [PropertySpec] = [], events: [String] = [], actions: [String] = [],
                requires: [String] = [], delegateMessages: [String] = []) {
        self.name = name
        self.outlets = outlets
        self.outletCollections = outletCollections
        self.inspectables = inspectables
        self.defaultValues = BehaviourDeclaration.defaults(of: inspectables)
        self.events = events
        self.actions = actions
        self.requires = requires
        self.delegateMessages = delegateMessages
    }

    private static func defaults(of inspectables: [PropertySpec]) -> [String: Value] {
        var values: [String: Value] = [:]
        for spec in inspectables { values[spec.name] = spec.defaultValue }
        return values
    }

    public func inspectable(_ name: String) -> PropertySpec? { inspectables.first { $0.name == name } }
    public func outlet(_ name: String) -> Outlet? { outlets.first { $0.name == name } }
    public func outletCollection(_ name: String) -> Outlet? { outletCollections.first { $0.name == name } }

    public func unknownInspectable(_ name: String) -> ValueError {
        ValueError("\(self.name) has no inspectable `\(name)`\(Suggestions.hint(for: name, in: inspectables.map(\.name)))")
    }

    public func unknownOutlet(_ name: String) -> ValueError {
        ValueError("\(self.name) has no outlet `\(name)`\(Suggestions.hint(for: name, in: (outlets + outletCollections).map(\.name)))")
    }

    /// The methods the runtime calls by itself through a behaviour's life.
    public static let lifecycleMethods = ["awake", "changed", "destroy"]

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
