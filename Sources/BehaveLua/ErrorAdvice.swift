import BehaveCore
import BehaveSyntax
import CLuaShim

/// Lua's own error messages, said the way the script's author needs them:
/// `attempt to index a nil value (field 'countLable')` becomes what is nil,
/// why, and the fix (`ScriptAdvice`, the linter's wording). The message
/// keeps its `file:line:` and its traceback; only the text after the
/// location changes, and only when Behave can tell more than Lua did.
extension LuaRuntime {
    /// `message` ("file:line: text" and a traceback) explained. `behaviour`
    /// is the one whose code failed, `script` the script that was loading
    /// (its top level): the source, declaration and fields they give are
    /// what the advice reads, all through raw accessors.
    func explained(_ message: String, in behaviour: LuaBehaviour?, script: LuaScript?) -> String {
        guard let failure = ScriptFailure(message) else { return message }
        var advice: ScriptAdvice?
        if exceededLimit?.isRunaway == true {
            advice = ScriptAdvice.runaway(failure.text)
        } else if let script = behaviour?.script ?? script, script.source.count <= LuaRuntime.maximumAdvisedSource,
                  let nilValue = failure.nilValue {
            advice = self.advice(for: nilValue, at: failure, in: behaviour, script: script)
        }
        guard let advice else { return message }
        return failure.location + advice.text + failure.rest
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

    /// The advice for a nil value Lua names (`field 'countLable'`).
    private func advice(for value: ScriptFailure.NilValue, at failure: ScriptFailure, in behaviour: LuaBehaviour?,
                        script: LuaScript) -> ScriptAdvice? {
        switch value.kind {
        case "global":
            let near = Suggestions.nearest(to: value.name, in: Array(ScriptAPI.globals.keys))
            return ScriptAdvice.undefinedName(value.name, suggestion: near, isMethod: behaviour?.hasMethod(value.name) ?? false)
        case "local" where value.name == "self", "upvalue" where value.name == "self":
            return ScriptAdvice.selfIsNil(inMethod: failure.failingFunction)
        case "field", "method":
            guard let behaviour, failure.isIn(script) else { return nil }
            let tokens = script.tokens(onLine: failure.line)
            let separator = value.kind == "method" ? ":" : "."
            guard tokens.containsSelf(separator, value.name) else { return nil }
            return value.kind == "method"
                ? missingMethod(value.name, of: behaviour)
                : nilField(value.name, of: behaviour)
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
        guard let failure = ScriptFailure(location(in: S)),
              let script = [runningBehaviour?.script, scripts.loading].compactMap({ $0 }).first(where: failure.isIn),
              script.source.count <= LuaRuntime.maximumAdvisedSource else { return nil }
        return script.tokens(onLine: failure.line).receiver(ofDotCall: method)
    }
}

/// A script error's message taken apart: `file:line: `, the text, and what
/// follows the first line (the traceback).
struct ScriptFailure {
    var file: String
    var line: Int
    var text: String
    var rest: String

    var location: String { "\(file):\(line): " }

    /// Lua's "attempt to … a nil value (field 'name')".
    struct NilValue {
        var kind: String
        var name: String
    }

    init?(_ message: String) {
        let firstLine = message.prefix { $0 != "\n" }
        rest = String(message[firstLine.endIndex...])
        // `file:line: text`; the file may hold colons, the line is digits.
        var search = firstLine.startIndex
        while let colon = firstLine[search...].firstIndex(of: ":") {
            let digits = firstLine[firstLine.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, firstLine[digits.endIndex...].hasPrefix(": "), let number = Int(digits) {
                file = String(firstLine[..<colon])
                line = number
                text = String(firstLine[firstLine.index(digits.endIndex, offsetBy: 2)...])
                return
            }
            search = firstLine.index(after: colon)
        }
        return nil
    }

    var nilValue: NilValue? {
        guard text.hasPrefix("attempt to "), text.contains(" a nil value ("), text.hasSuffix("')"),
              let open = text.range(of: " a nil value (", options: .backwards) else { return nil }
        let inside = text[open.upperBound...].dropLast(2)
        guard let quote = inside.range(of: " '") else { return nil }
        return NilValue(kind: String(inside[..<quote.lowerBound]), name: String(inside[quote.upperBound...]))
    }

    /// Whether the error is in `script` (Lua shortens long names to
    /// `...end/of/path.lua`).
    func isIn(_ script: LuaScript) -> Bool {
        file == script.displayName || (file.hasPrefix("...") && script.displayName.hasSuffix(file.dropFirst(3)))
    }

    /// The name of the function the error happened in, from the first frame
    /// of the traceback (`in field 'toggle'`, `in method 'toggle'`,
    /// `in function 'Like.toggle'`).
    var failingFunction: String? {
        guard let traceback = rest.range(of: "stack traceback:\n") else { return nil }
        let frame = rest[traceback.upperBound...].prefix { $0 != "\n" }
        guard let open = frame.firstIndex(of: "'"), let close = frame[frame.index(after: open)...].firstIndex(of: "'") else {
            return nil
        }
        let name = frame[frame.index(after: open)..<close]
        return String(name.split(whereSeparator: { $0 == "." || $0 == ":" }).last ?? name)
    }
}

private extension [LuaToken] {
    /// Whether the tokens hold `self.name` (or `self:name` for ":").
    func containsSelf(_ separator: String, _ name: String) -> Bool {
        indices.dropLast(2).contains { i in
            self[i].kind == .name("self") && self[i + 1].kind == .symbol(separator) && self[i + 2].kind == .name(name)
        }
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
