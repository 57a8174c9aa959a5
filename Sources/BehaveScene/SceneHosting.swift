import BehaveCore

/// What a host adds to loading a scene (Docs/embedding.md): its widgets
/// bound behind the controls once the whole scene is good, and its
/// services set before any behaviour wakes.
///
/// Nothing of the host's is touched by a scene that does not load: a
/// reload with a mistake leaves the widgets bound to the scene that runs.
/// A reload whose new scene raises as it wakes (`SceneLoader.reload`)
/// calls the running scene's `checkControl` and `bindControl` again, with
/// each of its controls whose widget the new scene took, to give it back:
/// a loaded scene keeps those two calls until it is dismissed.
public struct SceneHosting {
    /// Called for each control as it is made, while the scene is checked:
    /// throw when no widget of the host can stand behind it (a `.ui` file
    /// without that object, a widget of another kind); the error is a
    /// mistake of the scene at the control's line, and nothing is bound.
    /// Binds nothing itself.
    public var checkControl: ((View) throws(ValueError) -> Void)?
    /// Called once, after every control is checked, with the names of the
    /// scene file's controls in its order: returns an error for each thing
    /// the host was given for a name the scene lacks (a widget, a binding
    /// of the app's, under a misspelt name), which no control would ever
    /// reach. Each is the app's mistake, not a line's: the load fails with
    /// them, at no line, and nothing is bound.
    public var checkControlNames: (([String]) -> [ValueError])?
    /// Called for each control, in the scene file's order, once the whole
    /// scene is checked and built, before the controls join the screen
    /// and before any behaviour wakes: the host binds its widget
    /// (`View.bind`). The control already holds the scene file's values,
    /// which the widget hears as it is bound (source `.scene`). It cannot
    /// fail: what can go wrong is `checkControl`'s to say.
    public var bindControl: ((View) -> Void)?
    /// Called with the built scene before any behaviour wakes: the host
    /// sets its services there (`platform`, `dialogPresenter`,
    /// `imageCatalog`, the screen's size), an app connects to the scene's
    /// events. What it throws (an event `on` refuses) is the scene's
    /// error, as a behaviour's `awake` raising is: traced (kind `.error`,
    /// context `prepare`, which the listener hears) and counted, and the
    /// scene wakes on without the rest of `prepare`. Not a load error: the
    /// widgets are bound by then. `SceneLoader.reload` refuses that scene
    /// once it woke, as one whose `awake` raised, and gives the widgets
    /// back to the scene that runs.
    public var prepare: ((Scene) throws -> Void)?

    public init(checkControl: ((View) throws(ValueError) -> Void)? = nil,
                checkControlNames: (([String]) -> [ValueError])? = nil,
                bindControl: ((View) -> Void)? = nil, prepare: ((Scene) throws -> Void)? = nil) {
        self.checkControl = checkControl
        self.checkControlNames = checkControlNames
        self.bindControl = bindControl
        self.prepare = prepare
    }
}
