import BehaveLua
import CLuaShim
import Foundation

/// The sandbox side of the differential tests: a state made by `bh_open`
/// with the default limits, the harness (`Lua/run.lua`) loaded into sandbox
/// environments, and each case run as an outermost `bh_pcall`, so that every
/// case gets a fresh budget slice and the budget charging of the library
/// functions under test takes part.
final class SandboxSide {
    /// Whose sandbox: a behaviour script's, or a spec file's (its state has
    /// the live metatables of `behave test`).
    enum Mode: String, CaseIterable {
        case behaviour
        case spec
    }

    let mode: Mode
    private let L: OpaquePointer
    private let host: SandboxHost
    private var harnessRef: Int32 = 0

    init(directory: URL, mode: Mode = .behaviour, limits: SandboxLimits = .default) throws {
        self.mode = mode
        host = SandboxHost(directory: directory)
        var config = bh_config(memory_limit: limits.memory, instruction_budget: Int64(limits.instructions),
                               time_limit: limits.seconds, random_seed: limits.randomSeed)
        guard let state = bh_open(&config, sandboxDispatch, Unmanaged.passUnretained(host).toOpaque()) else {
            throw HarnessError("bh_open failed")
        }
        L = state
        if mode == .spec {
            if let message = enableSpecMetatables(on: L) { throw HarnessError("spec metatables: \(message)") }
        }
        // The harness: run.lua called with the two host functions.
        guard host.pushModule("run", on: L) else { throw HarnessError("run.lua: \(pop())") }
        bh_push_host_function(L, SandboxHost.Function.module.rawValue)
        bh_push_host_function(L, SandboxHost.Function.compile.rawValue)
        guard bh_pcall(L, 2, 1) == LUA_OK else { throw HarnessError("run.lua: \(pop())") }
        harnessRef = luaL_ref(L, bh_registryindex())
    }

    deinit {
        bh_close(L)
    }

    /// How many fixed cases come before the random ones.
    func fixedCount() throws -> Int {
        pushField("fixedCount")
        pushString(mode.rawValue)
        guard bh_pcall(L, 1, 1) == LUA_OK else { throw HarnessError("harness.fixedCount: \(pop())") }
        defer { bh_pop(L, 1) }
        var isNumber: Int32 = 0
        let count = bh_tointeger(L, -1, &isNumber)
        guard isNumber != 0 else { throw HarnessError("harness.fixedCount is not a number") }
        return Int(count)
    }

    /// Case `index` of `seed`: the line both sides compare, and its source.
    /// A failure of the harness itself (a limit reached while generating or
    /// serializing) becomes the line, so that it shows as a divergence.
    func line(seed: Int, index: Int) -> (line: String, source: String?) {
        pushField("case")
        lua_pushinteger(L, lua_Integer(seed))
        lua_pushinteger(L, lua_Integer(index))
        pushString(mode.rawValue)
        guard bh_pcall(L, 3, 2) == LUA_OK else {
            return ("?\t\"\"\tthe sandbox's harness failed: \(oneLine(pop()))", nil)
        }
        let source = string(at: -1)
        let line = string(at: -2)
        bh_pop(L, 2)
        return (line, source)
    }

    /// The outcome of one source run under pcall, as the harness writes it.
    func outcome(of source: String) -> String {
        pushField("run")
        pushString(source)
        guard bh_pcall(L, 1, 1) == LUA_OK else { return "the sandbox's harness failed: \(oneLine(pop()))" }
        return pop()
    }

