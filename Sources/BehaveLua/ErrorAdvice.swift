import BehaveCore
import BehaveSyntax
import CLuaShim

/// Lua's own error messages, said the way the script's author needs them:
/// `attempt to index a nil value (field 'countLable')` becomes what is nil,
/// why, and the fix (`ScriptAdvice`, the linter's wording). The error
/// keeps its position and its traceback; only its text changes, and only
/// when Behave can tell more than Lua did.
extension LuaRuntime {
    /// `error` explained. `behaviour` is the one whose code failed,
    /// `script` the script that was loading (its top level): the source,
    /// declaration and fields they give are what the advice reads, all
    /// through raw accessors.
    func explained(_ error: ScriptError, in behaviour: LuaBehaviour?, script: LuaScript?) -> ScriptError {
        guard error.location != nil else { return error }
        var advice: ScriptAdvice?
        if let recursion = EndlessRecursion(error, outOfMemory: exceededLimit == .memory) {
            // Said at the line where it calls itself, not where the stack
            // or the memory happened to run out.
            let advice = ScriptAdvice.endlessRecursion(error.text, cycle: recursion.names)
            var explained = error
            explained.text = advice.message
            explained.fix = advice.fix
            explained.file = recursion.call.file
            explained.line = recursion.call.line
            return explained
        } else if let limit = exceededLimit, limit.isRunaway, runsSpecs, behaviour == nil {
            // Ten times the limit that ran out, as a value to try (at most
            // the hour `--time-limit` takes).
            let (instructions, overflow) = limits.instructions.multipliedReportingOverflow(by: 10)
            let seconds = (limits.seconds * 10).rounded()
            advice = limit == .instructions
                ? ScriptAdvice.specRunaway(error.text, option: "--instruction-limit", more: "\(overflow ? Int.max : instructions)")
                : ScriptAdvice.specRunaway(error.text, option: "--time-limit", more: "\(Int(min(max(seconds, 1), 3600)))")
        } else if exceededLimit?.isRunaway == true {
            // Stopped where it stood, because a handler it started ran the
            // callback out (that handler's error names its own line).
            var line: Int32 = 0
            if let site = bh_spent_site(L, &line).map({ wholeChunkName(String(cString: $0)) }),
               site != error.file || Int(line) != error.line {
                advice = ScriptAdvice.runawayInStartedHandler(error.text, at: "\(site):\(line)")
            } else {
                advice = ScriptAdvice.runaway(error.text)
            }
        } else if runsSpecs, behaviour == nil, script == nil, let nilValue = NilValue(error.text), nilValue.kind == "global" {
            // Spec code, or a module it required: a global the spec's
            // sandbox leaves out (`io`, `package`), or one of Lua 5.1's.
            advice = ScriptAdvice.withheldInSpec(nilValue.name)
                ?? ScriptAdvice.olderLuaGlobals[nilValue.name].map { ScriptAdvice.olderLuaGlobal(nilValue.name, fix: $0) }
        } else if let argument = error.text.wholeNumberFormatArgument {
            advice = ScriptAdvice.fractionForWholeNumber(argument: argument)
        } else if let script = behaviour?.script ?? script, script.source.count <= LuaRuntime.maximumAdvisedSource {
            if let nilValue = NilValue(error.text) {
                advice = self.advice(for: nilValue, at: error, in: behaviour, script: script)
            } else if error.text == "attempt to compare number with string" || error.text == "attempt to compare string with number",
                      let line = error.line, error.isIn(script.displayName) {
                advice = script.tokens(onLine: line).comparisonWithString()
            }
        }
        guard let advice else { return error }
        var explained = error
        explained.text = advice.message
        explained.fix = advice.fix
        return explained
    }

    /// Scripts longer than this get Lua's own message: advice reads the
    /// source at each error, and a script's errors can come by thousands.
    static let maximumAdvisedSource = 64 << 10

    /// The limit the running (or last) callback ran past; nil while it is
    /// within them.
    public var exceededLimit: SandboxLimits.Exceeded? {
        guard !isClosed, bh_budget_spent(L) != 0 else { return nil }
        switch bh_limit_reason(L) {
        case BH_LIMIT_INSTRUCTIONS: return .instructions
        case BH_LIMIT_TIME: return .time
        case BH_LIMIT_MEMORY: return .memory
        default: return nil
        }
    }

