import BehaveCore
import CLuaShim

/// Handlers: every callback of a script (an event handler, a lifecycle
/// method, an action, a delegate message, a timer) runs as a coroutine, so
/// that it can pause (`wait`, `animate`, `ask`). Threads of finished
/// handlers are reused in C (`bh_new_handler`); a handler that pauses gets a
/// `HandlerThread` to be resumed by.
extension LuaRuntime {
    /// Runs `function` (a registry reference) as a handler of `behaviour`,
    /// with `first` (a registry reference, 0 for none) and `arguments`.
    /// Errors are reported to the scene with `info`'s context. Returns the
    /// handler's first result when it finished without waiting.
    @discardableResult
    func runHandler(_ behaviour: LuaBehaviour, _ info: HandlerInfo, function: Int32, first: Int32 = 0,
                    arguments: [Value] = [], evenIfDestroyed: Bool = false) -> Value? {
        guard canRun(behaviour, info, evenIfDestroyed: evenIfDestroyed) else { return nil }
        let S = callerThread
        let count = arguments.isEmpty ? 0 : push(arguments, on: S)
        return run(behaviour, info, on: S) { handler in bh_call_handler(S, function, first, count, &handler) }
    }

    /// Runs the method `method` of `behaviour`'s class (`classRef`) as a
    /// handler, with self (`selfRef`) and the values `arguments` pushes;
    /// nothing when the class has no such function. What `callMethod` does,
    /// with one lookup of the method (a check, then a push, were two).
    @discardableResult
    func runMethod(_ behaviour: LuaBehaviour, _ info: HandlerInfo, classRef: Int32, method: String, selfRef: Int32,
                   evenIfDestroyed: Bool, arguments: (OpaquePointer) -> Int32) -> Value? {
        guard !isClosed else { return nil }
        let S = callerThread
        let base = lua_gettop(S)
        pushRef(classRef, on: S)
        pushName(method, on: S)
        let found = lua_rawget(S, -2) == LUA_TFUNCTION
        lua_rotate(S, -2, 1)
        bh_pop(S, 1)
        guard found, canRun(behaviour, info, evenIfDestroyed: evenIfDestroyed) else {
            lua_settop(S, base)
            return nil
        }
        pushRef(selfRef, on: S)
        let count = 1 + arguments(S)
        guard lua_gettop(S) == base + count + 1 else {
            lua_settop(S, base)
            return nil
        }
        return runPushed(behaviour, info, count: count, on: S)
    }

    /// Runs the method of `behaviour`'s class (`classRef`) whose name is
    /// the string `name` (registry references) as a handler, with self
    /// (`selfRef`), `sender` and `arguments`; nothing when the class has no
    /// such function. What `callMethod` does for a delegate message, with
    /// one lookup of the method.
    @discardableResult
    func runMethod(_ behaviour: LuaBehaviour, _ info: HandlerInfo, classRef: Int32, name: Int32, selfRef: Int32,
                   sender: View, arguments: [Value]) -> Value? {
        guard !isClosed else { return nil }
        let S = callerThread
        guard bh_push_method(S, classRef, name) != 0 else { return nil }
        guard canRun(behaviour, info, evenIfDestroyed: false) else {
            bh_pop(S, 1)
            return nil
        }
        pushRef(selfRef, on: S)
        pushControl(sender, on: S)
        let count = 2 + push(arguments, on: S)
        return runPushed(behaviour, info, count: count, on: S)
    }

    /// Whether a handler of `behaviour` may run now, with room on the
    /// stack for its function and arguments (callers push at most
    /// `maximumArguments` values): handlers nested too deep are an error.
    private func canRun(_ behaviour: LuaBehaviour, _ info: HandlerInfo, evenIfDestroyed: Bool) -> Bool {
        guard !isClosed, sceneIsAlive, behaviour.isAlive || evenIfDestroyed else { return false }
        guard bh_running_count(L) < LuaRuntime.maximumNesting else {
            scene.reportError("handlers nested more than \(LuaRuntime.maximumNesting) deep (do two behaviours trigger each other's events?)",
                              behaviour: behaviour, context: info.context.text(of: behaviour))
            return false
        }
        return lua_checkstack(callerThread, 8 + LuaRuntime.maximumArguments) != 0
    }

    /// Runs the function and its `count` arguments on top of `S` as a
    /// handler of `behaviour`.
    private func runPushed(_ behaviour: LuaBehaviour, _ info: HandlerInfo, count: Int32, on S: OpaquePointer) -> Value? {
        run(behaviour, info, on: S) { handler in
            guard bh_new_handler(S, count, &handler) != 0 else {
                pushString("not enough memory to run a handler", on: S)
                return LUA_ERRMEM
            }
            return bh_resume_handler(S, count, &handler)
        }
    }

