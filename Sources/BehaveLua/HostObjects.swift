import BehaveCore
import CLuaShim

/// Controls, connections and timers as scripts see them, and the fields of
/// `self` that live in the host (outlets and inspectables).
extension LuaRuntime {
    /// `control.key` when the C half could not answer: a property an
    /// animation presents, `delegate`, a control that is gone, a mistake.
    func controlIndex() throws(ValueError) -> Int32 {
        guard let found = view(at: 1) else { throw ValueError("not an object") }
        guard let view = found else { throw ValueError("this control no longer exists (it was removed from the screen)") }
        let key = try argument(2, "field name", string(at: 2))
        switch key {
        case "delegate" where !view.schema.delegateMessages.isEmpty:
            if let delegate = view.delegate as? LuaBehaviour, delegate.runtime === self, delegate.selfRef != 0 {
                pushRef(delegate.selfRef)
            } else {
                lua_pushnil(stack)
            }
        default:
            guard let index = view.schema.index(of: key) else {
                throw ValueError("\(view.schema.unknownProperty(key).message) (on `\(view.name)`)")
            }
            push(view.value(at: index))
        }
        return 1
    }

    /// `control.key = value` when the C half could not do it: a property
    /// whose set the control must see, a value to convert, a mistake.
    func controlNewIndex() throws(ValueError) -> Int32 {
        guard let found = view(at: 1) else { throw ValueError("not an object") }
        let key = try argument(2, "property name", string(at: 2))
        guard let view = found else { throw ValueError("this control no longer exists (it was removed from the screen)") }
        if key == "delegate", !view.schema.delegateMessages.isEmpty {
            view.delegate = try delegate(at: 3)
            return 0
        }
        guard let index = view.schema.index(of: key) else {
            throw ValueError("\(view.schema.unknownProperty(key).message) (on `\(view.name)`)")
        }
        let spec = view.schema.properties[index]
        do {
            try view.set(at: index, to: try value(at: 3, for: spec))
        } catch {
            throw view.qualified(error)
        }
        return 0
    }

    /// `object.key` of the keyboard, a connection or a timer.
    func objectIndex() throws(ValueError) -> Int32 {
        guard let handle = objectHandle(at: 1, in: stack) else { throw ValueError("not an object") }
        let key = try argument(2, "field name", string(at: 2))
        switch objects.object(handle) {
        case let keyboard as Keyboard:
            switch key {
            case "on": bh_push_host_function(stack, HostFunction.on.rawValue)
            case "once": bh_push_host_function(stack, HostFunction.once.rawValue)
            case "shown": lua_pushboolean(stack, keyboard.isShown ? 1 : 0)
            case "frame": push(keyboard.frame.map(Value.rect) ?? .null)
            default: throw ValueError("the keyboard has `on`, `once`, `shown` and `frame`, not `\(key)`")
            }
        case let connection as Connection:
            switch key {
            case "connected": lua_pushboolean(stack, connection.isConnected ? 1 : 0)
            case "disconnect": bh_push_host_function(stack, HostFunction.disconnect.rawValue)
            default: throw ValueError("a connection has `connected` and `disconnect()`, not `\(key)`")
            }
        case let timer as BehaveCore.Timer:
            switch key {
            case "pending": lua_pushboolean(stack, timer.isPending ? 1 : 0)
            case "cancel": bh_push_host_function(stack, HostFunction.cancel.rawValue)
            default: throw ValueError("a timer has `pending` and `cancel()`, not `\(key)`")
            }
        default:
            if objects.kind(handle) == .control {
                throw ValueError("this control no longer exists (it was removed from the screen)")
            }
            // A connection or timer of a destroyed behaviour.
            switch key {
            case "connected", "pending": lua_pushboolean(stack, 0)
            case "disconnect", "cancel": bh_push_host_function(stack, HostFunction.noop.rawValue)
            default: lua_pushnil(stack)
            }
        }
        return 1
    }

    func objectNewIndex() throws(ValueError) -> Int32 {
        guard let handle = objectHandle(at: 1, in: stack) else { throw ValueError("not an object") }
        let key = try argument(2, "property name", string(at: 2))
        if objects.kind(handle) == .control, objects.object(handle) == nil {
            throw ValueError("this control no longer exists (it was removed from the screen)")
        }
        throw ValueError("cannot set `\(key)` here")
    }

