import BehaveCore
import BehaveLua
import BehaveSyntax

/// `behave check`'s reading of a behaviour script: the mistakes Lua itself
/// lets through, found without running anything, each with its line,
/// column, a plain sentence and the fix. It knows what Lua cannot: the
/// script's declaration, its methods, Behave's API and which methods Behave
/// calls by name.
public enum ScriptLinter {
    /// At most this many findings a file (a generated file could have
    /// millions); the last says how many more there were.
    public static let maximumFindings = 200

    /// What a file is: a behaviour script, a spec file (`*_spec.lua`),
    /// whose globals are the spec API's, or a module a spec file requires,
    /// which runs among the spec's globals.
    public enum Kind: Sendable {
        case behaviour, spec, specModule

        /// By the file's name.
        public init(file: String) {
            self = file.lowercased().hasSuffix("_spec.lua") ? .spec : .behaviour
        }
    }

    /// The findings in `source`, in file order. `file` is the name they
    /// carry.
    /// `collectionSizes`: how many controls each outlet collection holds,
    /// when a scene tells it.
    public static func lint(_ source: String, file: String, kind: Kind? = nil,
                            collectionSizes: [String: Int] = [:]) -> [LintFinding] {
        lint(Array(source.utf8), file: file, kind: kind, collectionSizes: collectionSizes)
    }

    public static func lint(_ bytes: [UInt8], file: String, kind: Kind? = nil,
                            collectionSizes: [String: Int] = [:]) -> [LintFinding] {
        let chunk: LuaBlock
        do throws(LuaSyntaxError) {
            chunk = try LuaParser.parse(bytes)
        } catch {
            return [SyntaxReport.finding(for: error, file: file)]
        }
        let walk = LintWalk(file: file, kind: kind ?? Kind(file: file, chunk: chunk))
        walk.collectionSizes = collectionSizes
        walk.run(chunk)
        return walk.finish()
    }

    /// Whether a finding is a syntax error (the script cannot load at all).
    public static func isSyntaxError(_ finding: LintFinding) -> Bool { finding.code == "syntax" }

    /// Whether the loader stops on the finding's mistake with a message of
    /// its own (a syntax error, a missing `return`).
    public static func stopsLoading(_ finding: LintFinding) -> Bool {
        finding.code == "syntax" || finding.code == "missing-return"
    }
}

/// A local variable (or parameter) while its scope is open.
final class Variable {
    enum Kind { case local, localFunction, parameter, loop, implicitSelf }
    let name: String
    let position: SourcePosition
    let kind: Kind
    var isRead = false
    /// `self` of a method of the script's behaviour class.
    var isBehaviourSelf = false
    /// What its first value is known to hold (`local label =
    /// self.totalLabel`, a handler's control), which holds while it is
    /// never assigned again, nor are the variables it was read from.
    var known: Knowledge?
    var isReassigned = false
    /// Its value, for a local of the script's top level (which a
    /// declaration may read: `computed-declaration`).
    var initializer: LuaExpression?

    init(name: String, position: SourcePosition, kind: Kind) {
        self.name = name
        self.position = position
        self.kind = kind
    }
}

/// A block's variables, in the order declared. Blocks hold few: a name is
/// looked for from the last declared back, as the innermost wins; past
/// `indexedFrom` of them, in a table by name instead (a generated file
/// with thousands of locals in one block stays linear).
struct Scope {
    static let indexedFrom = 16
    private(set) var order: [Variable] = []
    private var byName: [String: Variable] = [:]

    /// The last variable of this name declared in the block.
    subscript(name: String) -> Variable? {
        if order.count < Scope.indexedFrom {
            for variable in order.reversed() where variable.name == name { return variable }
            return nil
        }
        return byName[name]
    }

    mutating func add(_ variable: Variable) {
        order.append(variable)
        if order.count == Scope.indexedFrom {
            for earlier in order { byName[earlier.name] = earlier }
        } else if order.count > Scope.indexedFrom {
            byName[variable.name] = variable
        }
    }
}

/// How an expression's value is used: `indexed` (indexed or called) and
/// `operand` (of an operator that fails on nil: arithmetic, `..`, `<`, `#`)
/// fail when it is nil, `value` may hold nil.
enum Use { case value, indexed, operand }

/// One pass over the tree: scopes resolved as Lua resolves them, findings
/// that need the whole file (fields set later, methods defined below)
/// settled in `finish`.
final class LintWalk {
    let file: String
    var findings: [LintFinding] = []
    var dropped = 0
    var scopes: [Scope] = []
    let globals: [String: [String]?]
    let kind: ScriptLinter.Kind
    /// The app's modules (behaviour scripts only), by name.
    let appModules: [String: AppModule]

    // The behaviour class: its local, its declaration, its methods.
    var classVariable: Variable?
    var declaration = StaticDeclaration([])
    var methods: [String: SourcePosition] = [:]
    var colonMethods: Set<String> = []
    /// The methods already warned of as tested (method-as-value): an `if`'s
    /// condition is checked whole, then again as the expression it is.
    var methodsTested: Set<SourcePosition> = []
    var selfFieldsSet: Set<String> = []
    var setsSelfDynamically = false
    var collectionSizes: [String: Int] = [:]

