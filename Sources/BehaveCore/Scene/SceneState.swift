extension Scene {
    /// The state object: what `state`, `run --json` and specs' `s:state()`
    /// print (controls, behaviours, actions, dialogs, platform).
    public func state() -> JSON {
        var controls: [(String, JSON)] = []
        for view in screen?.controls ?? [] {
            controls.append((view.name, view.stateJSON))
        }
        var pairs: [(String, JSON)] = [
            ("screen", .string(screenTitle)),
            ("presented", .bool(isPresented)),
            ("time", .number(clock.now)),
            ("controls", .object(controls)),
            ("behaviours", .object(records.map { ($0.name, $0.state) })),
            ("dialog", dialogState),
            ("actions", .array(actions.map(\.json))),
        ]
        if let platform = platform.stateJSON { pairs.append(("platform", platform)) }
        return .object(pairs)
    }
}

extension View {
    /// The control's type and properties (all but the name, which is its key).
    public var stateJSON: JSON {
        var pairs: [(String, JSON)] = [("type", .string(typeName))]
        for (index, spec) in schema.properties.enumerated() where spec.name != "name" {
            pairs.append((spec.name, value(at: index).json))
        }
        if let parent { pairs.append(("parent", .string(parent.name))) }
        if let delegate = delegate as? Behaviour { pairs.append(("delegate", .string(delegate.name))) }
        return .object(pairs)
    }
}

extension ActionRecord {
    public var json: JSON {
        .object([("name", .string(name)), ("from", .string(from)),
                 ("handledBy", handledBy.map(JSON.string) ?? .null)])
    }
}
