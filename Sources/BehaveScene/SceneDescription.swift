/// What a scene file declares, read from its tree but not yet checked
/// against control types and scripts. Every part keeps its line.
struct SceneDescription {
    var screen: String?
    var controls: [ControlEntry] = []
    var behaviours: [BehaviourEntry] = []
    var connections: [ConnectionEntry] = []
    /// Platform services (camera, photo library): kept for the runtime that
    /// provides them; only its shape is checked here.
    var platform: SceneNode?
}

/// A name or a value, and the line it is written on.
struct Located<Value> {
    var value: Value
    var line: Int
}

/// `key: value` of a property or an inspectable.
struct Setting {
    var name: String
    var value: SceneNode
    var line: Int
}

struct ControlEntry {
    var name: String
    var line: Int
    /// Nil when missing (already reported).
    var type: Located<String>?
    var parent: Located<String>?
    var delegate: Located<String>?
    var properties: [Setting] = []
}

struct BehaviourEntry {
    enum Kind {
        case script(Located<String>)
        case multiplexer(targets: [Located<String>])
    }

    struct Outlet {
        var name: String
        var controls: [Located<String>]
        var line: Int
    }

    var name: String
    var line: Int
    /// Nil when the entry says neither (already reported).
    var kind: Kind?
    var owner: Located<String>?
    var outlets: [Outlet] = []
    var outletCollections: [Outlet] = []
    var inspectables: [Setting] = []
}

/// `source.event -> target.action`.
struct ConnectionEntry {
    var source: String
    var event: String
    var target: String
    var action: String
    var line: Int
}
