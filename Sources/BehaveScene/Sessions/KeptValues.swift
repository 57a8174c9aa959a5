/// Inspectable values a person set by hand while a scene ran (in Behave
/// Studio's inspector, at `behave window`'s prompt), kept across reloads:
/// each is given to the new scene before its behaviours wake, as `--set`
/// gives a value, so that tuning survives an edit of the script.
public struct KeptValues {
    /// `behaviour.property` and the value as written, the latest set of
    /// each property last.
    public private(set) var values: [(key: String, value: String)] = []

    public init() {}

    public var isEmpty: Bool { values.isEmpty }

    /// Keeps `value` for a behaviour's property, in place of an earlier one.
    public mutating func keep(behaviour: String, property: String, value: String) {
        let key = "\(behaviour).\(property)"
        values.removeAll { $0.key == key }
        values.append((key, value))
    }

    public mutating func removeAll() {
        values.removeAll()
    }

    /// `source` with these values set after its own `--set`s: by
    /// `behaviour.property` in a scene file, by the property alone in a
    /// script's default scene (its one behaviour's, as `--set` names it).
    public func applied(to source: SceneSource) -> SceneSource {
        var applied = source
        for (key, value) in values {
            switch source.kind {
            case .sceneFile: applied.settings.append("\(key)=\(value)")
            case .script: applied.settings.append("\(key.drop(while: { $0 != "." }).dropFirst())=\(value)")
            }
        }
        return applied
    }
}
