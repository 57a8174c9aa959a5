/// What a control type offers: its typed properties, the events it sends and
/// the delegate messages it passes to its `delegate`. Looked up by index on
/// hot paths, by name at the edges.
public final class ControlSchema: Sendable {
    public let typeName: String
    public let properties: [PropertySpec]
    public let events: [String]
    public let delegateMessages: [String]
    public let parent: ControlSchema?
    private let indexByName: [String: Int]
    /// The properties that decide whether a touch reaches the control:
    /// `hidden`, `userInteractionEnabled`, `enabled`.
    let touchGates: [Int]

    public init(typeName: String, inheriting parent: ControlSchema? = nil, properties: [PropertySpec] = [],
                events: [String] = [], delegateMessages: [String] = []) {
        self.typeName = typeName
        self.parent = parent
        self.properties = (parent?.properties ?? []) + properties
        self.events = (parent?.events ?? []) + events
        self.delegateMessages = (parent?.delegateMessages ?? []) + delegateMessages
        var index: [String: Int] = [:]
        for (i, spec) in self.properties.enumerated() { index[spec.name] = i }
        // UIKit's Swift names of boolean properties read as well (`isOn`,
        // `isHidden`): in Lua `control.on` is the event method, so a
        // switch's state is `isOn` there.
        for (i, spec) in self.properties.enumerated() where spec.type == .bool {
            index["is" + spec.name.prefix(1).uppercased() + spec.name.dropFirst()] = i
        }
        self.indexByName = index
        self.touchGates = ["hidden", "userInteractionEnabled", "enabled"].compactMap { index[$0] }
    }

    /// Whether this type is `typeName` or inherits from it.
    public func isKind(of typeName: String) -> Bool {
        var schema: ControlSchema? = self
        while let current = schema {
            if current.typeName == typeName { return true }
            schema = current.parent
        }
        return false
    }

    public func index(of property: String) -> Int? { indexByName[property] }

    public func spec(_ property: String) -> PropertySpec? { index(of: property).map { properties[$0] } }

    /// The error for a property this type does not have.
    public func unknownProperty(_ property: String) -> ValueError {
        ValueError("\(typeName) has no property `\(property)`\(Suggestions.hint(for: property, in: properties.map(\.name)))")
    }
}