    /// The error an `xpcall`'s message handler raised of its own in the
    /// running (or last) callback, once xpcall gave up calling it and
    /// returned Lua's "error in error handling", which names no cause (a
    /// handler calling `debug.traceback` in a spec, which has no `debug`);
    /// explained as the callback's own error would be. Nil when none.
    public var failedMessageHandler: ScriptError? {
        guard !isClosed else { return nil }
        var line: Int32 = 0
        var text: UnsafePointer<CChar>?
        let source = bh_handler_failure(L, &line, &text)
        guard let text else { return nil }
        var error = ScriptError(String(cString: text))
        if let source {
            error.file = wholeChunkName(String(cString: source))
            error.line = Int(line)
        }
        return explained(error, in: nil, script: nil)
    }

    /// The advice for a nil value Lua names (`field 'countLable'`).
    private func advice(for value: NilValue, at failure: ScriptError, in behaviour: LuaBehaviour?,
                        script: LuaScript) -> ScriptAdvice? {
        switch value.kind {
        case "global":
            // Said as `check` says it: "did you mean" among what the script
            // defines and the globals it has.
            let defined = failure.isIn(script.displayName) ? script.definedNames : []
            return ScriptAdvice.undefinedName(value.name, among: defined.union(ScriptAPI.globals.keys),
                                              isMethod: behaviour?.hasMethod(value.name) ?? false, className: script.className)
        case "field" where value.name == "?" || value.name == "integer index":
            // `self.stars[0]` (Lua names a constant index "integer index",
            // any other "?"): an item an outlet collection does not have.
            guard let behaviour, let line = failure.line, failure.isIn(script.displayName) else { return nil }
            let collections = behaviour.declaration.outletCollections.map(\.name)
            guard let (name, index) = script.tokens(onLine: line).collectionIndex(among: collections) else { return nil }
            let count = behaviour.outletCollection(name).count
            // A number within the collection: the nil came from elsewhere.
            if let number = Int(index), number >= 1, number <= count { return nil }
            return ScriptAdvice.missingCollectionItem(name, index: index, count: count)
        case "local" where value.name == "self", "upvalue" where value.name == "self":
            return ScriptAdvice.selfIsNil(inMethod: failure.frames.first?.function)
        case "field", "method":
            guard let line = failure.line, failure.isIn(script.displayName) else { return nil }
            let tokens = script.tokens(onLine: line)
            let separator = value.kind == "method" ? ":" : "."
            if let behaviour, tokens.containsSelf(separator, value.name) {
                return value.kind == "method"
                    ? missingMethod(value.name, of: behaviour)
                    : nilField(value.name, of: behaviour)
            }
            // `self.name:on(…)`: the behaviour's name, a string, for a control.
            if let behaviour, value.kind == "method", tokens.callsNameMethod(value.name),
               behaviour.declaration.outlet("name") == nil {
                return ScriptAdvice.nameIsNoControl(value.name, outlets: behaviour.declaration.outlets.map(\.name).sorted())
            }
            // `haptics.vibrat(…)`, `math.flor(…)` (not `_G.os`: the
            // environment is no library).
            guard value.kind == "field", let library = tokens.library(holding: value.name), library != "_G",
                  let entry = ScriptAPI.globals[library], let fields = entry, !fields.contains(value.name) else { return nil }
            return ScriptAdvice.unknownField(value.name, of: library, fields: fields)
        default:
            return nil
        }
    }

    private func missingMethod(_ name: String, of behaviour: LuaBehaviour) -> ScriptAdvice {
        let methods = behaviour.methodNames() + behaviour.fieldNames()
        let className = behaviour.script.className ?? behaviour.declaration.name
        return ScriptAdvice.missingMethod(name, suggestion: Suggestions.nearest(to: name, in: methods), className: className)
    }

    /// `self.name` was nil: an outlet the scene did not connect, an
    /// inspectable without a value, a field set on a line that has not run,
    /// or a name the behaviour does not have. Nil when `self.name` has a
    /// value (the nil came from elsewhere on the line).
    private func nilField(_ name: String, of behaviour: LuaBehaviour) -> ScriptAdvice? {
        let declaration = behaviour.declaration
        if let outlet = declaration.outlet(name) {
            return behaviour.outlet(name) == nil ? ScriptAdvice.outletNotConnected(name, type: outlet.type) : nil
        }
        if declaration.outletCollection(name) != nil { return nil }
        if declaration.inspectable(name) != nil {
            return (behaviour.inspectable(name) ?? .null) == .null ? ScriptAdvice.inspectableWithoutValue(name) : nil
        }
        if behaviour.hasMethod(name) || behaviour.hasField(name) || ScriptAPI.behaviourFields.contains(name) { return nil }
        let methods = behaviour.methodNames(), fields = behaviour.fieldNames()
        let assigned = behaviour.script.selfAssignments
        if let line = assigned[name] { return ScriptAdvice.fieldNotSetYet(name, setOnLine: line) }
        let known = declaration.outlets.map(\.name) + declaration.outletCollections.map(\.name)
            + declaration.inspectables.map(\.name) + methods + fields + Array(assigned.keys) + ScriptAPI.behaviourFields
        return ScriptAdvice.unknownSelfField(name, suggestion: Suggestions.nearest(to: name, in: known), used: true)
    }

