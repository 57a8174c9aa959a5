/// The screen (a view controller): the root of the responder chain, the
/// default owner of behaviours, and the holder of the controls on it.
public final class Screen: Responder, BehaviourOwner {
    public let title: String
    public let ownedBehaviours = BehaviourBag()
    public private(set) var rootViews: [View] = []
    private var controlsByName: [String: WeakControl] = [:]
    private var controlOrder: [String] = []
    private var actionHandlers: [String: (Responder, [Value]) -> Void] = [:]
    weak var sceneReference: Scene?

    public init(title: String) {
        self.title = title
    }

    override public var responderName: String { "screen" }
    override public var scene: Scene? { sceneReference }

    public func addSubview(_ view: View) {
        view.removeFromParent(destroyingBehaviours: false)
        rootViews.append(view)
        view.attach(to: self)
    }

    /// Every control on the screen, in the order they were added.
    public var controls: [View] { controlOrder.compactMap { controlsByName[$0]?.view } }

    public func control(named name: String) -> View? { controlsByName[name]?.view }

    func register(_ view: View) {
        if controlsByName[view.name] == nil { controlOrder.append(view.name) }
        controlsByName[view.name] = WeakControl(view: view)
    }

    func unregister(_ view: View) {
        guard controlsByName[view.name]?.view === view else { return }
        controlsByName[view.name] = nil
        controlOrder.removeAll { $0 == view.name }
    }

    func removeRootView(_ view: View) {
        rootViews.removeAll { $0 === view }
    }

    /// The host app's handler for an action that reaches the screen.
    public func handle(_ action: String, _ handler: @escaping (Responder, [Value]) -> Void) {
        actionHandlers[action] = handler
    }

    override public func canPerformAction(_ action: String) -> Bool { actionHandlers[action] != nil }

    override public func performAction(_ action: String, sender: Responder, arguments: [Value]) {
        actionHandlers[action]?(sender, arguments)
    }

    /// Destroys every behaviour on the screen: those of the controls first
    /// (innermost owners), then the screen's own.
    func destroyAllBehaviours() {
        for view in rootViews { view.destroyOwnedBehaviours() }
        ownedBehaviours.destroyAll()
    }

    deinit {
        ownedBehaviours.destroyAll()
    }
}

private struct WeakControl {
    weak var view: View?
}