    /// A global read; `function` is where the innermost function around it
    /// starts (nil at the top level).
    struct PendingRead { var name: String; var position: SourcePosition; var function: SourcePosition? }
    struct SelfRead { var name: String; var position: SourcePosition; var indexed: Bool; var isMethodCall = false }
    struct DotCall { var method: String; var position: SourcePosition; var receiver: String }
    var globalReads: [PendingRead] = []
    /// Where the innermost function the walk is inside starts (nil at the
    /// top level); each function puts back the one around it.
    var functionStart: SourcePosition?
    var globalWrites: [String: SourcePosition] = [:]
    var selfReads: [SelfRead] = []
    var dotCalls: [DotCall] = []
    /// What the script defines, for "did you mean" (a typo may be read
    /// before its local is in scope: `local total = totl + 1`); gathered
    /// only when a finding asks.
    lazy var definedNames: Set<String> = chunk.map { ScriptOutline.definedNames(in: $0) } ?? []
    var chunk: LuaBlock?
    /// Checks that rely on variables never assigned again, run once the
    /// whole file is read (`settle`).
    var deferred: [(dependencies: [Variable], check: () -> Void)] = []
    var lastStatement: LuaStatement?
    var chunkEnd = SourcePosition(line: 1, column: 1)
    /// The chunk's `_ENV`, which Lua gives every chunk: global names are
    /// its fields.
    var chunkEnvironment: Variable?