    /// The receiver written before `.method(` on the line of script code
    /// that called the host (`self.button` in `self.button.on(…)`), when
    /// that line calls `method` with a dot.
    func dotCallReceiver(_ method: String, in S: OpaquePointer) -> String? {
        guard let caller = callingFrame(in: S),
              let script = [runningBehaviour?.script, scripts.loading].compactMap({ $0 }).first(where: { caller.isIn($0.displayName) }),
              script.source.count <= LuaRuntime.maximumAdvisedSource else { return nil }
        return script.tokens(onLine: caller.line).receiver(ofDotCall: method)
    }
}

/// A function that called itself (or a few that called each other) until
/// Lua's stack or the memory ran out: the stack was deep, and the frames
/// kept below the innermost are a cycle of at most three functions.
struct EndlessRecursion {
    /// The functions, as their callers named them (none when unnamed).
    var names: [String]
    /// The outermost call kept of the cycle's first function.
    var call: ScriptError.Frame

    /// Nil for a runaway of the instruction budget or time: a loop far
    /// down a recursion that ends is told as a loop.
    init?(_ error: ScriptError, outOfMemory: Bool) {
        guard error.isDeep, outOfMemory || error.text.hasSuffix("stack overflow") else { return nil }
        // The innermost frame may be elsewhere in the function (what ran
        // out of memory); the calls below it repeat.
        let calls = error.frames.dropFirst()
        var cycle: [ScriptError.Frame] = []
        for frame in calls where !cycle.contains(where: { $0.file == frame.file && $0.function == frame.function && $0.line == frame.line }) {
            cycle.append(frame)
            if cycle.count > 3 { return nil }
        }
        guard let first = cycle.first, calls.count >= 2 * cycle.count else { return nil }
        // Told from the cycle's outermost call kept, where it was entered:
        // which of its functions was running when the stack or the memory
        // ran out varies with the memory's history.
        let outermost = calls.last { frame in cycle.contains(frame) } ?? first
        let start = cycle.firstIndex(of: outermost) ?? 0
        names = (cycle[start...] + cycle[..<start]).compactMap(\.function).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        call = outermost
    }
}

/// Lua's "attempt to … a nil value (field 'name')": what was nil.
struct NilValue {
    var kind: String
    var name: String

    init?(_ text: String) {
        guard text.hasPrefix("attempt to "), text.contains(" a nil value ("), text.hasSuffix("')"),
              let open = text.range(of: " a nil value (", options: .backwards) else { return nil }
        let inside = text[open.upperBound...].dropLast(2)
        guard let quote = inside.range(of: " '") else { return nil }
        kind = String(inside[..<quote.lowerBound])
        name = String(inside[quote.upperBound...])
    }
}

private extension [LuaToken] {
    /// `value > "8"`: an order comparison of something with a string
    /// literal, said as `check` says it (the line failed comparing a
    /// number with a string).
    func comparisonWithString() -> ScriptAdvice? {
        for i in indices.dropFirst().dropLast() {
            guard case .symbol(let op) = self[i].kind, ["<", ">", "<=", ">="].contains(op) else { continue }
            let literalFirst: Bool
            let literal: String
            if case .string(let text) = self[i + 1].kind {
                (literal, literalFirst) = (text, false)
            } else if case .string(let text) = self[i - 1].kind {
                (literal, literalFirst) = (text, true)
            } else {
                continue
            }
            let number = LuaConstant.value(ofNumeral: literal) != nil ? literal : nil
            return ScriptAdvice.mixedComparison(literalFirst ? names(after: i) : names(before: i), op, ScriptAdvice.quoted(literal),
                                                literalFirst: literalFirst, converted: number, kinds: ("a number", "a string"))
        }
        return nil
    }

