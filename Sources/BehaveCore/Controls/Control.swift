import CBehaveCore

/// An object that sends events: views and behaviours alike (a behaviour is a
/// control, as in KZBehavior). Events reach closures connected with `on` and
/// targets added with `addTarget(_:action:for:)`.
open class Control: Responder {
    private var connections: [Connection] = []
    private var targetActions: [TargetAction] = []
    /// Its name and event names as the trace keeps them, made once.
    private var ownTraceName: CText?
    private var ownEventTexts: [(name: String, text: CText)] = []

    /// The events this control sends.
    open var eventNames: [String] { [] }

    /// Its name as the trace keeps it (its responder name).
    var traceName: CText {
        if let ownTraceName { return ownTraceName }
        let text = responderName.makeText()!
        ownTraceName = text
        return text
    }

    /// Records `event` in the scene's trace, its name made once (the
    /// first 64 names a control sends are kept).
    private func traceEvent(_ event: String, in scene: Scene) {
        if let view = self as? View, let text = view.schema.eventText(event) {
            return scene.trace.recordEvent(text, of: traceName)
        }
        for entry in ownEventTexts where entry.name == event {
            return scene.trace.recordEvent(entry.text, of: traceName)
        }
        let text = event.makeText()!
        scene.trace.recordEvent(text, of: traceName)
        if ownEventTexts.count < 64 { ownEventTexts.append((event, text)) } else { bh_text_release(text) }
    }

    deinit {
        bh_text_release(ownTraceName)
        for entry in ownEventTexts { bh_text_release(entry.text) }
    }

    /// Calls `handler` each time `event` is sent, until disconnected.
    @discardableResult
    public func on(_ event: String, once: Bool = false, _ handler: @escaping (Event) -> Void) -> Connection {
        let connection = Connection(event: event, source: self, once: once, handler: handler)
        connections.append(connection)
        return connection
    }

    /// Target–action: sends `action` to `target` (or along the responder
    /// chain when `target` is nil) each time `event` is sent.
    public func addTarget(_ target: Responder?, action: String, for event: String) {
        targetActions.append(TargetAction(target: target, hasTarget: target != nil, action: action, event: event))
    }

    /// The target–actions added, in order: the event, the action, and the
    /// target's name (nil: along the responder chain). Targets that are gone
    /// are left out. What an inspector lists as a control's connections.
    public var wiredActions: [(event: String, action: String, target: String?)] {
        targetActions.compactMap { entry in
            if entry.hasTarget {
                guard let target = entry.target else { return nil }
                return (entry.event, entry.action, target.responderName)
            }
            return (entry.event, entry.action, nil)
        }
    }

    public func removeTarget(_ target: Responder?, action: String? = nil, for event: String? = nil) {
        targetActions.removeAll {
            $0.target === target && (action == nil || $0.action == action) && (event == nil || $0.event == event)
        }
    }

    /// Sends `event` to everything connected, in the order of connection.
    public func sendActions(for event: String, arguments: [Value] = []) {
        if let scene { traceEvent(event, in: scene) }
        let message = Event(name: event, sender: self, arguments: arguments)
        for connection in connections where connection.event == event && connection.isConnected {
            // Disconnecting clears the handler: take it first, so a `once`
            // handler still runs this one time.
            let handler = connection.handler
            if connection.once { connection.disconnect() }
            handler(message)
        }
        // (A connection that disconnects removes itself from `connections`.)
        var targetGone = false
        for entry in targetActions where entry.event == event {
            if entry.hasTarget {
                guard let target = entry.target else {
                    targetGone = true
                    continue
                }
                sendAction(entry.action, to: target, arguments: arguments)
            } else {
                sendAction(entry.action, arguments: arguments)
            }
        }
        // A target that is gone takes its actions with it.
        if targetGone { targetActions.removeAll { $0.hasTarget && $0.target == nil } }
    }

    fileprivate func remove(_ connection: Connection) {
        connections.removeAll { $0 === connection }
    }
}

/// One event as handlers receive it.
public struct Event {
    public var name: String
    public unowned let sender: Control
    public var arguments: [Value]
}

/// A handler connected to an event; `disconnect()` (or the death of the
/// behaviour that made it) stops it.
public final class Connection: Cancellable {
    public let event: String
    let once: Bool
    fileprivate var handler: (Event) -> Void
    private weak var source: Control?
    public private(set) var isConnected = true

    init(event: String, source: Control, once: Bool, handler: @escaping (Event) -> Void) {
        self.event = event
        self.source = source
        self.once = once
        self.handler = handler
    }

    public func disconnect() {
        guard isConnected else { return }
        isConnected = false
        handler = { _ in }
        source?.remove(self)
    }

    public func cancel() { disconnect() }
    public var isActive: Bool { isConnected }
}

private struct TargetAction {
    weak var target: Responder?
    var hasTarget: Bool
    var action: String
    var event: String
}
