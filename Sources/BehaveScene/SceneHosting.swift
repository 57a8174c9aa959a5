import BehaveCore

/// What a host adds to loading a scene (Docs/embedding.md): its widgets
/// bound behind the controls as they are made, and its services set before
/// any behaviour wakes.
public struct SceneHosting {
    /// Called for each control once it is made, before the scene's values
    /// are set on it: the host binds its widget (`View.bind`), so that the
    /// widget hears the scene's values as changes. A thrown error is a
    /// mistake of the scene at the control's line (a `.ui` file without
    /// that object, a widget of another kind), and nothing wakes.
    public var bindControl: ((View) throws(ValueError) -> Void)?
    /// Called with the built scene before any behaviour wakes: the host
    /// sets its services there (`platform`, `dialogPresenter`,
    /// `imageCatalog`, the screen's size).
    public var prepare: ((Scene) -> Void)?

    public init(bindControl: ((View) throws(ValueError) -> Void)? = nil, prepare: ((Scene) -> Void)? = nil) {
        self.bindControl = bindControl
        self.prepare = prepare
    }
}
