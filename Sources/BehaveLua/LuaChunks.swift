import BehaveCore
import BehaveSyntax
import CLuaShim
import Synchronization

/// A Lua value kept in a runtime's registry for host code to use later
/// (a function to call, a table to fill). Release it when done.
public struct LuaReference: Hashable, Sendable {
    let id: Int32
}

/// An argument host code passes to a Lua function.
public enum LuaArgument {
    case value(Value)
    case reference(LuaReference)
}

/// Chunks and calls for host code outside BehaveLua: load source in a fresh
/// sandbox environment and call stored functions, always through bh_load and
/// bh_pcall, so no Lua error reaches a Swift frame.
extension LuaRuntime {
    /// A fresh sandbox environment (Docs/sandbox.md: the safe globals, fresh copies
    /// of the libraries, no behaviour API). Its `math.random` is a generator
    /// of its own, seeded from the runtime's seed and `identity` (a spec
    /// file's path, say), the same on every run (`generator(of:)`).
    public func newEnvironment(identity: String? = nil) throws(LuaError) -> LuaReference {
        let S = try openStack()
        if let identity {
            pushString(identity, on: S)
            bh_push_sandbox_env(S, -1)
            lua_rotate(S, -2, 1)
            bh_pop(S, 1)
        } else {
            bh_push_sandbox_env(S, 0)
        }
        return LuaReference(id: luaL_ref(S, bh_registryindex()))
    }

    /// The `math.random` generator of `environment` (a `newEnvironment`),
    /// for `restart`; nil when the environment holds another.
    public func generator(of environment: LuaReference) throws(LuaError) -> LuaReference? {
        let S = try openStack()
        pushRef(environment.id, on: S)
        bh_push_generator(S, -1)
        guard lua_type(S, -1) == LUA_TFUNCTION else {
            bh_pop(S, 2)
            return nil
        }
        let reference = LuaReference(id: luaL_ref(S, bh_registryindex()))
        bh_pop(S, 1)
        return reference
    }

