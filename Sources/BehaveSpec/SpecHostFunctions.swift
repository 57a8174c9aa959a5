import BehaveCore
import BehaveLua

/// The host functions the spec prelude calls (`H.…` there). Each reads its
/// arguments through `LuaCall` and throws `LuaError` for a mistake, which
/// reaches the spec as a Lua error at its own line.
extension SpecFileRun {
    func registerHostFunctions(on runtime: LuaRuntime) {
        runtime.register("print") { [unowned self] call throws(LuaError) in
            self.keep(call.string(1) ?? "")
        }
        runtime.register("ready") { [unowned self] call throws(LuaError) in
            self.runFunction = call.keep(1)
        }
        runtime.register("part") { [unowned self] call throws(LuaError) in
            let name = try call.requireString(1, "part name")
            guard let source = specPreludeParts[name], let runtime = self.runtime else {
                throw LuaError("the spec prelude has no part `\(name)`")
            }
            let chunk = try runtime.load(source, chunkName: "=behave")
            call.push(chunk)
            runtime.release(chunk)
        }
        runtime.register("preload") { [unowned runtime] call throws(LuaError) in
            // A built-in module (busted, luassert, say): require finds it first.
            runtime.preloadModule(try call.requireString(1, "module name"), loader: call.keep(2))
        }
        runtime.register("spec") { [unowned self] call throws(LuaError) in
            func count(_ index: Int) -> Int { call.number(index).flatMap { Int(exactly: $0) } ?? 0 }
            let blocks = (call.string(6) ?? "0").split(separator: ",").compactMap { Int($0) }
            self.declared.append(Declared(name: String((call.string(1) ?? "?").prefix(2000)), line: count(2),
                                          pending: call.boolean(3) ?? false,
                                          befores: count(4), afters: count(5), blocks: blocks,
                                          deferredBlock: call.number(7).flatMap { Int(exactly: $0) }))
        }
        runtime.register("block") { [unowned self] call throws(LuaError) in
            func count(_ index: Int) -> Int { call.number(index).flatMap { Int(exactly: $0) } ?? 0 }
            self.blocks[count(1)] = Block(setups: count(2), teardowns: count(3))
        }
        runtime.register("skip") { [unowned self] call throws(LuaError) in
            // pending() inside a running spec: its reason, and the signal
            // it raises.
            self.pendingReason = String((call.string(1) ?? "").prefix(2000))
            call.push(self.pendingSignal)
        }
        runtime.register("failing") { [unowned self] call throws(LuaError) in
            // An assertion is about to raise this message: the spec failed
            // (busted's failure) rather than raised an error.
            self.assertionMessage = String((call.string(1) ?? "").prefix(SpecFileRun.maximumLineLength))
        }
        runtime.register("colour") { call throws(LuaError) in
            // The colour a string spells, as #RRGGBB (nil when it spells
            // none): assertions compare two spellings of one colour by it.
            guard let text = call.string(1), let color = Color(parsing: text) else { return call.pushNil() }
            call.push(color.hex)
        }
        for (name, body) in sceneFunctions { runtime.register(name, body) }
    }
}