    init(file: String, kind: ScriptLinter.Kind) {
        self.file = file
        self.kind = kind
        switch kind {
        case .behaviour:
            globals = ScriptAPI.globals
            appModules = Dictionary(ScriptAPI.appModules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        case .spec, .specModule:
            globals = LintWalk.specGlobals
            appModules = [:]
        }
    }

    static let specGlobals: [String: [String]?] = {
        var names = ScriptAPI.sandboxGlobals
        for name in SpecAPI.globals { names.updateValue(nil, forKey: name) }
        names["package"] = SpecAPI.packageFields
        return names
    }()

    /// The methods of what scripts hold besides controls and `self`
    /// (`connection:disconnect()`, `timer:cancel()`, `image:fitting(w, h)`),
    /// by name, from the bridge's types: called with `.` and just their
    /// own parameters, the object is not passed.
    static let heldObjectMethods: [String: (receiver: ScriptAdvice.Receiver, parameters: [String])] = {
        var methods: [String: (receiver: ScriptAdvice.Receiver, parameters: [String])] = [:]
        for type in ScriptAPI.types where type.receiver != .control && type.receiver != .behaviour {
            for method in type.methods { methods[method.name] = (type.receiver, method.signature.parameters.map(\.name)) }
        }
        return methods
    }()

    /// What every control has besides its properties, from the bridge's
    /// type (`on`, `once`, `type`): a new method is known here at once.
    static let controlMethods = Set(ScriptAPI.type("control")?.methods.map(\.name) ?? [])
    static let controlMembers = (ScriptAPI.type("control")?.methods.map(\.name) ?? [])
        + (ScriptAPI.type("control")?.fields.map(\.name) ?? [])

    /// The control methods that connect a handler to an event (their
    /// first parameter is the event): the event is checked, and the
    /// handler's first parameter is the control.
    static let eventMethods = Set(ScriptAPI.type("control")?.methods
        .filter { $0.signature.parameters.first?.name == "event" }.map(\.name) ?? [])

    /// The methods every behaviour's `self` has from the host (`send`…).
    static let behaviourMethods = Set(ScriptAPI.type("behaviour")?.methods.map(\.name) ?? [])

    var className: String { classVariable?.name ?? "YourBehaviour" }

    func report(_ severity: LintFinding.Severity, _ code: String, at position: SourcePosition, _ advice: ScriptAdvice) {
        report(severity, code, at: position, advice.message, fix: advice.fix)
    }

    func report(_ severity: LintFinding.Severity, _ code: String, at position: SourcePosition, _ message: String, fix: String) {
        guard findings.count < ScriptLinter.maximumFindings else {
            dropped += 1
            return
        }
        // Names and strings come from the script: a long one is cut.
        findings.append(LintFinding(file: file, position: position, severity: severity, code: code,
                                    message: LintWalk.bounded(message), fix: LintWalk.bounded(fix)))
    }

    static func bounded(_ text: String) -> String {
        text.count <= 400 ? text : String(text.prefix(400)) + "…"
    }

    // MARK: Scopes

    func open() { scopes.append(Scope()) }

    func close() {
        guard let scope = scopes.popLast() else { return }
        for variable in scope.order where !variable.isRead && !variable.name.hasPrefix("_") {
            switch variable.kind {
            case .local:
                report(.warning, "unused-local", at: variable.position, "the local `\(variable.name)` is never used",
                       fix: "remove it, or name it `_` if it must stay")
            case .localFunction:
                report(.warning, "unused-function", at: variable.position, "the local function `\(variable.name)` is never called",
                       fix: "remove it, or call it where it is needed")
            case .parameter, .loop, .implicitSelf:
                continue
            }
        }
    }

    func resolve(_ name: String) -> Variable? {
        for scope in scopes.reversed() {
            if let variable = scope[name] { return variable }
        }
        return nil
    }

    @discardableResult
    func declare(_ name: LuaName, _ kind: Variable.Kind) -> Variable {
        let variable = Variable(name: name.name, position: name.position, kind: kind)
        if name.name != "self", !name.name.hasPrefix("_"), kind != .implicitSelf, let outer = resolve(name.name) {
            if scopes.last?[name.name] === outer {
                report(.warning, "redefined-local", at: name.position,
                       "`\(name.name)` is declared again; the one on line \(outer.position.line) in the same block can no longer be reached",
                       fix: "drop `local` to change the existing one, or give this one another name")
            } else {
                report(.warning, "shadowed-local", at: name.position,
                       "this `\(name.name)` hides the `\(name.name)` declared on line \(outer.position.line) for the rest of its block",
                       fix: "give one of them another name")
            }
        }
        scopes[scopes.count - 1].add(variable)
        return variable
    }

    // MARK: Statements

    func run(_ chunk: LuaBlock) {
        self.chunk = chunk
        open()
        chunkEnvironment = declare(LuaName(name: "_ENV", position: SourcePosition(line: 1, column: 1)), .parameter)
        block(chunk.statements, topLevel: true)
        chunkEnd = chunk.end
        lastStatement = chunk.statements.last
        // An unreturned class is the missing `return`, said once.
        classVariable?.isRead = true
        close()
    }

    /// The statements of a block, in the scope already open.
    func block(_ statements: [LuaStatement], topLevel: Bool = false) {
        var leaving: (what: String, line: Int)?
        var reported = false
        for statement in statements {
            if let exit = leaving, !reported {
                if case .label = statement.kind {
                    // A label after `goto` can be reached by jumping to it.
                    leaving = nil
                } else {
                    // One finding a block is enough.
                    report(.warning, "unreachable", at: statement.position,
                           "this line never runs: the `\(exit.what)` on line \(exit.line) always leaves before it",
                           fix: "remove it, or move it above the `\(exit.what)`")
                    reported = true
                }
            }
            self.statement(statement, topLevel: topLevel)
            switch statement.kind {
            case .breakLoop: leaving = ("break", statement.position.line)
            case .gotoLabel: leaving = ("goto", statement.position.line)
            case .returnValues: leaving = ("return", statement.position.line)
            case .call(.call(.name(let callee), _, _)) where callee.name == "error" && resolve("error") == nil:
                leaving = ("error", statement.position.line)
            default: break
            }
        }
    }

    func scoped(_ body: LuaBlock) {
        open()
        block(body.statements)
        close()
    }

    func statement(_ statement: LuaStatement, topLevel: Bool) {
        switch statement.kind {
        case .local(let names, let values):
            for value in values { expression(value) }
            // Read before the names are in scope (`local value = value`).
            let found = topLevel && classVariable == nil ? statement.behaviourClass : nil
            // Its names are not yet in scope, as in Lua.
            if let found { checkDeclarationIsConstant(found.declaration, of: found.name.name) }
            // One name, the usual case, needs no lists.
            let first: Variable?
            if names.count == 1 {
                let known = values.first.flatMap { values.count == 1 || !$0.isMultiple ? knowledge($0) : nil }
                first = declare(names[0], .local)
                first?.known = known
                if topLevel { first?.initializer = values.first }
            } else {
                let known = values.map { names.count == values.count || !$0.isMultiple ? knowledge($0) : nil }
                let variables = names.map { declare($0, .local) }
                for (variable, known) in zip(variables, known) { variable.known = known }
                if topLevel {
                    // The names past the last value take what it returns.
                    for (i, variable) in variables.enumerated() {
                        variable.initializer = i < values.count ? values[i] : values.last.flatMap { $0.isMultiple ? $0 : nil }
                    }
                }
                first = variables.first
            }
            if let found {
                classVariable = first
                declaration = StaticDeclaration(found.declaration)
            }
        case .assignment(let targets, let values):
            for value in values { expression(value) }
            for (i, target) in targets.enumerated() {
                let value = i < values.count && (i < values.count - 1 || !values[i].isMultiple || targets.count == values.count)
                    ? values[i] : nil
                assign(target, value: value)
            }
        case .call(let call):
            expression(call)
        case .block(let body):
            scoped(body)
        case .whileLoop(let condition, let body):
            checkTruthOfMethod(condition, wholly: true)
            expression(condition)
            scoped(body)
        case .repeatLoop(let body, let condition):
            // `until` sees the body's locals.
            open()
            block(body.statements)
            checkTruthOfMethod(condition, wholly: true)
            expression(condition)
            close()
        case .ifChain(let branches, let otherwise):
            for (condition, body) in branches {
                checkTruthOfMethod(condition, wholly: true)
                expression(condition)
                scoped(body)
            }
            if let otherwise { scoped(otherwise) }
        case .numericFor(let variable, let limits, let body):
            for limit in limits { expression(limit) }
            open()
            declare(variable, .loop)
            block(body.statements)
            close()
        case .genericFor(let names, let values, let body):
            for value in values { expression(value) }
            open()
            for name in names { declare(name, .loop) }
            block(body.statements)
            close()
        case .function(let name, let function):
            functionStatement(name, function)
        case .localFunction(let name, let function):
            declare(name, .localFunction)
            self.function(function, behaviourSelf: false)
        case .returnValues(let values):
            for value in values { expression(value) }
        case .breakLoop, .gotoLabel, .label:
            break
        }
    }

    /// `target = value` (`value` nil when the target gets no value of its
    /// own, or one of a call's several).
    func assign(_ target: LuaExpression, value: LuaExpression?) {
        switch target {
        case .name(let name):
            if let variable = resolve(name.name) {
                variable.isReassigned = true
            } else {
                globalWrite(name, isFunction: false)
            }
        case .field(let object, let key):
            if case .name(let root) = object {
                if root.name == "self" { selfFieldsSet.insert(key.name) }
                if let variable = resolve(root.name), variable === classVariable {
                    methods[key.name] = methods[key.name] ?? key.position
                }
            }
            checkControlProperty(object, key, isRead: false)
            if let value { checkPropertyValue(object, key, value) }
            expression(object, use: .indexed)
        case .index(let object, let key, _):
            if case .name(let root) = object, root.name == "self" { setsSelfDynamically = true }
            checkCollectionIndex(object, key)
            expression(object, use: .indexed)
            expression(key)
        default:
            expression(target)
        }
    }

    /// Whether a free name is a global here: under a `local _ENV` of the
    /// script's own, it is a field of that table instead.
    var namesGlobals: Bool { resolve("_ENV") === chunkEnvironment }

    func globalWrite(_ name: LuaName, isFunction: Bool) {
        // Said once, where it is first set.
        guard namesGlobals, globalWrites[name.name] == nil else { return }
        globalWrites[name.name] = name.position
        if kind == .spec {
            specGlobalWrite(name, isFunction: isFunction)
        } else if kind == .specModule {
            specModuleGlobalWrite(name, isFunction: isFunction)
        } else if globals[name.name] != nil {
            report(.warning, "replaces-builtin", at: name.position,
                   "this replaces \(appModules[name.name] == nil ? "Behave's" : "the app's") `\(name.name)` for the whole script",
                   fix: "use another name (`local my\(name.name.prefix(1).uppercased() + name.name.dropFirst()) = …`)")
        } else if isFunction {
            report(.warning, "global-function", at: name.position,
                   "`\(name.name)` is a global function: it is not a method of the behaviour and not a local helper",
                   fix: "write `local function \(name.name)(…)` above its first use, or `function \(className):\(name.name)(…)` for a method")
        } else {
            report(.warning, "global-variable", at: name.position,
                   "`\(name.name)` is set without `local`, so it is a global variable",
                   fix: "write `local \(name.name) = …` where it is first set, or keep it on the behaviour as `self.\(name.name)`")
        }
    }

    func functionStatement(_ name: LuaFunctionName, _ function: LuaFunction) {
        let root = resolve(name.root.name)
        if name.fields.isEmpty, name.method == nil {
            // `function name()`: an assignment to `name`.
            if root == nil {
                if kind == .behaviour, ScriptAPI.calledMethods.contains(name.root.name) {
                    globalWrites[name.root.name] = globalWrites[name.root.name] ?? name.root.position
                    let kind = ScriptAPI.lifecycleMethods.contains(name.root.name) ? "lifecycle method" : "delegate message"
                    report(.error, "method-as-global", at: name.root.position,
                           "`\(name.root.name)` is a \(kind) but is defined as a plain function, so Behave never calls it",
                           fix: "did you mean `function \(className):\(name.root.name)(…)`?")
                    // Read as the method it was meant to be: its `self` is no further mistake.
                    self.function(LuaFunction(position: function.position, parameters: function.parameters,
                                              isMethod: true, body: function.body), behaviourSelf: false)
                    return
                } else {
                    globalWrite(name.root, isFunction: true)
                }
            }
            self.function(function, behaviourSelf: false)
            return
        }
        if let root {
            root.isRead = true
        } else {
            globalRead(name.root)
        }
        let isClass = root != nil && root === classVariable
        if isClass, name.fields.isEmpty || name.method == nil {
            let method = name.method ?? name.fields.last!
            if methods[method.name] == nil { methods[method.name] = method.position }
            if name.method != nil { colonMethods.insert(method.name) }
            checkMethodName(method)
        }
        self.function(function, behaviourSelf: isClass && name.fields.isEmpty)
    }

    /// `function Like:awak()`: close to a name Behave calls, but not it.
    func checkMethodName(_ method: LuaName) {
        let called = ScriptAPI.calledMethods
        guard !called.contains(method.name), method.name.count >= 4,
              let near = Suggestions.nearest(to: method.name, in: called) else { return }
        report(.warning, "misspelt-method", at: method.position,
               "Behave never calls `\(method.name)` by itself; it is an action, unlike `\(near)`",
               fix: "did you mean `function \(className):\(near)(…)`?")
    }

    /// `firstParameter`: what the first parameter is known to hold (a
    /// handler's control).
    func function(_ function: LuaFunction, behaviourSelf: Bool, firstParameter: Knowledge? = nil) {
        open()
        let outerStart = functionStart
        functionStart = function.position
        defer { functionStart = outerStart }
        if function.isMethod {
            let variable = declare(LuaName(name: "self", position: function.position), .implicitSelf)
            variable.isBehaviourSelf = behaviourSelf
        }
        for (i, parameter) in function.parameters.enumerated() where parameter.name != "..." {
            let variable = declare(parameter, .parameter)
            if i == 0 { variable.known = firstParameter }
        }
        block(function.body.statements)
        close()
    }

    // MARK: Expressions

    func expression(_ expression: LuaExpression, use: Use = .value) {
        switch expression {
        case .constant, .string, .vararg:
            return
        case .name(let name):
            if let variable = resolve(name.name) {
                variable.isRead = true
            } else {
                globalRead(name)
            }
        case .field(let object, let key):
            if let variable = behaviourSelf(object) {
                variable.isRead = true
                selfReads.append(SelfRead(name: key.name, position: key.position, indexed: use != .value))
                return
            }
            checkControlProperty(object, key, isRead: true)
            checkLibraryField(object, key)
            self.expression(object, use: .indexed)
        case .index(let object, let key, _):
            checkCollectionIndex(object, key)
            self.expression(object, use: .indexed)
            self.expression(key)
        case .call(let callee, let arguments, _):
            checkDotCall(callee, arguments)
            checkAppCall(callee, arguments)
            self.expression(callee, use: .indexed)
            for argument in arguments { self.expression(argument) }
        case .methodCall(let object, let method, let arguments):
            if let variable = behaviourSelf(object) {
                variable.isRead = true
                selfReads.append(SelfRead(name: method.name, position: method.position, indexed: true, isMethodCall: true))
                checkSend(method, arguments)
            } else {
                checkEvent(object, method, arguments)
                checkControlMethod(object, method)
                checkNameMethod(object, method)
                checkAppColonCall(object, method)
                self.expression(object, use: .indexed)
                // A handler's first parameter is the control that sent the event.
                if LintWalk.eventMethods.contains(method.name), arguments.count == 2,
                   case .function(let handler) = arguments[1], let control = controlType(object) {
                    self.expression(arguments[0])
                    self.function(handler, behaviourSelf: false,
                                  firstParameter: Knowledge(known: .control(control.schema), dependencies: control.dependencies))
                    return
                }
            }
            for argument in arguments { self.expression(argument) }
        case .function(let function):
            self.function(function, behaviourSelf: false)
        case .operation(let operands, let operators, _):
            checkTruthOfMethod(expression, wholly: false)
            checkComparisons(operands, operators)
            // Operand i is the right of operator i - 1; the first is the
            // left of operator 0 (or a unary operator's own).
            for (i, operand) in operands.enumerated() where !LintWalk.testsForOlderLua(operand) {
                let applied = operators.indices.contains(max(i - 1, 0)) ? operators[max(i - 1, 0)] : ""
                self.expression(operand, use: LintWalk.failsOnNil.contains(applied) ? .operand : .value)
            }
        case .table(let items, _):
            for item in items {
                switch item {
                case .named(_, let value), .positional(let value): self.expression(value)
                case .keyed(let key, let value):
                    self.expression(key)
                    self.expression(value)
                }
            }
        case .parenthesized(let inner):
            self.expression(inner, use: use)
        case .longChain(let start, let parts):
            self.expression(start, use: .indexed)
            for part in parts { self.expression(part) }
        }
    }

    /// `unpack or table.unpack`: a global of an older Lua, in an operation,
    /// is tested for on purpose (code written for several Lua versions).
    static func testsForOlderLua(_ operand: LuaExpression) -> Bool {
        guard case .name(let name) = operand else { return false }
        return ScriptAdvice.olderLuaGlobals[name.name] != nil
    }

    /// The variable when `expression` is the behaviour's `self`.
    func behaviourSelf(_ expression: LuaExpression) -> Variable? {
        guard case .name(let name) = expression, let variable = resolve(name.name), variable.isBehaviourSelf else { return nil }
        return variable
    }

    func globalRead(_ name: LuaName) {
        guard globals[name.name] == nil, namesGlobals else { return }
        globalReads.append(PendingRead(name: name.name, position: name.position, function: functionStart))
    }

    /// The control type of `self.<outlet>`, when `expression` is one.
    func outletType(_ expression: LuaExpression) -> ControlSchema? {
        guard case .field(let object, let key) = expression, behaviourSelf(object) != nil,
              let type = declaration.outlets[key.name] else { return nil }
        return ControlTypes.named(type)?.schema
    }

    /// `self.button.titel`: a property the control type does not have.
    /// A read says "property or method", as the runtime does: a read
    /// reaches a control's methods too.
    func checkControlProperty(_ object: LuaExpression, _ key: LuaName, isRead: Bool) {
        // A property of the type (the usual case) is settled before the
        // other members are gathered.
        guard let (schema, dependencies) = controlType(object), schema.index(of: key.name) == nil else { return }
        // What every control has, its delegate, and its type's own methods
        // (a host's `knob:turnBy`).
        let methods = ControlTypes.named(schema.typeName)?.methods.map(\.name) ?? []
        let members = LintWalk.controlMembers + methods + (schema.delegateMessages.isEmpty ? [] : ["delegate"])
        guard !members.contains(key.name) else { return }
        let near = schema.propertyFix(key.name, members: members)
        settle(dependencies) {
            self.report(.error, "unknown-property", at: key.position, "\(schema.typeName) has no \(isRead ? "property or method" : "property") `\(key.name)`",
                        fix: near
                            ?? "its properties: \(schema.properties.map(\.name).joined(separator: ", "))")
        }
    }

    /// `if self.mute.on then`: a control's method (`on`, the event
    /// method) read where its truth is tested, which is always true; a
    /// switch's state is `isOn`. `condition` is tested `wholly` (an `if`'s,
    /// a loop's), or only what `not`, `and` and `or` test in it.
    func checkTruthOfMethod(_ condition: LuaExpression, wholly: Bool) {
        switch condition {
        case .parenthesized(let inner):
            if wholly { checkTruthOfMethod(inner, wholly: true) }
        case .operation(let operands, let operators, _):
            // `not` tests its operand. A chain of `and`/`or` tested whole
            // tests every operand; as a value, only those before an `and`
            // pick by their truth: one before an `or`, or the last, is the
            // value given (`strict and self.mute.on or self.mute.once`, Lua's
            // choice of one method, is right).
            if operators == ["not"], operands.count == 1 {
                checkTruthOfMethod(operands[0], wholly: true)
            } else if !operators.isEmpty, operators.allSatisfy({ $0 == "and" || $0 == "or" }) {
                for (i, operand) in operands.enumerated() where wholly || (i < operators.count && operators[i] == "and") {
                    checkTruthOfMethod(operand, wholly: true)
                }
            }
        case .field(let object, let key):
            guard wholly, let (schema, dependencies) = controlType(object) else { return }
            let methods = LintWalk.controlMethods.union(ControlTypes.named(schema.typeName)?.methods.map(\.name) ?? [])
            // Methods win over properties of their name: a switch's `on` reads the method.
            guard methods.contains(key.name), methodsTested.insert(key.position).inserted else { return }
            let isState = key.name == "on" && schema.index(of: "on") != nil
            settle(dependencies) {
                self.report(.warning, "method-as-value", at: key.position,
                            "`\(key.name)` is a \(schema.typeName)'s method, so testing it is always true",
                            fix: isState ? "its state is `isOn` (`on` connects a handler: `:on(event, fn)`)"
                                         : "call it with `:` (`:\(key.name)(…)`)")
            }
        default:
            return
        }
    }

    /// `math.flor`: a field a library table does not have.
    func checkLibraryField(_ object: LuaExpression, _ key: LuaName) {
        guard case .name(let library) = object, resolve(library.name) == nil, globalWrites[library.name] == nil,
              let entry = globals[library.name], let fields = entry, !fields.contains(key.name) else { return }
        report(.error, "unknown-field", at: key.position, ScriptAdvice.unknownField(key.name, of: library.name, fields: fields))
    }

    /// `self.knob:turnBi(0.1)`: a method the control's type does not have
    /// (every control's `on`/`once`, and its type's own methods).
    func checkControlMethod(_ object: LuaExpression, _ method: LuaName) {
        guard let (schema, dependencies) = controlType(object) else { return }
        let methods = LintWalk.controlMethods.sorted() + (ControlTypes.named(schema.typeName)?.methods.map(\.name) ?? [])
        guard !methods.contains(method.name) else { return }
        // A misspelling, another toolkit's way to hear an event (`addTarget`),
        // or a UIKit method that sets a property (`setTitle`).
        let near = Suggestions.fix(for: method.name, among: methods, words: Suggestions.toolkitEventMethods)
            ?? schema.setterFix(method.name)
            ?? Suggestions.none(for: method.name, words: Suggestions.toolkitProperties)
        settle(dependencies) {
            // Worded as the runtime words it: a read reaches both.
            self.report(.error, "unknown-method", at: method.position, "\(schema.typeName) has no property or method `\(method.name)`",
                        fix: near ?? "its methods: \(methods.joined(separator: ", "))")
        }
    }

    /// `self.name:on(…)`: a method strings lack, called on the behaviour's
    /// name (a string), where one of its outlets was meant.
    func checkNameMethod(_ object: LuaExpression, _ method: LuaName) {
        guard case .field(let inner, let key) = object, key.name == "name", behaviourSelf(inner) != nil,
              declaration.outlets["name"] == nil, let entry = globals["string"], let methods = entry,
              !methods.contains(method.name) else { return }
        let outlets = declaration.isComplete ? declaration.outlets.keys.sorted() : []
        report(.error, "unknown-method", at: method.position, ScriptAdvice.nameIsNoControl(method.name, outlets: outlets))
    }

    /// `self.button:on("touchUpInsde", …)`: an event the control does not send.
    func checkEvent(_ object: LuaExpression, _ method: LuaName, _ arguments: [LuaExpression]) {
        guard LintWalk.eventMethods.contains(method.name), let (schema, dependencies) = controlType(object),
              case .string(let event, let position)? = arguments.first, !schema.events.contains(event) else { return }
        let near = Suggestions.eventFix(for: event, in: schema.events)
        settle(dependencies) {
            // Worded as `on` words it when the line runs (`noSuchEvent`).
            self.report(.error, "unknown-event", at: position, "\(schema.typeName) has no event `\(event)`",
                        fix: near
                            ?? (schema.events.isEmpty ? "it sends no events" : "its events: \(schema.events.joined(separator: ", "))"))
        }
    }

    /// `self:send("valueChaged")`: an event the script does not declare.
    func checkSend(_ method: LuaName, _ arguments: [LuaExpression]) {
        guard method.name == "send", declaration.isComplete, case .string(let event, let position)? = arguments.first,
              !declaration.events.contains(event) else { return }
        // Worded as the runtime words it when the line runs.
        report(.error, "undeclared-event", at: position,
               "\(declaration.name ?? "the behaviour") does not declare the event `\(event)`\(Suggestions.hint(for: event, in: declaration.events))",
               fix: "add it to `events`")
    }

    /// `self.button.on(…)`: a method called with `.` that needs `:`.
    func checkDotCall(_ callee: LuaExpression, _ arguments: [LuaExpression]) {
        guard case .field(let object, let method) = callee else { return }
        let receiver = LintWalk.text(of: object) ?? "object"
        let firstIsString: Bool
        if case .string? = arguments.first { firstIsString = true } else { firstIsString = false }
        let isControl = outletType(object) != nil || {
            if case .name(let name) = object { return name.name == "keyboard" && resolve("keyboard") == nil }
            return false
        }()
        if LintWalk.controlMethods.contains(method.name) && (firstIsString || isControl) {
            report(.error, "dot-call", at: method.position, ScriptAdvice.dotCall(method.name, on: receiver, passing: .control))
        } else if let held = LintWalk.heldObjectMethods[method.name], arguments.count == held.parameters.count {
            report(.error, "dot-call", at: method.position,
                   ScriptAdvice.dotCall(method.name, on: receiver, passing: held.receiver,
                                        arguments: held.parameters.joined(separator: ", ")))
        } else if let variable = behaviourSelf(object) {
            // `self.toggle()`: settled once every method is known.
            if case .name(let first)? = arguments.first, resolve(first.name) === variable { return }
            dotCalls.append(DotCall(method: method.name, position: method.position, receiver: receiver))
        }
    }

    /// The app function `module.name` names, when `module` is an app
    /// module's global (not a local or a global the script sets).
    func appFunction(_ module: LuaExpression, _ name: LuaName) -> (qualified: String, function: AppFunction)? {
        guard case .name(let root) = module, resolve(root.name) == nil, globalWrites[root.name] == nil,
              let function = appModules[root.name]?.function(name.name) else { return nil }
        return ("\(root.name).\(name.name)", function)
    }

    /// `haptics.vibrate("hevy", 2)`: a call of an app function that does
    /// not fit its signature, as far as the source tells (the number of
    /// arguments; strings, tables and functions written in the call).
    func checkAppCall(_ callee: LuaExpression, _ arguments: [LuaExpression]) {
        guard case .field(let module, let name) = callee, let (qualified, function) = appFunction(module, name) else { return }
        let parameters = function.signature.parameters
        let types = function.parameterTypes
        let isVariadic = parameters.last?.name == "..."
        let fixed = parameters.count - (isVariadic ? 1 : 0)
        let names = parameters.map(\.name).joined(separator: ", ")
        // A call or `...` last gives any number of values.
        let expands = arguments.last.map { expression -> Bool in
            switch expression {
            case .call, .methodCall, .vararg: true
            default: false
            }
        } ?? false
        let known = arguments.count - (expands ? 1 : 0)
        if !isVariadic, known > fixed {
            report(.error, "argument-count", at: arguments[fixed].position,
                   "`\(qualified)` takes \(fixed == 0 ? "no arguments" : "at most \(fixed) \(fixed == 1 ? "argument" : "arguments") (\(names))"), not \(known)",
                   fix: "call it as \(qualified)(\(names))")
            return
        }
        if !expands, let missing = (arguments.count..<max(arguments.count, fixed)).first(where: { !types[$0].acceptsNil }) {
            report(.error, "argument-count", at: name.position,
                   "`\(qualified)` needs `\(parameters[missing].name)` (\(types[missing]))",
                   fix: "call it as \(qualified)(\(names))")
            return
        }
        for (index, argument) in arguments.enumerated() where index < fixed || isVariadic {
            let type = types[min(index, types.count - 1)]
            let parameter = parameters[min(index, parameters.count - 1)].name
            let found: (text: String, position: SourcePosition, fix: String?)?
            switch argument {
            case .string(let text, let position) where type.check(.string(text)) != nil:
                let near = Suggestions.nearest(to: text, in: type.literals)
                found = ("\"\(DisplayText.line(String(text.prefix(40))))\"", position, near.map { "did you mean \"\($0)\"?" })
            case .table(_, let position) where !type.admits(luaType: "table"):
                found = ("a table", position, nil)
            case .function(let function):
                found = ("a function", function.position, "only data crosses to the app: nil, booleans, numbers, strings and tables of them")
            default:
                found = nil
            }
            guard let found else { continue }
            report(.error, "argument-type", at: found.position,
                   "`\(qualified)` takes \(parameter): \(type), not \(found.text)",
                   fix: found.fix ?? "pass \(type)")
        }
    }

    /// `haptics:vibrate()`: an app function called with `:`, which passes
    /// the module as its first argument.
    func checkAppColonCall(_ object: LuaExpression, _ method: LuaName) {
        guard let (qualified, function) = appFunction(object, method) else { return }
        report(.error, "colon-call", at: method.position,
               "`\(qualified)` is a function of the app's module, and `:` passes the module to it as its first argument",
               fix: "call it with a dot: \(qualified)(\(function.signature.parameters.map(\.name).joined(separator: ", ")))")
    }

    /// The operators Lua refuses a nil operand for (`==`, `~=`, `and`,
    /// `or` and `not` take one).
    static let failsOnNil: Set<String> = ["+", "-", "*", "/", "//", "%", "^", "..", "<", ">", "<=", ">=",
                                          "&", "|", "~", "<<", ">>", "#"]

    /// `self.button` for a chain of names and fields.
    static func text(of expression: LuaExpression) -> String? {
        switch expression {
        case .name(let name): return name.name
        case .field(let object, let key): return text(of: object).map { "\($0).\(key.name)" }
        default: return nil
        }
    }

    // MARK: Settling

    func finish() -> [LintFinding] {
        for (dependencies, check) in deferred where !dependencies.contains(where: \.isReassigned) { check() }
        // "Did you mean" looks where the runtime looks when the line runs:
        // among what the script defines and the globals it has.
        // Built only for a finding that needs it (hashing every global's
        // name took a tenth of a clean script's lint).
        lazy var candidates = Array(definedNames.union(globals.keys))
        // `self` in a function that is no method is one mistake, said once
        // at its first use, however often the function reads it.
        // (The walk reads an assignment's value before its target.)
        var firstSelf: [SourcePosition?: SourcePosition] = [:]
        for read in globalReads where read.name == "self" {
            firstSelf[read.function] = min(firstSelf[read.function] ?? read.position, read.position)
        }
        for read in globalReads where globalWrites[read.name] == nil {
            if read.name == "self", firstSelf[read.function] != read.position { continue }
            guard findings.count < ScriptLinter.maximumFindings else {
                dropped += 1
                continue
            }
            if read.name == "self", kind != .behaviour {
                report(.error, "undefined-global", at: read.position,
                       "`self` is not defined here: spec code has no `self`",
                       fix: "use a local (the scene a spec makes, `s`), or define the function with `:` and call it with `:`")
                continue
            }
            if kind != .behaviour, globals[read.name] == nil, let withheld = ScriptAdvice.withheldInSpec(read.name) {
                report(.error, "undefined-global", at: read.position, withheld)
                continue
            }
            report(.error, "undefined-global", at: read.position,
                   ScriptAdvice.undefinedName(read.name, among: candidates, isMethod: methods[read.name] != nil,
                                              className: classVariable?.name))
        }
        if declaration.isComplete, !setsSelfDynamically, classVariable != nil {
            let known = Set(declaration.names).union(methods.keys).union(ScriptAPI.behaviourFields).union(selfFieldsSet)
            for read in selfReads where !known.contains(read.name) {
                let near = Suggestions.nearest(to: read.name, in: known)
                if read.isMethodCall {
                    // `self:refrsh()`, said as the runtime says it.
                    report(.error, "unknown-method", at: read.position,
                           ScriptAdvice.missingMethod(read.name, suggestion: near, className: className))
                    continue
                }
                let advice = ScriptAdvice.unknownSelfField(read.name, suggestion: near, used: read.indexed)
                report(read.indexed ? .error : .warning, "unknown-self-field", at: read.position, advice)
            }
        }
        // `function Like:init()`: another engine's name for `awake`, which
        // Behave never calls; unless the script calls it itself, or has the
        // method Behave calls too and the name is one a helper may have
        // (`init`; not `viewDidLoad`, whose body beside `awake` never
        // runs, so its fix is to move it there). A method Behave
        // calls itself (`awake`) is neither, so only the others are looked
        // up: a script with no other method leaves both tables unbuilt,
        // saving a cold start of `behave run` the cost of building them.
        let calledHere = Set(selfReads.filter(\.isMethodCall).map(\.name))
        let uncalled = methods.filter { !calledHere.contains($0.key) && !ScriptAPI.calledMethods.contains($0.key) }
        for (name, position) in uncalled {
            guard let word = Suggestions.toolkitLifecycle.word(name), let meant = word.meanings.first else { continue }
            let hasMeant = methods[meant] != nil
            if hasMeant, Suggestions.toolkitLifecycleHelperNames.contains(name) { continue }
            report(.warning, "misspelt-method", at: position,
                   "Behave never calls `\(name)` by itself; it is an action. `\(name)` is \(word.whose) name for `\(meant)`, which Behave calls \(meant == "awake" ? "once the outlets and inspectables are set" : "when the owner goes")",
                   fix: hasMeant ? "move its body into `function \(className):\(meant)(…)`, which this script has too"
                                 : "did you mean `function \(className):\(meant)(…)`?")
        }
        // `function Form:textFieldDidBeginEditing()`: a UIKit delegate
        // message no control of Behave's sends, so never called.
        for (name, position) in uncalled {
            guard let unsent = Suggestions.unsentDelegateMessages[name] else { continue }
            let heard = unsent.control.delegateMessages.map { "`\($0)`" }.joined(separator: ", ")
            report(.warning, "misspelt-method", at: position,
                   "Behave never sends `\(name)` to a delegate; it is an action. A \(unsent.control.name)'s delegate hears only \(heard)",
                   fix: unsent.instead)
        }
        for call in dotCalls where colonMethods.contains(call.method) || LintWalk.behaviourMethods.contains(call.method) {
            report(.error, "dot-call", at: call.position, ScriptAdvice.dotCall(call.method, on: call.receiver, passing: .behaviour))
        }
        if let classVariable {
            var returnsClass = false
            if case .returnValues(let values)? = lastStatement?.kind, values.count == 1,
               case .name(let name) = values[0], name.name == classVariable.name {
                returnsClass = true
            }
            if !returnsClass {
                let position = lastStatement.map { statement in
                    if case .returnValues = statement.kind { return statement.position }
                    return chunkEnd
                } ?? chunkEnd
                report(.error, "missing-return", at: position,
                       "the script must end by returning its behaviour, or Behave cannot use it",
                       fix: "end the script with `return \(classVariable.name)`")
            }
        }
        var sorted = findings.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element)
        if dropped > 0, let last = sorted.last {
            sorted.append(LintFinding(file: file, position: last.position, severity: .warning, code: "too-many",
                                      message: "\(dropped) more findings are not shown",
                                      fix: "fix the ones above and check again"))
        }
        return sorted
    }
}

