/// A behaviour's interface, as its script declares it (`behaviour { … }`)
/// or a Swift subclass spells it: what the inspector shows and what scenes
/// are checked against.
public struct BehaviourDeclaration: Sendable {
    public struct Outlet: Sendable, Equatable {
        public var name: String
        /// A control type name; `View` accepts any control.
        public var type: String
        public init(name: String, type: String) { self.name = name; self.type = type }
    }

    public var name: String
    public var outlets: [Outlet]
    public var outletCollections: [Outlet]
    public var inspectables: [PropertySpec]
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
        self.events = events
        self.actions = actions
        self.requires = requires
        self.delegateMessages = delegateMessages
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
}