    /// The outcome of `source` run as a callback of its own (at the bottom
    /// of the stack, no pcall around it), with integer arguments, in the
    /// harness's format; a callback that fails reads "error: MESSAGE" with
    /// the message's first line (bh_pcall appends a traceback).
    func callbackOutcome(of source: String, chunkName: String = "=case", arguments: [Int] = []) -> String {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        let bytes = Array(source.utf8)
        guard bh_load(L, bytes, bytes.count, chunkName) == LUA_OK else { return "compile error: \(pop())" }
        bh_push_sandbox_env(L, 0)
        _ = bh_set_env(L, -2)
        for argument in arguments { lua_pushinteger(L, lua_Integer(argument)) }
        guard bh_pcall(L, Int32(arguments.count), LUA_MULTRET) == LUA_OK else {
            let message = pop()
            return "error: \(message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message)"
        }
        // outcome(true, results...)
        let results = lua_gettop(L) - base
        pushField("outcome")
        lua_pushboolean(L, 1)
        lua_rotate(L, base + 1, 2)
        guard bh_pcall(L, results + 1, 1) == LUA_OK else { return "the sandbox's harness failed: \(pop())" }
        return pop()
    }

    /// Whether the last callback ended on one of the sandbox's limits.
    var limitReached: Bool { bh_budget_spent(L) != 0 }

    // MARK: Stack

    private func pushField(_ name: String) {
        lua_rawgeti(L, bh_registryindex(), lua_Integer(harnessRef))
        lua_getfield(L, -1, name)
        bh_remove(L, -2)
    }

    private func pushString(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                lua_pushlstring(L, $0, buffer.count)
            }
        }
    }

    private func string(at index: Int32) -> String {
        var length = 0
        guard let bytes = bh_tolstring_raw(L, index, &length) else { return "(not a string)" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// A message with its traceback on one line, as the lines compared are.
    private func oneLine(_ message: String) -> String {
        message.replacingOccurrences(of: "\n", with: " | ").replacingOccurrences(of: "\t", with: " ")
    }

    private func pop() -> String {
        defer { bh_pop(L, 1) }
        return string(at: -1)
    }
}

/// What the sandbox's host functions need: the folder of the harness.
final class SandboxHost {
    enum Function: Int32 {
        /// module(name): the chunk of Lua/NAME.lua in a sandbox environment.
        case module = 1
        /// compile(source): the case's chunk ("=case") in a fresh sandbox
        /// environment, or nil and the message, as stock Lua's load.
        case compile = 2
    }

    let directory: URL

    init(directory: URL) {
        self.directory = directory
    }

    /// Pushes the chunk of Lua/NAME.lua in a sandbox environment and
    /// returns true, or pushes a message and returns false.
    func pushModule(_ name: String, on L: OpaquePointer) -> Bool {
        let url = directory.appendingPathComponent(name + ".lua")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            lua_pushstring(L, "no module \(name) in \(directory.path)")
            return false
        }
        let bytes = [UInt8](data)
        guard bh_load(L, bytes, bytes.count, "@\(name).lua") == LUA_OK else { return false }
        bh_push_sandbox_env(L, 0)
        _ = bh_set_env(L, -2)
        return true
    }

    func call(_ function: Int32, on L: OpaquePointer) -> Int32 {
        var length = 0
        guard let text = bh_tolstring_raw(L, 1, &length) else {
            lua_pushstring(L, "harness host function: string expected")
            return BH_RAISE
        }
        switch Function(rawValue: function) {
        case .module:
            return pushModule(String(cString: text), on: L) ? 1 : BH_RAISE
        case .compile:
            guard bh_load(L, text, length, "=case") == LUA_OK else {
                lua_pushnil(L)
                bh_insert(L, -2)
                return 2
            }
            bh_push_sandbox_env(L, 0)
            _ = bh_set_env(L, -2)
            return 1
        case nil:
            lua_pushstring(L, "no host function \(function)")
            return BH_RAISE
        }
    }
}

/// Every host function of the harness's state goes through here.
private let sandboxDispatch: bh_dispatch_fn = { state, context, function in
    guard let state, let context else { return BH_RAISE }
    return Unmanaged<SandboxHost>.fromOpaque(context).takeUnretainedValue().call(function, on: state)
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

