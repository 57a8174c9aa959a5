import CBehaveCore

/// An object that sends events: views and behaviours alike (a behaviour is a
/// control, as in KZBehavior). Events reach closures connected with `on` and
/// targets added with `addTarget(_:action:for:)`.
open class Control: Responder {
    // Every access to these is instantaneous (a read, an append, a
    // removeAll whose closure touches nothing else): no access overlaps
    // another, so they are not checked at run time.
    @exclusivity(unchecked) private var connections = SmallList<Connection>()
    /// Connections in `connections` that have disconnected (`remove`).
    @exclusivity(unchecked) private var disconnectedCount = 0
    @exclusivity(unchecked) private var targetActions: [TargetAction] = []
    /// Its name and event names as the trace keeps them, made once.
    @exclusivity(unchecked) private var ownTraceName: CText?
    @exclusivity(unchecked) private var ownEventTexts: [(name: String, text: CText)] = []
    @exclusivity(unchecked) private var cControlStorage: UnsafeMutablePointer<bh_control>?
    /// The event last traced, and its text (one of the texts above, or the
    /// type's, which lives as long as the control).
    @exclusivity(unchecked) private var lastEvent: (name: String, text: CText)?

    /// Its C half, for scripts that send its events without calling Swift
    /// (a behaviour's `self:send`): its name, its events, its scene and
    /// which events something listens to. Made on first use.
    public var cControl: UnsafeMutablePointer<bh_control> {
        if let cControlStorage { return cControlStorage }
        var name = responderName
        let events = eventNames
        let c = name.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { bh_control_new($0.baseAddress, $0.count, Int32(events.count))! }
        }
        for (i, event) in events.enumerated() {
            var event = event
            event.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { bh_control_set_event(c, Int32(i), $0.baseAddress, $0.count) }
            }
        }
        cControlStorage = c
        bh_control_set_scene(c, scene?.c)
        updateListened()
        return c
    }

    /// Tells the C half which events something listens to (and forgets
    /// how the last event was delivered). An event whose last connection
    /// disconnected may stay marked until `remove` drops it: sent, it then
    /// reaches nothing, as it would have.
    private func updateListened() {
        fastEvent = nil
        fastDelivery = nil
        guard let c = cControlStorage else { return }
        if connections.isEmpty, targetActions.isEmpty {  // (a new control)
            c.pointee.listened = 0
            return
        }
        let events = eventNames
        var mask: UInt64 = 0
        func listen(_ event: String) {
            guard let index = events.firstIndex(of: event), index < 64 else { return }
            mask |= 1 << UInt64(index)
        }
        for connection in connections where connection.isConnected { listen(connection.event) }
        for entry in targetActions { listen(entry.event) }
        c.pointee.listened = mask
    }

    /// The scene the C half records in changed (or the control died).
    func cControlDidChange(scene: Scene?, alive: Bool) {
        guard let c = cControlStorage else { return }
        bh_control_set_scene(c, alive ? scene?.c : nil)
        c.pointee.alive = alive ? 1 : 0
    }

    /// The events this control sends.
    open var eventNames: [String] { [] }

    /// Its name as the trace keeps it (its responder name).
    var traceName: CText {
        if let ownTraceName { return ownTraceName }
        // Its C half holds the same name (made from `responderName`).
        let text = cControlStorage.map { bh_text_retain($0.pointee.name)! } ?? responderName.makeText()!
        ownTraceName = text
        return text
    }

    /// The scene's C half, where its events are recorded (nil off a scene).
    var cScene: UnsafeMutablePointer<bh_scene>? { scene?.c }

    /// The trace's text of `event` when its type names it once for all.
    func typeEventText(_ event: String) -> CText? { nil }

    /// Records `event` in the scene's trace, its name made once (the
    /// first 64 names a control sends are kept).
    private func traceEvent(_ event: String, in scene: UnsafeMutablePointer<bh_scene>) {
        // The event sent last, first: a control mostly sends the same one.
        if let last = lastEvent, last.name == event {
            bh_trace_event(scene, traceName, last.text)
            return
        }
        if let text = typeEventText(event) {
            lastEvent = (event, text)
            bh_trace_event(scene, traceName, text)
            return
        }
        for entry in ownEventTexts where entry.name == event {
            lastEvent = entry
            bh_trace_event(scene, traceName, entry.text)
            return
        }
        let text = event.makeText()!
        bh_trace_event(scene, traceName, text)
        if ownEventTexts.count < 64 { ownEventTexts.append((event, text)) } else { bh_text_release(text) }
    }

    deinit {
        bh_text_release(ownTraceName)
        for entry in ownEventTexts { bh_text_release(entry.text) }
        if let c = cControlStorage {
            c.pointee.alive = 0
            bh_control_set_scene(c, nil)
            bh_control_release(c)
        }
    }

    /// Calls `handler` each time `event` is sent, until disconnected. An
    /// event it does not declare (`eventNames`) is refused, as a script's
    /// `on` refuses it: a misspelt name was a handler never called.
    @discardableResult
    public func on(_ event: String, once: Bool = false, _ handler: @escaping (Event) -> Void) throws(ValueError) -> Connection {
        guard eventNames.contains(event) else { throw noSuchEvent(event) }
        return connect(declared: event, once: once, handler: .event(handler))
    }

    /// Calls `handler` with the event's values each time `event` is sent,
    /// until disconnected: `on` for a handler that needs no `Event` (the
    /// sender it knows), which costs less per event. An event that carries
    /// no values goes to `direct` first, when there is one. An event it
    /// does not declare is refused, as `on` refuses it.
    @discardableResult
    public func listen(to event: String, once: Bool = false, direct: DirectCall? = nil,
                       _ handler: @escaping ([Value]) -> Void) throws(ValueError) -> Connection {
        guard eventNames.contains(event) else { throw noSuchEvent(event) }
        return listen(declared: event, once: once, direct: direct, handler)
    }

    /// `listen(to:)` for an event the caller found in `eventNames` (a
    /// script's `on`, which checks it to name the script's line): not
    /// looked for twice.
    @discardableResult
    package func listen(declared event: String, once: Bool = false, direct: DirectCall? = nil,
                        _ handler: @escaping ([Value]) -> Void) -> Connection {
        connect(declared: event, once: once, handler: .values(handler), direct: direct)
    }

    private func connect(declared event: String, once: Bool, handler: Connection.Handler, direct: DirectCall? = nil) -> Connection {
        let connection = Connection(event: event, source: self, once: once, handler: handler)
        connection.direct = direct
        connections.append(connection)
        updateListened()
        return connection
    }

    /// Why `event`, which it does not declare, cannot be heard: the
    /// nearest name it declares ("did you mean"), or another toolkit's
    /// word for one, and the events it has. What `on` throws, from a
    /// script or from Swift. A long name is cut as the trace cuts a long
    /// text: a script's name of a megabyte made a message of one.
    public func noSuchEvent(_ event: String) -> ValueError {
        let kind = (self as? View)?.typeName ?? (self is Behaviour ? "behaviour" : "the")
        let events = eventNames
        return ValueError("\(kind) `\(responderName)` has no event `\(JSON.cutForReading(event))`\(Suggestions.eventHint(for: event, in: events))"
            + (events.isEmpty ? "; it sends no events" : "; its events: \(events.joined(separator: ", "))"))
    }

    /// Target–action: sends `action` to `target` (or along the responder
    /// chain when `target` is nil) each time `event` is sent. An event it
    /// does not declare is refused, as `on` refuses it, and nothing is
    /// added: a misspelt name was an action never sent.
    public func addTarget(_ target: Responder?, action: String, for event: String) throws(ValueError) {
        guard eventNames.contains(event) else { throw noSuchEvent(event) }
        addTarget(target, action: action, declared: event)
    }

    /// `addTarget` for an event the caller found in `eventNames` (a scene
    /// file's connection, which names its line): not looked for twice.
    package func addTarget(_ target: Responder?, action: String, declared event: String) {
        targetActions.append(TargetAction(target: target, hasTarget: target != nil, action: action, event: event))
        updateListened()
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
        updateListened()
    }

    /// Sends `event` to everything connected, in the order of connection.
    public func sendActions(for event: String, arguments: [Value] = []) {
        // The event sent last, when nothing but one direct call (or
        // nothing at all) hears it and it carries no values: no loop.
        if arguments.isEmpty, fastEvent == event, let fast = fastDelivery {
            if let scene = cScene { bh_trace_event(scene, traceName, fast.text) }
            guard let direct = fast.direct else { return }
            if direct.function(direct.context) != 0 { return }
            return deliver(event, arguments: arguments)
        }
        if let scene = cScene { traceEvent(event, in: scene) }
        deliver(event, arguments: arguments)
    }

    /// How the event sent last (`fastEvent`) is delivered, when it needs
    /// no loop (its text, the one direct call that hears it, if any): nil
    /// until it is known, and again after any connection or target
    /// changes. The name is kept apart, compared where it is stored: a
    /// copy of it lived across the calls, retained and released.
    @exclusivity(unchecked) private var fastEvent: String?
    @exclusivity(unchecked) private var fastDelivery: (text: CText, direct: DirectCall?)?

    /// Sends `event` to every connection and target (after the trace).
    private func deliver(_ event: String, arguments: [Value]) {
        if arguments.isEmpty { learnFastDelivery(of: event) }
        if !connections.isEmpty {
            var message: Event?
            for connection in connections where connection.event == event && connection.isConnected {
                // Disconnecting clears the handler: take it first, so a `once`
                // handler still runs this one time. An event without values
                // goes to the direct call first, when there is one.
                if arguments.isEmpty, !connection.once, let direct = connection.direct,
                   direct.function(direct.context) != 0 { continue }
                let handler = connection.handler
                if connection.once { connection.disconnect() }
                switch handler {
                case .values(let handler):
                    handler(arguments)
                case .event(let handler):
                    if message == nil { message = Event(name: event, sender: self, arguments: arguments) }
                    handler(message!)
                }
            }
            // (A connection that disconnects leaves `connections` in time.)
        }
        guard !targetActions.isEmpty else { return }
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
        if targetGone {
            targetActions.removeAll { $0.hasTarget && $0.target == nil }
            updateListened()
        }
    }

    /// Whether `event` is heard by one direct call alone, or by nothing.
    private func learnFastDelivery(of event: String) {
        guard let last = lastEvent, last.name == event, !targetActions.contains(where: { $0.event == event }) else { return }
        var direct: DirectCall?
        for connection in connections where connection.event == event && connection.isConnected {
            guard direct == nil, !connection.once, let call = connection.direct else { return }
            direct = call
        }
        fastEvent = event
        fastDelivery = (last.text, direct)
    }

    /// A connection that disconnected stays in `connections`, inert,
    /// until they are half of it: then all go at once. Removing each at
    /// once made a behaviour with 20,000 connections take 43 s to die.
    fileprivate func remove(_ connection: Connection) {
        fastEvent = nil
        fastDelivery = nil
        disconnectedCount += 1
        guard disconnectedCount * 2 > connections.count || connections.count <= 16 else { return }
        connections.removeAll { !$0.isConnected }
        disconnectedCount = 0
        updateListened()
    }
}

