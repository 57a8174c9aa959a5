import BehaveCore
import BehaveSyntax

/// What the linter knows an expression holds, from the control schemas.
enum Known {
    /// A control of this type (`self.button`, an item of an outlet
    /// collection, a handler's first parameter).
    case control(ControlSchema)
    /// The value of a control's property (`self.slider.value`).
    case property(PropertySpec)
    /// A value of this Lua type (a literal, an operation's result).
    case value(LuaKind)
    /// The behaviour's `self` (`local s = self`).
    case behaviourSelf

    /// The Lua type its value has, when known.
    var kind: LuaKind? {
        switch self {
        case .control, .behaviourSelf: return nil
        case .property(let spec): return LuaKind(spec.type)
        case .value(let kind): return kind
        }
    }
}

/// What an expression holds, and the variables it was read from: it holds
/// everywhere only if none of them is ever assigned again.
struct Knowledge {
    var known: Known
    var dependencies: [Variable] = []
}

/// The Lua types a comparison or a property can mix up.
enum LuaKind {
    case number, string, boolean

    /// The Lua type a property of `type` reads as (colours read as text).
    init?(_ type: ValueType) {
        switch type {
        case .number, .integer: self = .number
        case .string, .enumeration, .color: self = .string
        case .bool: self = .boolean
        case .image, .point, .size, .rect: return nil
        }
    }

    /// `a number`, as messages say it.
    var described: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .boolean: "a boolean"
        }
    }
}

/// Types in the linter: what control a name holds, what type its
/// properties are (the control schemas), and the mistakes that follow:
/// comparing or assigning a literal of the wrong type, a number given as
/// text, an outlet collection indexed outside its items.
extension LintWalk {
    /// Runs `check` now, or once the file is read when it relies on
    /// variables (it runs only if none was assigned again).
    func settle(_ dependencies: [Variable], _ check: @escaping () -> Void) {
        if dependencies.isEmpty { check() } else { deferred.append((dependencies, check)) }
    }

    /// What `expression` is known to hold.
    func knowledge(_ expression: LuaExpression) -> Knowledge? {
        switch expression {
        case .constant(.number, _): return Knowledge(known: .value(.number))
        case .constant(.boolean, _): return Knowledge(known: .value(.boolean))
        case .string: return Knowledge(known: .value(.string))
        case .name(let name):
            guard let variable = resolve(name.name) else { return nil }
            if variable.isBehaviourSelf { return Knowledge(known: .behaviourSelf) }
            guard var known = variable.known else { return nil }
            known.dependencies.append(variable)
            return known
        case .field(let object, let key):
            // `self.<outlet>` is a control, a control's field a property:
            // the object is read once, so a chain costs its length (reading
            // it again for each question took time doubling per link).
            guard let holder = knowledge(object) else { return nil }
            switch holder.known {
            case .behaviourSelf:
                guard let type = declaration.outlets[key.name], let schema = ControlTypes.named(type)?.schema else { return nil }
                return Knowledge(known: .control(schema), dependencies: holder.dependencies)
            case .control(let schema):
                guard let spec = schema.spec(key.name) else { return nil }
                return Knowledge(known: .property(spec), dependencies: holder.dependencies)
            default:
                return nil
            }
        case .index(let object, _, _):
            guard let element = collectionElement(object) else { return nil }
            return Knowledge(known: .control(element.schema))
        case .operation(_, let operators, _):
            switch operators.last {
            case "..": return Knowledge(known: .value(.string))
            case "==", "~=", "<", ">", "<=", ">=", "not": return Knowledge(known: .value(.boolean))
            case "and", "or", nil: return nil
            default: return Knowledge(known: .value(.number))
            }
        case .call(.name(let callee), _, _) where callee.name == "tostring" && resolve("tostring") == nil:
            return Knowledge(known: .value(.string))
        case .parenthesized(let inner):
            return knowledge(inner)
        default:
            return nil
        }
    }

    /// The control type `expression` holds, when known.
    /// The control type of `self.<outlet>`, or of `s.<outlet>` where
    /// `local s = self` holds everywhere if none of `dependencies` is
    /// ever assigned again.
    func outlet(_ expression: LuaExpression) -> (schema: ControlSchema, dependencies: [Variable])? {
        guard case .field(let object, let key) = expression, let holder = knowledge(object),
              case .behaviourSelf = holder.known, let type = declaration.outlets[key.name],
              let schema = ControlTypes.named(type)?.schema else { return nil }
        return (schema, holder.dependencies)
    }

