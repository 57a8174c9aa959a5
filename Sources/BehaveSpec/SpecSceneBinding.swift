import BehaveCore
import BehaveLua
import BehaveScene

/// A scene in a spec (`scene.new`, `scene.load`, `scene.script`), as the
/// spec prelude's scene object (`Lua/scene.lua`) reaches it: its host
/// functions by name, each taking the scene's id first.
extension SpecFileRun {
    var sceneFunctions: [(name: String, body: LuaHostFunction)] {
        [
            ("script", { [unowned self] call throws(LuaError) in try self.makeScriptScene(call) }),
            ("loadScene", { [unowned self] call throws(LuaError) in try self.loadScene(call) }),
            ("newScene", { [unowned self] call throws(LuaError) in try self.newScene(call) }),
            // The scene methods of what a person does to controls (`tap`,
            // `step`…), from the control types' commands.
            ("controlVerbs", { call throws(LuaError) in call.push(ControlTypes.commands.map(\.specMethod)) }),
            ("lookup", { [unowned self] call throws(LuaError) in
                // Argument 3, when `s.NAME` is asked: the scene's methods,
                // which a name that is none of its controls may have meant.
                let scene = try self.scene(call).scene
                let name = try call.requireString(2, "name")
                if scene.control(named: name) != nil {
                    call.push("control")
                } else if scene.record(named: name) != nil {
                    call.push("behaviour")
                } else {
                    let methods = call.isNil(3) ? [] : try call.requireStrings(3, "list of method names")
                    throw SpecFileRun.unknown(name, in: scene, methods: methods)
                }
            }),
            ("named", { [unowned self] call throws(LuaError) in
                // Which of the names (a list) the scene's controls or behaviours have.
                let scene = try self.scene(call).scene
                guard case .list(let names) = try call.data(2) else { throw call.badArgument(2, "list of names") }
                call.push(names.compactMap { name -> String? in
                    guard case .text(let text, _) = name, scene.control(named: text) != nil || scene.record(named: text) != nil
                    else { return nil }
                    return text
                })
            }),
            ("controlGet", { [unowned self] call throws(LuaError) in
                let scene = try self.scene(call).scene
                let name = try call.requireString(2, "control name")
                let key = try call.requireString(3, "property name")
                guard let view = scene.control(named: name) else { throw SpecFileRun.unknown(name, in: scene) }
                if key == "type" { return call.push(view.typeName) }
                guard let index = view.schema.index(of: key) else {
                    throw LuaError(SpecFileRun.scriptMethodRead(key, of: view) ?? "\(view.schema.unknownMember(key).message) (on `\(name)`)")
                }
                call.push(view.value(at: index))
            }),
            ("behaviourGet", { [unowned self] call throws(LuaError) in
                try SpecFileRun.behaviourGet(call, in: try self.scene(call).scene)
            }),
            ("set", { [unowned self] call throws(LuaError) in
                let scene = try self.scene(call)
                let name = try call.requireString(2, "name")
                let key = try call.requireString(3, "property name")
                let value: LooseValue
                do throws(LuaError) {
                    value = try call.data(4).looseValue(for: "\(name).\(key)")
                } catch {
                    // `spy.on(s.toggle, "toggle")`, `stub(s.toggle, …)` (a spy is a
                    // callable table): a busted user's first try, which cannot
                    // reach the behaviour's own Lua state. Any other value is
                    // refused for what it is (a thread, a cycle).
                    guard call.isCallable(4), let record = scene.scene.record(named: name) else { throw error }
                    throw LuaError(SpecFileRun.behaviourFunctionSet(name, key, events: record.behaviour?.eventNames ?? []))
                }
                try self.execute(.set(name, property: key, value: value), in: scene, call)
            }),
            ("command", { [unowned self] call throws(LuaError) in
                try self.command(call)
            }),
        ]
    }

    /// A spec that reads a method scripts call on a control (`s.plus:on(…)`,
    /// as a busted user connects a spy) is told the spec's way: the
    /// control has the method in a behaviour, and a spec records events.
    static func scriptMethodRead(_ key: String, of view: View) -> String? {
        let connects = ScriptAPI.type("control")?.methods.contains { $0.name == key } ?? false
        guard connects || view.controlType.method(named: key) != nil else { return nil }
        let inScript = "`\(key)` is a method behaviours call on a \(view.typeName) (`self.\(view.name):\(key)(…)`), which a spec's scene does not offer"
        guard connects else {
            return "\(inScript); a spec reads a control's properties and drives it with the scene's commands (`s:tap`, `s:type`, `s:command(\"…\")`)"
        }
        // A tap's event, when the control has it: what a spec most often waits for.
        let events = view.schema.events
        let event = "\(view.name).\(events.contains("touchUpInside") ? "touchUpInside" : events.first ?? "EVENT")"
        return "\(inScript); a spec hears a control's events by recording them: `local events = s:record(\"\(event)\")` fills as the event fires"
    }

