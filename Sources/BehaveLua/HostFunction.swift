import BehaveCore
import CLuaShim

/// A Swift function scripts can call, with its name (its key in the table
/// it is handed out in): the one way Swift exposes a function to Lua, for
/// the bridge, the libraries and the spec API alike.
///
/// Its body gets the runtime and the thread that called it, as a
/// `lua_CFunction` gets `L`: the arguments are at 1…`lua_gettop(S)`. It
/// pushes its results and returns how many (or `BH_YIELD_BASE - n` to pause
/// the handler with n values, see BehaveLuaShim.h), and reports failure by
/// throwing: the C trampoline raises the Lua error after Swift has
/// returned, with the caller's `file:line:` in front.
struct HostFunction: Sendable {
    typealias Body = @Sendable (LuaRuntime, OpaquePointer) throws(ValueError) -> Int32

    let name: String
    /// How a script calls it, for `behave types` and the linter (methods
    /// of a `HostType`; nil for what scripts do not call by name).
    let signature: LuaSignature?
    let body: Body

    init(_ name: String, _ signature: LuaSignature? = nil, _ body: @escaping Body) {
        self.name = name
        self.signature = signature
        self.body = body
    }
}

/// The host functions of one runtime, by id (the upvalue of each C
/// closure that reaches one).
struct HostFunctionRegistry {
    /// The bodies by id (a call fetches its body only); a runtime adds
    /// about a hundred as it is made.
    private var bodies: [HostFunction.Body] = {
        var bodies: [HostFunction.Body] = []
        bodies.reserveCapacity(128)
        return bodies
    }()
    /// The functions added from outside BehaveLua, for `extensionTable`.
    var published: [(name: String, id: Int32)] = []

    /// Adds a function; its id.
    mutating func add(_ function: HostFunction) -> Int32 {
        bodies.append(function.body)
        return Int32(bodies.count - 1)
    }

    /// The body of function `id`, if there is one.
    func body(_ id: Int32) -> HostFunction.Body? {
        id >= 0 && Int(id) < bodies.count ? bodies[Int(id)] : nil
    }
}

extension LuaRuntime {
    /// Registers `function` and pushes it on `S`; its id.
    @discardableResult
    func pushHostFunction(_ function: HostFunction, on S: OpaquePointer) -> Int32 {
        let id = hostFunctions.add(function)
        bh_push_host_function(S, id)
        return id
    }

    /// Registers `functions` and pushes a table of them by name on `S`;
    /// their ids by name.
    @discardableResult
    func pushHostTable(_ functions: [HostFunction], on S: OpaquePointer) -> [Int32] {
        var ids: [Int32] = []
        ids.reserveCapacity(functions.count)
        lua_createtable(S, 0, Int32(functions.count))
        for function in functions {
            ids.append(pushHostFunction(function, on: S))
            setField(function.name, in: S)
        }
        return ids
    }

    /// Runs host function `id` for a script on `S`.
    func dispatch(_ id: Int32, on S: OpaquePointer) -> Int32 {
        guard let body = hostFunctions.body(id) else {
            lua_settop(S, 0)
            pushString("unknown host function \(id)", on: S)
            return BH_RAISE
        }
        do {
            return try body(self, S)
        } catch {
            lua_settop(S, 0)
            raise(error, on: S)
            return BH_RAISE
        }
    }

    /// Pushes `error` for the trampoline to raise: at the position of the
    /// script code that called the host, unless it has one of its own
    /// (a script that failed inside the host call), which the C side is
    /// told of, as its frames are gone.
    func raise(_ error: ScriptError, on S: OpaquePointer) {
        var error = error
        if error.location == nil, let caller = callingFrame(in: S) {
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
        return callingFrame(in: callerThread)
    }

    /// The script code calling the host on `S`.
    func callingFrame(in S: OpaquePointer) -> ScriptError.Frame? {
        guard !isClosed else { return nil }
        var record = lua_Debug()
        for level in Int32(1)...4 {
            guard lua_getstack(S, level, &record) != 0 else { break }
            guard lua_getinfo(S, "Sl", &record) != 0, record.currentline > 0 else { continue }
            let file = withUnsafeBytes(of: record.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if file != "behave" { return ScriptError.Frame(file: wholeChunkName(file), line: Int(record.currentline)) }
        }
        return nil
    }

    /// `file:line: ` of the script code calling the host on `S`, as Lua's
    /// own errors begin; "" when no script code is calling.
    func location(in S: OpaquePointer) -> String {
        callingFrame(in: S).map { "\($0.file):\($0.line): " } ?? ""
    }

    /// The thread of the innermost host function running, or the main
    /// thread: where host code that was not handed one (the core calling
    /// back, a mirror to update) works. Kept by the C trampoline.
    var callerThread: OpaquePointer { bh_current(L) }
}

/// The dispatcher every host function goes through (see `HostFunction`).
let luaDispatch: bh_dispatch_fn = { state, context, function in
    guard let state, let context,
          let runtime = Unmanaged<RuntimeBox>.fromOpaque(context).takeUnretainedValue().runtime else {
        if let state { lua_pushstring(state, "the scene of this script is gone") }
        return BH_RAISE
    }
    return runtime.dispatch(function, on: state)
}
