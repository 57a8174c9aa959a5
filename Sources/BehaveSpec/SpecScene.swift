import BehaveCore
import BehaveLua

/// A scene made by a spec. It lives in a Lua state of its own (its own
/// `LuaRuntime`), separate from the spec's, so a spec and the behaviours it
/// tests cannot see each other's globals or spend each other's budgets.
final class SpecScene {
    let scene: Scene
    let runtime: LuaRuntime
    /// What else keeps the scene running (a scene file's `LoadedScene`).
    private var keepAlive: AnyObject?
    /// What made it and closes it when it ends: a spec (by index, with its
    /// before_each and after_each), a describe block (its setup: closed
    /// after its teardown) or the file's top level (closed with the file).
    let owner: SpecFileRun.Owner
    let log: SceneLog
    var recordings: [Recording] = []
    private(set) var isClosed = false
    /// Its Lua state is freed (the scene was dismissed: nothing of it runs
    /// again); what it was stays readable.
    var isFreed: Bool { runtime.isClosed }

    init(scene: Scene, runtime: LuaRuntime, keepAlive: AnyObject?, owner: SpecFileRun.Owner, log: SceneLog) {
        self.scene = scene
        self.runtime = runtime
        self.keepAlive = keepAlive
        self.owner = owner
        self.log = log
    }

    /// Frees the scene's Lua state, once it is dismissed.
    func freeLua() {
        guard !scene.isPresented else { return }
        runtime.close()
        keepAlive = nil
    }

    /// Stops the scene's behaviours and lets go of what the spec's state
    /// holds for it.
    func close(in specRuntime: LuaRuntime) {
        guard !isClosed else { return }
        isClosed = true
        for recording in recordings {
            recording.connection?.disconnect()
            specRuntime.release(recording.list)
        }
        recordings.removeAll()
        scene.trace.listener = nil
        runtime.close()
        keepAlive = nil
    }
}

/// What a scene's trace says that a spec must see: script errors (a spec
/// that does not read them fails) and logs (shown with a failure).
final class SceneLog {
    static let maximumLines = 1000
    private(set) var errors: [String] = []
    /// Errors before this index have been read by the spec (or reported).
    var checked = 0
    var logs: [String] = []

    func hear(_ entry: Trace.Entry) {
        switch entry.kind {
        case .error:
            guard errors.count < SceneLog.maximumLines else { return }
            var message = entry.message
            if case .string(let text)? = entry.fields.first(where: { $0.0 == "error" })?.1 {
                message = firstLines(text)
                if case .string(let context)? = entry.fields.first(where: { $0.0 == "context" })?.1 {
                    message += " (\(context))"
                }
            }
            errors.append(message)
        case .log:
            if logs.count < SceneLog.maximumLines { logs.append(entry.message) }
        default:
            break
        }
    }

    var unchecked: ArraySlice<String> { errors[min(checked, errors.count)...] }
}

/// `s:record("toggle.valueChanged")`: a Lua list in the spec's state that
/// gets each firing's arguments. Firings are kept here and appended when
/// the scene call that caused them returns to the spec.
final class Recording {
    static let maximumEntries = 100_000
    let list: LuaReference
    var pending: [[Value]] = []
    var count = 0
    var connection: Connection?

    init(list: LuaReference) {
        self.list = list
    }

    func hear(_ arguments: [Value]) {
        guard count < Recording.maximumEntries else { return }
        count += 1
        pending.append(arguments)
    }
}

/// The text of an error without its traceback.
func firstLines(_ message: String) -> String {
    guard let range = message.range(of: "\nstack traceback:") else { return message }
    return String(message[..<range.lowerBound])
}
