import BehaveCore
import BehaveSyntax
import CLuaShim

/// Every Swift function scripts can reach, by id. Each is called through the
/// C trampoline: it reports failure by throwing, and the trampoline raises
/// the Lua error after Swift has returned.
enum HostFunction: Int32, CaseIterable {
    case log, beginAnimation, commitAnimation, wait, after, now, ask, declare
    case set, describe, send, sendAction
    case imageFitting, imageToString, imageEquals, imageReadOnly
    case objectIndex, objectNewIndex, objectToString, controlIndex, controlNewIndex
    case on, once, disconnect, cancel, noop
    case platformAvailable, platformPermission, platformRequestPermission, platformPickImage, platformOpenSettings
    case requireModule, moduleLoaded, moduleBehaviour

    /// The name in the prelude's host table (the case name; spelled out
    /// once, as reflection is slow at every runtime's start).
    var luaName: String { HostFunction.names[Int(rawValue)] }

    private static let names = allCases.map { String(describing: $0) }
}

extension LuaRuntime {
    func dispatch(_ function: HostFunction, on S: OpaquePointer) -> Int32 {
        let outer = stack
        stack = S
        defer { stack = outer }
        do {
            return try call(function)
        } catch {
            lua_settop(S, 0)
            raise(error)
            return BH_RAISE
        }
    }

    /// Pushes `error` for the trampoline to raise: at the position of the
    /// script code that called the host, unless it has one of its own
    /// (a script that failed inside the host call), which the C side is
    /// told of, as its frames are gone.
    func raise(_ error: ScriptError, on S: OpaquePointer? = nil) {
        let S = S ?? stack
        var error = error
        if error.location == nil, let caller = callingFrame() {
            error.file = caller.file
            error.line = caller.line
        } else if let file = error.file, let line = error.line {
            bh_error_raising(S, file, Int32(clamping: line), error.headline.utf8.count)
        }
        raisedError = error
        pushString(error.message, on: S)
    }

