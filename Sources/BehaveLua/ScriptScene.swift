import BehaveCore

/// The default scene of one script (`behave run toggle.lua`,
/// `scene.script(…)` in specs): a screen, one control per declared outlet
/// (named after the outlet, of the declared type), the behaviour owned by
/// the screen, inspectables at their defaults overridden by `inspectables`.
public enum ScriptScene {
    public static func make(script path: String, inspectables: [(String, LooseValue)] = [],
                            limits: SandboxLimits = .default,
                            platform: PlatformConfiguration = PlatformConfiguration(),
                            access: FileAccess = .unrestricted,
                            listener: ((Trace.Entry) -> Void)? = nil) throws(LuaError) -> (Scene, LuaRuntime) {
        let script = try LuaScript(contentsOf: path)
        let name = script.defaultBehaviourName
        let scene = Scene(screen: name)
        scene.trace.listener = listener
        scene.sourceName = script.displayName
        scene.platform = HeadlessPlatform(platform)
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        runtime.fileAccess = access
        let behaviour = try LuaBehaviour(script: script, name: name, runtime: runtime)
        let declaration = behaviour.declaration
        do throws(ValueError) {
            for outlet in declaration.outlets {
                let view = try makeControl(outlet.type, name: outlet.name, in: scene)
                try behaviour.setOutlet(outlet.name, to: view)
            }
            for collection in declaration.outletCollections {
                let views = try (1...2).map { i throws(ValueError) in
                    try makeControl(collection.type, name: "\(collection.name)\(i)", in: scene)
                }
                try behaviour.setOutletCollection(collection.name, to: views)
            }
            for (key, loose) in inspectables {
                guard let spec = declaration.inspectable(key) else { throw declaration.unknownInspectable(key) }
                try behaviour.setInspectable(key, to: try spec.convert(loose))
            }
            try wireDelegate(behaviour, in: scene)
        } catch {
            throw LuaError("\(script.displayName): \(error.message)")
        }
        scene.attach(behaviour)
        scene.beginCommand()
        behaviour.start()
        return (scene, runtime)
    }

    /// A behaviour that answers a control type's delegate messages
    /// (`scrollViewDidScroll`) becomes the delegate of its outlet of that
    /// type, or of a new control named after the type (`scrollView`), so
    /// `scroll` and `return` reach it.
    static func wireDelegate(_ behaviour: LuaBehaviour, in scene: Scene) throws(ValueError) {
        for typeName in ["ScrollView", "TextField"] {
            guard let type = ControlTypes.named(typeName),
                  type.schema.delegateMessages.contains(where: behaviour.respondsToDelegateMessage) else { continue }
            let outlet = behaviour.declaration.outlets.first { $0.type == typeName }
            if let view = outlet.flatMap({ behaviour.outlet($0.name) }) {
                view.delegate = behaviour
            } else {
                let name = typeName.prefix(1).lowercased() + typeName.dropFirst()
                try makeControl(typeName, name: name, in: scene).delegate = behaviour
            }
        }
    }

    static func makeControl(_ type: String, name: String, in scene: Scene) throws(ValueError) -> View {
        guard let controlType = ControlTypes.named(type) else { throw ControlTypes.unknown(type) }
        let view = controlType.init(name: name)
        scene.add(view)
        return view
    }
}