    /// A spec that puts a function (a spy, a stub) on a behaviour is told
    /// why it cannot and what a spec does instead.
    static func behaviourFunctionSet(_ name: String, _ key: String, events: [String]) -> String {
        let event = "\(name).\(events.first ?? "EVENT")"
        return "`\(name).\(key)` cannot be replaced by a function: the behaviour `\(name)` runs in its scene's own Lua state, "
            + "which the spec's spies and stubs do not reach; check what it does instead: "
            + "`s:record(\"\(event)\")` fills as it sends that event, `s:record(\"\(name).\(key)\")` as the action "
            + "`\(key)` reaches it from a connection or a call (not from its own `self:\(key)()`), and `s.\(name).FIELD` reads its state"
    }

    /// The scene a call is about (argument 1 is its id).
    func scene(_ call: LuaCall) throws(LuaError) -> SpecScene {
        guard let id = call.number(1).flatMap({ Int(exactly: $0) }) else {
            throw LuaError("this is not a scene")
        }
        guard let scene = scenes[id] else {
            if id > 0, id < nextSceneID {
                throw LuaError("this scene is closed: it was made by an earlier spec (or by the setup of a block that has ended); make scenes in before_each or in the spec itself")
            }
            throw LuaError("this is not a scene")
        }
        return scene
    }

    /// `s.NAME` for a name the scene does not have. Called as a method
    /// (`s:click("order")`, which Lua asks as `s.click`) it is more likely
    /// a verb than a control: the scene's method it may mean is told, by
    /// spelling or as another toolkit's word, unless a control or a
    /// behaviour is named like it.
    static func unknown(_ name: String, in scene: Scene, methods: [String] = []) -> LuaError {
        guard scene.isPresented else { return LuaError("the screen is dismissed: `\(name)` is gone") }
        let names = (scene.screen?.controls.map(\.name) ?? []) + scene.records.map(\.name)
        if Suggestions.nearest(to: name, in: names) == nil,
           let fix = Suggestions.fix(for: name, among: methods, words: Suggestions.toolkitCommands, shown: { "s:\($0)" }) {
            return LuaError("`\(name)` is not a scene method, nor a control or behaviour of this scene (\(fix))")
        }
        return LuaError("no control or behaviour named `\(name)`"
                        + Suggestions.hintOrList(for: name, in: names, listing: "the scene's controls and behaviours"))
    }

    /// `s.toggle.key`: the behaviour's own field, else its inspectable, else
    /// its outlet (as the control's name, second result), else `alive` and
    /// `name`; read from the behaviour's own Lua state by the host, as
    /// values. A destroyed behaviour shows its last state.
    static func behaviourGet(_ call: LuaCall, in scene: Scene) throws(LuaError) {
        let name = try call.requireString(2, "behaviour name")
        let key = try call.requireString(3, "field name")
        guard let record = scene.record(named: name) else { throw unknown(name, in: scene) }
        if let behaviour = record.behaviour, behaviour.isAlive {
            if let field = behaviour.fieldSnapshot.first(where: { $0.0 == key }) { return call.push(field.1) }
            if let value = behaviour.inspectable(key) { return call.push(value) }
            if behaviour.declaration.outlet(key) != nil {
                call.pushNil()
                if let view = behaviour.outlet(key) { call.push(view.name) }
                return
            }
            if behaviour.declaration.actions.contains(key) {
                // The proxy makes it a method that calls the action.
                call.pushNil()
                call.pushNil()
                call.push(true)
                return
            }
        } else {
            let state = record.state
            if let value = state["fields"]?[key] ?? state["inspectables"]?[key] { return call.push(value) }
        }
        switch key {
        case "alive": call.push(record.isAlive)
        case "name": call.push(record.name)
        default: call.pushNil()
        }
    }

    /// Runs a command on the scene (`typed`: the line `s:command` was
    /// given); a mistake (an unknown control, a bad value) is the spec's
    /// error, a refused set named as `behave run` names it. Events
    /// recorded meanwhile reach their lists before the spec runs on.
    @discardableResult
    func execute(_ command: SceneCommand, in scene: SpecScene, _ call: LuaCall,
                 typed: String? = nil) throws(LuaError) -> CommandOutput {
        let output: CommandOutput
        do throws(ValueError) {
            output = try scene.scene.execute(command)
        } catch {
            _ = try? flush(scene, call)
            // Its long words cut, as `behave run` cuts the line it prints:
            // a value of a megabyte was said twice, typed and in the reason.
            throw LuaError(DisplayText.shortened(CommandSession.subject(of: command, typed: typed) + error.message))
        }
        try flush(scene, call)
        return output
    }

    /// Hands the recorded firings to the spec's lists; a recording that had
    /// to stop is the spec's error, once.
    func flush(_ scene: SpecScene, _ call: LuaCall) throws(LuaError) {
        for recording in scene.recordings where !recording.pending.isEmpty {
            for arguments in recording.pending { call.append(arguments, toList: recording.list) }
            recording.pending.removeAll()
        }
        scene.recordingsDelivered()
        if let stopped = scene.recordingStopped, !scene.reportedRecordingStop {
            scene.reportedRecordingStop = true
            throw LuaError(stopped + "; record fewer firings")
        }
    }
}
