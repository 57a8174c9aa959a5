import BehaveCore

/// Reads a `SceneNode` tree as the scene schema (Docs/scenes.md): which keys exist,
/// what shape each value has. Whether a type, a property or an outlet exists
/// is the builder's question. Every mistake is logged and reading goes on,
/// so that one run lists them all.
struct SchemaReader {
    static let sceneKeys = ["screen", "controls", "behaviours", "connections", "platform", "images", "ui"]
    static let controlKeys = ["type", "parent", "delegate"]
    static let behaviourKeys = ["script", "type", "owner", "outlets", "outletCollections", "inspectables", "targets"]
    static let multiplexerType = "Multiplexer"

    var log: DiagnosticLog

    mutating func read(_ root: SceneNode) -> SceneDescription {
        var description = SceneDescription()
        guard case .map = root else {
            // A file of one value is all that value: it is not quoted.
            let what = if case .scalar = root, !root.isNull { "a single value" } else { root.kindDescription }
            log.error("a scene is a mapping with \(SchemaReader.sceneKeys.map { "`\($0):`" }.joined(separator: ", ")), not \(what)", line: root.line)
            return description
        }
        for entry in entries(root, "the scene") {
            switch entry.key {
            case "screen":
                description.screen = name(entry.value, "`screen` (the screen's title)", identifier: false)?.value
            case "controls":
                description.controls = entries(entry.value, "`controls`").compactMap { control($0) }
            case "behaviours":
                description.behaviours = entries(entry.value, "`behaviours`").compactMap { behaviour($0) }
            case "connections":
                description.connections = connections(entry.value)
            case "ui":
                // A GtkBuilder file whose objects stand behind the controls
                // of the same names in a real window (`behave window`).
                description.interface = name(entry.value, "`ui` (a GtkBuilder .ui file beside the scene)", identifier: false)
            case "platform":
                if entry.value.isNull { break }
                guard case .map = entry.value else {
                    log.error("`platform` must be a mapping (camera: { available: true, permission: denied }), not \(entry.value.kindDescription)", line: entry.value.line)
                    break
                }
                description.platform = entry.value
            case "images":
                guard case .scalar = entry.value, let folder = entry.value.text, !folder.isEmpty else {
                    log.error("`images` must be a folder of PNG and JPEG files, relative to the scene file (images: icons/), not \(entry.value.kindDescription)", line: entry.value.line)
                    break
                }
                description.images = Located(value: folder, line: entry.value.line)
            default:
                unknownKey(entry, in: "a scene", keys: SchemaReader.sceneKeys)
            }
        }
        return description
    }

    // MARK: Controls

    private mutating func control(_ entry: SceneNode.Entry) -> ControlEntry? {
        guard checkName(entry.key, line: entry.keyLine, "a control") else { return nil }
        var control = ControlEntry(name: entry.key, line: entry.keyLine)
        // `avatar: ImageView` is short for `avatar: { type: ImageView }`.
        if case .scalar = entry.value, let type = entry.value.text {
            control.type = Located(value: type, line: entry.value.line)
            return control
        }
        guard case .map = entry.value else {
            log.error("control `\(entry.key)` must be a mapping such as { type: Button, title: \"OK\" }, not \(entry.value.kindDescription)", line: entry.value.line)
            return nil
        }
        for field in entries(entry.value, "control `\(entry.key)`") {
            switch field.key {
            case "type": control.type = name(field.value, "the `type` of control `\(entry.key)`")
            case "parent": control.parent = name(field.value, "the `parent` of control `\(entry.key)`")
            case "delegate": control.delegate = name(field.value, "the `delegate` of control `\(entry.key)`")
            default: control.properties.append(Setting(name: field.key, value: field.value.looseValue, line: field.keyLine))
            }
        }
        if control.type == nil {
            log.error("control `\(entry.key)` needs a `type` (\(ControlTypes.names.sorted().joined(separator: ", ")))", line: entry.keyLine)
        }
        return control
    }

    // MARK: Behaviours