    /// Runs a handler with `start` (which makes and resumes it, on the
    /// stack of running handlers) and says how it ended. The caller holds
    /// `behaviour` and `info` while it runs.
    private func run(_ behaviour: LuaBehaviour, _ info: HandlerInfo, on S: OpaquePointer,
                     start: (inout bh_handler) -> Int32) -> Value? {
        var handler = bh_handler()
        handler.behaviour = Unmanaged.passUnretained(behaviour).toOpaque()
        handler.info = Unmanaged.passUnretained(info).toOpaque()
        let status = start(&handler)
        endAbandonedCapture()
        // The common end: finished, nothing returned, nothing paused.
        if status == LUA_OK, handler.nresults == 0, handler.paused == nil { return nil }
        return finished(status, handler, behaviour, info, on: S)
    }

    /// Resumes a waiting handler (`arguments` values already on its stack).
    @discardableResult
    func resume(_ waiting: HandlerThread, arguments: Int32, evenIfDestroyed: Bool = false) -> Value? {
        guard !isClosed, sceneIsAlive, !waiting.isFinished, let behaviour = waiting.behaviour,
              behaviour.isAlive || evenIfDestroyed, bh_running_count(L) < LuaRuntime.maximumNesting else { return nil }
        if waiting.isWaiting {
            waiting.isWaiting = false
            handlers[waiting.handler.thread] = nil
        }
        let S = callerThread
        var handler = waiting.handler
        handler.behaviour = Unmanaged.passUnretained(behaviour).toOpaque()
        handler.info = Unmanaged.passUnretained(waiting.info).toOpaque()
        handler.paused = Unmanaged.passRetained(waiting).toOpaque()
        let status = withExtendedLifetime(behaviour) { bh_resume_handler(S, arguments, &handler) }
        endAbandonedCapture()
        return finished(status, handler, behaviour, waiting.info, on: S)
    }

    /// A handler `bh_fire` ran that did not simply finish.
    func finishedFiring(_ status: Int32, _ handler: bh_handler, on S: OpaquePointer) {
        endAbandonedCapture()
        guard !isClosed else {
            // Closed from inside the handler, which stopped there: its
            // behaviour's handlers went with the close, and nothing is told
            // of a closed scene; a pause it made is let go.
            if let paused = handler.paused { Unmanaged<HandlerThread>.fromOpaque(paused).release() }
            return
        }
        guard let behaviour = handler.behaviour, let info = handler.info else { return }
        _ = finished(status, handler, Unmanaged<LuaBehaviour>.fromOpaque(behaviour).takeUnretainedValue(),
                     Unmanaged<HandlerInfo>.fromOpaque(info).takeUnretainedValue(), on: S)
    }

    /// What a handler's run or resumption ended with: its first result, a
    /// pause, or an error reported.
    private func finished(_ status: Int32, _ handler: bh_handler, _ behaviour: LuaBehaviour, _ info: HandlerInfo,
                          on S: OpaquePointer) -> Value? {
        // The pause a host function made of it, if any, is released here
        // unless the handler waits.
        let paused = handler.paused.map { Unmanaged<HandlerThread>.fromOpaque($0).takeRetainedValue() }
        switch status {
        case LUA_OK:
            guard handler.nresults > 0 else {
                paused?.isFinished = true
                return nil
            }
            let value = value(at: -handler.nresults, in: handler.thread)
            var handler = handler
            bh_end_handler(S, &handler, 1)
            paused?.isFinished = true
            return value
        case LUA_YIELD:
            lua_settop(handler.thread, 0)
            if let paused, paused.isWaiting {
                handlers[handler.thread] = paused
            } else {
                // At the line that yielded: the thread keeps its frames while suspended.
                let frame = callingFrame(in: handler.thread)
                scene.reportError(ScriptError(file: frame?.file, line: frame?.line,
                                              text: "coroutine.yield was called outside a coroutine of the script's own; use wait(seconds) to pause a handler",
                                              context: info.context.text(of: behaviour)), behaviour: behaviour)
                var handler = handler
                bh_end_handler(S, &handler, 0)
                paused?.isFinished = true
            }
            return nil
        default:
            // The thread was let go.
            paused?.isFinished = true
            var error = explained(popError(from: S), in: behaviour, script: nil)
            error.context = info.context.text(of: behaviour)
            scene.reportError(error, behaviour: behaviour)
            return nil
        }
    }

