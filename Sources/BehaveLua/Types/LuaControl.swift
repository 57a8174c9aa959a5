import BehaveCore
import BehaveSyntax
import CLuaShim

/// A control (a view of the screen) as scripts see it. Its properties are
/// read and set in C (controls.c, typed slots per control): what reaches
/// Swift is the slow path — a property an animation presents, `delegate`,
/// a value to convert or check, a control that is gone, a mistake — and
/// the methods every control has.
extension HostType {
    static let control = HostType("control", className: "Behave.View", methods: controlMethods, properties: [
        // Answered by the C half (controls.c), as the schema's name.
        field("type", "Behave.ControlType", "the control's type name"),
    ], metamethods: [
        HostFunction("__index") { runtime, S throws(ValueError) in try runtime.controlIndex(S) },
        HostFunction("__newindex") { runtime, S throws(ValueError) in try runtime.controlNewIndex(S) },
    ])

    /// `control:on(event, fn)` and `control:once(event, fn)`, which the
    /// keyboard has too.
    static let controlMethods = [
        HostFunction("on", connectSignature("Calls handler each time the control sends event.")) { runtime, S throws(ValueError) in
            try runtime.connect(once: false, S)
        },
        HostFunction("once", connectSignature("Calls handler the next time only.")) { runtime, S throws(ValueError) in
            try runtime.connect(once: true, S)
        },
    ]

    /// `on` and `once` take an event of the control's and a handler of
    /// the control and the event's values (`behave types` narrows both).
    private static func connectSignature(_ doc: String) -> LuaSignature {
        LuaSignature(doc, ("event", "string"), ("handler", "fun(control: any, ...: any)"), returns: "Behave.Connection")
    }
}

extension LuaRuntime {
    /// `control.key` when the C half could not answer.
    func controlIndex(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        guard let found = view(at: 1, in: S) else { throw ValueError("not an object") }
        guard let view = found else { throw ValueError("this control no longer exists (it was removed from the screen)") }
        let key = try argument(2, "field name", string(at: 2, in: S), in: S)
        switch key {
        case "delegate" where !view.schema.delegateMessages.isEmpty:
            if let delegate = view.delegate as? LuaBehaviour, delegate.runtime === self, delegate.selfRef != 0 {
                pushSelf(of: delegate, for: runningBehaviour, on: S)
            } else {
                lua_pushnil(S)
            }
        default:
            guard let index = view.schema.index(of: key) else {
                if let method = view.controlType.method(named: key) {
                    pushControlMethod(method, of: view.controlType, on: S)
                    return 1
                }
                throw ValueError("\(view.schema.unknownMember(key).message) (on `\(view.name)`)")
            }
            push(view.value(at: index), on: S)
        }
        return 1
    }

    /// A method of a control type's declaration (`knob:spin(2)`), as a
    /// function of the control and Behave's values.
    private func pushControlMethod(_ method: ControlMethod, of type: ControlType, on S: OpaquePointer) {
        let key = "\(type.name).\(method.name)"
        if let id = controlMethodIDs[key] { return bh_push_host_function(S, id) }
        let id = pushHostFunction(HostFunction(method.name) { runtime, S throws(ValueError) in
            try runtime.callControlMethod(method, of: type, S)
        }, on: S)
        controlMethodIDs[key] = id
    }

    private func callControlMethod(_ method: ControlMethod, of type: ControlType, _ S: OpaquePointer) throws(ValueError) -> Int32 {
        let control = try dotCalled(method.name, passing: .control, in: S, control(at: 1, in: S))
        guard let view = control as? View, view.controlType.isKind(of: type.name) else {
            throw ValueError("bad argument #1 to \(method.name) (a \(type.name) expected)")
        }
        let count = lua_gettop(S)
        guard count - 1 <= LuaRuntime.maximumArguments else {
            throw ValueError("\(method.name) takes at most \(LuaRuntime.maximumArguments) arguments")
        }
        var arguments: [Value] = []
        for index in stride(from: Int32(2), through: count, by: 1) {
            guard let value = value(at: index, in: S) else {
                throw ValueError("bad argument #\(index - 1) to \(method.name) (a \(typeName(at: index, in: S)) cannot cross to the host)")
            }
            arguments.append(value)
        }
        let result = try scene.with(source: .script) { () throws(ValueError) -> Value? in try method.body(view, arguments) }
        guard let result else { return 0 }
        push(result, on: S)
        return 1
    }

    /// `control.key = value` when the C half could not do it.
    func controlNewIndex(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        guard let found = view(at: 1, in: S) else { throw ValueError("not an object") }
        let key = try argument(2, "property name", string(at: 2, in: S), in: S)
        guard let view = found else { throw ValueError("this control no longer exists (it was removed from the screen)") }
        if key == "delegate", !view.schema.delegateMessages.isEmpty {
            view.delegate = try delegate(at: 3, in: S)
            return 0
        }
        guard let index = view.schema.index(of: key) else {
            throw ValueError("\(view.schema.unknownProperty(key).message) (on `\(view.name)`)")
        }
        let spec = view.schema.properties[index]
        do {
            try view.set(at: index, to: try value(at: 3, for: spec, in: S))
        } catch {
            var refused = view.qualified(error)
            // `"10"` for a number: the fix `check` gives too.
            refused.fix = refused.fix ?? value(at: 3, in: S).flatMap { ScriptAdvice.literalFix(for: spec.type, given: $0) }
            throw refused
        }
        return 0
    }

    /// `control:on(event, fn)` / `control:once(event, fn)`.
    func connect(once: Bool, _ S: OpaquePointer) throws(ValueError) -> Int32 {
        let verb = once ? "once" : "on"
        let source = try dotCalled(verb, passing: .control, in: S, control(at: 1, in: S))
        let event = try argument(2, "event name", string(at: 2, in: S), in: S)
        guard source.eventNames.contains(event) else { throw source.noSuchEvent(event) }
        guard lua_type(S, 3) == LUA_TFUNCTION else {
            throw ValueError("bad argument #2 to \(verb) (function expected, got \(typeName(at: 3, in: S)))")
        }
        let behaviour = try currentBehaviour("\(verb)")
        // The handler gets the control (its userdata, kept with the
        // function) and the event's values.
        let callback = try callback(at: 3, info: HandlerInfo(.event(event, of: source.responderName)),
                                    sender: 1, for: verb, in: S)
        callback.behaviour = behaviour
        let connection = source.listen(declared: event, once: once, direct: callback.direct(for: behaviour)) { values in
            callback.run(arguments: values)
        }
        behaviour.bind(connection)
        pushNewObject(objects.handle(for: connection, kind: .connection, owner: behaviour), on: S)
        return 1
    }

    /// A control's new delegate: a behaviour's `self` (of this scene, or
    /// another behaviour's as a script reads it), or nil.
    private func delegate(at index: Int32, in S: OpaquePointer) throws(ValueError) -> (any DelegateReceiver)? {
        if lua_type(S, index) == LUA_TNIL { return nil }
        if let behaviour = behaviour(ofSelfAt: index, in: S), behaviour.isAlive { return behaviour }
        throw ValueError("a delegate must be a behaviour (`self`) or nil, not a \(typeName(at: index, in: S))")
    }
}

extension View {
    /// `button.alpha must be at most 1`: an error about one of its
    /// properties, named by the control (not its type).
    func qualified(_ error: ValueError) -> ValueError {
        var qualified = error
        let typePrefix = typeName + "."
        qualified.text = name + "." + (error.text.hasPrefix(typePrefix) ? String(error.text.dropFirst(typePrefix.count)) : error.text)
        return qualified
    }
}
