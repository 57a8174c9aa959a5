import BehaveCore
import BehaveLua
import Foundation

/// The one place a scene is built: from its description (a scene file,
/// `scene.new{ … }` in a spec, a script's default scene), in the order of
/// Docs/scenes.md: controls, behaviours, outlets, inspectables, delegates,
/// connections. Every mistake is logged with its line and building goes
/// on, so all are listed; a mistake about something that is itself broken
/// (a control of an unknown type) is not repeated. All or nothing: nothing
/// is attached to the screen and nothing wakes unless the whole scene is
/// good.
final class SceneAssembler {
    private var description: SceneDescription
    /// Where scripts are looked up (then in the bundled `Scripts/`); nil
    /// when the description gives them as found (a default scene).
    private let directory: String?
    /// Which scripts may be read.
    private let access: FileAccess
    /// The host's part in building (its widgets bound to the controls).
    private let hosting: SceneHosting
    private(set) var log: DiagnosticLog
    let scene: Scene
    let runtime: LuaRuntime

    /// Lines of every declared name, built or not; the names in file order
    /// (suggestions must not depend on a dictionary's order).
    private var controlLines: [String: Int] = [:]
    private var behaviourLines: [String: Int] = [:]
    private var controlNames: [String] { description.controls.map(\.name) }
    private var behaviourNames: [String] { description.behaviours.map(\.name) }
    private var views: [String: View] = [:]
    private var rootViews: [View] = []
    private var behaviours: [String: Behaviour] = [:]
    private var scripts: [String: LuaScript] = [:]

    /// Checks and builds the scene without waking anything; `log` holds
    /// what reading the description already found: the scene is checked
    /// on, so that every mistake is listed, but it is not built. `file`
    /// names the scene in diagnostics.
    /// `images` sizes the images the scene names (its `images:` folder).
    static func assemble(_ description: SceneDescription, file: String, directory: String?, limits: SandboxLimits,
                         overrides: [(String, LooseValue)] = [], platform: PlatformConfiguration,
                         images: (any ImageCatalog)? = nil,
                         access: FileAccess = .unrestricted, hosting: SceneHosting = SceneHosting(),
                         log: DiagnosticLog) throws(SceneLoadError) -> LoadedScene {
        let assembler = try SceneAssembler(description: description, file: file, directory: directory,
                                           limits: limits, access: access, hosting: hosting, log: log)
        assembler.scene.imageCatalog = images
        guard assembler.scene.with(source: .scene, { assembler.build(overrides: overrides) }) else {
            throw SceneLoadError(assembler.log.sorted, warnings: assembler.log.warnings)
        }
        assembler.scene.platform = HeadlessPlatform(platform)
        assembler.bindWidgets()
        assembler.adoptDrawing()
        assembler.warnOfRefusedDrawnRanges()
        let behaviours = assembler.finish()
        // The controls are on the screen, no behaviour is awake yet.
        do {
            try hosting.prepare?(assembler.scene)
        } catch {
            var refused = SceneHosting.prepareError(error, scene: file)
            refused.context = "prepare"
            assembler.scene.reportError(refused, behaviour: nil)
        }
        return LoadedScene(scene: assembler.scene, runtime: assembler.runtime, platform: description.platform,
                           interface: assembler.interface,
                           file: file, behaviours: behaviours, warnings: assembler.log.warnings, hosting: hosting)
    }

    private init(description: SceneDescription, file: String, directory: String?, limits: SandboxLimits,
                 access: FileAccess, hosting: SceneHosting, log: DiagnosticLog) throws(SceneLoadError) {
        self.description = description
        self.hosting = hosting
        self.directory = directory
        self.access = access
        self.log = log
        let title = description.screen ?? SceneAssembler.title(forFile: file)
        scene = Scene(screen: title)
        scene.sourceName = file
        do {
            runtime = try LuaRuntime(scene: scene, limits: limits)
            runtime.fileAccess = access
        } catch {
            self.log.error(error.message, line: nil)
            throw SceneLoadError(self.log.sorted)
        }
    }