    /// Ends a waiting handler that will never be resumed (its behaviour is
    /// destroyed).
    func finish(_ waiting: HandlerThread) {
        guard !waiting.isFinished else { return }
        waiting.isFinished = true
        if handlers[waiting.handler.thread] === waiting { handlers[waiting.handler.thread] = nil }
        var handler = waiting.handler
        if !isClosed { bh_end_handler(L, &handler, 0) }
    }

    /// The handler running on thread `S`, as one that can pause (a
    /// script's own coroutine is none): made the first time a host
    /// function asks for it.
    func pausableHandler(on S: OpaquePointer) -> HandlerThread? {
        guard let entry = runningEntry(on: S) else { return nil }
        if let paused = entry.pointee.paused { return Unmanaged<HandlerThread>.fromOpaque(paused).takeUnretainedValue() }
        let info = Unmanaged<HandlerInfo>.fromOpaque(entry.pointee.info).takeUnretainedValue()
        let behaviour = Unmanaged<LuaBehaviour>.fromOpaque(entry.pointee.behaviour).takeUnretainedValue()
        var handler = entry.pointee
        handler.paused = nil
        let paused = HandlerThread(handler: handler, behaviour: behaviour, info: info)
        entry.pointee.paused = Unmanaged.passRetained(paused).toOpaque()
        return paused
    }

    /// The running handler whose thread is `S`.
    private func runningEntry(on S: OpaquePointer) -> UnsafeMutablePointer<bh_handler>? {
        guard !isClosed else { return nil }
        var index = bh_running_count(L) - 1
        while index >= 0 {
            let entry = bh_running_at(L, index)!
            if entry.pointee.thread == S { return entry }
            index -= 1
        }
        return nil
    }

    /// Why the handler running on thread `S` cannot pause, if so.
    func runningUnpausable(on S: OpaquePointer) -> Unpausable? {
        runningEntry(on: S).flatMap { Unmanaged<HandlerInfo>.fromOpaque($0.pointee.info).takeUnretainedValue().unpausable }
    }

    /// The behaviour whose code is running: connections and timers it makes
    /// die with it.
    var runningBehaviour: LuaBehaviour? {
        guard !isClosed else { return nil }
        let count = bh_running_count(L)
        guard count > 0, let behaviour = bh_running_at(L, count - 1).pointee.behaviour else { return nil }
        return Unmanaged<LuaBehaviour>.fromOpaque(behaviour).takeUnretainedValue()
    }
}

/// Host functions that pause the handler until something answers: the
/// user (`ask`, `platform.pickImage`), the app (an app function that
/// answers later).
extension LuaRuntime {
    /// Starts something that answers at once or later (`start` is handed
    /// the reply; `subject`, `platform.pickImage`, names it in the refusal
    /// of an answer from another thread): an answer given at once is
    /// returned to the script; a later one resumes the paused handler.
    /// When `start` throws, nothing waits.
    func waitForAnswer(_ handler: HandlerThread, answering subject: String, on S: OpaquePointer,
                       start: (HandlerReply) throws(ValueError) -> Void) throws(ValueError) -> Int32 {
        let pending = PendingAnswer()
        try start(HandlerReply(subject: subject) { [weak self, weak handler] answer in
            guard pending.isWaiting else {
                if pending.immediate == nil { pending.immediate = answer }
                return
            }
            pending.isWaiting = false
            guard let self, let handler else { return }
            self.resume(handler, answeredBy: answer)
        })
        if let answer = pending.immediate { return try answer(self, S) }
        pending.isWaiting = true
        handler.isWaiting = true
        return BH_YIELD_BASE
    }

    /// Resumes a waiting handler with what `answer` pushes on its thread,
    /// or with the error it throws, raised at the line that waited. What
    /// is on the thread then is the paused host function's results (see
    /// `bh_push_raise_mark`), so it starts empty.
    private func resume(_ handler: HandlerThread, answeredBy answer: HandlerAnswer) {
        guard !isClosed, !handler.isFinished else { return }
        let thread = handler.thread
        lua_settop(thread, 0)
        let count: Int32
        do throws(ValueError) {
            count = try answer(self, thread)
        } catch {
            lua_settop(thread, 0)
            guard lua_checkstack(thread, 4) != 0 else { return }
            bh_push_raise_mark(thread)
            raise(error, on: thread)
            count = 2
        }
        resume(handler, arguments: count)
    }
}

/// What a paused host function is answered with: it pushes the results on
/// the handler's thread and returns how many, or throws to raise the error
/// at the script's line.
typealias HandlerAnswer = (LuaRuntime, OpaquePointer) throws(ValueError) -> Int32

