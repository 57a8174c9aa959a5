/// Something in the responder chain: it may handle actions, and passes the
/// ones it does not handle to its next responder (UIKit's `UIResponder`).
open class Responder {
    public init() {}

    /// The next link of the chain: a view's parent (or the screen), a
    /// behaviour's owner.
    open var nextResponder: Responder? { nil }

    /// The name this responder has in traces and state.
    open var responderName: String { "\(type(of: self))" }

    /// The scene this responder lives in, if any.
    open var scene: Scene? { nil }

    open func canPerformAction(_ action: String) -> Bool { false }

    /// Performs an action this responder can perform.
    open func performAction(_ action: String, sender: Responder, arguments: [Value]) {}

    /// Sends `action` to `target`, or, with no target, along the chain
    /// starting at `self` (control → parents → screen; behaviour → owner → …).
    /// Returns the responder that handled it; the scene records the action
    /// either way, so an unhandled action is never lost silently.
    @discardableResult
    public func sendAction(_ action: String, to target: Responder? = nil, arguments: [Value] = []) -> Responder? {
        var handler: Responder?
        // Where it ends up: its handler, else its target or the end of the chain.
        var reached: Responder = target ?? self
        if let target {
            if target.canPerformAction(action) { handler = target }
        } else {
            var candidate: Responder? = self
            while let responder = candidate {
                reached = responder
                if responder.canPerformAction(action) {
                    handler = responder
                    break
                }
                candidate = responder.nextResponder
            }
        }
        scene?.recordAction(action, from: self, target: target, handledBy: handler, reached: reached, arguments: arguments)
        handler?.performAction(action, sender: self, arguments: arguments)
        return handler
    }
}

/// Something that can be stopped: a connection, a timer, an animation. A
/// behaviour cancels all of its own when it is destroyed.
public protocol Cancellable: AnyObject {
    func cancel()
    /// Whether it may still do something (a timer not yet fired).
    var isActive: Bool { get }
    /// It is now tied to `behaviour`'s life (`Behaviour.bind`).
    func bound(to behaviour: Behaviour)
}

extension Cancellable {
    /// Most need not know whose they are.
    public func bound(to behaviour: Behaviour) {}
}
