import BehaveSyntax

/// `computed-declaration`: a `behaviour { … }` whose values are computed
/// when the script runs. Every instance runs the script's top level, but
/// Behave reads the declaration once a scene, from the first instance
/// (later ones share its class tables, and attach stays cheap), so a value
/// that differs between instances (`math.random()`, `now()`, a counter
/// in a module) is the first instance's for all of them.
extension LintWalk {
    /// A part of the declaration, named only when a finding says it (the
    /// linter of every start walks each declaration).
    enum DeclaredPart {
        case key(String)
        /// An inspectable's default, which `awake` can set instead.
        case defaultValue(of: String)
        case field(String, of: String)
    }

    func checkDeclarationIsConstant(_ items: [LuaTableItem], of className: String) {
        for case .named(let key, let value) in items {
            guard key.name == "inspectables", case .table(let entries, _) = value else {
                checkConstant(value, .key(key.name), of: className)
                continue
            }
            for entry in entries {
                guard let (name, value) = LintWalk.namedEntry(entry) else { continue }
                guard case .table(let fields, _) = value, fields.contains(where: LintWalk.isSpecField) else {
                    // A bare default (`speed = 10`, `origin = { x = 0, y = 0 }`).
                    checkConstant(value, .defaultValue(of: name), of: className)
                    continue
                }
                for field in fields {
                    guard let (part, value) = LintWalk.namedEntry(field) else { continue }
                    checkConstant(value, part == "default" ? .defaultValue(of: name) : .field(part, of: name), of: className)
                }
            }
        }
    }

    /// `key = value` or `["key"] = value`.
    static func namedEntry(_ item: LuaTableItem) -> (name: String, value: LuaExpression)? {
        switch item {
        case .named(let key, let value): return (key.name, value)
        case .keyed(.string(let key, _), let value): return (key, value)
        default: return nil
        }
    }

    /// A key of an inspectable's table form (`{ type = …, default = … }`).
    static func isSpecField(_ item: LuaTableItem) -> Bool {
        switch namedEntry(item)?.name {
        case "type", "default", "min", "max", "step", "values": true
        default: false
        }
    }

    /// Reports `value` when running the script computes it.
    private func checkConstant(_ value: LuaExpression, _ part: DeclaredPart, of className: String) {
        var seen: [ObjectIdentifier] = []
        guard let computed = computedPart(of: value, seen: &seen) else { return }
        let shared = "but Behave reads a script's declaration once a scene, from its first instance, so every other instance gets the first one's value"
        switch part {
        case .defaultValue(let inspectable):
            report(.warning, "computed-declaration", at: value.position,
                   "the default of `\(inspectable)` is computed when the script runs (\(computed)), \(shared)",
                   fix: "declare a constant default and set the value in `awake`: `function \(className):awake() self.\(inspectable) = … end`")
        case .key(let key), .field(let key, _):
            let named = if case .field(_, let inspectable) = part { "`\(key)` of `\(inspectable)`" } else { "`\(key)`" }
            report(.warning, "computed-declaration", at: value.position,
                   "\(named) in `behaviour { … }` is computed when the script runs (\(computed)), \(shared)",
                   fix: "write it out as a constant: a declaration is the same for every instance of the script")
        }
    }

    /// What in `expression` differs between runs of the script's top level:
    /// a call (but `require`, whose module a scene loads once), `...` (the
    /// instance's own arguments), or a local whose value is such. Nil for
    /// constants, and for reads of globals and modules, which a scene
    /// shares.
    private func computedPart(of expression: LuaExpression, seen: inout [ObjectIdentifier]) -> String? {
        switch expression {
        case .constant, .string, .function:
            return nil
        case .vararg:
            return "`...`"
        case .name(let name):
            // A local is followed to its value, once (`local a = a`).
            guard let variable = resolve(name.name), let initializer = variable.initializer,
                  !seen.contains(ObjectIdentifier(variable)) else { return nil }
            seen.append(ObjectIdentifier(variable))
            guard let computed = computedPart(of: initializer, seen: &seen) else { return nil }
            return "`\(name.name)` is \(computed)"
        case .field(let object, _):
            return computedPart(of: object, seen: &seen)
        case .index(let object, let key, _):
            return computedPart(of: object, seen: &seen) ?? computedPart(of: key, seen: &seen)
        case .call(.name(let callee), _, _) where callee.name == "require" && resolve("require") == nil:
            return nil
        case .call(let callee, _, _):
            return "`\(LintWalk.text(of: callee) ?? "a function")(…)`"
        case .methodCall(let object, let method, _):
            return "`\(LintWalk.text(of: object) ?? "an object"):\(method.name)(…)`"
        case .longChain:
            return "a call"
        case .operation(let operands, _, _):
            for operand in operands {
                if let computed = computedPart(of: operand, seen: &seen) { return computed }
            }
            return nil
        case .table(let items, _):
            for item in items {
                switch item {
                case .named(_, let value), .positional(let value):
                    if let computed = computedPart(of: value, seen: &seen) { return computed }
                case .keyed(let key, let value):
                    if let computed = computedPart(of: key, seen: &seen) ?? computedPart(of: value, seen: &seen) {
                        return computed
                    }
                }
            }
            return nil
        case .parenthesized(let inner):
            return computedPart(of: inner, seen: &seen)
        }
    }
}
