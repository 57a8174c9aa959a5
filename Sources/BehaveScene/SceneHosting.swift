import BehaveCore

/// What a host adds to loading a scene (Docs/embedding.md): its widgets
/// bound behind the controls once the whole scene is good, and its
/// services set before any behaviour wakes.
///
/// Nothing of the host's is touched by a scene that does not load: a
/// reload with a mistake leaves the widgets bound to the scene that runs.
public struct SceneHosting {
    /// Called for each control as it is made, while the scene is checked:
    /// throw when no widget of the host can stand behind it (a `.ui` file
    /// without that object, a widget of another kind); the error is a
    /// mistake of the scene at the control's line, and nothing is bound.
    /// Binds nothing itself.
    public var checkControl: ((View) throws(ValueError) -> Void)?
    /// Called for each control, in the scene file's order, once the whole
    /// scene is checked and built, before the controls join the screen
    /// and before any behaviour wakes: the host binds its widget
    /// (`View.bind`). The control already holds the scene file's values,
    /// which the widget hears as it is bound (source `.scene`). It cannot
    /// fail: what can go wrong is `checkControl`'s to say.
    public var bindControl: ((View) -> Void)?
    /// Called with the built scene before any behaviour wakes: the host
    /// sets its services there (`platform`, `dialogPresenter`,
    /// `imageCatalog`, the screen's size).
    public var prepare: ((Scene) -> Void)?

    public init(checkControl: ((View) throws(ValueError) -> Void)? = nil, bindControl: ((View) -> Void)? = nil,
                prepare: ((Scene) -> Void)? = nil) {
        self.checkControl = checkControl
        self.bindControl = bindControl
        self.prepare = prepare
    }
}
