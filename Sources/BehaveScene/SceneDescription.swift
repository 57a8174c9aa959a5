import BehaveCore

/// What a scene is made of, not yet checked against control types and
/// scripts: what a scene file or `scene.new{ … }` declares (read by
/// `SchemaReader`), or a script's default scene. Every part keeps its line
/// in the description's file (0: none), and its order there.
/// `SceneAssembler` builds every scene from one.
struct SceneDescription {
    var screen: String?
    var controls: [ControlEntry] = []
    var behaviours: [BehaviourEntry] = []
    var connections: [ConnectionEntry] = []
    /// Platform services (camera, photo library): kept for the runtime that
    /// provides them; only its shape is checked here.
    var platform: SceneNode?
    /// `images:`, a folder whose PNG and JPEG files are the images scripts
    /// name (read by `SceneLoader`).
    var images: Located<String>?
    /// The `.ui` file a real window takes its widgets from, as written.
    var interface: Located<String>?
}

/// A name or a value, and the line it is written on.
struct Located<Value> {
    var value: Value
    var line: Int
}

/// `key: value` of a property or an inspectable.
struct Setting {
    var name: String
    var value: LooseValue
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
    /// A script's default scene: each outlet the script declares gets a
    /// control of its own, named after it (a collection two, `name1` and
    /// `name2`), and a control whose delegate messages the script answers
    /// gets it as its delegate. Nobody wrote the entry: messages about it
    /// name the script, not the entry.
    var furnished = false
    /// The command-line option that gave `inspectables` (`--set`), whose
    /// mistakes are then said as that option's, as a scene file's `--set`
    /// is; nil when a file or a spec gave them.
    var settingsOption: String?
}

/// `source.event -> target.action`.
struct ConnectionEntry {
    var source: String
    var event: String
    var target: String
    var action: String
    var line: Int
}

extension SceneDescription {
    /// The default scene of the script at `path` (`behave run toggle.lua`,
    /// `scene.script` in specs): a screen named after the script, the
    /// behaviour it owns, furnished with its outlets' controls, and
    /// `inspectables` over the declared defaults.
    init(defaultSceneOf path: String, name: String, inspectables: [(String, LooseValue)], option: String? = nil) {
        var behaviour = BehaviourEntry(name: name, line: 0, kind: .script(Located(value: path, line: 0)))
        behaviour.inspectables = inspectables.map { Setting(name: $0.0, value: $0.1, line: 0) }
        behaviour.furnished = true
        behaviour.settingsOption = option
        self.init(screen: name, behaviours: [behaviour])
    }
}