/// How what a handler waits for answers it (see `waitForAnswer`): once;
/// later answers are ignored. An answer from another thread than the
/// scene's (a host's completion called where its work ended) is refused
/// before anything is read: it throws, and the handler still waits.
/// Sendable, unchecked, for that reason: a host's completion handler
/// carries it (inside `Platform`'s answer closures) to the scene's thread,
/// and from any other it touches nothing (`deliver` is for callers on the
/// scene's thread, which checked already).
struct HandlerReply: @unchecked Sendable {
    /// What is answered (`platform.pickImage`), for the refusal.
    let subject: String
    /// Made while the handler runs, so on the scene's thread.
    let thread = SceneThread.current
    /// Delivers without the check: for a caller that made it already.
    let deliver: (@escaping HandlerAnswer) -> Void

    func callAsFunction(_ answer: @escaping HandlerAnswer) throws(ValueError) {
        try thread.check("\(subject) was answered", "the answer is refused and the handler still waits",
                         act: "answer", example: "try answer(…)")
        deliver(answer)
    }

    /// Answers with one value.
    func callAsFunction(value: Value) throws(ValueError) {
        try self { runtime, S throws(ValueError) in
            guard lua_checkstack(S, 4) != 0 else { throw ValueError("not enough stack for the answer") }
            runtime.push(value, on: S)
            return 1
        }
    }
}

/// An answer that may come before the handler pauses (nothing to ask) or
/// after (the user chose).
private final class PendingAnswer {
    var immediate: HandlerAnswer?
    var isWaiting = false
}

/// What a handler needs besides its function: where it runs, for error
/// reports, and whether it may pause. Made once per connection, timer or
/// method, not per run; a lifecycle method's is one for every behaviour.
final class HandlerInfo: Sendable {
    let context: HandlerContext
    /// Why it cannot pause, when it cannot.
    let unpausable: Unpausable?

    init(_ context: HandlerContext, unpausable: Unpausable? = nil) {
        self.context = context
        self.unpausable = unpausable
    }
}

/// A handler that paused, to be resumed later.
final class HandlerThread {
    let handler: bh_handler
    var thread: OpaquePointer { handler.thread }
    weak var behaviour: LuaBehaviour?
    let info: HandlerInfo
    var unpausable: Unpausable? { info.unpausable }
    /// Set by a host function that yields and will resume it later.
    var isWaiting = false
    var isFinished = false

    init(handler: bh_handler, behaviour: LuaBehaviour, info: HandlerInfo) {
        self.handler = handler
        self.behaviour = behaviour
        self.info = info
    }
}

/// Where a handler runs, for error reports ("in touchUpInside handler of
/// button"): its text is made only when an error needs it.
enum HandlerContext {
    case text(String)
    /// `in awake of toggle`, `in scrollViewDidScroll of parallax`.
    case method(String, of: String)
    /// `in action toggle of toggle (from button)`.
    case action(String, of: String, from: String)
    /// `in touchUpInside handler of button`: each connection has one.
    case event(String, of: String)
    /// `in awake of toggle`: a lifecycle method, of whichever behaviour
    /// runs it.
    case lifecycle(String)

    /// The text for a handler of `running`.
    func text(of running: LuaBehaviour) -> String {
        switch self {
        case .text(let text): text
        case .method(let method, let behaviour): "in \(method) of \(behaviour)"
        case .lifecycle(let method): "in \(method) of \(running.name)"
        case .action(let action, let behaviour, let sender): "in action \(action) of \(behaviour) (from \(sender))"
        case .event(let event, let control): "in \(event) handler of \(control)"
        }
    }
}

/// A handler that must finish at once, and why.
enum Unpausable {
    /// `destroy()`: a destroyed behaviour is never resumed.
    case destroy
    /// A delegate message whose answer the control needs at once.
    case answer(String)

    /// The error for `what` (`wait`, `ask`, …) called in such a handler.
    func refusal(_ what: String) -> ValueError {
        switch self {
        case .destroy:
            ValueError("destroy() cannot \(what): it would pause, and a destroyed behaviour is never resumed, so the rest of destroy() would not run")
        case .answer(let message):
            ValueError("\(message) cannot \(what): its answer is needed at once; answer, and start what takes time with after(0, function() … end)")
        }
    }

    /// The error for `what` called where Lua cannot pause the handler:
    /// inside a function that a C function of Lua's calls (a `table.sort`
    /// comparison, a `string.gsub` replacement, a `__tostring` that
    /// `tostring` runs). Lua would refuse the pause only after the host had
    /// started it (a timer, a dialog, an animation), which then resumed
    /// the handler at a later pause of its own.
    static func insideCCall(_ what: String) -> ValueError {
        ValueError("\(what) cannot pause here: it was called inside a function that Lua's own C code runs (a table.sort comparison, a string.gsub replacement, a __tostring that tostring or print runs), which cannot pause; pause before or after that call")
    }
}