/// A C function that hears an event carrying no values without a Swift
/// closure (a script's handler, run in C): it returns nonzero when it
/// handled the event, zero when the connection's handler must run.
/// `context` must live as long as the connection's handler.
public struct DirectCall {
    public let function: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    public let context: UnsafeMutableRawPointer

    public init(function: @convention(c) (UnsafeMutableRawPointer?) -> Int32, context: UnsafeMutableRawPointer) {
        self.function = function
        self.context = context
    }
}

/// One event as handlers receive it (it keeps its sender while it lives).
public struct Event {
    public var name: String
    public let sender: Control
    public var arguments: [Value]
}

/// A handler connected to an event; `disconnect()` (or the death of the
/// behaviour that made it) stops it.
public final class Connection: Cancellable {
    public let event: String
    let once: Bool
    // Read and replaced instantaneously: no access overlaps another.
    @exclusivity(unchecked) fileprivate var handler: Handler
    private weak var source: Control?
    @exclusivity(unchecked) public private(set) var isConnected = true
    /// The behaviour it is bound to (`Behaviour.bind`): only its code may
    /// disconnect it.
    public private(set) weak var behaviour: Behaviour?

    /// A C function called instead of the handler for an event that
    /// carries no values (see `DirectCall`); cleared when disconnected.
    @exclusivity(unchecked) var direct: DirectCall?

    /// What a connection calls: with the whole event, or with its values.
    enum Handler {
        case event((Event) -> Void)
        case values(([Value]) -> Void)
    }

    init(event: String, source: Control, once: Bool, handler: Handler) {
        self.event = event
        self.source = source
        self.once = once
        self.handler = handler
    }

    public func disconnect() {
        guard isConnected else { return }
        isConnected = false
        handler = .values { _ in }
        direct = nil
        source?.remove(self)
    }

    public func cancel() { disconnect() }
    public var isActive: Bool { isConnected }
    public func bound(to behaviour: Behaviour) { self.behaviour = behaviour }
}

private struct TargetAction {
    weak var target: Responder?
    var hasTarget: Bool
    var action: String
    var event: String
}
