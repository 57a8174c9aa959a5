import BehaveCore
import BehaveLua
import BehaveScene

/// What the page is sent of a running scene, as JSON. Everything here may
/// come from scripts (names, titles, texts, options): the page shows it as
/// text, never as markup.
enum StudioView {
    /// Bytes of one string sent, at most: a label holding megabytes is
    /// shown cut (the state of `behave run` keeps it whole).
    static let stringLimit = 4096

    /// The scene's shape, sent when it is (re)loaded: each behaviour's
    /// declaration (the inspector's editors), outlets and connections; the
    /// photos and images the page may show, by name; the files watched.
    static func scene(_ session: CommandSession, source: SceneSource, generation: Int, files: [String],
                      photos: StudioImageFiles, images: StudioImageFiles) -> JSON {
        let scene = session.scene
        let senders: [Control] = (scene.screen?.controls ?? []) + scene.records.compactMap(\.behaviour)
        let behaviours: [JSON] = scene.records.map { record in
            guard let behaviour = record.behaviour else {
                return .object([("name", .string(record.name)), ("script", .string(record.sourceName)), ("alive", .bool(false))])
            }
            let declaration = behaviour.declaration
            let outlets: [JSON] = declaration.outlets.map { outlet in
                .object([("name", .string(outlet.name)), ("type", .string(outlet.declaredType)),
                         ("control", behaviour.outlet(outlet.name).map { .string($0.name) } ?? .null)])
            } + declaration.outletCollections.map { outlet in
                .object([("name", .string(outlet.name)), ("type", .string("[\(outlet.type)]")),
                         ("control", .string(behaviour.outletCollection(outlet.name).map(\.name).joined(separator: ", ")))])
            }
            var connections: [JSON] = []
            for sender in senders {
                for wired in sender.wiredActions where sender === behaviour || wired.target == behaviour.name {
                    connections.append(.object([
                        ("from", .string(sender.responderName)), ("event", .string(wired.event)),
                        ("to", wired.target.map(JSON.string) ?? .null), ("action", .string(wired.action)),
                    ]))
                }
            }
            let delegateOf = (scene.screen?.controls ?? []).filter { ($0.delegate as? Behaviour) === behaviour }
            return .object([
                ("name", .string(record.name)), ("script", .string(record.sourceName)), ("alive", .bool(behaviour.isAlive)),
                ("declaration", declaration.json), ("outlets", .array(outlets)), ("connections", .array(connections)),
                ("delegateOf", .array(delegateOf.map { .string($0.name) })),
            ])
        }
        return clipped(.object([
            ("generation", .number(Double(generation))),
            ("file", .string(LuaScript.display(source.file))),
            ("screen", .string(scene.screenTitle)),
            ("behaviours", .array(behaviours)),
            ("photos", .array(photos.names.map(JSON.string))),
            ("images", .array(images.names.map(JSON.string))),
            ("files", .array(files.map { .string(LuaScript.display($0)) })),
        ]))
    }

    /// The scene's state as `behave run`'s `state` prints it, less the time
    /// (the status carries it, so the state is sent only when it changes),
    /// with the system keyboard's frame (nil while hidden).
    static func state(of scene: Scene) -> JSON {
        guard case .object(let pairs) = scene.state() else { return .null }
        let keyboard = scene.keyboard.frame.map { Value.rect($0).json } ?? .null
        // Each control with the widget its type's declaration names, and
        // whether a touch reaches it by the core's own rule (hidden, alpha
        // set, userInteractionEnabled, enabled, up its parents): the page
        // lets a click through one that takes none to the control under
        // it, as UIKit's hit-testing and GTK's picking do.
        let withWidgets = pairs.filter { $0.0 != "time" }.map { key, value -> (String, JSON) in
            guard key == "controls", case .object(let controls) = value else { return (key, value) }
            return (key, .object(controls.map { name, props in
                guard case .object(let fields) = props, let view = scene.control(named: name) else { return (name, props) }
                return (name, .object(fields + [("widget", .string(view.controlType.studioWidget)),
                                                ("touchable", .bool(view.canReceiveTouches))]))
            }))
        }
        return clipped(.object(withWidgets + [("keyboard", keyboard)]))
    }

    /// `json` with every string cut to `stringLimit` bytes.
    static func clipped(_ json: JSON) -> JSON {
        switch json {
        case .string(let text): .string(text.clipped(to: stringLimit))
        case .array(let items): .array(items.map(clipped))
        case .object(let pairs): .object(pairs.map { ($0.0.clipped(to: stringLimit), clipped($0.1)) })
        default: json
        }
    }
}
