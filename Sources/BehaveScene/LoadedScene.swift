import BehaveCore
import BehaveLua

/// A scene built from a scene file: keep it alive as long as the scene
/// runs (the runtime refers to the scene without owning it).
public final class LoadedScene {
    public let scene: Scene
    public let runtime: LuaRuntime
    /// The `platform:` mapping as written, for the platform services.
    public let platform: SceneNode?
    /// The scene file, as given.
    public let file: String
    /// The GtkBuilder file the scene's `ui:` names, found beside it; a
    /// real window binds its objects to the controls of the same names.
    public let interface: String?
    /// What is allowed but probably not meant: outlets left unconnected
    /// (`file:line: warning: …`). The scene loaded all the same.
    public let warnings: [SceneDiagnostic]
    /// Held weakly: owners keep behaviours alive, nothing else may.
    private let declared: [WeakBehaviour]
    /// The host's calls that checked and bound its widgets, kept while the
    /// scene runs: a reload refused gives the widgets back through them
    /// (`SceneReplacement`). Not `prepare`, which nothing calls again.
    private(set) var hosting: SceneHosting

    init(scene: Scene, runtime: LuaRuntime, platform: SceneNode?, interface: String? = nil, file: String,
         behaviours: [Behaviour], warnings: [SceneDiagnostic] = [], hosting: SceneHosting = SceneHosting()) {
        self.scene = scene
        self.hosting = SceneHosting(checkControl: hosting.checkControl, bindControl: hosting.bindControl)
        self.interface = interface
        self.runtime = runtime
        self.platform = platform
        self.file = file
        self.warnings = warnings
        self.declared = behaviours.map(WeakBehaviour.init)
    }

    /// The behaviours still in memory, in declaration order.
    public var behaviours: [Behaviour] { declared.compactMap(\.behaviour) }

    /// Whether `start` woke it (a scene is built asleep, then woken).
    public private(set) var isAwake = false

    /// Wakes every behaviour, in declaration order, once. `listener` hears
    /// the trace from the start: what the scripts' top levels said while
    /// the scene was built, then what `awake` handlers do.
    func start(listener: ((Trace.Entry) -> Void)? = nil) {
        guard !isAwake else { return }
        isAwake = true
        if let listener {
            for entry in scene.trace.entries { listener(entry) }
            scene.trace.listener = listener
        }
        scene.perform {
            for behaviour in behaviours { behaviour.start() }
        }
    }

    /// Dismisses the screen as one command while the trace is still
    /// heard: what the behaviours' `destroy` handlers print and raise is
    /// told as everything else is. A reload does this once the new scene
    /// woke; releasing the scene does it unheard.
    public func dismiss() {
        // Its widgets are no longer given back to it: what the host's calls
        // hold goes now.
        hosting = SceneHosting()
        guard scene.isPresented else { return }
        scene.perform { scene.dismiss() }
    }

    deinit {
        // `destroy` handlers run while the scene and the Lua state still
        // exist; then the state closes. Whoever listened to the trace may be
        // going away with this scene: it hears no more.
        scene.trace.listener = nil
        if scene.isPresented {
            scene.perform { scene.dismiss() }  // one command, begun and ended
        }
        runtime.close()
    }
}

private struct WeakBehaviour {
    weak var behaviour: Behaviour?
    init(_ behaviour: Behaviour) { self.behaviour = behaviour }
}
