import BehaveCore
import BehaveScene
import CGtk

/// Checking an app's own widgets (`GtkHost(widgets:in:)`) against the
/// scene's controls, in the words of the call the app made; and the
/// bindings an app makes itself, for widgets no control type of Behave's
/// fits (a `GtkLevelBar` behind a type of its own).
extension GtkHost {
    /// Binds the control named `name` with a binding of the app's own
    /// (`ControlWidget`), made by `makeBinding` once the scene is good and
    /// before any behaviour wakes, as `SceneHosting.bindControl` would: the
    /// host gives that control no widget of its own and keeps the binding
    /// while the scene runs. A binding that does not bind itself
    /// (`control.bind(self)`) is bound taking its widget's values.
    /// Call it before loading the scene with `hosting`: a name no control
    /// of the scene has fails the load (`mistakesInGivenNames`). Called
    /// once a scene loaded on this host, it throws: the host binds its
    /// controls as the scene loads, and only then.
    public func bind(_ name: String, with makeBinding: @escaping (View) -> any ControlWidget) throws(ValueError) {
        // Before, the binding was kept and never made: the control stayed on its widget, or on none.
        if hasLoaded {
            throw ValueError("GtkHost.bind(_:with:) for `\(name)` came after the scene loaded on this host, which binds its "
                + "controls as the scene loads; call bind before SceneLoader.load(file:hosting:) with this host's hosting, "
                + "or bind on a new GtkHost and load the scene again with it (SceneLoader.reload(file:replacing:hosting:))")
        }
        ownBindings[name] = makeBinding
    }

    func bindOwn(_ view: View, with makeBinding: (View) -> any ControlWidget) {
        let binding = makeBinding(view)
        if view.widget !== binding { view.bind(binding, adoptingItsValues: true) }
        madeOwnBindings.append(binding)
    }

    /// The names the app gave, a widget's (`init(widgets:in:)`) or a
    /// binding's (`bind(_:with:)`), must be the scene's controls': a name
    /// the scene lacks (a typo) would never be bound, and a control given
    /// both would never reach its widget. A misspelt widget key that the
    /// control's own check already suggests is not said twice.
    func mistakesInGivenNames(against controls: [String]) -> [ValueError] {
        let known = Set(controls)
        sceneControlNames = known
        var mistakes: [ValueError] = []
        for name in ownBindings.keys.sorted() {
            if known.contains(name) {
                if appWidgets?[name] != nil {
                    mistakes.append(ValueError("the app gave GtkHost(widgets:in:) a widget named `\(name)` and bound `\(name)` with "
                        + "bind(_:with:) too, so the widget would never be bound; give the control one of them"))
                }
                continue
            }
            mistakes.append(ValueError("the app bound `\(name)` with GtkHost.bind(_:with:), but the scene has no control `\(name)`"
                + Suggestions.hint(for: name, in: controls) + "; bind a control of the scene by its name, or add `\(name)` to the scene"))
        }
        if let appWidgets {
            let keys = appWidgets.keys.sorted()
            // Controls the app gave nothing for: their check names the key nearest them.
            let unclaimed = controls.filter { appWidgets[$0] == nil && ownBindings[$0] == nil }
            for name in keys where !known.contains(name) && ownBindings[name] == nil {
                guard !unclaimed.contains(where: { Suggestions.nearest(to: $0, in: keys.filter { !known.contains($0) }) == name }) else { continue }
                mistakes.append(ValueError("the app gave GtkHost(widgets:in:) a widget named `\(name)`, but the scene has no control `\(name)`"
                    + Suggestions.hint(for: name, in: controls) + "; name the widget after its control, or add `\(name)` to the scene"))
            }
        }
        return mistakes
    }

    /// The widget the app gave for the control's name: of a class that fits
    /// its type, inside the content.
    func checkAppWidget(of view: View, among widgets: [String: GtkWidgetPointer]) throws(ValueError) {
        let name = view.name
        guard contentIsAlive else {
            throw ValueError("the content given to GtkHost(widgets:in:) was destroyed (its window closed); "
                + "make a new host with the widgets of a window that is open")
        }
        guard let widget = widgets[name] else {
            // A key another control has is that control's widget, not a
            // misspelling of this one's name.
            let nearest = Suggestions.nearest(to: name, in: widgets.keys.filter { !sceneControlNames.contains($0) }.sorted())
            throw ValueError("the app gave GtkHost(widgets:in:) no widget named `\(name)`"
                + (nearest.map { " (did you mean `\($0)`?); rename the control or the widget's key" }
                    ?? "; add `\"\(name)\": widget` to its widgets, or remove the control from the scene"))
        }
        guard !destroyedAppWidgets.contains(UnsafeMutableRawPointer(widget)) else {
            throw ValueError("the widget the app gave for `\(name)` was destroyed before the scene loaded (taken out of its "
                + "container, which held its last reference); keep it alive (g_object_ref it before you remove it), "
                + "or make a new host with the widgets the window has")
        }
        guard widget == content || gtk_widget_is_ancestor(widget, content) != 0 else {
            throw ValueError("the widget the app gave for `\(name)` is not inside the content given to GtkHost(widgets:in:); "
                + "add it to the content before loading, or give the container that holds it")
        }
        let kind = GtkControlKind.of(view.controlType)
        guard kind.fits(widget) else {
            let className = string(bhg_type_name(widget)) ?? "another widget"
            let fitting = GtkControlKind.type(fitting: widget)
            throw ValueError("the widget the app gave for `\(name)` is a \(className), but the scene says \(view.typeName): "
                + "a \(view.typeName) is a \(WidgetClasses.named(kind.controlType)); give one of those, or change the control "
                + "to `type: \(fitting)` in the scene " + (fitting == "View" ? "(a View takes any widget)" : "(a \(className) is a \(fitting))"))
        }
        // A radio button: see `WidgetClasses.inRadioGroup`.
        if kind.controlType == "Switch", bhg_check_is_radio(widget) != 0 {
            throw ValueError("the widget the app gave for `\(name)` is a GtkCheckButton in a group (a radio button), but the scene says "
                + "\(view.typeName): a \(view.typeName) flips on its own, where GTK keeps one of the group on; give a check button "
                + "of no group, or change the control to `type: View` in the scene")
        }
        // A widget has one binding: the second control would take it, and
        // the first would hear nothing.
        if let other = found.first(where: { $0.value == widget && $0.key != name })?.key {
            throw ValueError("the app gave GtkHost(widgets:in:) one widget for both `\(other)` and `\(name)`; "
                + "give each control a widget of its own")
        }
        found[name] = widget
    }
}
