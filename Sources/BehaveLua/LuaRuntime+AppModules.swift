import BehaveCore
import CLuaShim

/// The app's modules in one runtime (`AppModules`, Docs/app-functions.md):
/// each is a global table of every behaviour's environment (copied per
/// behaviour, as `platform` is, so one behaviour replacing a function
/// reaches no other) and `require "name"` (found before any file, its
/// value shared read-only). A call checks its arguments against the
/// signature and copies them out as data, runs the app's body with the
/// state sealed (no script can run until it returns), and copies the
/// results in within what the memory limit leaves.
extension LuaRuntime {
    /// Installs the modules registered now into the behaviour API
    /// (`apiRef`) and as modules `require` finds first.
    func installAppModules() {
        let modules = AppModules.all
        guard !modules.isEmpty else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let loader = hostFunctions.add(LuaRuntime.appModuleLoader)
        pushRef(apiRef, on: L)
        for module in modules {
            lua_createtable(L, 0, Int32(module.functions.count))
            for function in module.functions {
                let types = function.parameterTypes
                pushHostFunction(HostFunction(function.name) { runtime, S throws(ValueError) in
                    try runtime.call(function, types: types, of: module.name, on: S)
                }, on: L)
                lua_setfield(L, -2, function.name)
            }
            lua_pushvalue(L, -1)
            lua_setfield(L, -3, module.name)
            bh_push_host_closure(L, loader, 1)
            self.modules.preloads[module.name] = luaL_ref(L, bh_registryindex())
            self.modules.appModules.insert(module.name)
        }
    }

    /// `require "haptics"`'s loader: the module's table (its upvalue).
    private static let appModuleLoader = HostFunction("appModule") { _, S in
        lua_pushvalue(S, bh_upvalueindex(1))
        return 1
    }

    /// The names of the app's modules this runtime has.
    var installedAppModules: Set<String> { modules.appModules }

    // MARK: A call

    /// Runs app function `function` of module `module` for the script on
    /// `S`.
    func call(_ function: AppFunction, types: [LuaDataType], of module: String, on S: OpaquePointer) throws(ValueError) -> Int32 {
        let qualified = "\(module).\(function.name)"
        let call = AppCall(module: module, function: function.name,
                           arguments: try appArguments(of: function, types: types, qualified, on: S),
                           parameters: function.signature.parameters.map(\.name),
                           behaviour: runningBehaviour?.name, location: callingFrame(in: S), scene: sceneReference)
        switch function.kind {
        case .now(let body):
            let results = try sealed(qualified) { () throws -> [JSON] in try body(call) }
            return try pushAppResults(results, of: qualified, on: S)
        case .later(let body):
            let handler = try currentHandler(qualified, on: S)
            return try waitForAnswer(handler, answering: qualified, on: S) { reply throws(ValueError) in
                let appReply = AppReply(qualified) { [weak self] result in
                    self?.deliver(result, to: reply, of: qualified)
                }
                try sealed(qualified) { () throws in try body(call, appReply) }
            }
        }
    }

    /// Runs the app's `body` with the state sealed; what it returns, or
    /// the error it threw (after the function's name). Answers given
    /// meanwhile to other waiting calls are delivered once it returns.
    private func sealed<T>(_ qualified: String, _ body: () throws -> T) throws(ValueError) -> T {
        bh_seal(L, 1)
        runningAppFunction = true
        let result = Result { try body() }
        runningAppFunction = false
        let refused = bh_seal(L, 0)
        let deferred = deferredAppAnswers
        deferredAppAnswers = []
        for answer in deferred { answer() }
        guard refused == 0 else {
            throw ValueError(text: "\(qualified) tried to run scripts before it returned (\(refused) \(refused == 1 ? "callback" : "callbacks") refused)",
                             fix: "the app's function must not send events, tap, or advance the clock; do that after it returns")
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw AppFunction.scriptError(error, from: qualified)
        }
    }

    /// An answer of the app to a call that waits, delivered to the paused
    /// handler: after the app function running now returns, if one is;
    /// otherwise at once, as a command of its own when no script is
    /// running (the app's answer is an event, like a tap).
    private func deliver(_ result: Result<[JSON], ScriptError>, to reply: HandlerReply, of qualified: String) {
        guard !runningAppFunction else {
            deferredAppAnswers.append { [weak self] in self?.deliver(result, to: reply, of: qualified) }
            return
        }
        if !isClosed, bh_running_count(L) == 0 { sceneReference?.beginCommand() }
        // `AppReply` refused an answer from another thread already.
        reply.deliver { runtime, S throws(ValueError) in
            switch result {
            case .success(let results): return try runtime.pushAppResults(results, of: qualified, on: S)
            case .failure(let error): throw error
            }
        }
    }

    // MARK: Arguments