    /// The hash of an identity made of parts joined by line feeds, for
    /// `restart`: `part`, after the parts whose hash is `start`, if any.
    public static func identityHash(_ part: String, after start: UInt64? = nil) -> UInt64 {
        let hash = start.map { bh_identity_hash($0, "\n", 1) } ?? 0
        var text = part
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { bh_identity_hash(hash, $0.baseAddress, $0.count) }
        }
    }

    /// Restarts `generator` as if its environment had been made for the
    /// identity of `hash` (`identityHash`).
    public func restart(_ generator: LuaReference, identityHash hash: UInt64) {
        guard let S = try? openStack() else { return }
        bh_restart_generator(S, generator.id, hash)
    }

    /// Compiles `source` (text only, never binary). `chunkName` is Lua's:
    /// `@path` for a file (messages read `path:line:`), `=behave` for a
    /// prelude whose frames locations skip. `environment` becomes the
    /// chunk's `_ENV`; without it the chunk sees the state's own globals.
    public func load(_ source: String, chunkName: String, environment: LuaReference? = nil) throws(LuaError) -> LuaReference {
        try load(Array(source.utf8), chunkName: chunkName, environment: environment)
    }

    /// Compiles source bytes as they are (a file's: Lua source is bytes,
    /// and a string literal keeps every byte, UTF-8 or not).
    public func load(_ source: [UInt8], chunkName: String, environment: LuaReference? = nil) throws(LuaError) -> LuaReference {
        let S = try openStack()
        noteChunkName(chunkName)
        try refuseSlowCompile(source, chunkName: chunkName)
        let status = bh_load(S, source, source.count, chunkName)
        guard status == LUA_OK else { throw compileFailure(status, source: source, chunkName: chunkName, on: S) }
        if let environment {
            pushRef(environment.id, on: S)
            _ = bh_set_env(S, -2)
        }
        return LuaReference(id: luaL_ref(S, bh_registryindex()))
    }

    /// Calls a stored function in a protected call. Called from outside any
    /// script code it is an outermost callback: the instruction budget and
    /// the time limit start afresh for it. Results are read as untyped
    /// values (those without a `Value` form read as null). The error message
    /// ("file:line: message" and a traceback) is thrown.
    @discardableResult
    public func call(_ function: LuaReference, _ arguments: [LuaArgument] = []) throws(LuaError) -> [Value] {
        let (S, base) = try callLeavingResults(function, arguments)
        let top = lua_gettop(S)
        let results = top > base ? (base + 1...top).map { value(at: $0, in: S) ?? .null } : []
        lua_settop(S, base)
        return results
    }

    /// Calls a stored function as `call` does, reading its results as plain
    /// data (`LooseValue`: tables as lists and maps, bounded in depth and
    /// size); no metamethod runs while they are read.
    public func callReturningData(_ function: LuaReference, _ arguments: [LuaArgument] = []) throws(LuaError) -> [LooseValue] {
        let (S, base) = try callLeavingResults(function, arguments)
        defer { lua_settop(S, base) }
        var results: [LooseValue] = []
        var budget = DataBudget()
        var index = base + 1
        while index <= lua_gettop(S) {
            results.append(try data(at: index, in: S, depth: 0, budget: &budget))
            index += 1
        }
        return results
    }

    /// Calls `function` with `arguments` under bh_pcall; its results are
    /// left on the stack above `base`.
    private func callLeavingResults(_ function: LuaReference, _ arguments: [LuaArgument]) throws(LuaError)
        -> (stack: OpaquePointer, base: Int32) {
        let S = try openStack()
        let base = lua_gettop(S)
        guard lua_checkstack(S, Int32(clamping: arguments.count + 8)) != 0 else {
            throw LuaError("too many arguments")
        }
        pushRef(function.id, on: S)
        for argument in arguments {
            switch argument {
            case .value(let value): push(value, on: S)
            case .reference(let reference): pushRef(reference.id, on: S)
            }
        }
        let status = bh_pcall(S, Int32(arguments.count), LUA_MULTRET)
        endAbandonedCapture()
        guard status == LUA_OK else {
            // A runaway gets its hint; the code is no behaviour's.
            throw explained(popError(from: S), in: nil, script: nil)
        }
        return (S, base)
    }

    /// Refuses, before Lua compiles it, a source whose compile would not
    /// end for minutes (`SyntaxReport.slowToCompile`): no limit of the
    /// sandbox reaches inside Lua's compiler.
    func refuseSlowCompile(_ source: [UInt8], chunkName: String) throws(LuaError) {
        guard chunkName.hasPrefix("@"), !LuaRuntime.compilesInTime(source) else { return }
        guard let finding = SyntaxReport.slowToCompile(source: source, file: String(chunkName.dropFirst())) else {
            LuaRuntime.noteCompilesInTime(source)
            return
        }
        throw LuaError(file: finding.file, line: finding.position.line, text: finding.message, fix: finding.fix)
    }

    /// Sources long enough to be read for a slow chain that were read and
    /// passed, by a hash of their bytes (the hash's seed is the process's
    /// own, so no file can be made to match another): a module a thousand
    /// specs require is parsed once, not for each spec's scene. Bounded:
    /// past 1,024 it starts again empty.
    private static let passedSlowCheck = Mutex<Set<Int>>([])

    private static func compilesInTime(_ source: [UInt8]) -> Bool {
        !SyntaxReport.mayBeSlowToCompile(source)
            || passedSlowCheck.withLock { $0.contains(source.hashValue) }
    }

    private static func noteCompilesInTime(_ source: [UInt8]) {
        passedSlowCheck.withLock { passed in
            if passed.count >= 1_024 { passed.removeAll() }
            passed.insert(source.hashValue)
        }
    }

    /// Why `source` did not compile (its message is on `S`): for a file
    /// with a syntax error, the report `behave check` prints
    /// (`SyntaxReport`); otherwise Lua's message. Code nested past the
    /// compiler's levels is a syntax error too, though Lua raises its
    /// "C stack overflow" as a run-time error, with no line.
    func compileFailure(_ status: Int32, source: [UInt8], chunkName: String, on S: OpaquePointer) -> LuaError {
        var error = popError(from: S)
        guard status == LUA_ERRSYNTAX || status == LUA_ERRRUN, chunkName.hasPrefix("@"),
              let finding = SyntaxReport.finding(source: source, file: String(chunkName.dropFirst())) else { return error }
        error.reading = ScriptError.Reading(file: finding.file, line: finding.position.line, column: finding.position.column,
                                            text: "\(finding.message); \(finding.fix)")
        return error
    }

    /// Lets a kept value go.
    public func release(_ reference: LuaReference) {
        unref(reference.id)
    }

    /// The thread to work on (inside a host function, the caller's).
    private func openStack() throws(LuaError) -> OpaquePointer {
        guard !isClosed else { throw LuaError("the Lua state is closed") }
        return callerThread
    }
}