    func controlType(_ expression: LuaExpression) -> (schema: ControlSchema, dependencies: [Variable])? {
        guard let knowledge = knowledge(expression), case .control(let schema) = knowledge.known else { return nil }
        return (schema, knowledge.dependencies)
    }

    /// `self.stars` when `expression` is an outlet collection: its name
    /// and its controls' type.
    func collectionElement(_ expression: LuaExpression) -> (name: String, schema: ControlSchema)? {
        guard case .field(let object, let key) = expression, behaviourSelf(object) != nil,
              let type = declaration.outletCollections[key.name], let schema = ControlTypes.named(type)?.schema else { return nil }
        return (key.name, schema)
    }

    /// `self.stars[0]`: an index an outlet collection never has (below 1,
    /// not whole, or past its size when the scene tells it).
    func checkCollectionIndex(_ object: LuaExpression, _ key: LuaExpression) {
        guard let (name, _) = collectionElement(object), case .constant(let constant, _) = key,
              case .number(let text) = constant, let index = constant.number else { return }
        let count = collectionSizes[name]
        guard index < 1 || index != index.rounded() || count.map({ index > Double($0) }) == true else { return }
        report(.error, "collection-index", at: object.position,
               ScriptAdvice.missingCollectionItem(name, index: text, count: count))
    }

    /// `self.slider.maximumValue = "10"`: a literal the property does not
    /// take, said as the property's own check says it; and a number given
    /// to a text property (a warning: it becomes text).
    func checkPropertyValue(_ object: LuaExpression, _ key: LuaName, _ value: LuaExpression) {
        guard let (schema, dependencies) = controlType(object), let spec = schema.spec(key.name) else { return }
        // Named only in a finding (most values fit).
        var target: String { "\(LintWalk.text(of: object) ?? "control").\(key.name)" }
        let given = knowledge(value)
        if spec.type == .string, given?.known.kind == .number {
            settle(dependencies + (given?.dependencies ?? [])) {
                self.report(.warning, "number-as-text", at: value.position, ScriptAdvice.numberAsText(target))
            }
            return
        }
        guard let literal = LintWalk.literal(value) else {
            checkCertainKind(of: value, target: target, spec: spec, dependencies: dependencies)
            return
        }
        do throws(ValueError) {
            _ = try spec.validate(literal)
        } catch {
            // The property's own words (`maximumValue takes a number, …`),
            // naming it as the script does.
            let problem = error.text.hasPrefix(spec.name + " ")
                ? "`\(target)`" + error.text.dropFirst(spec.name.count) : "`\(target)`: \(error.text)"
            settle(dependencies) {
                self.report(.error, "property-value", at: value.position,
                            ScriptAdvice.propertyValue(problem, spec: spec, given: literal))
            }
        }
    }

    /// `self.save.enabled = #self.name.text`: a value whose Lua type no
    /// metamethod can change (`certainKind`) given to a property that
    /// refuses every value of that type (a boolean property takes only
    /// booleans; no other property takes one), refused when the line runs.
    private func checkCertainKind(of value: LuaExpression, target: String, spec: PropertySpec, dependencies: [Variable]) {
        guard let (kind, given) = certainKind(value) else { return }
        let isBool = spec.type == .bool
        guard isBool ? kind != .boolean : kind == .boolean else { return }
        // `#self.name.text` as written, for the message and the fix.
        var shown: String?
        if case .operation(let operands, ["#"], _) = value, let operand = operands.first {
            shown = LintWalk.text(of: operand).map { "#" + $0 }
        }
        let fix = isBool && kind == .number ? "give it a comparison, as `\(shown ?? "n") > 0`"
            : isBool ? "give it a comparison, as `s ~= \"\"`"
            : "give it \(spec.typeDescription)"
        let problem = "`\(target)` takes \(spec.typeDescription), not \(kind.described)" + (shown.map { " (`\($0)`)" } ?? "")
        settle(dependencies + given) {
            self.report(.error, "property-value", at: value.position, ScriptAdvice(problem, fix: fix))
        }
    }