    private mutating func behaviour(_ entry: SceneNode.Entry) -> BehaviourEntry? {
        guard checkName(entry.key, line: entry.keyLine, "a behaviour") else { return nil }
        var behaviour = BehaviourEntry(name: entry.key, line: entry.keyLine)
        guard case .map = entry.value else {
            log.error("behaviour `\(entry.key)` must be a mapping such as { script: toggle.lua, outlets: { button: button } }, not \(entry.value.kindDescription)", line: entry.value.line)
            return nil
        }
        var script: Located<String>?
        var type: Located<String>?
        var targets: (names: [Located<String>], line: Int)?
        var configured: [SceneNode.Entry] = []
        for field in entries(entry.value, "behaviour `\(entry.key)`") {
            switch field.key {
            case "script": script = name(field.value, "the `script` of behaviour `\(entry.key)`", identifier: false)
            case "type": type = name(field.value, "the `type` of behaviour `\(entry.key)`")
            case "owner": behaviour.owner = name(field.value, "the `owner` of behaviour `\(entry.key)`")
            case "targets":
                targets = (names(field.value, "the `targets` of behaviour `\(entry.key)`"), field.keyLine)
            case "outlets":
                configured.append(field)
                behaviour.outlets = entries(field.value, "the `outlets` of behaviour `\(entry.key)`").compactMap { outlet in
                    name(outlet.value, "behaviour `\(entry.key)`: outlet `\(outlet.key)` (a control's name)").map {
                        BehaviourEntry.Outlet(name: outlet.key, controls: [$0], line: outlet.keyLine)
                    }
                }
            case "outletCollections":
                configured.append(field)
                behaviour.outletCollections = entries(field.value, "the `outletCollections` of behaviour `\(entry.key)`").map { outlet in
                    BehaviourEntry.Outlet(name: outlet.key, controls: names(outlet.value, "behaviour `\(entry.key)`: outlet collection `\(outlet.key)`"),
                                          line: outlet.keyLine)
                }
            case "inspectables":
                configured.append(field)
                behaviour.inspectables = entries(field.value, "the `inspectables` of behaviour `\(entry.key)`").map {
                    Setting(name: $0.key, value: $0.value.looseValue, line: $0.keyLine)
                }
            default:
                unknownKey(field, in: "behaviour `\(entry.key)`", keys: SchemaReader.behaviourKeys)
            }
        }
        switch (script, type) {
        case (let script?, nil):
            behaviour.kind = .script(script)
            if let targets {
                log.error("behaviour `\(entry.key)`: `targets` is for `type: Multiplexer`; a script's behaviour is configured with `outlets` and `inspectables`", line: targets.line)
            }
        case (nil, let type?):
            guard type.value == SchemaReader.multiplexerType else {
                let hint = type.value.hasSuffix(".lua") ? " (a script is given with `script: \(type.value)`)"
                    : Suggestions.hint(for: type.value, in: [SchemaReader.multiplexerType])
                log.error("behaviour `\(entry.key)`: unknown behaviour type `\(type.value)`\(hint); the built-in type is Multiplexer, other behaviours are scripts (`script: name.lua`)", line: type.line)
                break
            }
            for field in configured {
                log.error("behaviour `\(entry.key)`: a Multiplexer has no `\(field.key)`; it takes `targets` (behaviours that hear the delegate messages) and `owner`", line: field.keyLine)
            }
            guard let targets, !targets.names.isEmpty else {
                log.error("behaviour `\(entry.key)`: a Multiplexer needs `targets: [a, b]`, the behaviours it forwards delegate messages to", line: targets?.line ?? entry.keyLine)
                break
            }
            behaviour.kind = .multiplexer(targets: targets.names)
        case (_?, let type?):
            log.error("behaviour `\(entry.key)` has both `script` and `type`; give a script, or `type: Multiplexer`", line: type.line)
        case (nil, nil):
            log.error("behaviour `\(entry.key)` needs a `script` (e.g. `script: toggle.lua`) or `type: Multiplexer`", line: entry.keyLine)
        }
        return behaviour
    }

