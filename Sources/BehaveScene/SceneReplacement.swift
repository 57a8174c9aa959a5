import BehaveCore

/// A reload of a running scene onto the same widgets: what
/// `SceneLoader.reload` and `WatchedSession` share. Made before the new
/// scene is built (building it binds the widgets to the new controls),
/// it wakes the new scene and, when a behaviour raised as it woke,
/// undoes the reload: the new scene lets go of the widgets and is
/// dismissed, and the running scene's controls take their widgets back
/// through the hosting that first bound them, showing their own values,
/// not the new files'.
struct SceneReplacement {
    let running: LoadedScene
    /// The running scene's controls that had a widget, with the binding
    /// each had: one another scene took is given back.
    private let bound: [(control: View, binding: WeakWidget)]

    init(of running: LoadedScene) {
        self.running = running
        bound = (running.scene.screen?.controls ?? []).compactMap { control in
            control.widget.map { (control, WeakWidget($0)) }
        }
    }

    /// Wakes `fresh`, built to replace the running scene, telling
    /// `listener` what it does. When a behaviour raised as it woke, the
    /// reload is undone (see above) and the error names each `awake` that
    /// raised, at its file and line; the running scene was not touched
    /// but for its widgets, which it holds again.
    func wake(_ fresh: LoadedScene, listener: ((Trace.Entry) -> Void)?) throws(SceneLoadError) {
        fresh.start(listener: listener)
        guard fresh.scene.errorCount > 0 else { return }
        let error = SceneReplacement.wakeFailure(of: fresh.scene)
        // Its `destroy` handlers reach no widget, and a widget the host
        // would take out of its window with a removed control stays.
        for control in fresh.scene.screen?.controls ?? [] where control.widget != nil { control.unbind() }
        fresh.dismiss()
        giveBackWidgets()
        throw error
    }

    /// Binds each widget the new scene took to its running control again,
    /// as the running scene's host bound it: checked, then bound, each
    /// control in turn. A control in a scene adopts nothing as it is bound
    /// (`View.bind`): the widget is told the control's values. A widget
    /// the host no longer finds (its window closed meanwhile) is said in
    /// the trace, and its control stays without it.
    private func giveBackWidgets() {
        let taken = bound.filter { $0.control.widget == nil || $0.control.widget !== $0.binding.widget }.map(\.control)
        guard !taken.isEmpty, running.scene.isPresented else { return }
        let hosting = running.hosting
        var checked: [View] = []
        for control in taken {
            do throws(ValueError) {
                try hosting.checkControl?(control)
                checked.append(control)
            } catch {
                running.scene.trace.record(.note, subject: control.name,
                                           "\(control.name) keeps no widget after the refused reload: \(error.message)")
            }
        }
        for control in checked { hosting.bindControl?(control) }
    }

    /// The errors a scene's behaviours raised as they woke, each at its
    /// file and line and in its handler, as a load's mistakes are told.
    static func wakeFailure(of scene: Scene) -> SceneLoadError {
        var raised = scene.trace.entries.filter { $0.kind == .error }.map { said($0.error, or: $0.message) }
        // The trace keeps its latest entries: a flood (a behaviour printing
        // as it woke) may have pushed the first out. The scene keeps it.
        if raised.count < scene.errorCount, let first = scene.firstError {
            let between = scene.errorCount - raised.count - 1
            if between > 0 {
                raised.insert(SceneDiagnostic(file: "", line: nil, message: "\(between) more error\(between == 1 ? "" : "s") as it woke, "
                                              + "which the trace no longer keeps (what came after pushed them out)"), at: 0)
            }
            raised.insert(said(first, or: ""), at: 0)
        }
        return SceneLoadError(raised.isEmpty ? [said(nil, or: "a behaviour raised an error as it woke")] : raised)
    }

    /// One error as a diagnostic: at its file and line when it has them
    /// (and no parser's reading, which names its own), with its context.
    private static func said(_ error: ScriptError?, or message: String) -> SceneDiagnostic {
        guard let error else { return SceneDiagnostic(file: "", line: nil, message: message) }
        let context = error.context.map { " (\($0))" } ?? ""
        guard error.reading == nil, let file = error.file, let line = error.line else {
            return SceneDiagnostic(file: "", line: nil, message: error.summary + context)
        }
        return SceneDiagnostic(file: file, line: line, message: error.explanation + context)
    }
}

/// A binding held weakly: the host's widget owns it.
private struct WeakWidget {
    weak var widget: (any ControlWidget)?
    init(_ widget: any ControlWidget) { self.widget = widget }
}