    /// The arguments on `S`, checked against the signature and copied out
    /// as data (within `AppFunction`'s bounds); or the error the script
    /// sees.
    private func appArguments(of function: AppFunction, types: [LuaDataType], _ qualified: String,
                              on S: OpaquePointer) throws(ValueError) -> [JSON] {
        let count = Int(lua_gettop(S))
        let parameters = function.signature.parameters
        let isVariadic = parameters.last?.name == "..."
        let fixed = parameters.count - (isVariadic ? 1 : 0)
        let limit = isVariadic ? fixed + Int(LuaRuntime.maximumArguments) : fixed
        guard count <= limit else {
            if let colon = colonCall(qualified, of: function, on: S) { throw colon }
            let names = parameters.map(\.name).joined(separator: ", ")
            throw ValueError(text: "\(qualified) takes \(limit == 0 ? "no arguments" : "at most \(limit) \(limit == 1 ? "argument" : "arguments")")\(names.isEmpty || isVariadic ? "" : " (\(names))"), not \(count)",
                             fix: "call it as \(qualified)(\(names))")
        }
        var budget = DataBudget(values: AppFunction.maximumArgumentValues, bytes: AppFunction.maximumArgumentBytes)
        var arguments: [JSON] = []
        for index in 0..<max(fixed, count) {
            let name = index < fixed ? parameters[index].name : "..."
            let type = index < fixed ? types[index] : types[types.count - 1]
            let position = Int32(index + 1)
            func bad(_ text: String, fix: String? = nil) -> ValueError {
                ValueError(text: "bad argument #\(position) to '\(qualified)' (\(name)\(text))", fix: fix)
            }
            let value: JSON
            do throws(LuaError) {
                value = index < count ? try json(of: data(at: position, in: S, depth: 0, budget: &budget)) : .null
            } catch {
                throw bad(": \(error.text)", fix: "pass nil, booleans, numbers, strings and tables of them (at most \(AppFunction.maximumArgumentBytes >> 20) MiB of text, \(AppFunction.maximumArgumentValues) values)")
            }
            switch type.conform(value) {
            case .success(let conformed):
                arguments.append(conformed)
            case .failure(let mismatch):
                if index == 0, let colon = colonCall(qualified, of: function, on: S) { throw colon }
                let found = index >= count && mismatch.path.isEmpty ? "no value" : LuaDataType.describe(mismatch.found)
                var fix: String?
                if case .string(let text) = mismatch.found, let near = Suggestions.nearest(to: text, in: mismatch.expected.literals) {
                    fix = "did you mean \"\(near)\"?"
                }
                throw bad("\(mismatch.path): \(mismatch.expected) expected, got \(found)", fix: fix)
            }
        }
        return arguments
    }

    /// Plain data as the app gets it; a value of no data type (a function,
    /// a control) is refused.
    private func json(of value: LooseValue) throws(LuaError) -> JSON {
        switch value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .text(let text, _): return .string(text)
        case .list(let items):
            var array: [JSON] = []
            for item in items { array.append(try json(of: item)) }
            return .array(array)
        case .map(let entries):
            var pairs: [(String, JSON)] = []
            for entry in entries { pairs.append((entry.key, try json(of: entry.value))) }
            return .object(pairs)
        case .other(let type):
            throw LuaError("a \(type) cannot be passed to the app, only data")
        }
    }

    /// The error for `module:function(…)` (the module passed as the first
    /// argument), when argument 1 is a table holding the function called.
    private func colonCall(_ qualified: String, of function: AppFunction, on S: OpaquePointer) -> ValueError? {
        guard lua_type(S, 1) == LUA_TTABLE else { return nil }
        let held = field(function.name, of: 1, in: S)
        bh_pop(S, 1)
        guard held == LUA_TFUNCTION else { return nil }
        let arguments = function.signature.parameters.map(\.name).joined(separator: ", ")
        return ValueError(text: "\(qualified) was called with `:`, so the module is passed to it as its first argument",
                          fix: "call it with a dot: \(qualified)(\(arguments))")
    }

    // MARK: Results

    /// Pushes the app's results on `S`, within what the memory limit
    /// leaves; how many.
    func pushAppResults(_ results: [JSON], of qualified: String, on S: OpaquePointer) throws(ValueError) -> Int32 {
        var bytes = 0, values = 0
        for result in results {
            guard LuaRuntime.measure(result, depth: 0, bytes: &bytes, values: &values) else {
                throw ValueError(text: "\(qualified) returned more than \(AppFunction.maximumResultValues) values or tables nested more than \(AppFunction.maximumNesting) deep",
                                 fix: "the app must return less")
            }
        }
        if limits.memory > 0, bytes > limits.memory - memoryUsed {
            throw ValueError(text: "\(qualified) returned about \(LuaRuntime.kibibytes(bytes)) of data, more than the scene's memory limit leaves (\(LuaRuntime.kibibytes(max(0, limits.memory - memoryUsed))) of \(LuaRuntime.kibibytes(limits.memory)))",
                             fix: "the app must return less, or the scene needs a larger memory limit")
        }
        guard lua_checkstack(S, Int32(results.count) + 4) != 0 else {
            throw ValueError(text: "\(qualified) returned \(results.count) values", fix: "the app must return fewer")
        }
        for result in results { push(result, on: S) }
        return Int32(results.count)
    }

    /// Adds what `value` will take in Lua (about: a string's bytes and
    /// header, a table's slots) to `bytes`; false when it has too many
    /// values or is nested too deep.
    private static func measure(_ value: JSON, depth: Int, bytes: inout Int, values: inout Int) -> Bool {
        values += 1
        guard values <= AppFunction.maximumResultValues, depth <= AppFunction.maximumNesting else { return false }
        switch value {
        case .null, .bool, .number:
            bytes += 16
        case .string(let text):
            bytes += 40 + text.utf8.count
        case .array(let items):
            bytes += 64 + 16 * items.count
            for item in items {
                if !measure(item, depth: depth + 1, bytes: &bytes, values: &values) { return false }
            }
        case .object(let pairs):
            bytes += 64 + 40 * pairs.count
            for (key, item) in pairs {
                bytes += 40 + key.utf8.count
                if !measure(item, depth: depth + 1, bytes: &bytes, values: &values) { return false }
            }
        }
        return true
    }

    private static func kibibytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(formatNumber((Double(bytes) / Double(1 << 20) * 10).rounded() / 10)) MiB" : "\(max(1, bytes >> 10)) KiB"
    }
}
