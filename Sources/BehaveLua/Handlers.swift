import BehaveCore
import CLuaShim

/// Handlers: every callback of a script (an event handler, a lifecycle
/// method, an action, a delegate message, a timer) runs as a coroutine, so
/// that it can pause (`wait`, `animate`, `ask`). Threads of finished
/// handlers are reused in C (`bh_new_handler`); a handler that pauses gets a
/// `HandlerThread` to be resumed by.
extension LuaRuntime {
    /// Runs `function` (a registry reference) with the values `push` pushes
    /// on `S` (it returns how many) as a handler of `behaviour`. Errors are
    /// reported to the scene with `info`'s context. Returns the handler's
    /// first result when it finished without waiting.
    @discardableResult
    func runHandler(_ behaviour: LuaBehaviour, _ info: HandlerInfo, function: Int32, evenIfDestroyed: Bool = false,
                    push: (OpaquePointer) -> Int32) -> Value? {
        guard canRun(behaviour, info, evenIfDestroyed: evenIfDestroyed) else { return nil }
        let S = stack
        lua_rawgeti(S, bh_registryindex(), lua_Integer(function))
        return run(behaviour, info, on: S, arguments: push(S))
    }

    /// Runs the function and arguments `push` pushes on `S` (it returns the
    /// argument count) as a handler of `behaviour`.
    @discardableResult
    func runHandler(_ behaviour: LuaBehaviour, _ info: HandlerInfo, evenIfDestroyed: Bool = false,
                    push: (OpaquePointer) -> Int32) -> Value? {
        guard canRun(behaviour, info, evenIfDestroyed: evenIfDestroyed) else { return nil }
        let S = stack
        let base = lua_gettop(S)
        let count = push(S)
        guard lua_gettop(S) == base + count + 1 else {
            lua_settop(S, base)
            return nil
        }
        return run(behaviour, info, on: S, arguments: count)
    }

    /// Whether a handler of `behaviour` may run now, with room on the
    /// stack for its function and arguments (callers push at most
    /// `maximumArguments` values): handlers nested too deep are an error.
    private func canRun(_ behaviour: LuaBehaviour, _ info: HandlerInfo, evenIfDestroyed: Bool) -> Bool {
        guard !isClosed, sceneIsAlive, behaviour.isAlive || evenIfDestroyed else { return false }
        guard runningCount < LuaRuntime.maximumNesting else {
            scene.reportError("handlers nested more than \(LuaRuntime.maximumNesting) deep (do two behaviours trigger each other's events?)",
                              behaviour: behaviour, context: info.context.text)
            return false
        }
        return lua_checkstack(stack, 8 + LuaRuntime.maximumArguments) != 0
    }

    /// Runs the function below `arguments` values on `S`.
    private func run(_ behaviour: LuaBehaviour, _ info: HandlerInfo, on S: OpaquePointer, arguments count: Int32) -> Value? {
        var handler = bh_handler()
        guard bh_new_handler(S, count, &handler) != 0 else { return nil }
        return withExtendedLifetime((behaviour, info)) {
            running[runningCount] = RunningHandler(behaviour: behaviour, handler: handler, info: info)
            runningCount += 1
            let status = bh_resume(S, handler.thread, count, &handler.nresults)
            runningCount -= 1
            let ran = running[runningCount]
            stack = S
            if status != LUA_OK, status != LUA_YIELD { bh_end_handler(S, &handler, 0) }
            return finished(status, handler, ran, on: S)
        }
    }

    /// Resumes a waiting handler (`arguments` values already on its stack).
    @discardableResult
    func resume(_ waiting: HandlerThread, arguments: Int32, evenIfDestroyed: Bool = false) -> Value? {
        guard !isClosed, sceneIsAlive, !waiting.isFinished, let behaviour = waiting.behaviour,
              behaviour.isAlive || evenIfDestroyed, runningCount < LuaRuntime.maximumNesting else { return nil }
        if waiting.isWaiting {
            waiting.isWaiting = false
            handlers[waiting.handler.thread] = nil
        }
        let S = stack
        var handler = waiting.handler
        return withExtendedLifetime((behaviour, waiting)) {
            running[runningCount] = RunningHandler(behaviour: behaviour, handler: handler, info: waiting.info,
                                                   paused: Unmanaged.passRetained(waiting))
            runningCount += 1
            let status = bh_resume(S, handler.thread, arguments, &handler.nresults)
            runningCount -= 1
            let ran = running[runningCount]
            stack = S
            if status != LUA_OK, status != LUA_YIELD { bh_end_handler(S, &handler, 0) }
            return finished(status, handler, ran, on: S)
        }
    }

    /// What a handler's run or resumption ended with: its first result, a
    /// pause, or an error reported.
    private func finished(_ status: Int32, _ handler: bh_handler, _ ran: RunningHandler, on S: OpaquePointer) -> Value? {
        // The pause a host function made of it, if any, is released here
        // unless the handler waits.
        let paused = ran.paused?.takeRetainedValue()
        switch status {
        case LUA_OK:
            let value = handler.nresults > 0 ? value(at: -handler.nresults, in: handler.thread) : nil
            var handler = handler
            bh_end_handler(S, &handler, 1)
            paused?.isFinished = true
            return value
        case LUA_YIELD:
            lua_settop(handler.thread, 0)
            if let paused, paused.isWaiting {
                handlers[handler.thread] = paused
            } else {
                scene.reportError("coroutine.yield was called outside a coroutine of the script's own; use wait(seconds) to pause a handler",
                                  behaviour: ran.behaviour, context: ran.info.context.text)
                var handler = handler
                bh_end_handler(S, &handler, 0)
                paused?.isFinished = true
            }
            return nil
        default:
            // The thread was let go.
            paused?.isFinished = true
            let message = explained(LuaRuntime.condense(popString(from: S)), in: ran.behaviour, script: nil)
            scene.reportError(message, behaviour: ran.behaviour, context: ran.info.context.text)
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
        guard let index = runningIndex else { return nil }
        if let paused = running[index].paused { return paused.takeUnretainedValue() }
        let entry = running[index]
        let paused = HandlerThread(handler: entry.handler, behaviour: entry.behaviour, info: entry.info)
        running[index].paused = Unmanaged.passRetained(paused)
        return paused
    }

    /// The running handler whose thread is the current one.
    private var runningIndex: Int? {
        var index = runningCount - 1
        while index >= 0 {
            if running[index].handler.thread == stack { return index }
            index -= 1
        }
        return nil
    }

    /// Why the handler running on the current thread cannot pause, if so.
    var runningUnpausable: Unpausable? {
        runningIndex.flatMap { running[$0].info.unpausable }
    }

    /// The behaviour whose code is running: connections and timers it makes
    /// die with it.
    var runningBehaviour: LuaBehaviour? { runningCount > 0 ? running[runningCount - 1].behaviour : nil }
}

/// A handler running now: plain data, kept in a buffer of the runtime. Its
/// behaviour and info are alive while it runs (the caller holds them).
struct RunningHandler {
    unowned(unsafe) let behaviour: LuaBehaviour
    let handler: bh_handler
    unowned(unsafe) let info: HandlerInfo
    /// Its `HandlerThread` (retained), once it may pause, or when it is a
    /// resumption.
    var paused: Unmanaged<HandlerThread>?
}

/// What a handler needs besides its function: where it runs, for error
/// reports, and whether it may pause. Made once per connection, timer or
/// method, not per run.
final class HandlerInfo {
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