// MARK: Spec files

private extension LintWalk {
    /// A global set in a spec file. The file has an environment of its
    /// own, so a helper function there is the file's (busted suites define
    /// them so): no finding. A variable is shared by every spec of the file.
    func specGlobalWrite(_ name: LuaName, isFunction: Bool) {
        if globals[name.name] != nil {
            report(.warning, "replaces-builtin", at: name.position,
                   "this replaces the spec API's `\(name.name)` for the whole spec file",
                   fix: "use another name (`local my\(name.name.prefix(1).uppercased() + name.name.dropFirst()) = …`)")
        } else if !isFunction {
            report(.warning, "global-variable", at: name.position,
                   "`\(name.name)` is set without `local`, so it is a global that every spec of this file shares",
                   fix: "declare `local \(name.name)` in the `describe` block and set it in `before_each`, so each spec starts afresh")
        }
    }

    /// A global set by a module a spec requires: it lands among the spec
    /// file's globals, for every spec of the file and its other modules.
    func specModuleGlobalWrite(_ name: LuaName, isFunction: Bool) {
        if globals[name.name] != nil {
            report(.warning, "replaces-builtin", at: name.position,
                   "this replaces the spec API's `\(name.name)` for the whole spec file that requires this module",
                   fix: "use another name (`local my\(name.name.prefix(1).uppercased() + name.name.dropFirst()) = …`)")
        } else if isFunction {
            report(.warning, "global-function", at: name.position,
                   "`\(name.name)` is a global function: it lands among the globals of the spec file that requires this module",
                   fix: "write `local function \(name.name)(…)` above its first use, or make it a field of the table the module returns")
        } else {
            report(.warning, "global-variable", at: name.position,
                   "`\(name.name)` is set without `local`, so it is a global of the spec file that requires this module, shared by all its specs",
                   fix: "write `local \(name.name) = …` where it is first set, or keep it in the table the module returns")
        }
    }
}