    /// `control:on(event, fn)` / `control:once(event, fn)`.
    func connect(once: Bool) throws(ValueError) -> Int32 {
        let verb = once ? "once" : "on"
        let source = try dotCalled(verb, passing: .control, control(at: 1))
        let event = try argument(2, "event name", string(at: 2))
        guard source.eventNames.contains(event) else {
            let kind = (source as? View)?.typeName ?? "the"
            throw ValueError("\(kind) `\(source.responderName)` has no event `\(event)`\(Suggestions.hint(for: event, in: source.eventNames))\(source.eventNames.isEmpty ? "; it sends no events" : "; its events: \(source.eventNames.joined(separator: ", "))")")
        }
        guard lua_type(stack, 3) == LUA_TFUNCTION else {
            throw ValueError("bad argument #2 to \(verb) (function expected, got \(typeName(at: 3)))")
        }
        let behaviour = try currentBehaviour("\(verb)")
        // The handler gets the control (its userdata, kept with the
        // function) and the event's values.
        let callback = callback(at: 3, info: HandlerInfo(.text("in \(event) handler of \(source.responderName)")), sender: 1)
        callback.behaviour = behaviour
        let connection = source.listen(to: event, once: once, direct: callback.direct(for: behaviour)) { values in
            callback.run(arguments: values)
        }
        behaviour.bind(connection)
        pushObject(objects.handle(for: connection, kind: .connection, owner: behaviour))
        return 1
    }

    /// A control's new delegate: a behaviour's `self` (of this scene), or nil.
    private func delegate(at index: Int32) throws(ValueError) -> (any DelegateReceiver)? {
        if lua_type(stack, index) == LUA_TNIL { return nil }
        if lua_type(stack, index) == LUA_TTABLE {
            pushRef(selfIDsRef)
            lua_pushvalue(stack, index)
            let found = lua_rawget(stack, -2) == LUA_TNUMBER
            let id = found ? Int(lua_tointegerx(stack, -1, nil)) : -1
            bh_pop(stack, 2)
            if let behaviour = behaviour(id), behaviour.isAlive { return behaviour }
        }
        throw ValueError("a delegate must be a behaviour (`self`) or nil, not a \(typeName(at: index))")
    }

    // MARK: self

    /// `self.key = value`: inspectables are checked against their
    /// declaration; outlets are the scene's to set. Returns false (the
    /// prelude stores the field) for the behaviour's own state.
    func instanceSet() throws(ValueError) -> Int32 {
        let behaviour = try instance(at: 1)
        guard let key = string(at: 2) else {
            lua_pushboolean(stack, 0)
            return 1
        }
        let declaration = behaviour.declaration
        if let spec = declaration.inspectable(key) {
            try behaviour.setInspectable(key, to: try value(at: 3, for: spec))
        } else if declaration.outlet(key) != nil || declaration.outletCollection(key) != nil {
            throw ValueError("outlet `\(key)` is connected by the scene and cannot be assigned")
        } else if key == "name" || key == "owner" {
            throw ValueError("`\(key)` of a behaviour is read-only")
        } else {
            // A new field of the behaviour's own (its first set only): if
            // it looks like a misspelt inspectable, say so.
            // (Cheap first: a misspelling keeps the start and about the length.)
            let declared = (declaration.inspectables.map(\.name) + declaration.outlets.map(\.name)).filter {
                abs($0.utf8.count - key.utf8.count) <= 2 && $0.utf8.first == key.utf8.first
            }
            if key.utf8.count >= 4, !declared.isEmpty, let near = Suggestions.nearest(to: key, in: declared) {
                scene.trace.record(.note, subject: behaviour.name,
                                   "\(location())\(behaviour.name): new field `\(key)`; did you mean `\(near)`?")
            }
            lua_pushboolean(stack, 0)
            return 1
        }
        lua_pushboolean(stack, 1)
        return 1
    }
}

extension View {
    /// `button.alpha must be at most 1`: an error about one of its
    /// properties, named by the control (not its type).
    func qualified(_ error: ValueError) -> ValueError {
        let typePrefix = typeName + "."
        if error.message.hasPrefix(typePrefix) { return ValueError(name + "." + error.message.dropFirst(typePrefix.count)) }
        return ValueError(name + "." + error.message)
    }
}