    // MARK: Connections

    private mutating func connections(_ node: SceneNode) -> [ConnectionEntry] {
        if node.isNull { return [] }
        guard case .list(let items, _) = node else {
            log.error("`connections` must be a list of `source.event -> target.action` lines, not \(node.kindDescription)", line: node.line)
            return []
        }
        return items.compactMap { item in
            guard case .scalar = item, let text = item.text else {
                log.error("a connection is written `source.event -> target.action`, not \(item.kindDescription)", line: item.line)
                return nil
            }
            return connection(text, line: item.line)
        }
    }

    private mutating func connection(_ text: String, line: Int) -> ConnectionEntry? {
        let form = "write `source.event -> target.action` (e.g. `button.touchUpInside -> toggle.toggle`)"
        let sides = text.components(separatedBy: "->")
        guard sides.count == 2 else {
            log.error("connection `\(text)`: \(form)", line: line)
            return nil
        }
        func split(_ side: String) -> (String, String)? {
            let parts = side.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
                  !parts.contains(where: { $0.contains(where: \.isWhitespace) }) else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
        guard let (source, event) = split(sides[0]), let (target, action) = split(sides[1]) else {
            log.error("connection `\(text)`: \(form)", line: line)
            return nil
        }
        return ConnectionEntry(source: source, event: event, target: target, action: action, line: line)
    }

    // MARK: Shapes

    /// The entries of a mapping (none for a null). Keys must be unique: a
    /// second one is reported and dropped.
    private mutating func entries(_ node: SceneNode, _ what: String) -> [SceneNode.Entry] {
        if node.isNull { return [] }
        guard case .map(let all, _) = node else {
            log.error("\(what) must be a mapping (name: value), not \(node.kindDescription)", line: node.line)
            return []
        }
        var firstLine: [String: Int] = [:]
        var unique: [SceneNode.Entry] = []
        for entry in all {
            if let first = firstLine[entry.key] {
                log.error("duplicate key `\(entry.key)` in \(what) (first at line \(first)); names must be unique", line: entry.keyLine)
                continue
            }
            firstLine[entry.key] = entry.keyLine
            unique.append(entry)
        }
        return unique
    }

    /// A scalar: a name (of a control, a behaviour, a type) or a path.
    private mutating func name(_ node: SceneNode, _ what: String, identifier: Bool = true) -> Located<String>? {
        guard case .scalar = node, let text = node.text, !text.isEmpty else {
            log.error("\(what) must be \(identifier ? "a name" : "text"), not \(node.kindDescription)", line: node.line)
            return nil
        }
        return Located(value: text, line: node.line)
    }

    /// A list of names; one name alone is a list of one.
    private mutating func names(_ node: SceneNode, _ what: String) -> [Located<String>] {
        switch node {
        case .list(let items, _): return items.compactMap { name($0, what) }
        case .scalar: return name(node, what).map { [$0] } ?? []
        case .map:
            log.error("\(what) must be a list of names such as [a, b], not a mapping", line: node.line)
            return []
        }
    }

    /// Names are used in commands (`tap NAME`) and connections
    /// (`name.event`): no spaces, no dots.
    private mutating func checkName(_ name: String, line: Int, _ what: String) -> Bool {
        let allowed = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        guard allowed else {
            let shown = name.isEmpty ? "an empty key" : "`\(name)`"
            log.error("\(shown) cannot name \(what): use letters, digits, `_` and `-`", line: line)
            return false
        }
        guard name != "screen", name != "keyboard" else {
            log.error("`\(name)` cannot name \(what): it is reserved for the \(name)", line: line)
            return false
        }
        return true
    }

    private mutating func unknownKey(_ entry: SceneNode.Entry, in what: String, keys: [String]) {
        log.error("\(what) has no key `\(entry.key)`\(Suggestions.hint(for: entry.key, in: keys)); keys: \(keys.joined(separator: ", "))", line: entry.keyLine)
    }
}
