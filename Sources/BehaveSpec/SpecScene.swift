import BehaveCore
import BehaveLua
import BehaveScene

/// A scene made by a spec. It lives in a Lua state of its own (its own
/// `LuaRuntime`), separate from the spec's, so a spec and the behaviours it
/// tests cannot see each other's globals or spend each other's budgets.
final class SpecScene {
    let scene: Scene
    let runtime: LuaRuntime
    /// What keeps the scene running.
    private var keepAlive: LoadedScene?
    /// What made it and closes it when it ends: a spec (by index, with its
    /// before_each and after_each), a describe block (its setup: closed
    /// after its teardown) or the file's top level (closed with the file).
    let owner: SpecFileRun.Owner
    let log: SceneLog
    /// What made it, to make it again (`s:explore` starts each run anew).
    var factory: SpecFileRun.SceneFactory?
    /// Exploration's random numbers on this scene, and the shrinking of
    /// the failure a run on it found.
    var exploration = ExplorationRandom(seed: 1)
    var shrinking: SpecShrinking?
    var recordings: [Recording] = []
    /// Bytes of firings recorded since the spec last heard from the scene
    /// (they are copied into the spec's state then, where its memory limit
    /// counts them).
    private var pendingBytes = 0
    /// Why recording stopped, once it has: the spec's next call says so.
    var recordingStopped: String?
    var reportedRecordingStop = false
    private(set) var isClosed = false

    /// Recordings a scene may have at once, and bytes of firings it may
    /// hold between two calls of the spec.
    static let maximumRecordings = 64
    static let maximumPendingBytes = 16 << 20

    /// Keeps a firing for `recording` until the spec's call returns.
    func record(_ arguments: [Value], into recording: Recording) {
        guard recordingStopped == nil else { return }
        let size = 64 + arguments.reduce(0) { $0 + $1.estimatedBytes }
        guard recording.count < Recording.maximumEntries else {
            recordingStopped = "s:record(\"\(recording.target)\") stopped after \(Recording.maximumEntries) firings"
            return
        }
        guard pendingBytes + size <= SpecScene.maximumPendingBytes else {
            recordingStopped = "s:record(\"\(recording.target)\") stopped: the firings recorded during one call hold more than \(SpecScene.maximumPendingBytes >> 20) MiB"
            return
        }
        pendingBytes += size
        recording.count += 1
        recording.pending.append(arguments)
    }

    /// The firings were handed to the spec.
    func recordingsDelivered() {
        pendingBytes = 0
    }
    /// Its Lua state is freed (the scene was dismissed: nothing of it runs
    /// again); what it was stays readable.
    var isFreed: Bool { runtime.isClosed }

    init(_ loaded: LoadedScene, owner: SpecFileRun.Owner, log: SceneLog) {
        scene = loaded.scene
        runtime = loaded.runtime
        keepAlive = loaded
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
            recording.connection?.cancel()
            specRuntime.release(recording.list)
        }
        recordings.removeAll()
        scene.trace.listener = nil
        runtime.close()
        keepAlive = nil
    }
}

/// What a scene's trace says that a spec must see: script errors (a spec
/// that does not read them fails), logs (shown with a failure) and notes
/// (what the scene did not do as asked, said with a failure).
final class SceneLog {
    static let maximumLines = 1000
    /// Notes kept for a failure's report; the rest are counted.
    static let maximumNotes = 3
    private(set) var errors: [String] = []
    /// Where each error came from: the spec's line whose call into the
    /// scene ran the failing code (`spec.lua:4`, "" when unknown), and
    /// whether the code ran past its instruction budget or time limit.
    private(set) var origins: [(call: ScriptError.Frame?, runaway: Bool)] = []
    /// Errors before this index have been read by the spec (or reported).
    var checked = 0
    var logs: [String] = []
    /// The trace's notes since the spec began (a tap a hidden control
    /// ignored, keys past a field's `maxLength`), each with the spec's
    /// line that called into the scene: a refused `s:keys` changes nothing
    /// and raises nothing, so the failing assertion after it is all a
    /// spec would otherwise say. `notesLeftOut` counts those not kept.
    var notes: [(message: String, call: ScriptError.Frame?)] = []
    var notesLeftOut = 0

    /// Takes an entry of the scene's trace; `call` is the spec's line that
    /// is calling into the scene, `runaway` whether the scene's last
    /// callback ran past a limit.
    func hear(_ entry: Trace.Entry, call: ScriptError.Frame? = nil, runaway: Bool = false) {
        switch entry.kind {
        case .error:
            guard errors.count < SceneLog.maximumLines else { return }
            var message = entry.message
            if let error = entry.error {
                message = error.headline + (error.context.map { " (\($0))" } ?? "")
            }
            errors.append(String(message.prefix(8000)))
            origins.append((call, runaway))
        case .log:
            if logs.count < SceneLog.maximumLines { logs.append(String(entry.message.prefix(SpecFileRun.maximumLineLength + 1))) }
        case .note:
            guard notes.count < SceneLog.maximumNotes else {
                notesLeftOut += 1
                return
            }
            notes.append((String(entry.message.prefix(SpecFileRun.maximumLineLength + 1)), call))
        default:
            break
        }
    }

    /// The errors the spec has not read, with where each came from.
    var unchecked: [(message: String, call: ScriptError.Frame?, runaway: Bool)] {
        (min(checked, errors.count)..<errors.count).map { (errors[$0], origins[$0].call, origins[$0].runaway) }
    }
}

/// `s:record("toggle.valueChanged")`: a Lua list in the spec's state that
/// gets each firing's arguments. Firings are kept here and appended when
/// the scene call that caused them returns to the spec.
final class Recording {
    static let maximumEntries = 100_000
    /// `"name.event"`, as the spec asked for it.
    let target: String
    let list: LuaReference
    var pending: [[Value]] = []
    var count = 0
    /// What feeds it: an event's connection, or an observer of actions.
    var connection: (any Cancellable)?

    init(target: String, list: LuaReference) {
        self.target = target
        self.list = list
    }
}

extension Value {
    /// About what the value costs to keep, in bytes.
    var estimatedBytes: Int {
        switch self {
        case .string(let text): 32 + text.utf8.count
        case .image(let image): 48 + image.name.utf8.count
        default: 32
        }
    }
}