    /// `a.b.c` ending just before `end` (exclusive).
    func names(before end: Int) -> String? {
        var parts: [String] = []
        var j = end - 1
        while j >= 0, case .name(let name) = self[j].kind {
            parts.insert(name, at: 0)
            guard j >= 2, self[j - 1].kind == .symbol(".") else { break }
            j -= 2
        }
        return parts.isEmpty ? nil : parts.joined(separator: ".")
    }

    /// `a.b.c` starting just after `start`, when it is not called or
    /// indexed further.
    func names(after start: Int) -> String? {
        var parts: [String] = []
        var j = start + 1
        while j < count, case .name(let name) = self[j].kind {
            parts.append(name)
            guard j + 2 < count, self[j + 1].kind == .symbol("."), case .name = self[j + 2].kind else { break }
            j += 2
        }
        if j + 1 < count {
            switch self[j + 1].kind {
            case .symbol("("), .symbol("["), .symbol(":"), .symbol("{"), .string: return nil
            default: break
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ".")
    }

    /// `self.stars[0]` on the line, for one of `collections`: its name and
    /// its index as written (a name or a number). With several, the one
    /// whose index is a number below 1 (certainly nil); nil when that
    /// cannot be told.
    func collectionIndex(among collections: [String]) -> (name: String, index: String)? {
        var found: [(name: String, index: String)] = []
        for i in indices.dropLast(5) {
            guard self[i].kind == .name("self"), self[i + 1].kind == .symbol("."), case .name(let name) = self[i + 2].kind,
                  collections.contains(name), self[i + 3].kind == .symbol("["), self[i + 5].kind == .symbol("]") else { continue }
            switch self[i + 4].kind {
            case .name(let index), .number(let index): found.append((name, index))
            default: continue
            }
        }
        if let certain = found.first(where: { Double($0.index).map { $0 < 1 } ?? false }) { return certain }
        // One index by a name, and no other on the line: the nil is its.
        let brackets = filter { $0.kind == .symbol("[") }.count
        return found.count == 1 && brackets == 1 ? found[0] : nil
    }

    /// Whether the tokens hold `self.name` (or `self:name` for ":").
    func containsSelf(_ separator: String, _ name: String) -> Bool {
        indices.dropLast(2).contains { i in
            self[i].kind == .name("self") && self[i + 1].kind == .symbol(separator) && self[i + 2].kind == .name(name)
        }
    }

    /// Whether the tokens hold `self.name:method`.
    func callsNameMethod(_ method: String) -> Bool {
        indices.dropLast(4).contains { i in
            self[i].kind == .name("self") && self[i + 1].kind == .symbol(".") && self[i + 2].kind == .name("name")
                && self[i + 3].kind == .symbol(":") && self[i + 4].kind == .name(method)
        }
    }

    /// `a` in `a.name` where `a` is a name of its own (not a field).
    func library(holding name: String) -> String? {
        for i in indices.dropFirst(2) where self[i].kind == .name(name) && self[i - 1].kind == .symbol(".") {
            guard case .name(let library) = self[i - 2].kind else { continue }
            if i >= 3, self[i - 3].kind == .symbol(".") || self[i - 3].kind == .symbol(":") { continue }
            return library
        }
        return nil
    }

    /// `a.b` in `a.b.method(`, `a.b.method"…"` or `a.b.method{`.
    func receiver(ofDotCall method: String) -> String? {
        for i in indices.dropFirst(2).dropLast() where self[i].kind == .name(method) && self[i - 1].kind == .symbol(".") {
            switch self[i + 1].kind {
            case .symbol("("), .symbol("{"), .string: break
            default: continue
            }
            var names: [String] = []
            var j = i - 2
            while j >= 0, case .name(let name) = self[j].kind {
                names.insert(name, at: 0)
                guard j >= 2, self[j - 1].kind == .symbol(".") else { break }
                j -= 2
            }
            if !names.isEmpty { return names.joined(separator: ".") }
        }
        return nil
    }
}

extension String {
    /// `#2` of Lua's "bad argument #2 to 'format' (number has no integer
    /// representation)": a `%d` given a number with a fraction.
    var wholeNumberFormatArgument: String? {
        let prefix = "bad argument ", suffix = " to 'format' (number has no integer representation)"
        guard hasPrefix(prefix), hasSuffix(suffix) else { return nil }
        let argument = dropFirst(prefix.count).dropLast(suffix.count)
        guard argument.first == "#", argument.dropFirst().allSatisfy(\.isNumber), argument.count > 1 else { return nil }
        return String(argument)
    }
}
