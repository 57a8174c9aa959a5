import BehaveCore
import CLuaShim

/// `animate`, `wait`, `after` and `ask`: the functions that pause a handler
/// coroutine and resume it on the scene's clock or the user's answer.
extension LuaRuntime {
    /// `animate` (its host half: the prelude runs the changes between
    /// these two), `wait`, `after`, `now` and `ask`.
    static let timeFunctions = [
        HostFunction("beginAnimation") { runtime, S throws(ValueError) in try runtime.beginAnimation(S) },
        HostFunction("commitAnimation") { runtime, S throws(ValueError) in try runtime.commitAnimation(S) },
        HostFunction("wait") { runtime, S throws(ValueError) in try runtime.wait(S) },
        HostFunction("after") { runtime, S throws(ValueError) in try runtime.after(S) },
        HostFunction("now") { runtime, S in
            runtime.pushNumber(runtime.scene.clock.now, on: S)
            return 1
        },
        HostFunction("ask") { runtime, S throws(ValueError) in try runtime.ask(S) },
    ]

    /// The handler running on the current thread, if it is one (a script's
    /// own coroutine is not).
    func currentHandler(_ what: String, on S: OpaquePointer) throws(ValueError) -> HandlerThread {
        guard let handler = pausableHandler(on: S) else {
            throw ValueError("\(what) can only pause a handler, not a coroutine of the script's own or its top level")
        }
        if let unpausable = handler.unpausable { throw unpausable.refusal("call \(what)") }
        guard lua_isyieldable(S) != 0 else {
            throw capture != nil ? ValueError(String(cString: bh_changes_refusal())) : Unpausable.insideCCall(what)
        }
        return handler
    }

    /// Marks a handler as waiting; the closure resumes it (and does nothing
    /// once the handler or the runtime is gone).
    func resumption(of handler: HandlerThread) -> () -> Void {
        handler.isWaiting = true
        return { [weak self, weak handler] in
            guard let self, let handler else { return }
            self.resume(handler, arguments: 0)
        }
    }

    /// Keeps the function at `index` for later, run with `info`; with
    /// `sender`, the value at that index is kept too and passed first.
    /// What the host keeps for it counts against the scene's memory limit
    /// while it lives (`what` names the function refused when it is full).
    func callback(at index: Int32, info: HandlerInfo, sender: Int32? = nil, for what: String,
                  in S: OpaquePointer) throws(ValueError) -> LuaCallback {
        guard bh_hold_host_bytes(L, Int64(LuaCallback.hostBytes)) != 0 else {
            throw ValueError("\(what): memory limit exceeded (\(limits.memory / 1024) KiB): the scene's timers and connections, with its scripts' memory, would hold more; cancel timers and disconnect connections that are no longer needed")
        }
        lua_pushvalue(S, index)
        let function = luaL_ref(S, bh_registryindex())
        var kept: Int32 = 0
        if let sender {
            lua_pushvalue(S, sender)
            kept = luaL_ref(S, bh_registryindex())
        }
        return LuaCallback(runtime: self, function: function, info: info, sender: kept)
    }