    /// The Lua type of `expression` when no metamethod can make it another:
    /// a comparison or `not` (always a boolean), `#` of a string (its
    /// length), `tostring(…)` (Lua refuses a `__tostring` that returns no
    /// string); with the variables that knowledge relies on.
    func certainKind(_ expression: LuaExpression) -> (LuaKind, [Variable])? {
        switch expression {
        case .operation(let operands, let operators, _):
            switch operators.last {
            case "==", "~=", "<", ">", "<=", ">=", "not": return (.boolean, [])
            case "#" where operators.count == 1:
                guard let operand = operands.first, let known = knowledge(operand), known.known.kind == .string else { return nil }
                return (.number, known.dependencies)
            default: return nil
            }
        case .call(.name(let callee), _, _) where callee.name == "tostring" && resolve("tostring") == nil:
            return (.string, [])
        case .parenthesized(let inner):
            return certainKind(inner)
        default:
            return nil
        }
    }

    /// `self.quantity.value ~= "0"`, `value > "8"`: a property's value
    /// compared with a literal of another Lua type (always true or false
    /// for `==` and `~=`, an error for the others).
    func checkComparisons(_ operands: [LuaExpression], _ operators: [String]) {
        // The first operator alone has a plain left operand (the chain is
        // left-associative: the others compare what comes before them).
        guard let op = operators.first, operands.count >= 2, ["==", "~=", "<", ">", "<=", ">="].contains(op) else { return }
        for (value, literal, valueFirst) in [(operands[0], operands[1], true), (operands[1], operands[0], false)] {
            guard let literalKind = LintWalk.literalKind(literal), let knowledge = knowledge(value),
                  case .property = knowledge.known, let kind = knowledge.known.kind, kind != literalKind else { continue }
            let advice = ScriptAdvice.mixedComparison(LintWalk.text(of: value), op, LintWalk.source(ofLiteral: literal),
                                                      literalFirst: !valueFirst,
                                                      converted: LintWalk.literal(literal, convertedTo: kind),
                                                      kinds: (kind.described, literalKind.described))
            settle(knowledge.dependencies) { self.report(.error, "type-mismatch", at: operands[0].position, advice) }
            return
        }
    }

    // MARK: Literals

    /// The Lua type of a literal (nil is compared with anything).
    static func literalKind(_ expression: LuaExpression) -> LuaKind? {
        switch expression {
        case .string: .string
        case .constant(.number, _): .number
        case .constant(.boolean, _): .boolean
        default: nil
        }
    }

    /// A literal's value, as a property set from Lua would receive it.
    static func literal(_ expression: LuaExpression) -> Value? {
        switch expression {
        case .string(let text, _): return .string(text)
        case .constant(let constant, _):
            switch constant {
            case .number: return constant.number.map(Value.number)
            case .boolean(let value): return .bool(value)
            case .nil: return .null
            }
        default: return nil
        }
    }

    /// A literal as the source can write it (`"8"`, `10`, `true`); nil for
    /// a string too long or odd to quote back.
    static func source(ofLiteral expression: LuaExpression) -> String? {
        switch expression {
        case .string(let text, _): return ScriptAdvice.quoted(text)
        case .constant(.number(let text), _): return text
        case .constant(.boolean(let value), _): return value ? "true" : "false"
        default: return nil
        }
    }

    /// The literal written as a value of `kind`, when it converts (`"8"`
    /// as `8`, `5` as `"5"`, `"true"` as `true`).
    static func literal(_ expression: LuaExpression, convertedTo kind: LuaKind) -> String? {
        switch (expression, kind) {
        case (.string(let text, _), .number):
            return LuaConstant.value(ofNumeral: text) != nil ? text : nil
        case (.string(let text, _), .boolean):
            return text == "true" || text == "false" ? text : nil
        case (.constant(.number(let text), _), .string):
            return "\"\(text)\""
        default:
            return nil
        }
    }
}

extension LuaExpression {
    /// Whether it can give several values (a call, `...`): in a list of
    /// values it is paired only when last.
    var isMultiple: Bool {
        switch self {
        case .call, .methodCall, .vararg: true
        default: false
        }
    }
}