    /// `profile` for `profile.scene.yaml`.
    static func title(forFile file: String) -> String {
        var name = (file as NSString).lastPathComponent
        for suffix in [".json", ".yaml", ".yml", ".scene"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name.isEmpty ? "Scene" : name
    }

    /// Builds and checks everything; true when nothing is wrong.
    private func build(overrides: [(String, LooseValue)]) -> Bool {
        for control in description.controls { controlLines[control.name] = control.line }
        for behaviour in description.behaviours { behaviourLines[behaviour.name] = behaviour.line }
        checkInterface()
        readDrawing()
        // The host hears the names first: its check of each control then
        // knows which of its keys another control has.
        checkHostsNames()
        buildControls(description.controls)
        arrangeControls()
        buildBehaviours()
        furnish()
        connectOutlets()
        setInspectables()
        apply(overrides)
        setDelegates()
        setTargets()
        connect()
        checkImageNames(overrides: overrides)
        if !log.isEmpty { runtime.close() }
        return log.isEmpty
    }

    /// Binds the host's widgets behind the controls, in the file's order,
    /// before they join the screen: only for a scene `build` found good,
    /// so a scene that does not load leaves the host's widgets as they
    /// were (bound to the scene that runs).
    private func bindWidgets() {
        guard let bind = hosting.bindControl else { return }
        for entry in description.controls {
            if let view = views[entry.name] { bind(view) }
        }
    }

    /// Puts the controls on the screen and binds each behaviour to its owner.
    /// Only for a scene `build` found good.
    private func finish() -> [Behaviour] {
        for view in rootViews { scene.add(view) }
        var attached: [Behaviour] = []
        for entry in description.behaviours {
            guard let behaviour = behaviours[entry.name] else { continue }
            let owner = entry.owner.flatMap { views[$0.value] }
            scene.attach(behaviour, owner: owner)
            attached.append(behaviour)
        }
        return attached
    }

    /// The `.ui` file, found (`behave window` takes widgets from it).
    private(set) var interface: String?
    /// Its bytes, until a headless run has read what it drew.
    private var interfaceBytes: [UInt8]?

    /// A `ui:` file must be a GtkBuilder file for GTK 4 beside the scene
    /// (or below it) (`InterfaceFile`).
    private func checkInterface() {
        guard let written = description.interface else { return }
        do throws(ValueError) {
            (interface, interfaceBytes) = try InterfaceFile.read(written.value, directory: directory, access: access)
        } catch {
            log.error(error.message, line: written.line)
        }
    }

    /// With no host's widgets (a headless run: `behave run`, specs, the
    /// studio), what the `.ui` file drew (`InterfaceDrawing`), read once
    /// while the scene is checked; nil with a host, or a file whose markup
    /// does not read. A file the window refuses whole (GtkBuilder refuses
    /// it, or it gives no screen) is warned of here, as nothing else
    /// headless reads the file's markup, and gives no values (`adopts`),
    /// but its controls are still checked against its ids and classes, so
    /// that one run tells a misspelt id too, as a compiler tells every
    /// error: the window would refuse it once the file is mended.
    private var drawing: (drawing: InterfaceDrawing, outlets: InterfaceDrawing.Outlets, file: String, adopts: Bool)?

    private func readDrawing() {
        defer { interfaceBytes = nil }
        guard hosting.bindControl == nil, let interface, let bytes = interfaceBytes else { return }
        let file = (interface as NSString).lastPathComponent
        let (drawing, mistake) = InterfaceDrawing.read(bytes)
        if let (mistake, line, column) = mistake {
            log.warning("\(file):\(line):\(column): \(mistake.message(file: file))", line: description.interface?.line)
        }
        guard let drawing else { return }
        let outlets = InterfaceDrawing.Outlets(drawing)
        if let refusal = outlets.screenRefusal, mistake?.mistake.refusesTheFile != true {
            // The window refuses the file whole, at no place in it (told once, after what GtkBuilder refuses).
            log.warning("\(file): \(InterfaceDrawing.Mistake.screen(refusal).message(file: file))", line: description.interface?.line)
        }
        let adopts = mistake?.mistake.refusesTheFile != true && outlets.screenRefusal == nil
        self.drawing = (drawing, outlets, file, adopts)
    }

    /// Headless, a control must have the widget behave window would bind
    /// to it (`InterfaceDrawing.Outlets`): the window's mistakes are the
    /// scene's in every mode. A host checks its own widgets.
    private func checkOutlet(_ view: View) throws(ValueError) {
        guard hosting.checkControl == nil, let (drawing, outlets, file, _) = drawing else { return }
        if let refusal = outlets.refusal(for: view, in: drawing, file: file) { throw ValueError(refusal) }
    }

    /// Headless, the controls take the values the `.ui` file drew, as
    /// `behave window`'s widgets give them: the same scene reads the same
    /// either way. Notes what a control cannot take.
    private func adoptDrawing() {
        guard let (drawing, _, file, adopts) = drawing, adopts else { return }
        for entry in description.controls {
            guard let view = views[entry.name], let drawn = drawing.drawn(for: view) else { continue }
            if let adjustment = drawn.adjustment {
                for note in [adjustment.rangeNote(for: view, in: file),
                             view.controlType.isKind(of: "Stepper") ? adjustment.stepNote(for: view, in: file) : nil] {
                    if let note { scene.trace.record(.note, subject: view.name, note) }
                }
            }
            view.adoptDrawnValues(of: DrawnValues(drawn.values))
        }
        for group in drawing.sharingAdjustments(description.controls.compactMap { views[$0.name] }) {
            DrawnValues.link(group)
        }
    }

    /// A bound the `.ui` file drew past the other bound the scene gives (a
    /// drawn minimum above the scene file's maximum) is not taken, bound
    /// to a widget (`behave window`) or read from the file (headless):
    /// the designer hears of it at the scene file's line, in both.
    private func warnOfRefusedDrawnRanges() {
        guard let interface = description.interface else { return }
        let file = (interface.value as NSString).lastPathComponent
        for entry in description.controls {
            guard let view = views[entry.name], !view.refusedDrawnValues.isEmpty else { continue }
            let kept = { (property: String) in formatNumber((try? view.value(property))?.numberValue ?? 0) }
            let range = "\(kept("minimumValue"))…\(kept("maximumValue"))"
            for (bound, other, side, limit) in [("minimumValue", "maximumValue", "above", "a lower of at most"),
                                                ("maximumValue", "minimumValue", "below", "an upper of at least")] {
                guard let drawn = view.refusedDrawnValues[bound]?.numberValue,
                      let given = (try? view.value(other))?.numberValue else { continue }
                log.warning("control `\(entry.name)`: \(file) draws its \(bound) \(formatNumber(drawn)), \(side) the \(other) "
                            + "it is given (\(formatNumber(given))), so it is not taken: \(entry.name) keeps \(range); "
                            + "give \(bound) here too, or give its adjustment \(limit) \(formatNumber(given)) in \(file)",
                            line: entry.properties.last { $0.name == other }?.line ?? entry.line)
            }
        }
    }

    // MARK: Controls

    private func buildControls(_ entries: [ControlEntry]) {
        for entry in entries {
            guard let type = entry.type else { continue }
            guard let controlType = ControlTypes.named(type.value) else {
                log.error("control `\(entry.name)`: \(ControlTypes.unknown(type.value).message)", line: type.line)
                continue
            }
            let view = controlType.makeControl(named: entry.name)
            do throws(ValueError) {
                try hosting.checkControl?(view)
                try checkOutlet(view)
            } catch {
                log.error("control `\(entry.name)`: \(error.message)", line: entry.line)
            }
            // A stepper's or a slider's value and bounds are checked against
            // each other: checked as the file gives them, in any order.
            let order = view.settingOrder(entry.properties.map { setting in
                (setting.name, view.schema.spec(setting.name).flatMap { try? $0.convert(setting.value) }?.numberValue)
            })
            // Those refused: a refusal that only follows from one is not told.
            var refused: Set<String> = []
            for index in order {
                let setting = entry.properties[index]
                guard let spec = view.schema.spec(setting.name) else {
                    log.error("control `\(entry.name)`: \(view.schema.unknownProperty(setting.name).message)", line: setting.line)
                    continue
                }
                do throws(ValueError) {
                    try view.set(setting.name, to: setting.value, as: spec, refused: &refused)
                } catch {
                    log.error("control `\(entry.name)`: \(error.message)", line: setting.line)
                }
            }
            checkLaidOutByInterface(entry)
            views[entry.name] = view
        }
    }

    /// What the host was given by name must name the scene's controls
    /// (`SceneHosting.checkControlNames`): the app's mistake, at no line.
    private func checkHostsNames() {
        for error in hosting.checkControlNames?(controlNames) ?? [] { log.error(error.message, line: nil) }
    }

    /// A scene with a `ui:` file takes its widgets, laid out, from the
    /// file: `behave window` does not use a frame the scene gives, which
    /// the designer should hear of in every mode (headless, it still
    /// places the control).
    private func checkLaidOutByInterface(_ entry: ControlEntry) {
        guard let interface = description.interface,
              let frame = entry.properties.first(where: { $0.name == "frame" }) else { return }
        let file = (interface.value as NSString).lastPathComponent
        log.warning("control `\(entry.name)`: its frame is not used in behave window, where \(file) lays its widget out (it places the control only headless: behave run, specs, the studio); size and place the widget in \(file), or take `frame` out",
                    line: frame.line)
    }

    /// How deeply controls may nest: a control on the screen is at level 1.
    /// Deeper trees are refused (the runtime walks them recursively).
    static let maximumNesting = 256

    /// Nests controls under their parents; roots go on the screen later.
    /// Linear in the number of controls: each control's chain of parents is
    /// walked once, and controls are attached top-down, so that attaching
    /// one never walks a subtree.
    private func arrangeControls() {
        var parentOf: [String: String] = [:]
        var entryNamed: [String: ControlEntry] = [:]
        for entry in description.controls {
            if entryNamed[entry.name] == nil { entryNamed[entry.name] = entry }
            guard let parent = entry.parent else { continue }
            if parent.value == entry.name {
                log.error("control `\(entry.name)` cannot be its own parent", line: parent.line)
            } else if controlLines[parent.value] == nil {
                log.error("control `\(entry.name)`: \(unknownControl(parent.value, role: "to be its parent"))", line: parent.line)
            } else {
                parentOf[entry.name] = parent.value
            }
        }
        // The level of each control (1 on the screen), found by walking up
        // to a control whose level is known; nil under a cycle.
        enum Placement { case level(Int), broken }
        var placement: [String: Placement] = [:]
        var inCycle: Set<String> = []
        for entry in description.controls where placement[entry.name] == nil {
            var path: [String] = []
            var onPath: [String: Int] = [:]
            var current = entry.name
            var base: Placement = .level(0)
            while true {
                if let known = placement[current] {
                    base = known
                    break
                }
                if let start = onPath[current] {
                    let cycle = Array(path[start...])
                    inCycle.formUnion(cycle)
                    for name in cycle { placement[name] = .broken }
                    let shown = cycle.count <= 12 ? (cycle + [current]).joined(separator: " → ")
                        : (cycle.prefix(10) + ["…", current]).joined(separator: " → ") + " (\(cycle.count) controls)"
                    log.error("controls are each other's parents: \(shown)", line: entryNamed[entry.name]?.parent?.line)
                    path.removeSubrange(start...)
                    base = .broken
                    break
                }
                onPath[current] = path.count
                path.append(current)
                guard let next = parentOf[current] else { break }
                current = next
            }
            // Down the path from the top: each level is its parent's plus one.
            for name in path.reversed() {
                guard case .level(let parentLevel) = base else {
                    placement[name] = .broken
                    continue
                }
                let level = parentLevel + 1
                if level == SceneAssembler.maximumNesting + 1 {
                    log.error("control `\(name)` nests \(level) levels deep; controls nest at most \(SceneAssembler.maximumNesting) levels",
                              line: entryNamed[name]?.parent?.line ?? controlLines[name])
                }
                base = level > SceneAssembler.maximumNesting ? .broken : .level(level)
                placement[name] = base
            }
        }
        // Top-down: a control joins its parent before it has children of its own.
        var byLevel: [[ControlEntry]] = []
        for entry in description.controls {
            guard views[entry.name] != nil, !inCycle.contains(entry.name),
                  case .level(let level)? = placement[entry.name] else { continue }
            while byLevel.count < level { byLevel.append([]) }
            byLevel[level - 1].append(entry)
        }
        for entries in byLevel {
            for entry in entries {
                guard let view = views[entry.name] else { continue }
                if let parentName = parentOf[entry.name] {
                    views[parentName]?.addSubview(view)
                    // (With a `ui:` file, the frame's warning says more.)
                    if views[parentName] is Stack, description.interface == nil {
                        checkArranged(view, entry: entry, in: parentName)
                    }
                } else if entry.parent == nil {
                    rootViews.append(view)
                }
            }
        }
    }

    /// A stack places its subviews (as UIStackView does): a frame's x and
    /// y would be ignored, which the designer should hear of.
    private func checkArranged(_ view: View, entry: ControlEntry, in stack: String) {
        guard let frame = (try? view.value("frame"))?.rectValue, frame.x != 0 || frame.y != 0 else { return }
        let line = entry.properties.first { $0.name == "frame" }?.line ?? entry.line
        let size = "[0, 0, \(formatNumber(frame.width)), \(formatNumber(frame.height))]"
        log.warning("control `\(entry.name)` is in stack `\(stack)`, which places it: its frame's x and y are not used; give its size alone (frame: \(size)) or take it out of the stack",
                    line: line)
    }

    // MARK: Behaviours

    private func buildBehaviours() {
        for entry in description.behaviours {
            if let controlLine = controlLines[entry.name] {
                log.error("`\(entry.name)` names both a control (line \(controlLine)) and a behaviour; names must be unique", line: entry.line)
                continue
            }
            if let owner = entry.owner, owner.value != "screen", controlLines[owner.value] == nil {
                let problem = behaviourLines[owner.value] != nil
                    ? "`\(owner.value)` is a behaviour; an owner is `screen` or a control"
                    : unknownControl(owner.value, role: "to own it", extra: ["screen"])
                log.error("behaviour `\(entry.name)`: \(problem)", line: owner.line)
            }
            switch entry.kind {
            case .script(let path)?:
                if let behaviour = loadScript(path, for: entry) { behaviours[entry.name] = behaviour }
            case .multiplexer?:
                behaviours[entry.name] = Multiplexer(name: entry.name)
            case nil:
                break
            }
        }
    }

    /// Runs the script's top level (to read its declaration), no handler.
    private func loadScript(_ path: Located<String>, for entry: BehaviourEntry) -> LuaBehaviour? {
        let name = entry.name
        let found: String?
        do throws(ValueError) {
            if let directory {
                found = try LuaScript.locate(path.value, relativeTo: directory, access: access)
            } else {
                found = path.value
            }
        } catch {
            log.error("behaviour `\(name)`: \(error.message)", line: path.line)
            return nil
        }
        guard let located = found else {
            let reason = "no script `\(path.value)` next to the scene (\(directory ?? ".")) or in the bundled Scripts/"
            log.error("behaviour `\(name)`: " + LuaScript.notFound(path.value, relativeTo: directory, reason: reason), line: path.line)
            return nil
        }
        do throws(LuaError) {
            let script: LuaScript
            if let cached = scripts[located] {
                script = cached
            } else {
                // Read where the check found it; named as the scene names it.
                let named = directory.map { LuaScript.candidate(path.value, relativeTo: $0) }
                script = try LuaScript(contentsOf: located, named: BundledScripts.isBundled(located) ? nil : named, access: access)
                scripts[located] = script
            }
            return try LuaBehaviour(script: script, name: name, runtime: runtime)
        } catch {
            // The first line is the script's own `file:line: message`; the
            // traceback below it says nothing more about a top level. A
            // default scene is its script: all of what it says (a syntax
            // error's report, then Lua's message).
            if entry.furnished {
                log.error(placed: error.message)
            } else {
                log.error("behaviour `\(name)`: \(firstLine(of: error.message))", line: path.line)
            }
            return nil
        }
    }

    /// A default scene's behaviour gets a control for each outlet it
    /// declares, once its script has said which (`BehaviourEntry.furnished`).
    private func furnish() {
        for index in description.behaviours.indices where description.behaviours[index].furnished {
            let entry = description.behaviours[index]
            guard let declaration = behaviours[entry.name]?.declaration else { continue }
            var controls: [ControlEntry] = []
            // Names are unique: a name already taken (a collection's
            // `item1` beside an outlet `item1`) gets a suffix, `item1_2`.
            func control(_ wanted: String, _ type: String) -> Located<String> {
                var name = wanted
                for suffix in 2... {
                    guard controlLines[name] != nil || controls.contains(where: { $0.name == name }) else { break }
                    name = "\(wanted)_\(suffix)"
                }
                controls.append(ControlEntry(name: name, line: entry.line, type: Located(value: type, line: entry.line)))
                return Located(value: name, line: entry.line)
            }
            for outlet in declaration.outlets {
                description.behaviours[index].outlets.append(
                    .init(name: outlet.name, controls: [control(outlet.name, outlet.type)], line: entry.line))
            }
            for collection in declaration.outletCollections {
                let names = (1...2).map { control("\(collection.name)\($0)", collection.type) }
                description.behaviours[index].outletCollections.append(
                    .init(name: collection.name, controls: names, line: entry.line))
            }
            // The delegate of its outlet of a type whose messages it answers
            // (`scrollViewDidScroll`), or of a new control named after the
            // type (`scrollView`), so that `scroll` and `return` reach it.
            // (Types declare their delegate messages without their schemas.)
            let delegating = declaration.delegateMessages.isEmpty
                ? [] : ControlTypes.all.filter { !$0.delegateMessages.isEmpty }.sorted { $0.name < $1.name }
            for type in delegating where type.delegateMessages.contains(where: declaration.delegateMessages.contains) {
                let typeName = type.name
                let delegate = Located(value: entry.name, line: entry.line)
                if let outlet = declaration.outlets.first(where: { $0.type == typeName }),
                   let at = controls.firstIndex(where: { $0.name == outlet.name }) {
                    controls[at].delegate = delegate
                } else {
                    _ = control(typeName.prefix(1).lowercased() + String(typeName.dropFirst()), typeName)
                    controls[controls.count - 1].delegate = delegate
                }
            }
            for control in controls { controlLines[control.name] = control.line }
            description.controls += controls
            buildControls(controls)
            // On the screen: they have no parent.
            rootViews += controls.compactMap { views[$0.name] }
        }
    }

    private func connectOutlets() {
        for entry in description.behaviours {
            guard case .script? = entry.kind, let behaviour = behaviours[entry.name] else { continue }
            let declaration = behaviour.declaration
            // UIKit allows an outlet left unconnected (it is nil), but a
            // script that uses it fails when it runs: say so, without refusing.
            // A misspelt outlet is reported already: the one it was meant
            // to be is not said again.
            let given = Set((entry.outlets + entry.outletCollections).map(\.name))
            let misspelt = given.contains { declaration.outlet($0) == nil && declaration.outletCollection($0) == nil }
            for outlet in declaration.outlets where !outlet.isOptional && !given.contains(outlet.name) && !misspelt {
                log.warning("outlet `\(outlet.name)` of `\(entry.name)` is not connected: it is nil when the behaviour runs (declare it \"\(outlet.type)?\" if it may be left unconnected)",
                            line: entry.line)
            }
            for outlet in entry.outlets {
                if declaration.outletCollection(outlet.name) != nil {
                    log.error("behaviour `\(entry.name)`: `\(outlet.name)` is an outlet collection; list its controls under `outletCollections`", line: outlet.line)
                    continue
                }
                guard declaration.outlet(outlet.name) != nil else {
                    log.error("behaviour `\(entry.name)`: \(declaration.unknownOutlet(outlet.name).message)", line: outlet.line)
                    continue
                }
                guard let name = outlet.controls.first, let view = control(name, in: "behaviour `\(entry.name)`", role: "for outlet `\(outlet.name)`") else { continue }
                do throws(ValueError) {
                    try behaviour.setOutlet(outlet.name, to: view)
                } catch {
                    log.error("behaviour `\(entry.name)`: \(error.message)", line: name.line)
                }
            }
            for collection in entry.outletCollections {
                guard declaration.outletCollection(collection.name) != nil else {
                    let message = declaration.outlet(collection.name) != nil
                        ? "`\(collection.name)` is a single outlet; set it under `outlets`"
                        : declaration.unknownOutlet(collection.name).message
                    log.error("behaviour `\(entry.name)`: \(message)", line: collection.line)
                    continue
                }
                let found = collection.controls.map { control($0, in: "behaviour `\(entry.name)`", role: "for outlet collection `\(collection.name)`") }
                guard !found.contains(where: { $0 == nil }) else { continue }
                do throws(ValueError) {
                    try behaviour.setOutletCollection(collection.name, to: found.compactMap { $0 })
                } catch {
                    log.error("behaviour `\(entry.name)`: \(error.message)", line: collection.line)
                }
            }
        }
    }

    private func setInspectables() {
        for entry in description.behaviours {
            guard case .script? = entry.kind, let behaviour = behaviours[entry.name] else { continue }
            for setting in entry.inspectables {
                do throws(ValueError) {
                    try set(setting.name, of: behaviour, to: setting.value)
                } catch {
                    // A default scene's inspectables are the script's, or
                    // the option's that gave them (`--set value: …`).
                    if let option = entry.settingsOption {
                        log.optionError("\(option) \(setting.name): \(error.message)")
                    } else {
                        log.error(entry.furnished ? error.message : "behaviour `\(entry.name)`: \(error.message)", line: setting.line)
                    }
                }
            }
        }
    }

    private func set(_ name: String, of behaviour: Behaviour, to loose: LooseValue) throws(ValueError) {
        guard let spec = behaviour.declaration.inspectable(name) else { throw behaviour.declaration.unknownInspectable(name) }
        try behaviour.setInspectable(name, to: try spec.convert(loose))
    }

    /// `--set OBJECT.PROPERTY=VALUE` from the command line: after the
    /// scene's own values, before anything wakes.
    private func apply(_ overrides: [(String, LooseValue)]) {
        // Each control's refused properties: a refusal that only follows
        // from one (`--set volume.minimumValue=ten`) is not told.
        var refused: [String: Set<String>] = [:]
        for (key, loose) in orderedForEachControl(overrides) {
            guard let (name, property) = Self.split(key) else {
                log.optionError("--set \(key): in a scene, name the object too: \(objectsHaving(key))")
                continue
            }
            do throws(ValueError) {
                if let view = views[name] {
                    guard let spec = view.schema.spec(property) else { throw view.schema.unknownProperty(property) }
                    try view.set(property, to: loose, as: spec, refused: &refused[name, default: []])
                } else if let behaviour = behaviours[name] {
                    try set(property, of: behaviour, to: loose)
                } else {
                    throw ValueError("no control or behaviour named `\(name)`"
                                     + Suggestions.hintOrList(for: name, in: controlNames + behaviourNames,
                                                              listing: "the scene's controls and behaviours"))
                }
            } catch {
                log.optionError("--set \(key): \(error.message)")
            }
        }
    }

    /// The overrides with each control's own in its `settingOrder` (the
    /// `--set`s of both of a stepper's or a slider's bounds are checked
    /// together, as a scene file's are), each in a place one of that
    /// control's had.
    private func orderedForEachControl(_ overrides: [(String, LooseValue)]) -> [(String, LooseValue)] {
        let split = Self.split
        var places: [String: [Int]] = [:]
        for (index, (key, _)) in overrides.enumerated() {
            if let name = split(key)?.name, views[name] != nil { places[name, default: []].append(index) }
        }
        var ordered = overrides
        for (name, indices) in places {
            guard let view = views[name] else { continue }
            let order = view.settingOrder(indices.map { index in
                let (key, loose) = overrides[index]
                let property = split(key)?.property ?? ""
                return (property, view.schema.spec(property).flatMap { try? $0.convert(loose) }?.numberValue)
            })
            for (index, each) in zip(indices, order) { ordered[index] = overrides[indices[each]] }
        }
        return ordered
    }

    /// `OBJECT.PROPERTY` as its two names; nil without an object.
    private static func split(_ key: String) -> (name: String, property: String)? {
        guard let dot = key.firstIndex(of: "."), dot != key.startIndex else { return nil }
        return (String(key[..<dot]), String(key[key.index(after: dot)...]))
    }

    /// `--set counter.maximum=VALUE` for a bare `--set maximum=…`: the
    /// scene's objects that have it, in the file's order.
    private func objectsHaving(_ key: String) -> String {
        let controls = description.controls.filter { views[$0.name]?.schema.index(of: key) != nil }.map(\.name)
        let scripts = description.behaviours.filter { behaviours[$0.name]?.declaration.inspectable(key) != nil }.map(\.name)
        let named = (scripts + controls).map { "--set \($0).\(key)=VALUE" }
        guard !named.isEmpty else { return "--set OBJECT.PROPERTY=VALUE (no control or behaviour of the scene has `\(key)`)" }
        return named.count == 1 ? named[0] : "one of " + named.joined(separator: ", ")
    }

    // MARK: Delegates and multiplexers

    private func setDelegates() {
        for entry in description.controls {
            guard let delegate = entry.delegate, let view = views[entry.name] else { continue }
            let messages = view.schema.delegateMessages
            guard !messages.isEmpty else {
                let withDelegates = ControlTypes.all.filter { !$0.delegateMessages.isEmpty }.map(\.name).sorted()
                log.error("control `\(entry.name)`: a \(view.typeName) sends no delegate messages; \(withDelegates.joined(separator: " and ")) have a `delegate`", line: delegate.line)
                continue
            }
            guard let behaviour = behaviour(delegate, in: "control `\(entry.name)`", role: "delegate") else { continue }
            if !(behaviour is Multiplexer), !messages.contains(where: behaviour.declaration.delegateMessages.contains) {
                log.error("control `\(entry.name)`: behaviour `\(delegate.value)` has none of the \(view.typeName)'s delegate methods (\(messages.joined(separator: ", "))); a delegate answers with a method of that name", line: delegate.line)
                continue
            }
            view.delegate = behaviour
        }
    }

    private func setTargets() {
        let allMessages = Set(ControlTypes.delegateMessages)
        for entry in description.behaviours {
            guard case .multiplexer(let targetNames)? = entry.kind, let multiplexer = behaviours[entry.name] as? Multiplexer else { continue }
            // The messages it will forward: those of the controls it serves.
            let served = description.controls.filter { $0.delegate?.value == entry.name }.compactMap { views[$0.name] }
            let messages = served.isEmpty ? allMessages : Set(served.flatMap(\.schema.delegateMessages))
            var targets: [any DelegateReceiver] = []
            for name in targetNames {
                guard name.value != entry.name else {
                    log.error("behaviour `\(entry.name)`: a Multiplexer cannot be its own target", line: name.line)
                    continue
                }
                guard let target = behaviour(name, in: "behaviour `\(entry.name)`", role: "target") else { continue }
                if !(target is Multiplexer), !target.declaration.delegateMessages.contains(where: messages.contains) {
                    log.error("behaviour `\(entry.name)`: target `\(name.value)` has no delegate method to forward (\(messages.sorted().joined(separator: ", ")))", line: name.line)
                    continue
                }
                targets.append(target)
            }
            multiplexer.targets = targets
        }
    }

    // MARK: Images

    /// With an images folder, an image the scene names (or a script's
    /// default) that the folder lacks is most likely misspelt or not drawn
    /// yet: it would have no size, and windows and the studio would draw a
    /// placeholder. A warning, not a refusal: a bare name is still an image.
    /// One `--set` gave is said as that option's, for a script's default
    /// scene and a scene file alike (`--set s.icon: inspectable `icon` …`).
    private func checkImageNames(overrides: [(String, LooseValue)]) {
        guard let catalogue = scene.imageCatalog else { return }
        let folder = catalogue as? ImageFolder
        let known = folder?.names ?? []
        let place = folder?.folder ?? "the scene's images"
        enum Source { case line(Int), option(String) }
        func check(_ value: Value?, _ subject: String, from source: Source) {
            guard case .image(let image)? = value, image.width == nil, catalogue.image(named: image.name) == nil else { return }
            let add = folder.map { "add \(image.name).png to \($0.folder)" } ?? "add it"
            let warning = "\(subject) names the image `\(image.name)`, which is not in \(place)\(Suggestions.hint(for: image.name, in: known)): it has no size and is drawn as a placeholder; \(add), or name one of its images"
            switch source {
            case .line(let line): log.warning(warning, line: line)
            case .option(let option): log.optionWarning("\(option): \(warning)")
            }
        }
        // The last `--set` of a key is the value; what the file gave for it
        // is not.
        let overridden = Set(overrides.map(\.0))
        for entry in description.controls {
            guard let view = views[entry.name] else { continue }
            for setting in entry.properties where view.schema.spec(setting.name)?.type == .image
                                               && !overridden.contains("\(entry.name).\(setting.name)") {
                check(try? view.value(setting.name), "control `\(entry.name)`: `\(setting.name)`", from: .line(setting.line))
            }
        }
        for entry in description.behaviours {
            guard let behaviour = behaviours[entry.name] else { continue }
            for spec in behaviour.declaration.inspectables where spec.type == .image && !overridden.contains("\(entry.name).\(spec.name)") {
                let setting = entry.inspectables.last { $0.name == spec.name }
                if setting != nil, let option = entry.settingsOption {
                    check(behaviour.inspectable(spec.name), "inspectable `\(spec.name)`", from: .option("\(option) \(spec.name)"))
                    continue
                }
                let subject = (entry.furnished ? "" : "behaviour `\(entry.name)`: ") + "inspectable `\(spec.name)`"
                    + (setting == nil ? " (its default)" : "")
                check(behaviour.inspectable(spec.name), subject, from: .line(setting?.line ?? entry.line))
            }
        }
        for (index, (key, _)) in overrides.enumerated() where !overrides[(index + 1)...].contains(where: { $0.0 == key }) {
            guard let dot = key.firstIndex(of: "."), dot != key.startIndex else { continue }
            let name = String(key[..<dot]), property = String(key[key.index(after: dot)...])
            if let view = views[name], view.schema.spec(property)?.type == .image {
                check(try? view.value(property), "`\(property)`", from: .option("--set \(key)"))
            } else if let behaviour = behaviours[name], behaviour.declaration.inspectable(property)?.type == .image {
                check(behaviour.inspectable(property), "inspectable `\(property)`", from: .option("--set \(key)"))
            }
        }
    }

    // MARK: Connections

    private func connect() {
        for connection in description.connections {
            let source = sender(connection)
            let target = receiver(connection)
            guard let source, let target else { continue }
            source.addTarget(target, action: connection.action, declared: connection.event)   // `sender` checked it
        }
    }

    /// The object and event on the left of `->`.
    private func sender(_ connection: ConnectionEntry) -> Control? {
        let name = connection.source, event = connection.event, line = connection.line
        let source: Control
        if name == "keyboard" {
            source = scene.keyboard
        } else if let view = views[name] {
            source = view
        } else if let behaviour = behaviours[name] {
            source = behaviour
        } else {
            if name == "screen" {
                log.error("connection: the screen sends no events; it receives actions (`… -> screen.action`)", line: line)
            } else if controlLines[name] == nil, behaviourLines[name] == nil {
                log.error("connection: \(unknownObject(name))", line: line)
            }
            return nil
        }
        guard source.eventNames.contains(event) else {
            var message = "connection: `\(name)` has no event `\(event)`\(Suggestions.eventHint(for: event, in: source.eventNames))"
            if let view = source as? View, view.schema.delegateMessages.contains(event) {
                message += "; \(event) is a delegate message: set `delegate:` on `\(name)` to a behaviour that has it"
            } else {
                message += source.eventNames.isEmpty ? "; it sends no events" : "; its events: \(source.eventNames.joined(separator: ", "))"
            }
            log.error(message, line: line)
            return nil
        }
        return source
    }

    /// The object on the right of `->`, checked to perform the action.
    private func receiver(_ connection: ConnectionEntry) -> Responder? {
        let name = connection.target, action = connection.action, line = connection.line
        if name == "screen" { return scene.screen }
        if views[name] != nil || controlLines[name] != nil {
            log.error("connection: `\(name)` is a control; controls perform no actions: connect to a behaviour's action or to `screen.\(action)`", line: line)
            return nil
        }
        if name == "keyboard" {
            log.error("connection: the keyboard performs no actions", line: line)
            return nil
        }
        guard let behaviour = behaviours[name] else {
            if behaviourLines[name] == nil { log.error("connection: \(unknownObject(name))", line: line) }
            return nil
        }
        let actions = behaviour.declaration.actions
        guard actions.contains(action) else {
            let kind = behaviour is Multiplexer ? "Multiplexer" : behaviour.declaration.name
            var message = "connection: behaviour `\(name)` (\(kind)) has no action `\(action)`\(Suggestions.hint(for: action, in: actions))"
            if let why = BehaviourDeclaration.whyNotAnAction(action) { message += "; \(why)" }
            if !BehaviourDeclaration.lifecycleMethods.contains(action) {
                message += actions.isEmpty ? "; " + BehaviourDeclaration.noActions(kind, adding: action) : "; its actions: \(actions.joined(separator: ", "))"
            }
            log.error(message, line: line)
            return nil
        }
        return behaviour
    }

    // MARK: Lookup

    /// A control a behaviour refers to; nil (logged unless the control is
    /// itself broken) when there is none. `subject` starts the message.
    private func control(_ name: Located<String>, in subject: String, role: String) -> View? {
        if let view = views[name.value] { return view }
        if controlLines[name.value] == nil {
            let problem = behaviourLines[name.value] != nil
                ? "`\(name.value)` is a behaviour, not a control (\(role))"
                : unknownControl(name.value, role: role)
            log.error("\(subject): \(problem)", line: name.line)
        }
        return nil
    }

    /// A behaviour a control (`delegate`) or a multiplexer (`target`) refers to.
    private func behaviour(_ name: Located<String>, in subject: String, role: String) -> Behaviour? {
        if let behaviour = behaviours[name.value] { return behaviour }
        if behaviourLines[name.value] == nil {
            let problem = controlLines[name.value] != nil
                ? "`\(name.value)` is a control; a \(role) is a behaviour (a script's or a Multiplexer)"
                : "no behaviour named `\(name.value)` to be its \(role)\(Suggestions.hint(for: name.value, in: behaviourNames))"
            log.error("\(subject): \(problem)", line: name.line)
        }
        return nil
    }

    private func firstLine(of message: String) -> String {
        String(message.prefix { $0 != "\n" })
    }

    private func unknownControl(_ name: String, role: String, extra: [String] = []) -> String {
        let role = role.isEmpty ? "" : " \(role)"
        return "no control named `\(name)`\(role)\(Suggestions.hint(for: name, in: controlNames + extra))"
    }

    private func unknownObject(_ name: String) -> String {
        "no control or behaviour named `\(name)`"
            + Suggestions.hintOrList(for: name, in: controlNames + behaviourNames, unlisted: ["screen", "keyboard"],
                                     listing: "the scene's controls and behaviours")
    }
}