    func beginAnimation(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        let duration = try argument(1, "duration", number(at: 1, in: S), in: S)
        guard duration >= 0, duration <= 3600, duration.isFinite else {
            throw ValueError("animate: the duration must be between 0 and 3600 seconds, not \(formatNumber(duration))")
        }
        try checkFunction(2, of: "animate", in: S)
        var curve = Curve.easeInOut
        if lua_type(S, 3) != LUA_TNIL, lua_type(S, 3) != LUA_TNONE {
            let name = try argument(3, "curve name", string(at: 3, in: S), in: S)
            guard let named = Curve(rawValue: name) else {
                throw ValueError("animate: unknown curve `\(name)`\(Suggestions.hint(for: name, in: Curve.allCases.map(\.rawValue))); curves: \(Curve.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            curve = named
        }
        guard capture == nil else {
            throw ValueError("animate cannot be called inside another animate's changes")
        }
        capture = (duration, curve, bh_call_depth(L))
        scene.animator.beginCapture()
        return 0
    }

    /// Ends an animation whose changes never reached `commitAnimation`
    /// (they raised, or the callback ran out of its budget on the way
    /// back), once the callback that began it has returned: left open, it
    /// would take every later change of the scene and refuse every later
    /// `animate`, of every behaviour. Called as each callback returns.
    func endAbandonedCapture() {
        guard let capture, capture.depth > bh_call_depth(L) else { return }
        _ = scene.animator.endCapture()
        self.capture = nil
    }

    func commitAnimation(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        let changes = scene.animator.endCapture()
        guard let (duration, curve, _) = capture else { return 0 }
        capture = nil
        if lua_toboolean(S, 1) == 0 {
            // The changes raised: re-raise their error as it was.
            lua_pushvalue(S, 2)
            return BH_RAISE
        }
        let behaviour = try currentBehaviour("animate")
        if duration > 0, let unpausable = runningUnpausable(on: S) {
            throw unpausable.refusal("animate over \(formatNumber(duration)) s (animate(0, …) sets the values at once)")
        }
        guard duration > 0, let handler = pausableHandler(on: S) else {
            let animation = scene.animator.start(changes, duration: duration, curve: curve)
            if !animation.isFinished { behaviour.bind(animation) }
            return 0
        }
        guard lua_isyieldable(S) != 0 else { throw Unpausable.insideCCall("animate over \(formatNumber(duration)) s") }
        let resume = resumption(of: handler)
        let animation = scene.animator.start(changes, duration: duration, curve: curve) { _ in resume() }
        behaviour.bind(animation)
        return BH_YIELD_BASE
    }

    func wait(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        let seconds = try argument(1, "seconds", number(at: 1, in: S), in: S)
        guard seconds >= 0, seconds.isFinite else { throw ValueError("wait: seconds must be a finite number, 0 or more, not \(formatNumber(seconds))") }
        guard capture == nil else { throw ValueError("wait cannot be called inside animate's changes") }
        let handler = try currentHandler("wait", on: S)
        let behaviour = try currentBehaviour("wait")
        let timer = scene.clock.schedule(after: seconds, resumption(of: handler))
        if seconds == 0 { timer.site = callingFrame(in: S) }
        behaviour.bind(timer)
        return BH_YIELD_BASE
    }

    func after(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        let seconds = try argument(1, "seconds", number(at: 1, in: S), in: S)
        guard seconds >= 0, seconds.isFinite else { throw ValueError("after: seconds must be a finite number, 0 or more, not \(formatNumber(seconds))") }
        try checkFunction(2, of: "after", in: S)
        let behaviour = try currentBehaviour("after")
        let info = HandlerInfo(.text("in timer of \(behaviour.name) (after \(formatNumber(seconds)) s)"))
        let callback = try callback(at: 2, info: info, for: "after", in: S)
        callback.behaviour = behaviour
        let timer = scene.clock.schedule(after: seconds) { callback.run() }
        if seconds == 0 { timer.site = callingFrame(in: S) }
        behaviour.bind(timer)
        pushNewObject(objects.handle(for: timer, kind: .timer, owner: behaviour), on: S)
        return 1
    }

    /// `ask { style, title, message, options, cancel }`: presents a dialog
    /// and returns the chosen option (nil for cancel).
    func ask(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        guard lua_type(S, 1) == LUA_TTABLE else {
            throw ValueError("ask takes a table: ask { title = …, options = { … }, cancel = \"Cancel\" }")
        }
        let styleName = try askText("style", in: S) ?? "actionSheet"
        guard let style = Dialog.Style(rawValue: styleName), style == .actionSheet || style == .alert else {
            throw ValueError("ask: style must be \"actionSheet\" or \"alert\", not \"\(styleName)\"")
        }
        // What the dialog shows is as the script gave it, or an error:
        // never an option left out, nor a title dropped.
        var options: [String] = []
        switch field("options", of: 1, in: S) {
        case LUA_TNIL: break
        case LUA_TTABLE:
            let length = lua_rawlen(S, -1)
            guard length <= Dialog.maximumOptions else {
                bh_pop(S, 1)
                throw ValueError("ask: \(length) options; a dialog has at most \(Dialog.maximumOptions)")
            }
            for i in 0..<Int(length) {
                lua_rawgeti(S, -1, lua_Integer(i + 1))
                let option = string(at: -1, in: S)
                let kind = typeName(at: -1, in: S)
                bh_pop(S, 1)
                guard let option else {
                    bh_pop(S, 1)
                    throw ValueError("ask: option #\(i + 1) is a \(kind); options are strings: options = { \"Camera\", \"Photo Library\" }")
                }
                options.append(option)
            }
        default:
            let kind = typeName(at: -1, in: S)
            bh_pop(S, 1)
            throw ValueError("ask: options must be a list of strings, not a \(kind): options = { \"Camera\", \"Photo Library\" }")
        }
        bh_pop(S, 1)
        let cancel = try askText("cancel", in: S)
        guard !options.isEmpty || cancel != nil else {
            throw ValueError("ask needs options = { … } or a cancel title")
        }
        let dialog = Dialog(style: style, title: try askText("title", in: S), message: try askText("message", in: S),
                            options: options, cancel: cancel)
        let handler = try currentHandler("ask", on: S)
        handler.isWaiting = true
        try scene.present(dialog) { [weak self, weak handler] choice in
            guard let self, let handler, lua_checkstack(handler.thread, 1) != 0 else { return }
            if let choice { self.pushString(choice, on: handler.thread) } else { lua_pushnil(handler.thread) }
            self.resume(handler, arguments: 1)
        }
        return BH_YIELD_BASE
    }

    /// `ask`'s text field `key`: nil when absent, an error when it is not
    /// a string.
    private func askText(_ key: String, in S: OpaquePointer) throws(ValueError) -> String? {
        let kind = field(key, of: 1, in: S)
        defer { bh_pop(S, 1) }
        if kind == LUA_TNIL { return nil }
        guard let text = string(at: -1, in: S) else {
            throw ValueError("ask: \(key) must be a string, not a \(typeName(at: -1, in: S))")
        }
        return text
    }
}

/// A Lua function kept for later (a timer's or a connection's), with what
/// running it needs; released when the Swift side lets it go.
final class LuaCallback {
    /// About what the host keeps for one, with its timer or connection (a
    /// script that sets timers in a loop costs the process this much each),
    /// counted against the scene's memory limit while it lives.
    static let hostBytes = 512
    private weak var runtime: LuaRuntime?
    /// The behaviour it runs for (its connections and timers die with it).
    /// Set once, read instantaneously: no access overlaps another.
    @exclusivity(unchecked) weak var behaviour: LuaBehaviour?
    let function: Int32
    let info: HandlerInfo
    /// The value passed first (a connection's control), kept; 0 for none.
    let sender: Int32

    init(runtime: LuaRuntime, function: Int32, info: HandlerInfo, sender: Int32) {
        self.runtime = runtime
        self.function = function
        self.info = info
        self.sender = sender
    }

    /// Runs it as a handler of its behaviour, with its sender and
    /// `arguments`.
    @discardableResult
    func run(arguments: [Value] = []) -> Value? {
        guard let behaviour else { return nil }
        return behaviour.runtime.runHandler(behaviour, info, function: function, first: sender, arguments: arguments)
    }

    /// Runs it from C for an event that carries no values (`bh_fire`).
    private var target: OpaquePointer?

    /// The direct call of a connection that runs it for `behaviour` (in
    /// the behaviour's runtime, its own: read without loading the weak
    /// reference).
    func direct(for behaviour: LuaBehaviour) -> DirectCall? {
        let runtime = behaviour.runtime
        guard !runtime.isClosed else { return nil }
        if target == nil {
            target = bh_new_target(runtime.L, function, sender, behaviour.cControl,
                                   Unmanaged.passUnretained(behaviour).toOpaque(), Unmanaged.passUnretained(info).toOpaque())
        }
        guard let target else { return nil }
        return DirectCall(function: bh_fire, context: UnsafeMutableRawPointer(target))
    }

    deinit {
        bh_free_target(target)
        guard let runtime else { return }
        // A handler that disconnected itself runs on with its info.
        runtime.keepWhileRunning(info)
        runtime.unref(function)
        runtime.unref(sender)
        if !runtime.isClosed { bh_hold_host_bytes(runtime.L, -Int64(LuaCallback.hostBytes)) }
    }
}