    /// The script code that called the host (skipping the prelude), as
    /// Lua's own errors name it; nil when no script code is calling.
    public func callingFrame() -> ScriptError.Frame? {
        guard !isClosed else { return nil }
        var record = lua_Debug()
        for level in Int32(1)...4 {
            guard lua_getstack(stack, level, &record) != 0 else { break }
            guard lua_getinfo(stack, "Sl", &record) != 0, record.currentline > 0 else { continue }
            let file = withUnsafeBytes(of: record.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if file != "behave" { return ScriptError.Frame(file: file, line: Int(record.currentline)) }
        }
        return nil
    }

    /// `file:line: ` of the script code that called the host (skipping the
    /// prelude), as Lua's own errors begin; "" when no script code is
    /// calling.
    public func location() -> String {
        callingFrame().map { "\($0.file):\($0.line): " } ?? ""
    }

    private func call(_ function: HostFunction) throws(ValueError) -> Int32 {
        switch function {
        case .log:
            let text = string(at: 1) ?? ""
            let subject = runningBehaviour?.name ?? loadingScript?.displayName ?? "script"
            scene.log(String(text.prefix(4000)), from: subject)
            return 0
        case .now:
            pushNumber(scene.clock.now)
            return 1
        case .beginAnimation: return try beginAnimation()
        case .commitAnimation: return try commitAnimation()
        case .wait: return try wait()
        case .after: return try after()
        case .ask: return try ask()
        case .platformAvailable, .platformPermission, .platformRequestPermission, .platformPickImage, .platformOpenSettings:
            return try platform(function)
        case .declare: return try declare()
        case .requireModule: return try requireModule()
        case .moduleLoaded: return moduleLoaded()
        case .moduleBehaviour:
            throw ValueError("behaviour { … } declares a behaviour in its own script, and this file is loaded by require as a module; share helpers in a module and give each behaviour a script of its own")
        case .set: return try instanceSet()
        case .describe:
            let name = behaviour(Int(integer(at: 1) ?? -1))?.name ?? "?"
            pushString("behaviour \(name)")
            return 1
        case .send:
            let behaviour = try instance(at: 1)
            let event = try dotCalled("send", passing: .behaviour, argument(2, "event name", string(at: 2)))
            try behaviour.send(event, arguments: try eventArguments(from: 3))
            return 0
        case .sendAction:
            let behaviour = try instance(at: 1)
            let action = try dotCalled("sendAction", passing: .behaviour, argument(2, "action name", string(at: 2)))
            behaviour.sendAction(action, arguments: try eventArguments(from: 3))
            return 0
        case .imageFitting:
            guard isImage(at: 1), let image = image(at: 1, in: stack) else {
                throw dotCallError("fitting", passing: .image, arguments: "width, height")
                    ?? ValueError("fitting must be called on an image: image:fitting(width, height)")
            }
            let width = try argument(2, "width", number(at: 2))
            let height = try argument(3, "height", number(at: 3))
            guard width >= 1, height >= 1, !width.isNaN, !height.isNaN else {
                throw ValueError("fitting needs a width and height of at least 1, not \(formatNumber(width))×\(formatNumber(height))")
            }
            // Beyond any image's size, a bound is no bound.
            pushImage(image.fitting(width: Int(min(width, 1e9)), height: Int(min(height, 1e9))))
            return 1
        case .imageReadOnly:
            throw ValueError("images take no new fields (they have name, width, height and fitting)")
        case .imageToString:
            pushString(isImage(at: 1) ? image(at: 1, in: stack).map { Value.image($0).description } ?? "image" : "image")
            return 1
        case .imageEquals:
            let a = isImage(at: 1) ? image(at: 1, in: stack) : nil
            let b = isImage(at: 2) ? image(at: 2, in: stack) : nil
            lua_pushboolean(stack, a != nil && a == b ? 1 : 0)
            return 1
        case .objectIndex: return try objectIndex()
        case .objectNewIndex: return try objectNewIndex()
        case .controlIndex: return try controlIndex()
        case .controlNewIndex: return try controlNewIndex()
        case .objectToString:
            let handle = objectHandle(at: 1, in: stack)
            let object = handle.flatMap(objects.object)
            switch object {
            case let control as Control: pushString(control.responderName)
            case is Connection: pushString("connection")
            case is BehaveCore.Timer: pushString("timer")
            default: pushString("object (gone)")
            }
            return 1
        case .noop: return 0
        case .on: return try connect(once: false)
        case .once: return try connect(once: true)
        case .disconnect:
            guard let connection = objectHandle(at: 1, in: stack).flatMap(objects.object) as? Connection else {
                throw dotCallError("disconnect", passing: .connection, arguments: "")
                    ?? ValueError("disconnect must be called on a connection: connection:disconnect()")
            }
            connection.disconnect()
            return 0
        case .cancel:
            guard let timer = objectHandle(at: 1, in: stack).flatMap(objects.object) as? BehaveCore.Timer else {
                throw dotCallError("cancel", passing: .timer, arguments: "")
                    ?? ValueError("cancel must be called on a timer: timer:cancel()")
            }
            timer.cancel()
            return 0
        }
    }

    // MARK: Arguments

    func argument<T>(_ index: Int32, _ what: String, _ value: T?) throws(ValueError) -> T {
        guard let value else {
            throw ValueError("bad argument #\(index) (\(what) expected, got \(typeName(at: index)))")
        }
        return value
    }

    func integer(at index: Int32) -> Int? {
        number(at: index).flatMap { Int(exactly: $0) }
    }

    /// The advice for `receiver.method(…)` written for `receiver:method(…)`,
    /// when the calling line has it.
    func dotCallError(_ method: String, passing what: ScriptAdvice.Receiver, arguments: String = "…") -> ValueError? {
        dotCallReceiver(method).map { ValueError(ScriptAdvice.dotCall(method, on: $0, passing: what, arguments: arguments).text) }
    }

    /// `value()`, or the dot-call advice when it fails on a line that
    /// calls `method` with a dot (the arguments moved down one place).
    func dotCalled<T>(_ method: String, passing what: ScriptAdvice.Receiver,
                      _ value: @autoclosure () throws(ValueError) -> T) throws(ValueError) -> T {
        do throws(ValueError) {
            return try value()
        } catch {
            throw dotCallError(method, passing: what) ?? error
        }
    }

    func instance(at index: Int32) throws(ValueError) -> LuaBehaviour {
        guard let id = integer(at: index), let behaviour = behaviour(Int(id)) else {
            throw ValueError("this behaviour no longer exists")
        }
        // Its own `destroy` may still use it.
        guard behaviour.isAlive || runningBehaviour === behaviour else {
            throw ValueError("behaviour `\(behaviour.name)` has been destroyed")
        }
        return behaviour
    }

    /// Values passed with an event or action, from stack index `first` on.
    func eventArguments(from first: Int32) throws(ValueError) -> [Value] {
        let top = lua_gettop(stack)
        guard top >= first else { return [] }
        guard top - first < LuaRuntime.maximumArguments else {
            throw ValueError("\(top - first + 1) arguments; events and actions carry at most \(LuaRuntime.maximumArguments)")
        }
        var values: [Value] = []
        for index in first...top {
            guard let value = value(at: index) else {
                throw ValueError("argument #\(index - first + 1) is a \(typeName(at: index)); events carry nil, booleans, numbers, strings, images and {x, y} / {width, height} tables")
            }
            values.append(value)
        }
        return values
    }

    func objectHandle(at index: Int32, in S: OpaquePointer) -> Int? {
        guard lua_type(S, index) == LUA_TUSERDATA, lua_getmetatable(S, index) != 0 else { return nil }
        pushRef(objectMetatableRef, on: S)
        let ours = lua_rawequal(S, -1, -2) != 0
        bh_pop(S, 2)
        guard ours, let pointer = lua_touserdata(S, index) else { return nil }
        return pointer.load(as: Int.self)
    }

    /// Pushes the userdata of a handle (the same one while it is in use).
    func pushObject(_ handle: Int, on S: OpaquePointer? = nil) {
        let S = S ?? stack
        pushRef(userdataCacheRef, on: S)
        lua_rawgeti(S, -1, lua_Integer(handle))
        if lua_type(S, -1) == LUA_TUSERDATA {
            lua_rotate(S, -2, 1)
            bh_pop(S, 1)
            return
        }
        bh_pop(S, 1)
        let pointer = lua_newuserdatauv(S, MemoryLayout<Int>.size, 0)!
        pointer.storeBytes(of: handle, as: Int.self)
        pushRef(objectMetatableRef, on: S)
        lua_setmetatable(S, -2)
        lua_pushvalue(S, -1)
        lua_rawseti(S, -3, lua_Integer(handle))
        lua_rotate(S, -2, 1)
        bh_pop(S, 1)
    }

    /// Pushes a control (a view, or the keyboard), or nil.
    func pushControl(_ control: Control?, on S: OpaquePointer? = nil) {
        let S = S ?? stack
        switch control {
        case let view as View: bh_push_view(S, view.block)
        case let control?: pushObject(objects.handle(for: control), on: S)
        case nil: lua_pushnil(S)
        }
    }

    /// The view of the control userdata at `index`: nil when it is no
    /// control; `.some(nil)` when the control is gone.
    func view(at index: Int32, in S: OpaquePointer? = nil) -> View?? {
        guard let block = bh_toview(S ?? stack, index) else { return nil }
        guard let host = block.pointee.host else { return .some(nil) }
        return Unmanaged<View>.fromOpaque(host).takeUnretainedValue()
    }

    /// The sender of an action as a handler receives it: a control, a Lua
    /// behaviour of this scene (its `self`), or nil.
    func pushResponder(_ responder: Responder, on S: OpaquePointer? = nil) {
        let S = S ?? stack
        if let control = responder as? Control, !(responder is Behaviour) {
            pushControl(control, on: S)
        } else if let behaviour = responder as? LuaBehaviour, behaviour.runtime === self, behaviour.selfRef != 0 {
            pushRef(behaviour.selfRef, on: S)
        } else {
            lua_pushnil(S)
        }
    }

    /// The control (a view, or the keyboard) of the userdata at `index`.
    func control(at index: Int32) throws(ValueError) -> Control {
        if let view = view(at: index) {
            guard let view else { throw ValueError("this control no longer exists (it was removed from the screen)") }
            return view
        }
        guard let handle = objectHandle(at: index, in: stack) else {
            throw ValueError("expected a control, got \(typeName(at: index))")
        }
        guard let control = objects.object(handle) as? Control else {
            throw ValueError("this control no longer exists (it was removed from the screen)")
        }
        return control
    }

    /// The behaviour whose code is running: connections and timers it makes
    /// die with it.
    func currentBehaviour(_ what: String) throws(ValueError) -> LuaBehaviour {
        guard let behaviour = runningBehaviour else {
            throw ValueError("\(what) can only be used inside a behaviour's methods (not at the top level of a script)")
        }
        return behaviour
    }
}
