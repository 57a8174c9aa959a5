import BehaveCore
import CLuaShim

/// Handlers: every callback of a script (an event handler, a lifecycle
/// method, an action, a delegate message, a timer) runs as a coroutine, so
/// that it can pause (`wait`, `animate`, `ask`). Threads of finished
/// handlers are reused in C (`bh_new_handler`); a handler that pauses gets a
/// `HandlerThread` to be resumed by.
extension LuaRuntime {
    /// Runs the function and arguments `push` pushes on `S` (it returns the
    /// argument count) as a handler of `behaviour`. Errors are reported to
    /// the scene with `context`. Returns the handler's first result when it
    /// finished without waiting. `unpausable` names a handler that must
    /// finish at once (`destroy`, a delegate message whose answer is
    /// needed): in it, whatever would pause (`wait`, `ask`, …) is an error,
    /// never a silent end.
    @discardableResult
    func runHandler(_ behaviour: LuaBehaviour, context: HandlerContext, evenIfDestroyed: Bool = false,
                    unpausable: Unpausable? = nil, push: (OpaquePointer) -> Int32) -> Value? {
        guard !isClosed, sceneIsAlive, behaviour.isAlive || evenIfDestroyed else { return nil }
        guard running.count < LuaRuntime.maximumNesting else {
            scene.reportError("handlers nested more than \(LuaRuntime.maximumNesting) deep (do two behaviours trigger each other's events?)",
                              behaviour: behaviour, context: context.text)
            return nil
        }
        let S = stack
        // Room for the function, `self`, the arguments and what pushing them
        // needs; callers push at most `maximumArguments` values.
        guard lua_checkstack(S, 8 + LuaRuntime.maximumArguments) != 0 else { return nil }
        let base = lua_gettop(S)
        let count = push(S)
        guard lua_gettop(S) == base + count + 1 else {
            lua_settop(S, base)
            return nil
        }
        var handler = bh_handler()
        guard bh_new_handler(S, count, &handler) != 0 else { return nil }
        running.append(RunningHandler(behaviour: behaviour, handler: handler, context: context, unpausable: unpausable))
        let status = bh_resume(S, handler.thread, count, &handler.nresults)
        let ran = running.removeLast()
        stack = S
        if status != LUA_OK, status != LUA_YIELD { bh_end_handler(S, &handler, 0) }
        return finished(status, handler, ran, on: S)
    }

    /// Resumes a waiting handler (`arguments` values already on its stack).
    @discardableResult
    func resume(_ waiting: HandlerThread, arguments: Int32, evenIfDestroyed: Bool = false) -> Value? {
        guard !isClosed, sceneIsAlive, !waiting.isFinished, let behaviour = waiting.behaviour,
              behaviour.isAlive || evenIfDestroyed else { return nil }
        if waiting.isWaiting {
            waiting.isWaiting = false
            handlers[waiting.handler.thread] = nil
        }
        let S = stack
        var handler = waiting.handler
        running.append(RunningHandler(behaviour: behaviour, handler: handler, context: waiting.context,
                                      unpausable: waiting.unpausable, paused: waiting))
        let status = bh_resume(S, handler.thread, arguments, &handler.nresults)
        let ran = running.removeLast()
        stack = S
        if status != LUA_OK, status != LUA_YIELD { bh_end_handler(S, &handler, 0) }
        return finished(status, handler, ran, on: S)
    }

    /// What a handler's run or resumption ended with: its first result, a
    /// pause, or an error reported.
    private func finished(_ status: Int32, _ handler: bh_handler, _ ran: RunningHandler, on S: OpaquePointer) -> Value? {
        switch status {
        case LUA_OK:
            let value = handler.nresults > 0 ? value(at: -handler.nresults, in: handler.thread) : nil
            var handler = handler
            bh_end_handler(S, &handler, 1)
            ran.paused?.isFinished = true
            return value
        case LUA_YIELD:
            lua_settop(handler.thread, 0)
            if let paused = ran.paused, paused.isWaiting {
                handlers[handler.thread] = paused
            } else {
                scene.reportError("coroutine.yield was called outside a coroutine of the script's own; use wait(seconds) to pause a handler",
                                  behaviour: ran.behaviour, context: ran.context.text)
                var handler = handler
                bh_end_handler(S, &handler, 0)
                ran.paused?.isFinished = true
            }
            return nil
        default:
            // The thread was let go.
            ran.paused?.isFinished = true
            let message = explained(LuaRuntime.condense(popString(from: S)), in: ran.behaviour, script: nil)
            scene.reportError(message, behaviour: ran.behaviour, context: ran.context.text)
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

    /// The handler running on the current thread, as one that can pause
    /// (a script's own coroutine is none): made the first time a host
    /// function asks for it.
    func pausableHandler() -> HandlerThread? {
        guard let index = running.lastIndex(where: { $0.handler.thread == stack }) else { return nil }
        if let paused = running[index].paused { return paused }
        let entry = running[index]
        let paused = HandlerThread(handler: entry.handler, behaviour: entry.behaviour, context: entry.context,
                                   unpausable: entry.unpausable)
        running[index].paused = paused
        return paused
    }

    /// Why the handler running on the current thread cannot pause, if so.
    var runningUnpausable: Unpausable? {
        running.last(where: { $0.handler.thread == stack })?.unpausable
    }

    /// The behaviour whose code is running: connections and timers it makes
    /// die with it.
    var runningBehaviour: LuaBehaviour? { running.last?.behaviour }
}

/// A handler running now. Its behaviour is alive while it runs (the
/// caller holds it), so it is held unowned.
struct RunningHandler {
    unowned(unsafe) let behaviour: LuaBehaviour
    let handler: bh_handler
    let context: HandlerContext
    let unpausable: Unpausable?
    /// Its `HandlerThread`, once it may pause (or when it is a resumption).
    var paused: HandlerThread?

    init(behaviour: LuaBehaviour, handler: bh_handler, context: HandlerContext, unpausable: Unpausable?,
         paused: HandlerThread? = nil) {
        self.behaviour = behaviour
        self.handler = handler
        self.context = context
        self.unpausable = unpausable
        self.paused = paused
    }
}

/// A handler that paused, to be resumed later.
final class HandlerThread {
    let handler: bh_handler
    var thread: OpaquePointer { handler.thread }
    weak var behaviour: LuaBehaviour?
    let context: HandlerContext
    /// Why it cannot pause, when it cannot.
    let unpausable: Unpausable?
    /// Set by a host function that yields and will resume it later.
    var isWaiting = false
    var isFinished = false

    init(handler: bh_handler, behaviour: LuaBehaviour, context: HandlerContext, unpausable: Unpausable?) {
        self.handler = handler
        self.behaviour = behaviour
        self.context = context
        self.unpausable = unpausable
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

    var text: String {
        switch self {
        case .text(let text): text
        case .method(let method, let behaviour): "in \(method) of \(behaviour)"
        case .action(let action, let behaviour, let sender): "in action \(action) of \(behaviour) (from \(sender))"
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
}
